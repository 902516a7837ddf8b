"""Tiles laid touching end to end or side by side in chains, T and L shapes, loops or tight
clusters, found as one light region of no tile's shape: parted along the thin dark seams
between them (OpenCV and numpy only, no Django)."""

import cv2
import numpy as np

from scorekeeper.photo.channels import darkest
from scorekeeper.photo.cover import GLINT, GLINT_LIFT
from scorekeeper.photo.faces import face_fitted

# A face is at least this share as light as the lightest of it within a third of a tile's
# width (a seam, a pip or a tile's line is darker; the face's light changes only slowly).
# A seam between tiles pressed tight, or only the shadow of one's rim, is fainter: the
# region is looked at again at each stricter level, for what the looser ones left joined.
LEVELS = (0.8, 0.84, 0.88, 0.92)
# A part this share of a tile's area or more is looked at (less: a crumb the seams left).
CRUMB = 0.2
# A tile seen from above is twice as long as wide; parted from its neighbours, this much
# longer or less (one and a half tiles a faint seam left joined are longer).
RATIO = (1.6, 2.6)
# A tile's own line, across its middle, is this much darker than its face at least (a seam
# between two halves of tiles side by side is no darker than its rims' shade).
OWN_INK = 12
# A tile is flattened at most this many pixels wide to find its own line.
FLAT = 48
# A tile's own line lies within OFF_MIDDLE of its length from its middle; one found off its
# middle by MOVED of its length or more has an end cut short, grown to at most BALANCE of its
# width from the line (a tile is twice as long as wide).
OFF_MIDDLE, MOVED, BALANCE = 0.2, 0.06, 1.1


def short_side(contour: np.ndarray, typical: float, learnt: bool) -> float:
    """A tile's short side: from the photo's other tiles when learnt, or else from the
    region's own straight arms (a chain a tile wide: its area is its width times half its
    outline's length)."""
    if learnt:
        return float(np.sqrt(typical / 2))
    return 2 * cv2.contourArea(contour) / max(cv2.arcLength(contour, True), 1.0)


def seamed_tiles(
    contour: np.ndarray, image: np.ndarray, side: float, shaped, learnt: bool = True
) -> tuple[list, bool]:
    """The tiles in a region (its outline) holding tiles laid touching: its face (what is
    nearly as light as the face nearby) with its pips and lines filled, worn a little so
    the thin dark seams between tiles part it, each part's hull a tile, or two square halves
    joined across the darkest line between them (a tile's own line); looked at again at
    stricter levels of light for what is left (a faint seam). Each tile shows its own line
    across its middle (half of one tile and half of the next do not). None unless two or
    more are found (`shaped`: a hull's corners by its area, or None); and whether a tile's
    area or more of the region is left unparted. Unless `learnt` from the photo's other
    tiles, a tile's size is taken from the parts that look like whole tiles at the first
    level (a region's outline gives it only roughly)."""
    x, y, w, h = cv2.boundingRect(contour)
    region = np.zeros((h, w), np.uint8)
    cv2.drawContours(region, [contour], -1, 255, -1, offset=(-x, -y))
    grey = darkest(image[y : y + h, x : x + w]).astype(np.float32)
    reach = max(5, round(side / 3)) | 1
    # (the face's light nearby with glints left out: a glare's streak on a wrap or a shiny
    # face, far lighter than the face round it, would make the face read dark next to it and
    # fall apart at the stricter levels that part tiles by their walls' shade)
    near = cv2.dilate(_calm(grey), np.ones((reach, reach), np.uint8))
    ink = near - grey
    wear = 2 * max(1, round(side / 25)) + 1
    kernel = np.ones((wear, wear), np.uint8)
    typical = 2 * side * side
    hulls = _parts((grey > LEVELS[0] * near) & (region > 0), region, kernel, typical)
    if not learnt:
        typical = _whole_size(hulls, typical, shaped, ink)
    tiles: list[np.ndarray] = []
    for level in LEVELS:
        if level != LEVELS[0]:
            hulls = _parts((grey > level * near) & (region > 0), region, kernel, typical)
        found = _paired(hulls, typical, shaped, ink)
        for corners in found:
            cv2.fillConvexPoly(region, np.round(corners).astype(np.int32), 0)
        tiles += found
        if cv2.countNonZero(region) < CRUMB * typical:
            break
    crowded = []
    if cv2.countNonZero(region) >= CRUMB * typical:  # (room left for a part)
        face = (grey > LEVELS[0] * near) & (region > 0)
        hulls = _parts(face, region, kernel, typical)
        crowded = _crowded_halves(hulls, region, typical, shaped, ink)
    # (a half's box is its face within the rim's shade, not quite the tile's: fitted to it)
    offset = np.float32([x, y])
    tiles += [face_fitted(image, corners + offset) - offset for corners in crowded]
    left = _left_over(region, side, typical)
    if len(tiles) < 2:
        return [], True
    cv2.drawContours(region, [contour], -1, 255, -1, offset=(-x, -y))
    tiles = [_balanced(_widened(corners, region, typical), ink, region) for corners in tiles]
    return [corners + offset for corners in tiles], left


def _balanced(corners: np.ndarray, ink: np.ndarray, region: np.ndarray) -> np.ndarray:
    """A tile whose own line does not lie in its middle (a seam placed at a thick tile's wall
    cuts one end short, and the pips there with it): its shorter half grown as long as the
    longer (a tile's line lies in its middle), at most BALANCE of its width from its line,
    if what it gains is the region's face."""
    a, b, _, d = corners.reshape(4, 2).astype(np.float32)
    along = float(np.linalg.norm(b - a))
    width = float(np.linalg.norm(d - a))
    line = _line_at(ink, corners)
    if line is None or along < 1 or width < 1:
        return corners
    at = line * along
    reach = min(max(at, along - at), BALANCE * width)
    if reach - min(at, along - at) < MOVED * along:
        return corners
    step = (b - a) / along
    start, end = step * (at - reach), step * (at + reach)
    grown = np.float32([a + start, a + end, d + end, d + start])
    if _face_share(grown, region) < 0.95:
        return corners
    return grown


def _widened(corners: np.ndarray, region: np.ndarray, typical: float) -> np.ndarray:
    """A tile far narrower than half its length and than a `typical` tile's width at its
    length (a row of pips on its rim parted a strip of its face from it): widened to that,
    along the one long side where all it gains is the region's face (on both, half each)."""
    a, b, c, d = corners.reshape(4, 2).astype(np.float32)
    along = float(np.linalg.norm(b - a))
    width = float(np.linalg.norm(d - a))
    wide = min(along / 2, typical / max(along, 1.0))
    if along < 1 or width < 1 or width > (1 - MOVED) * wide:
        return corners
    out = (d - a) / width * (wide - width)
    beyond = [_face_share(np.float32([a - out, b - out, b, a]), region) >= 0.95]
    beyond.append(_face_share(np.float32([d, c, c + out, d + out]), region) >= 0.95)
    if beyond[0] and beyond[1]:
        return np.float32([a - out / 2, b - out / 2, c + out / 2, d + out / 2])
    if beyond[0]:
        return np.float32([a - out, b - out, c, d])
    return np.float32([a, b, c + out, d + out]) if beyond[1] else corners


def _face_share(strip: np.ndarray, region: np.ndarray) -> float:
    """How much of a strip of the photo (four corners) lies in the region."""
    return _in_region(strip, region) / max(cv2.contourArea(strip.astype(np.float32)), 1.0)


def _in_region(strip: np.ndarray, region: np.ndarray) -> int:
    """How many pixels of a strip of the photo (four corners) lie in the region (looked at
    only round the strip)."""
    points = np.round(strip).astype(np.int32)
    x0, y0 = np.maximum(points.min(axis=0), 0)
    x1, y1 = points.max(axis=0) + 1
    inside = np.zeros((max(y1 - y0, 1), max(x1 - x0, 1)), np.uint8)
    cv2.fillConvexPoly(inside, points - np.int32([x0, y0]), 1)
    window = region[y0:y1, x0:x1] > 0
    if window.size == 0:
        return 0
    return cv2.countNonZero(inside[: window.shape[0], : window.shape[1]] & window)


def _line_at(ink: np.ndarray, corners: np.ndarray) -> float | None:
    """Where a tile's own line runs across it, as a share of its length from its first
    corner, if it shows (within OFF_MIDDLE of its middle); None if none does."""
    size = (2 * FLAT, FLAT)
    rect = np.float32([[0, 0], [size[0], 0], [size[0], size[1]], [0, size[1]]])
    warp = cv2.getPerspectiveTransform(corners.reshape(4, 2).astype(np.float32), rect)
    flat = cv2.warpPerspective(ink, warp, size, flags=cv2.INTER_LINEAR)
    low, high = round(size[0] * (0.5 - OFF_MIDDLE)), round(size[0] * (0.5 + OFF_MIDDLE))
    rows = np.percentile(flat[FLAT // 7 : FLAT * 6 // 7, low:high], 15, axis=0)
    if rows.max() - float(np.median(flat)) <= OWN_INK:
        return None
    return (low + int(np.argmax(rows)) + 0.5) / size[0]


def _crowded_halves(hulls: list, region: np.ndarray, typical: float, shaped, ink) -> list:
    """The tiles of the halves left alone once the region's tiles are found, each grown
    across one side into the region left (a half crowded with pips, ten or twelve, wears
    into crumbs and is no part): across the side where the grown tile's own line shows
    darkest, the half it gains lying in the region; the tiles so found are taken from it."""
    tiles = []
    for hull in hulls:
        (_, _), (w, h), _ = cv2.minAreaRect(hull)
        area = cv2.contourArea(hull)
        if not 0.3 * typical < area <= 0.7 * typical or max(w, h) > 1.4 * min(w, h):
            continue
        grown = _grown_across(hull, region, typical, shaped, ink)
        best = grown[-1] if grown else None
        if best is not None and best[0] > OWN_INK:
            tiles.append(best[1])
            cv2.fillConvexPoly(region, np.round(best[1]).astype(np.int32), 0)
    return tiles


def _grown_across(hull: np.ndarray, region: np.ndarray, typical: float, shaped, ink) -> list:
    """A lone half grown to a tile from each side of its box taken as the tile's end: as wide
    as that side, a tile's area long, inward; those lying in the region (most of them), each
    with how dark its own line runs across its middle."""
    box = cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float32)
    middle = box.mean(axis=0)
    grown = []
    for k in range(4):
        a, b = box[k], box[(k + 1) % 4]
        width = max(float(np.linalg.norm(b - a)), 1.0)
        across = np.float32([b[1] - a[1], a[0] - b[0]]) / width
        across = across if float(across @ (middle - a)) > 0 else -across
        length = typical / width
        if not RATIO[0] < length / width < RATIO[1]:
            continue
        # (the half's box is its face within the rim's shade: as wide as a tile at least)
        wide = max(0.0, float(np.sqrt(typical / 2)) - width) / 2 * (b - a) / width
        a, b = a - wide, b + wide
        corners = np.float32([a, b, b + across * length, a + across * length])
        if _in_region(corners, region) < 0.85 * width * length:
            continue
        corners = shaped(np.round(corners).astype(np.int32).reshape(-1, 1, 2), typical)
        if corners is not None:
            grown.append((_own_line(ink, corners), corners))
    return sorted(grown, key=lambda pair: pair[0])


def _left_over(region: np.ndarray, side: float, typical: float) -> bool:
    """Whether a part of the region as large as most of a tile is left unparted (what is
    left round the tiles found, their rims and the seams between them, is thin)."""
    size = max(3, round(side / 3)) | 1
    solid = cv2.morphologyEx(region, cv2.MORPH_OPEN, np.ones((size, size), np.uint8))
    count, _, stats, _ = cv2.connectedComponentsWithStats(solid)
    return bool(count > 1 and stats[1:, cv2.CC_STAT_AREA].max() > 0.6 * typical)


def _whole_size(hulls: list, typical: float, shaped, ink: np.ndarray) -> float:
    """A tile's area: the median of the parts twice as long as wide and showing their own
    line, as much as twice a `typical` tile or as little as two thirds of it; `typical` if
    fewer than two."""
    areas = []
    for hull in hulls:
        area = cv2.contourArea(hull)
        corners = _tile(hull, area, typical, shaped, (0.6, 2.0))
        if corners is not None and _own_line(ink, corners) > OWN_INK:
            areas.append(area)
    return float(np.median(areas)) if len(areas) >= 2 else typical


def _parts(face: np.ndarray, region: np.ndarray, kernel: np.ndarray, typical: float) -> list:
    """The hulls of the parts of a `face` (its pips and lines filled) worn by `kernel` falls
    into, each grown back within the region; crumbs left out."""
    outlines, _ = cv2.findContours(
        face.astype(np.uint8) * 255, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE
    )
    filled = np.zeros(face.shape, np.uint8)
    cv2.drawContours(filled, outlines, -1, 255, -1)
    worn = cv2.erode(filled, kernel)
    parts, _ = cv2.findContours(worn, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return [_grown(p, kernel, region) for p in parts if cv2.contourArea(p) >= CRUMB * typical]


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


def _paired(hulls: list, typical: float, shaped, ink: np.ndarray) -> list:
    """Each hull that is a tile showing its own line, and of the halves (each about half a
    tile) those two by two whose joined hull is one, the pairs with the darkest line between
    them first (a tile's own line is darker than the seam between two tiles). A part of a
    tile's shape showing no line across its middle is the halves of two tiles laid end to
    end, each paired on along its length only (two tiles face down side by side are not
    four halves)."""
    tiles, halves = _tiles_and_halves(hulls, typical, shaped, ink)
    pairs = []
    middles = [half.mean(axis=0) for half, _ in halves]
    for i, (first, along) in enumerate(halves):
        for k in range(i + 1, len(halves)):
            # (two halves of a tile lie a tile's width apart)
            if float(np.sum((middles[i] - middles[k]) ** 2)) > typical:
                continue
            joined = cv2.convexHull(np.vstack([first, halves[k][0]]))
            corners = _tile(joined, cv2.contourArea(joined), typical, shaped)
            if corners is not None and _in_line(corners, along, halves[k][1]):
                pairs.append((_own_line(ink, corners), i, k, corners))
    used: set[int] = set()
    for line, i, k, corners in sorted(pairs, key=lambda pair: -pair[0]):
        if line > OWN_INK and i not in used and k not in used:
            used |= {i, k}
            tiles.append(corners)
    return tiles


def _tiles_and_halves(hulls: list, typical: float, shaped, ink: np.ndarray) -> tuple[list, list]:
    """The hulls that are tiles showing their own line, and the halves (each with the
    direction it may be paired along, or None): a hull about half a tile, or the two halves
    of a tile-shaped hull that shows no line across its middle."""
    tiles, halves = [], []
    for hull in hulls:
        area = cv2.contourArea(hull)
        corners = _tile(hull, area, typical, shaped)
        if corners is not None and _own_line(ink, corners) > OWN_INK:
            tiles.append(corners)
        elif corners is not None:
            halves += _halved(corners)
        elif area <= 0.7 * typical:
            halves.append((hull.reshape(-1, 2).astype(np.float32), None))
    return tiles, halves


def _in_line(corners: np.ndarray, *alongs: np.ndarray | None) -> bool:
    """Whether a tile's length runs along each direction given (none: any way)."""
    length = corners.reshape(4, 2)[1] - corners.reshape(4, 2)[0]
    length = length / max(float(np.linalg.norm(length)), 1.0)
    return all(along is None or abs(float(length @ along)) > 0.8 for along in alongs)


def _halved(corners: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """A tile-shaped part's two square halves (cut across its middle), each with the
    direction of its length."""
    a, b, c, d = corners.reshape(4, 2).astype(np.float32)
    top, bottom = (a + b) / 2, (c + d) / 2
    along = (b - a) / max(float(np.linalg.norm(b - a)), 1.0)
    return [(np.float32([a, top, bottom, d]), along), (np.float32([top, b, c, bottom]), along)]


def _own_line(ink: np.ndarray, corners: np.ndarray) -> float:
    """How much darker than its face a tile's own line runs across its middle: the darkest,
    near its middle, of the tile's rows across it at a low share down their length (a
    column of pips has light gaps), its rims left out."""
    points = corners.reshape(4, 2).astype(np.float32)
    # (near its own size: a thin line shrunk far is lost between the pixels looked at)
    width = int(np.clip(round(float(np.linalg.norm(points[2] - points[1])) / 2), 16, FLAT))
    size = (2 * width, width)
    rect = np.float32([[0, 0], [size[0], 0], [size[0], size[1]], [0, size[1]]])
    warp = cv2.getPerspectiveTransform(corners.astype(np.float32), rect)
    flat = cv2.warpPerspective(ink, warp, size, flags=cv2.INTER_LINEAR)
    middle = flat[width // 7 : width * 6 // 7, width * 84 // 100 : width * 116 // 100 + 1]
    return float(np.percentile(middle, 15, axis=0).max() - np.median(flat))


def _tile(
    hull: np.ndarray, area: float, typical: float, shaped, sizes: tuple = (0.6, 1.3)
) -> np.ndarray | None:
    """A hull's corners if it is one tile: about a tile's area (between `sizes` of it), twice
    as long as wide; its corners those of the rectangle round it (pips on the rim bite into
    its face)."""
    (_, _), (w, h), _ = cv2.minAreaRect(hull)
    ratio = max(w, h) / max(min(w, h), 1.0)
    if not sizes[0] * typical < area < sizes[1] * typical or not RATIO[0] < ratio < RATIO[1]:
        return None
    box = cv2.boxPoints(cv2.minAreaRect(hull)).reshape(-1, 1, 2)
    return shaped(np.round(box).astype(np.int32), area)


def _calm(grey: np.ndarray) -> np.ndarray:
    """A region's light with glints left out (a glare's streak or spot, at most GLINT pixels
    across and more than GLINT_LIFT lighter than what lies round it: photo.cover)."""
    opened = cv2.morphologyEx(grey, cv2.MORPH_OPEN, np.ones((GLINT, GLINT), np.uint8))
    return np.minimum(grey, opened + GLINT_LIFT)
