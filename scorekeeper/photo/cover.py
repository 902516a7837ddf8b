"""Whether something lies over a tile found in a photo (a finger, a thumb): such a tile is
shown cut, never counted (numpy only, no Django)."""

import numpy as np

# The band of a flattened tile from RIM_OUT to RIM_IN pixels inside its edge: more than
# RIM_SHARE of it RIM_INK darker than the face means something lies over the tile.
RIM_OUT, RIM_IN, RIM_INK, RIM_SHARE = 3, 9, 80, 0.05
# A tile whose region fills less of its four corners than this has something over it.
COVERED = 0.9


def bitten(area: float, quad_area: float) -> bool:
    """Whether a tile's light region has a bite out of it (a finger over it): it fills less
    of its four corners than a tile does."""
    return area < COVERED * quad_area


def covered(ink: np.ndarray) -> bool:
    """Whether something dark lies across a flattened tile's rim (`ink`: how far each pixel is
    below the tile's white): the band just inside its edge holds no pip nor line on any tile,
    only what lies over the tile."""
    band = np.ones(ink.shape, bool)
    band[RIM_IN:-RIM_IN, RIM_IN:-RIM_IN] = False
    band[:RIM_OUT, :] = band[-RIM_OUT:, :] = band[:, :RIM_OUT] = band[:, -RIM_OUT:] = False
    for rows in (slice(0, 2 * RIM_IN), slice(-2 * RIM_IN, None)):
        band[rows, : 2 * RIM_IN] = band[rows, -2 * RIM_IN :] = False  # its rounded corners
    return float((ink[band] > RIM_INK).mean()) > RIM_SHARE
