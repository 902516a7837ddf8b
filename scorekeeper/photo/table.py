"""The tiles' faces told from the table in a photo: where it is light and greyish, lighter
than most of the photo or than the table around it (OpenCV and numpy only, no Django)."""

import cv2
import numpy as np


def light_mask(light: np.ndarray | None, greyish: np.ndarray) -> np.ndarray:
    """Where the photo is light and greyish (a tile's face), pips and dividing line filled."""
    if light is None:
        return np.zeros(greyish.shape, np.uint8)  # one table, no light faces on it
    size = max(3, round(max(light.shape) / 300)) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    mask = cv2.morphologyEx((light & greyish).astype(np.uint8) * 255, cv2.MORPH_OPEN, kernel)
    return cv2.morphologyEx(mask, cv2.MORPH_CLOSE, kernel)


def light_regions(mask: np.ndarray) -> int:
    """How many regions of a light mask are a tile's size or more (the least a tile found in it
    takes of the photo)."""
    _, _, stats, _ = cv2.connectedComponentsWithStats(mask)
    return int((stats[1:, cv2.CC_STAT_AREA] >= 0.0012 * mask.size).sum())


def lighter(whiteness: np.ndarray, apart: float) -> np.ndarray | None:
    """The lighter of the photo's two kinds of pixel, if they lie `apart` or more."""
    level, _ = cv2.threshold(whiteness, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    light = whiteness > level
    if not light.any() or light.all() or whiteness[light].mean() - whiteness[~light].mean() < apart:
        return None
    return light


def above_table(whiteness: np.ndarray) -> np.ndarray:
    """How much lighter each pixel is than the table around it: the table is what is left of
    the photo (at a quarter of its size) when everything narrower than a row of tiles is worn
    away."""
    height, width = whiteness.shape
    small = cv2.resize(whiteness, (width // 4, height // 4), interpolation=cv2.INTER_AREA)
    reach = max(15, max(small.shape) // 5) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (reach, reach))
    table = cv2.blur(cv2.morphologyEx(small, cv2.MORPH_OPEN, kernel), (reach // 2, reach // 2))
    table = cv2.resize(table, (width, height), interpolation=cv2.INTER_LINEAR)
    return cv2.subtract(whiteness, table)


def halves_joined(mask: np.ndarray) -> np.ndarray:
    """The mask with a tile's two halves one region again where its line, meeting its darker
    rim at both ends, parted them: regions as wide as long (a half) closed among themselves,
    over a little more than a line's width."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    smallest = 0.0005 * mask.size
    squares = [c for c in contours if cv2.contourArea(c) > smallest and _square(c)]
    if len(squares) < 2:
        return mask
    alone = np.zeros_like(mask)
    cv2.drawContours(alone, squares, -1, 255, -1)
    size = max(5, round(max(mask.shape) / 150)) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    return mask | cv2.morphologyEx(alone, cv2.MORPH_CLOSE, kernel)


def _square(contour: np.ndarray) -> bool:
    (_, _), (w, h), _ = cv2.minAreaRect(contour)
    return 0.7 * h <= w <= h / 0.7
