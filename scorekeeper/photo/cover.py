"""Whether something lies over a tile found in a photo (a finger, a thumb): such a tile is
shown cut, never counted (numpy only, no Django)."""

from functools import cache

import numpy as np

# The band of a flattened tile from RIM_OUT to RIM_IN pixels inside its edge: more than
# RIM_SHARE of it RIM_INK darker than the face means something lies over the tile.
RIM_OUT, RIM_IN, RIM_INK, RIM_SHARE = 3, 9, 80, 0.05
# A tile's rounded corners, the radius of their curve in a flattened tile: the band follows it.
CORNER = 14
# A tile whose region fills less of its four corners than this has something over it.
COVERED = 0.9
# A tile's dividing line is more than this darker than its face (a percentile down the line;
# the faintest whole tile's measured 14.6, at dusk): a tile alone whose middle shows none is
# an end of a tile, the rest under a finger (those measured 3 to 11.6).
LINE_INK = 12


def bitten(area: float, quad_area: float) -> bool:
    """Whether a tile's light region has a bite out of it (a finger over it): it fills less
    of its four corners than a tile does."""
    return area < COVERED * quad_area


def covered(ink: np.ndarray, line: float) -> bool:
    """Whether something lies over a flattened tile (`ink`: how far each pixel is below the
    tile's white; `line`: how dark its dividing line is): something dark across the band just
    inside its edge, which holds no pip nor line on any tile, only what lies over the tile;
    or no dividing line in its middle (what shows of it is an end, the rest under a finger)."""
    return line <= LINE_INK or float((ink[_band(ink.shape[:2])] > RIM_INK).mean()) > RIM_SHARE


@cache
def _band(shape: tuple[int, int]) -> np.ndarray:
    """The band from RIM_OUT to RIM_IN pixels inside a flattened tile's edge, round its
    rounded corners (outside them lies the table, whatever covers the tile)."""
    height, width = shape
    ys, xs = np.mgrid[0:height, 0:width]
    # How far each pixel lies inside the tile's rounded rectangle.
    nearest_x = np.clip(xs, CORNER, width - 1 - CORNER)
    nearest_y = np.clip(ys, CORNER, height - 1 - CORNER)
    inside = CORNER - np.hypot(xs - nearest_x, ys - nearest_y)
    edge = np.minimum.reduce([ys, height - 1 - ys, xs, width - 1 - xs])
    in_corner = (xs != nearest_x) & (ys != nearest_y)
    depth = np.where(in_corner, inside, edge)
    return (depth >= RIM_OUT) & (depth < RIM_IN)
