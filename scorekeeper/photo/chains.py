"""Tiles laid touching end to end or side by side in chains, T and L shapes or tight clusters,
found as one light region of no tile's shape: parted along the thin dark seams between them
(OpenCV and numpy only, no Django)."""

import cv2
import numpy as np

from scorekeeper.photo.channels import darkest

# A face is at least this share as light as the lightest of it within a third of a tile's
# width (a seam, a pip or a tile's line is darker; the face's light changes only slowly).
LIGHT = 0.8
# A part this share of a tile's area or more is looked at (less: a crumb the seams left).
CRUMB = 0.3
# A tile seen from above is twice as long as wide; parted from its neighbours, this much
# longer or less (one and a half tiles a faint seam left joined are longer).
RATIO = (1.6, 2.6)


def short_side(contour: np.ndarray, typical: float, learnt: bool) -> float:
    """A tile's short side: from the photo's other tiles when learnt, or else from the
    region's own straight arms (a chain a tile wide: its area is its width times half its
    outline's length)."""
    if learnt:
        return float(np.sqrt(typical / 2))
    return 2 * cv2.contourArea(contour) / max(cv2.arcLength(contour, True), 1.0)


def seamed_tiles(contour: np.ndarray, image: np.ndarray, side: float, shaped) -> list:
    """The tiles in a region (its outline) holding tiles laid touching: its face (what is
    nearly as light as the face nearby) with its pips and lines filled, worn a little so
    the thin dark seams between tiles part it, each part's hull a tile, or two square halves
    a tile's line parted joined (`shaped`: a hull's corners by its area, or None). None
    unless every part is a tile and there are two or more."""
    x, y, w, h = cv2.boundingRect(contour)
    region = np.zeros((h, w), np.uint8)
    cv2.drawContours(region, [contour], -1, 255, -1, offset=(-x, -y))
    grey = darkest(image[y : y + h, x : x + w]).astype(np.float32)
    reach = max(5, round(side / 3)) | 1
    near = cv2.dilate(grey, np.ones((reach, reach), np.uint8))
    face = ((grey > LIGHT * near) & (region > 0)).astype(np.uint8) * 255
    outlines, _ = cv2.findContours(face, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(face)
    cv2.drawContours(filled, outlines, -1, 255, -1)
    wear = 2 * max(1, round(side / 25)) + 1
    worn = cv2.erode(filled, np.ones((wear, wear), np.uint8))
    parts, _ = cv2.findContours(worn, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    typical = 2 * side * side
    kernel = np.ones((wear, wear), np.uint8)
    hulls = [_grown(p, kernel, region) for p in parts if cv2.contourArea(p) >= CRUMB * typical]
    tiles = _paired(hulls, typical, shaped)
    if tiles is None or len(tiles) < 2:
        return []
    return [corners + np.float32([x, y]) for corners in tiles]


def _grown(part: np.ndarray, kernel: np.ndarray, region: np.ndarray) -> np.ndarray:
    """A part grown back by what wearing took, within its region: its hull (pips on the rim
    bite into the face)."""
    # (looked at only round the part: what the kernel reaches of the region)
    reach = kernel.shape[0]
    x, y, w, h = cv2.boundingRect(part)
    x0, y0 = max(0, x - reach), max(0, y - reach)
    x1, y1 = min(region.shape[1], x + w + reach), min(region.shape[0], y + h + reach)
    alone = np.zeros((y1 - y0, x1 - x0), np.uint8)
    cv2.drawContours(alone, [part], -1, 255, -1, offset=(-x0, -y0))
    grown = cv2.dilate(alone, kernel) & region[y0:y1, x0:x1]
    # (the hull of what grew is the hull of its outlines' points)
    outlines, _ = cv2.findContours(grown, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    if not outlines:
        return cv2.convexHull(part)
    return cv2.convexHull(np.vstack(outlines) + np.int32([x0, y0]))


def _paired(hulls: list, typical: float, shaped) -> list | None:
    """Each hull a tile, or two halves (each about half a tile) whose joined hull is one;
    None if any hull is left over."""
    tiles, halves = [], []
    for hull in hulls:
        area = cv2.contourArea(hull)
        corners = _tile(hull, area, typical, shaped)
        if corners is not None:
            tiles.append(corners)
        elif area <= 0.7 * typical:
            halves.append(hull)
        else:
            return None
    while halves:
        first = halves.pop()
        for k, other in enumerate(halves):
            joined = cv2.convexHull(np.vstack([first, other]))
            area = cv2.contourArea(joined)
            corners = _tile(joined, area, typical, shaped)
            if corners is not None:
                tiles.append(corners)
                del halves[k]
                break
        else:
            return None
    return tiles


def _tile(hull: np.ndarray, area: float, typical: float, shaped) -> np.ndarray | None:
    """A hull's corners if it is one tile: about a tile's area, twice as long as wide; its
    corners those of the rectangle round it (pips on the rim bite into its face)."""
    (_, _), (w, h), _ = cv2.minAreaRect(hull)
    ratio = max(w, h) / max(min(w, h), 1.0)
    if not 0.6 * typical < area < 1.3 * typical or not RATIO[0] < ratio < RATIO[1]:
        return None
    box = cv2.boxPoints(cv2.minAreaRect(hull)).reshape(-1, 1, 2)
    return shaped(np.round(box).astype(np.int32), area)
