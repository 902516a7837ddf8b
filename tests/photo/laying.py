"""A tile laid on the rendered scene and the shadow it casts, each worked only round the tile
(the rest of the scene is left as it was): the same pixels as working the whole frame, in a
fraction of the time."""

import cv2
import numpy as np


def shadow(mask: np.ndarray, sigma: float) -> np.ndarray:
    """A tile's mask blurred into its shadow: worked only round the tile, as far as the blur
    reaches (beyond it, the blur of an empty table is nothing)."""
    reach = int(np.ceil(4 * sigma)) + 2
    x, y, w, h = cv2.boundingRect((mask > 0).astype(np.uint8))
    if w == 0:
        return np.zeros_like(mask)
    height, width = mask.shape
    x0, y0 = max(0, x - 2 * reach), max(0, y - 2 * reach)
    x1, y1 = min(width, x + w + 2 * reach), min(height, y + h + 2 * reach)
    drop = np.zeros_like(mask)
    drop[y0:y1, x0:x1] = cv2.GaussianBlur(mask[y0:y1, x0:x1], (0, 0), sigma)
    return drop


def lay(scene: np.ndarray, face: np.ndarray, mask: np.ndarray) -> None:
    """A tile's face laid over the scene where its mask is (worked only inside the mask's
    bounds: the rest of the scene is as it was)."""
    x, y, w, h = cv2.boundingRect((mask > 0).astype(np.uint8))
    box = (slice(y, y + h), slice(x, x + w))
    part, alpha = scene[box], mask[box][..., None]
    scene[box] = part * (1 - alpha) + face[box] * alpha
