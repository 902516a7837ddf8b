"""Tiles run together in one region of no tile's shape: lying close, worn apart; laid touching
out of line (one across another's end, or a row staggered), cut where the region's outline
turns inward, at the notches one tile's corner leaves against its neighbour's side (OpenCV
and numpy only, no Django)."""

import itertools

import cv2
import numpy as np

from scorekeeper.photo.channels import darkest

# A notch between two tiles reaches in at least this share of the region's short side (a pip
# on a face's rim, the grain of its outline, reach in far less).
DEEP = 0.12
# A region is cut this many times at most (four tiles laid out of line).
MOST_CUTS = 3
# The deepest notches looked at (two a tile laid across another's side, three tiles staggered).
NOTCHES = 6
# Tiles laid touching fill this much of their region's hull at least (a tile across another's
# side fills three quarters of it).
SOLID = 0.7
# A region is cut looked at this many pixels across at most (a cut's place needs no more).
LOOKED_AT = 160
# A pip is about a fifth of a tile's width across (its bite in a part is closed over that).
BITE = 4


def notched_tiles(contour: np.ndarray, image: np.ndarray, shaped) -> list[np.ndarray]:
    """The tiles in a region (its outline) holding tiles laid touching out of line: cut
    along the line that runs from a notch in its outline to another notch, or straight on
    from a notch along the tiles' sides, such that the most parts are tile-shaped (`shaped`:
    a part's outline and area to its corners, or None); each part of no tile's shape cut
    again; of cuts as good, the one most evenly dark along its length (in the `image`: the line
    between two tiles is a shade). None if no cut leaves every part a
    tile."""
    if cv2.contourArea(contour) < SOLID * cv2.contourArea(cv2.convexHull(contour)):
        return []  # ragged: the table's light and shade
    x, y, w, h = cv2.boundingRect(contour)
    ink = 255 - darkest(image[y : y + h, x : x + w])
    scale = min(1.0, LOOKED_AT / max(w, h))
    size = (round(w * scale) + 2, round(h * scale) + 2)
    region = np.zeros(size[::-1], np.uint8)
    shrunk = np.round((contour - (x, y)) * scale).astype(np.int32) + 1
    cv2.drawContours(region, [shrunk], -1, 255, -1)
    dark = cv2.resize(ink, (size[0] - 2, size[1] - 2), interpolation=cv2.INTER_AREA)
    dark = cv2.copyMakeBorder(dark, 1, 1, 1, 1, cv2.BORDER_REPLICATE)
    tiles = _cut_all(region, dark, shaped, MOST_CUTS)
    if not tiles or len(tiles) < 2:
        return []
    return [(corners - 1) / scale + np.float32([x, y]) for corners in tiles]


def worn_apart(contour: np.ndarray, typical: float, corners_of) -> list[tuple]:
    """Tiles lying close enough to run together: the region (its holes filled, or a tile's
    line would split it) worn down a pixel at a time, as far as a fifth of a tile's short
    side (tiles touching along a corner's width), until it falls apart, each part grown back
    (its corners, whether shown cut, the typical area, whether alone); none if it never does
    or no part is tile-shaped (`corners_of`: an outline's corners, by its area, loosely or
    not, or None)."""
    x, y, w, h = cv2.boundingRect(contour)
    region = np.zeros((h + 2, w + 2), np.uint8)
    cv2.drawContours(region, [contour], -1, 255, -1, offset=(1 - x, 1 - y))
    kernel = np.ones((3, 3), np.uint8)
    # How far in from the region's edge each pixel lies, a step a pixel across or aslant: the
    # region worn by so many steps is what lies farther in. Up to a fifth of a tile's short
    # side (tiles that touch along a corner's width part only so far in).
    inside = cv2.distanceTransform(region, cv2.DIST_C, 3)
    deepest = max(15, round(0.2 * np.sqrt(typical / 2)))
    for steps in [*range(1, 16), *range(17, deepest + 1, 2)]:
        worn = (inside > steps).astype(np.uint8)
        parts, _ = cv2.findContours(worn, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        parts = [part for part in parts if cv2.contourArea(part) > 0.3 * typical]
        if len(parts) < 2:
            continue
        tiles = []
        for part in parts:
            alone = np.zeros_like(worn)
            cv2.drawContours(alone, [part], -1, 255, -1)
            grown = cv2.dilate(alone, kernel, iterations=steps) & region
            outline = max(
                cv2.findContours(grown, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0],
                key=cv2.contourArea,
            )
            area = cv2.contourArea(outline)
            corners = corners_of(outline, area, loose=False)
            whole = corners is not None
            corners = corners if whole else corners_of(outline, area, loose=True)
            if corners is not None:
                tiles.append((corners + np.float32([x - 1, y - 1]), not whole))
        # A part of no tile's shape (a tile a finger covers) is shown cut; then a finger lies
        # here, and the others are looked at for one as a tile alone is.
        fingered = any(cut for _, cut in tiles)
        tiles = [(c, cut, typical, fingered and not cut) for c, cut in tiles]
        return tiles if any(not cut for _, cut, _, _ in tiles) else []
    return []


def _cut_all(region: np.ndarray, ink: np.ndarray, shaped, cuts: int) -> list | None:
    """The tiles a region falls into, cut at its notches `cuts` times at most (each time where
    the most parts come out tile-shaped, then along the shortest cut); None if it does not
    fall into tiles."""
    outline = _largest(region)
    if outline is None:
        return None
    corners = shaped(outline, cv2.contourArea(outline))
    if corners is not None:
        return [corners]
    best = None
    for parts, darkness in _cuts(region, ink, outline) if cuts else []:
        tiles = [_tile(part, shaped) for part in parts]
        shaped_parts = sum(tile is not None for tile in tiles)
        score = (shaped_parts, shaped_parts - len(tiles), darkness)
        if best is None or score > best[0]:
            best = (score, parts, tiles)
    if best is None or best[0][0] == 0:
        return None
    found = []
    for part, tile in zip(best[1], best[2], strict=True):
        more = [tile] if tile is not None else _cut_all(part, ink, shaped, cuts - 1)
        if more is None:
            return None
        found += more
    return found


def _tile(part: np.ndarray, shaped) -> np.ndarray | None:
    """A part's corners if it is a tile: its outline closed over a pip's width first (pips
    on a face's rim, its line reaching the rim, bite into it as the table shows)."""
    outline = _largest(part)
    if outline is None:
        return None
    (_, _), (w, h), _ = cv2.minAreaRect(outline)
    size = max(3, round(min(w, h) / BITE)) | 1
    closed = cv2.copyMakeBorder(part, size, size, size, size, cv2.BORDER_CONSTANT, value=0)
    closed = cv2.morphologyEx(closed, cv2.MORPH_CLOSE, _disc(size))[size:-size, size:-size]
    outline = _largest(closed)
    return None if outline is None else shaped(outline, cv2.contourArea(outline))


def _disc(size: int) -> np.ndarray:
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))


def _largest(region: np.ndarray) -> np.ndarray | None:
    outlines, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    return max(outlines, key=cv2.contourArea) if outlines else None


def _cuts(region: np.ndarray, ink: np.ndarray, outline: np.ndarray) -> list[tuple[list, float]]:
    """The ways to cut a region in two or more parts at its notches: from a notch to another,
    or on from a notch along either side of the outline that meets there (the line between
    two tiles laid touching goes on from one tile's corner); each the parts it leaves and how
    dark the photo is along most of it."""
    notches = _notches(outline)
    (_, _), (w, h), _ = cv2.minAreaRect(outline)
    reach, step = float(max(w, h)), max(3, round(min(w, h) / 6))
    points = outline[:, 0].astype(np.float32)
    lines = [(points[p], points[q]) for p, q in itertools.combinations(notches, 2)]
    for p in notches:
        for side in (points[p - step], points[(p + step) % len(points)]):
            away = points[p] - side
            lines.append((points[p], points[p] + away * reach / max(np.linalg.norm(away), 1)))
    found = []
    for p, q in lines:
        cut = region.copy()
        cv2.line(cut, _point(p), _point(q), 0, 3)
        parts = _parts(cut, region)
        if len(parts) >= 2:
            found.append((parts, -_inside_length(region, p, q)))
    return found


def _notches(outline: np.ndarray) -> list[int]:
    """Where along the outline its inward turns are deepest, deep enough to lie between tiles."""
    hull = cv2.convexHull(outline, returnPoints=False)
    try:
        defects = cv2.convexityDefects(outline, hull)
    except cv2.error:  # an outline that turns back on itself
        return []
    if defects is None:
        return []
    (_, _), (w, h), _ = cv2.minAreaRect(outline)
    deep = DEEP * min(w, h) * 256
    found = sorted((d, f) for _, _, f, d in defects.reshape(-1, 4) if d > deep)[-NOTCHES:]
    return [int(f) for _, f in found]


def _inside_length(region: np.ndarray, p: np.ndarray, q: np.ndarray) -> int:
    """How many pixels of the line from p to q lie in the region (the cut's length)."""
    line = np.zeros_like(region)
    cv2.line(line, _point(p), _point(q), 255, 1)
    return int(np.count_nonzero(line & region))


def _darkness(region: np.ndarray, ink: np.ndarray, p: np.ndarray, q: np.ndarray) -> float:
    """How dark the photo is along most of the line from p to q inside the region (a shade
    all along the line between two tiles; a row of pips is dark in spots)."""
    line = np.zeros_like(region)
    cv2.line(line, _point(p), _point(q), 255, 3)
    along = ink[(line & region) > 0]
    return float(np.percentile(along, 25)) if len(along) else 0.0


def _parts(cut: np.ndarray, region: np.ndarray) -> list[np.ndarray]:
    """The parts a cut region falls into, each a fiftieth of it or more (less: crumbs the cut
    left), grown back over the cut."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(cut, connectivity=4)
    total = np.count_nonzero(region)
    parts = []
    for label in range(1, count):
        if stats[label, cv2.CC_STAT_AREA] >= 0.02 * total:
            part = (labels == label).astype(np.uint8) * 255
            parts.append(cv2.dilate(part, np.ones((3, 3), np.uint8)) & region)
    return parts


def _point(p: np.ndarray) -> tuple[int, int]:
    return round(float(p[0])), round(float(p[1]))
