"""A light region's shape: a tile's four corners, whether it is a tile's shape, whether the
photo's edge cuts it (OpenCV and numpy only, no Django)."""

from collections.abc import Callable

import cv2
import numpy as np


def tile_shaped(ratio: float) -> bool:
    """A tile is twice as long as wide; a camera's angle stretches or squeezes that (a tile
    held at a slant, seen along its length, measured 3.0 to 1; seen across it, 1.42)."""
    return 1.4 <= max(ratio, 1 / ratio) <= 3.2


def shaped(outline: np.ndarray, area: float) -> np.ndarray | None:
    return corners_of(outline, area, loose=False)


def touches_edge(contour: np.ndarray, width: int, height: int) -> bool:
    """Whether the photo's edge cuts a region: it comes within a few pixels of it (a tile's
    rim is darker than its face, and may be all that lies between the face and the edge)."""
    x, y, w, h = cv2.boundingRect(contour)
    near = max(2, round(max(width, height) / 250))
    return x <= near or y <= near or x + w >= width - near or y + h >= height - near


def corners_of(contour: np.ndarray, area: float, loose: bool) -> np.ndarray | None:
    """The four corners of a tile-shaped contour, its long side first; None for any other
    shape (a loose check for a tile the edge cuts: any fairly solid block)."""
    if loose:
        # What is left of a cut tile has any shape, but a solid one (its pips and line may
        # open onto the edge): outlined by its box.
        hull = cv2.convexHull(contour)
        box = cv2.boxPoints(cv2.minAreaRect(contour))
        return box if area > 0.7 * cv2.contourArea(hull) else None
    (_, _), (w, h), _ = cv2.minAreaRect(contour)
    quad = quad_of(contour, area)
    return quad if quad is not None and tile_shaped(w / h) else None


def trimmed_box(contour: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The box of a region of no tile's shape with the thin spurs off its rim trimmed (a
    blotchy table's light joined to a face's edge): the box of what is left once the region
    is opened by a fifth of its box's short side, if that is tile-shaped; else `corners`."""
    (_, _), (w, h), _ = cv2.minAreaRect(contour)
    size = max(3, round(min(w, h) / 5)) | 1
    x, y, width, height = cv2.boundingRect(contour)
    mask = np.zeros((height + 2 * size, width + 2 * size), np.uint8)
    cv2.drawContours(mask, [contour - [x - size, y - size]], -1, 255, cv2.FILLED)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))
    opened = cv2.morphologyEx(mask, cv2.MORPH_OPEN, disc)
    contours, _ = cv2.findContours(opened, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not contours:
        return corners
    rest = max(contours, key=cv2.contourArea)
    (_, _), (w, h), _ = rect = cv2.minAreaRect(rest)
    if min(w, h) < 1 or not tile_shaped(max(w, h) / min(w, h)):
        return corners
    return cv2.boxPoints(rect) + np.float32([x - size, y - size])


def quad_of(contour: np.ndarray, area: float) -> np.ndarray | None:
    """The four corners of a solid, rectangular contour (one tile, or tiles laid touching in
    a row or a block), its long side first; None for any other shape."""
    (_, _), (w, h), _ = rect = cv2.minAreaRect(contour)
    if min(w, h) < 1 or area < 0.8 * w * h:
        return None
    hull = cv2.convexHull(contour).reshape(-1, 2).astype(np.float32)
    # The hull point nearest each corner of the box: the tile's own corner, under perspective.
    box = cv2.boxPoints(rect)
    corners = np.array([hull[np.argmin(((hull - p) ** 2).sum(axis=1))] for p in box])
    if np.linalg.norm(corners[0] - corners[1]) < np.linalg.norm(corners[1] - corners[2]):
        corners = np.roll(corners, -1, axis=0)
    return corners


def edge_cut(edged: list, typical: float) -> tuple[list, list]:
    """Of the light regions the photo's edge cuts, those shown as one tile cut (solid, and
    not far larger than a `typical` tile, when known), and those of tiles laid touching, one
    of them cut by the edge, to be parted."""
    cut, touching = [], []
    for contour, area, corners in edged:
        if corners is None or (typical and area > 2 * typical):
            touching.append((contour, area, None))
        else:
            cut.append((corners, True, area, False))
    return cut, touching


def at_edge(corners: np.ndarray, shape: tuple) -> bool:
    """Whether a tile parted from a region runs into the photo's edge (shown cut)."""
    return touches_edge(corners.astype(np.float32).reshape(-1, 1, 2), shape[1], shape[0])


def glare_at_edge(outlines: list) -> bool:
    """Whether a light region the photo's edge cuts is far larger than a whole tile: no tile
    cut by the edge but a patch of light on the table (a lamp's glare on a shiny table), which
    may have run into the tiles lying in it."""
    whole = [cv2.contourArea(c) for c, cut, _ in outlines if not cut]
    typical = float(np.median(whole)) if whole else 0.0
    return any(cut and cv2.contourArea(c) > 2 * typical for c, cut, _ in outlines)


def corner_area(corners: np.ndarray) -> float:
    """The area inside a tile's corners."""
    return float(cv2.contourArea(corners.astype(np.float32)))


# A tile's outline may cut its end short at one corner (the end seen at a slant, a glossy
# wall's glare beside it), through a row of pips: each corner is moved out along the tile's
# length by these shares of it, one at a time.
CORNER_OUT = (0.03, 0.06)


def end_corner_out(corners: np.ndarray, clear: Callable[[np.ndarray], bool]) -> np.ndarray | None:
    """A tile's outline with one corner moved out along its length so that nothing reads over
    it (`clear`), or None: a pip the outline cut through reads as a finger across its edge;
    a finger's outline moved out crosses the table or the finger still, and stays covered."""
    quad = corners.reshape(4, 2).astype(np.float32)
    for share in CORNER_OUT:
        for at, mate in ((0, 1), (1, 0), (2, 3), (3, 2)):
            moved = quad.copy()
            moved[at] += (quad[at] - quad[mate]) * share
            if clear(moved):
                return moved
    return None
