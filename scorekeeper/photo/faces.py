"""The tiles' faces found by their edges where they are no lighter than the table (a white
table, a patch of sun): calm regions the photo's edges close all round, of a tile's size and
shape (OpenCV and numpy only, no Django)."""

import itertools
from collections.abc import Callable
from typing import NamedTuple

import cv2
import numpy as np

from scorekeeper.photo.channels import brightest, darkest

# How coloured a face may be at most ((max - min) / max of its channels: ivory 0.12, skin 0.35).
PALE = 0.25
# How many times steeper than the photo's median an edge is: each tried, its faces kept (an
# edge too faint at the first leaves a face open to the table, one at the last splits it; a
# tile's darker rim meets its line at both ends, so a half crowded with pips keeps its face
# only at the first).
STEEP = (5, 4, 2, 1.5)
# The least share of the photo a whole tile takes (held far off, at a slant).
SMALLEST = 0.002
# A region an edge closes is worn by WEAR pixels (the edge's own band), then cleared of what
# is narrower than the photo's long side / NARROW; its table is looked at in a ring TIGHT
# pixels round it, its face closed over JOIN pixels (its line), and kept whole TRIM / 2
# pixels in from the region's edge.
WEAR, NARROW, TIGHT, JOIN, TRIM = 9, 100, 17, 11, 21


class Relief(NamedTuple):
    """A photo smoothed, its darkest channel, how steep its light changes at each pixel for the
    light there (an edge), and the photo's median steepness (its grain)."""

    smooth: np.ndarray
    grey: np.ndarray
    slope: np.ndarray
    grain: float


def relief(image: np.ndarray) -> Relief:
    """The photo's edges, as both edge finders read them (worked out once for both)."""
    smooth = cv2.GaussianBlur(image, (0, 0), 1.5)
    return _sloped(smooth, darkest(smooth).astype(np.float32))


def smoother(seen: Relief, blur: float) -> Relief:
    """The photo's edges as `seen`, its light smoothed over `blur` pixels more (a noisy
    photo's grain smoothed out; a tile's rim stays an edge)."""
    return _sloped(seen.smooth, cv2.GaussianBlur(seen.grey, (0, 0), blur))


def _sloped(smooth: np.ndarray, grey: np.ndarray) -> Relief:
    """How steep the light `grey` changes at each pixel for the light there, and its median."""
    slope = cv2.magnitude(cv2.Sobel(grey, cv2.CV_32F, 1, 0), cv2.Sobel(grey, cv2.CV_32F, 0, 1))
    # An edge as steep for its light (dusk is dark all over), and steeper than the photo's grain.
    slope /= cv2.blur(grey, (61, 61)) + 10
    return Relief(smooth, grey, slope, float(np.median(slope)))


def edged_mask(image: np.ndarray, seen: Relief | None = None) -> np.ndarray:
    """Where the tiles' faces are, told by their rims rather than their brightness: the face is
    calm (no edge in it but pips and its line), the table's light and shade change slowly, and
    a tile's rounded rim and shadow are an edge all round it."""
    height, width = image.shape[:2]
    smooth, grey, slope, grain = relief(image) if seen is None else seen
    # A face is white or ivory however it is lit (a finger, a coloured table are not).
    most = brightest(smooth).astype(np.float32)
    colour = (most - grey) / (most + 1.0)
    faces = np.zeros((height, width), np.uint8)
    for steep in STEEP:
        faces |= _calm_faces(slope < max(0.06, steep * grain), colour)
    # Grown by the band of edge round each (a tile's rim, its shadow), the halves on either
    # side of the line become one face again.
    reach = max(5, round(max(width, height) / 90)) | 1
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (reach, reach))
    faces = cv2.dilate(faces, kernel)
    # (a half crowded with pips is no calm region: each face alone of a half's shape is
    # given its other half where that lies)
    other_halves(faces, grey)
    return faces


def _calm_faces(calm: np.ndarray, colour: np.ndarray) -> np.ndarray:
    """The solid, pale regions of a face's size where the photo is `calm`, holes filled."""
    height, width = calm.shape
    calm = cv2.morphologyEx(calm.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    _, labels, stats, _ = cv2.connectedComponentsWithStats(calm, connectivity=4)
    smallest, largest = 0.0004 * width * height, 0.06 * width * height
    # Pips near the rim open the face's calm region onto its edge: closed over a pip's width.
    close = max(5, round(max(width, height) / 80)) | 1
    round_kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (close, close))
    faces = np.zeros((height, width), np.uint8)
    boxes = stats[:, cv2.CC_STAT_WIDTH] * stats[:, cv2.CC_STAT_HEIGHT]
    sized = (boxes >= smallest) & (boxes <= 4 * largest) & (stats[:, cv2.CC_STAT_AREA] <= largest)
    for label in np.flatnonzero(sized[1:]) + 1:
        x, y, w, h, _ = stats[label]
        region = (labels[y : y + h, x : x + w] == label).astype(np.uint8)
        if float(np.median(colour[y : y + h, x : x + w][region > 0])) >= PALE:
            continue  # (a coloured region: no face, whatever its shape)
        border = cv2.BORDER_CONSTANT
        region = cv2.copyMakeBorder(region, close, close, close, close, border, value=0)
        region = cv2.morphologyEx(region, cv2.MORPH_CLOSE, round_kernel)
        x, y = x - close, y - close
        outline = max(
            cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0],
            key=cv2.contourArea,
        )
        filled = cv2.contourArea(outline)
        hull = cv2.contourArea(cv2.convexHull(outline))
        if smallest <= filled <= largest and filled >= 0.85 * hull:
            cv2.drawContours(faces, [outline], -1, 255, -1, offset=(int(x), int(y)))
    return faces


def tile_sized(found: tuple[list, int], width: int, height: int) -> tuple[list, int]:
    """The outlines found (corners, cut, alone), less the uncut ones far smaller than any
    tile a phone photographs whole (a tile's half, or its rows of pips, cut up as tiles)."""
    smallest = SMALLEST * width * height
    outlines, unread = found
    whole = [o for o in outlines if o[1] or cv2.contourArea(o[0].astype(np.float32)) >= smallest]
    return whole, unread


def closed_mask(
    image: np.ndarray,
    steep: float = 3,
    seen: Relief | None = None,
    known: np.ndarray | None = None,
) -> np.ndarray:
    """Where the tiles are, told by the sharp edges closing them all round (a blotchy table's
    light and shade change softly, a tile's rim steeply): every region an edge steeper than
    `steep` times the photo's median closes, cut down to its face, a lone half given its
    other half across its line (a half crowded with pips, at dusk, holds no closed region);
    none where `known` (tiles found already) is set."""
    height, width = image.shape[:2]
    _, grey, slope, grain = relief(image) if seen is None else seen
    edges = (slope > max(0.06, steep * grain)).astype(np.uint8) * 255
    edges = cv2.dilate(edges, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(edges, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    filled = np.zeros_like(edges)
    cv2.drawContours(filled, contours, -1, 255, -1)
    # Less the edge's own band round it (its outside is the table), and what is only an edge.
    worn = cv2.erode(filled, _disc(WEAR))
    worn = cv2.morphologyEx(
        worn, cv2.MORPH_OPEN, _disc(max(7, round(max(width, height) / NARROW)) | 1)
    )
    if known is not None:
        worn[known > 0] = 0
    faces = _tightened(grey, worn)
    other_halves(faces, grey)
    return faces


# A noisy photo's tiles are looked for once more by the edges closing them, the photo smoothed
# over ROUGH_BLUR pixels more (its noise gone, a tile's rim still sharp against a blotchy table's
# soft light and shade) and edges ROUGH_STEEP times steeper than its grain; a photo is noisy
# when so smoothed its grain falls NOISY times or more (a table's grain, a weave, falls less).
ROUGH_BLUR, ROUGH_STEEP, NOISY = 1.3, 2.0, 1.15


def rough_mask(image: np.ndarray, seen: Relief, found: list[np.ndarray]) -> np.ndarray | None:
    """In a noisy photo (a dusk's), the regions sharp edges close all round on the photo
    smoothed more (closed_mask), outside the tiles `found` (their corners); None if the photo's
    grain is no noise."""
    rough = smoother(seen, ROUGH_BLUR)
    if rough.grain * NOISY >= seen.grain:
        return None  # (smoothed more, it is as rough: its grain is the table's)
    known = np.zeros(image.shape[:2], np.uint8)
    for corners in found:
        cv2.fillConvexPoly(known, np.round(corners).astype(np.int32), 255)
    return closed_mask(image, ROUGH_STEEP, rough, known)


def _disc(size: int) -> np.ndarray:
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size))


def _tightened(grey: np.ndarray, regions: np.ndarray) -> np.ndarray:
    """Each region cut down to its face: the side of the level halfway between its face and
    the table just round it that its face lies on (its rim and shadow, a hair of table, off)."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(regions, connectivity=8)
    faces = np.zeros_like(regions)
    height, width = regions.shape
    for label in range(1, count):
        x, y, w, h, _ = stats[label]
        x0, y0 = max(0, x - TIGHT), max(0, y - TIGHT)
        x1, y1 = min(width, x + w + TIGHT), min(height, y + h + TIGHT)
        region = (labels[y0:y1, x0:x1] == label).astype(np.uint8)
        near = cv2.dilate(region, _disc(5))
        ring = cv2.dilate(region, _disc(TIGHT)) & ~near
        patch = grey[y0:y1, x0:x1]
        face = float(np.percentile(patch[region > 0], 75))
        table = float(np.median(patch[ring > 0])) if ring.any() else face
        # (nearer its face than the table: a shadow darker than a light table is no face)
        side = np.abs(patch - face) < abs(face - table) / 2
        face_mask = (near & side.astype(np.uint8)) if abs(face - table) > 0.06 * face else near
        # (only its rim is cut down: light and shade across a face leave it whole inside)
        face_mask |= cv2.erode(region, _disc(TRIM))
        face_mask = cv2.morphologyEx(face_mask * 255, cv2.MORPH_OPEN, _disc(5))
        # (its line and pips part it: joined again over a line's width)
        face_mask = cv2.morphologyEx(face_mask, cv2.MORPH_CLOSE, _disc(JOIN))
        contours, _ = cv2.findContours(face_mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        parts = [c for c in contours if cv2.contourArea(c) >= 0.2 * region.sum()]
        cv2.drawContours(faces[y0:y1, x0:x1], parts, -1, 255, -1)
    return faces


# A lone tile's outline found by its closing edges is fitted again to its face's own edge:
# looked for SEEK pixels out and in from each side of it flattened to FIT_W by FIT_H (a rim's
# strip, or a face cut short, are off by less; a pip's inner edge lies further in).
SEEK, FIT_W, FIT_H = 16, 240, 120


def fitted(image: np.ndarray, found: tuple[list, int], covered: Callable) -> tuple[list, int]:
    """The outlines found, each lone whole tile's sides moved onto its face's edge, and each
    region of no tile's shape inside the photo fitted too: a tile if its face's edge is.
    `covered`: whether something lies over a lone tile's outline (a finger)."""
    outlines, unread = found
    return [_refit(image, c, cut, alone, covered) for c, cut, alone in outlines], unread


def _refit(
    image: np.ndarray, corners: np.ndarray, cut: bool, alone: bool, covered: Callable
) -> tuple:
    """A lone whole tile fitted to its face's edge (_lone_fitted); a region of no tile's
    shape inside the photo (light and shade across a face notch its edges) fitted likewise,
    and taken as a tile alone when what it fits is tile-shaped and as large (whether
    something lies over it is then looked at as for any tile alone)."""
    if not cut:
        return (
            (_lone_fitted(image, corners, covered), cut, alone) if alone else (corners, cut, alone)
        )
    if _near_edge(corners, image.shape):
        return corners, cut, alone
    if np.linalg.norm(corners[0] - corners[1]) < np.linalg.norm(corners[1] - corners[2]):
        corners = np.roll(corners, -1, axis=0)
    fit = _fit(image, corners)
    (_, _), (w, h), _ = cv2.minAreaRect(fit)
    area = cv2.contourArea(fit.astype(np.float32))
    box = cv2.contourArea(corners.astype(np.float32))
    shaped = min(w, h) > 1 and 1.4 <= max(w, h) / min(w, h) <= 3.2
    if shaped and 0.7 * box <= area <= 1.3 * box and _rectangle(fit, area, w * h):
        return fit, False, True
    return corners, cut, alone


def _lone_fitted(image: np.ndarray, corners: np.ndarray, covered: Callable) -> np.ndarray:
    """A lone tile's corners moved onto its face's edge, unless what they fit is no tile's
    four-sided outline (an edge found on one side along the table's blotches, not the face's:
    a corner flung out) and nothing lies over that (a finger along a tile's side, its outline
    narrowed to the face beside it, flings the fit out over the finger: so it stays covered).
    Its walls and shade cut off, a face is smaller than the region round it by up to a third,
    and at dusk its edge is found less surely than a face_fitted's."""
    fit = _fit(image, corners)
    return fit if _tile_fit(fit, corners, 0.3, even=0.75, fill=0.85) or covered(fit) else corners


def face_fitted(image: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """A tile's corners moved onto its face's edge (_fit), if what they fit is a tile's
    rectangle about as large; else as they were."""
    fit = _fit(image, corners)
    return fit if _tile_fit(fit, corners, 0.15) else corners


def _tile_fit(
    fit: np.ndarray, corners: np.ndarray, spread: float, even: float = 0.85, fill: float = 0.92
) -> bool:
    """Whether a fit is a tile's rectangle (_rectangle) as large as `corners` within `spread`."""
    area = cv2.contourArea(fit.astype(np.float32))
    box = cv2.contourArea(corners.astype(np.float32))
    (_, _), (w, h), _ = cv2.minAreaRect(fit)
    near = (1 - spread) * box <= area <= (1 + spread) * box
    return near and _rectangle(fit, area, w * h, even, fill)


def _rectangle(
    quad: np.ndarray, area: float, box: float, even: float = 0.85, fill: float = 0.92
) -> bool:
    """Whether four corners are a tile's as a phone sees it: filling `fill` of its box,
    opposite sides as long within 1 - `even` (the edge it was fitted to ran along each side,
    not across a corner)."""
    sides = [float(np.linalg.norm(quad[k] - quad[k - 1])) for k in range(4)]
    level = all(min(sides[k], sides[k + 2]) >= even * max(sides[k], sides[k + 2]) for k in (0, 1))
    return level and area >= fill * box


def _near_edge(corners: np.ndarray, shape: tuple) -> bool:
    """Whether an outline reaches the photo's edge (a tile it cuts, shown cut whatever fits)."""
    height, width = shape[:2]
    near = max(2, round(max(width, height) / 250))
    xs, ys = corners[:, 0], corners[:, 1]
    return bool(
        xs.min() <= near
        or ys.min() <= near
        or xs.max() >= width - near
        or ys.max() >= height - near
    )


def _fit(image: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """A tile's corners with each side moved onto the line where, going out, its light face
    turns darker along most of that side (a pip's edge runs along a part of it only): a
    line through where that is along each half of the side."""
    width, height = FIT_W + 2 * SEEK, FIT_H + 2 * SEEK
    inner = np.float32(
        [[SEEK, SEEK], [SEEK + FIT_W, SEEK], [SEEK + FIT_W, SEEK + FIT_H], [SEEK, SEEK + FIT_H]]
    )
    warp = cv2.getPerspectiveTransform(corners.astype(np.float32), inner)
    flat = cv2.warpPerspective(image, warp, (width, height), flags=cv2.INTER_LINEAR)
    grey = cv2.GaussianBlur(darkest(flat).astype(np.float32), (0, 0), 1.0)
    top = [(a, d) for a, d in _edge(grey)]
    bottom = [(a, height - 1 - d) for a, d in _edge(grey[::-1])]
    left = [(d, a) for a, d in _edge(grey.T)]
    right = [(width - 1 - d, a) for a, d in _edge(grey.T[::-1])]
    lines = [np.cross([*p, 1.0], [*q, 1.0]) for p, q in (top, right, bottom, left)]
    points = [np.cross(lines[k - 1], lines[k]) for k in (0, 1, 2, 3)]
    # (each corner where its two sides meet: left and top, top and right, ...)
    points = np.float32([p[:2] / p[2] for p in points])
    return cv2.perspectiveTransform(points[None], np.linalg.inv(warp))[0]


def _edge(grey: np.ndarray) -> list[tuple[float, float]]:
    """Where, along each half of the top side of `grey` (a flattened tile and SEEK pixels
    round it), the face's edge lies: the row that grows lighter going in along most of it."""
    length = grey.shape[1] - 2 * SEEK
    step = grey[2 : 2 * SEEK + 2] - grey[: 2 * SEEK]
    ends = (SEEK + length // 8, SEEK + length // 2, SEEK + length - length // 8)
    found = []
    for start, end in itertools.pairwise(ends):
        profile = np.percentile(step[:, start:end], 25, axis=1)
        found.append(((start + end) / 2, 1.0 + int(np.argmax(profile))))
    return found


# A face is calm where the table's weave is not: calmer than CALM times the photo's median
# roughness (its grain) over WEAVE pixels, or ink (darker than INK times the lightest nearby).
CALM, WEAVE, INK = 0.5, 5, 0.7


def woven_mask(image: np.ndarray, seen: Relief | None = None) -> np.ndarray:
    """Where the tiles' faces are on a light cloth whose weave or pattern is as light as they
    are: a face is smooth, the cloth rough all over, so the faces are where the photo is far
    calmer than its grain (a face's pips and line, dark, are in them too), each region's holes
    filled and what is narrower than a pip's row worn off."""
    height, width = image.shape[:2]
    grey = (relief(image) if seen is None else seen).grey
    mean = cv2.blur(grey, (WEAVE, WEAVE))
    rough = np.sqrt(np.maximum(cv2.blur(grey * grey, (WEAVE, WEAVE)) - mean * mean, 0))
    # (the lightest nearby looked for at a quarter of the size: as good, and quicker)
    small = cv2.resize(grey, (width // 4, height // 4), interpolation=cv2.INTER_AREA)
    lightest = cv2.resize(cv2.dilate(small, _disc(9)), (width, height))
    ink = grey < INK * lightest
    calm = ((rough < CALM * float(np.median(rough))) | ink).astype(np.uint8) * 255
    calm = cv2.morphologyEx(calm, cv2.MORPH_OPEN, _disc(3))
    calm = cv2.morphologyEx(calm, cv2.MORPH_CLOSE, _disc(5))
    row = max(width, height) // 60 | 1
    calm = cv2.morphologyEx(calm, cv2.MORPH_CLOSE, _disc(row))
    contours, _ = cv2.findContours(calm, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cv2.drawContours(calm, contours, -1, 255, -1)
    return cv2.morphologyEx(calm, cv2.MORPH_OPEN, _disc(row))


# A half alone is square within SQUARE (its box's long side over its short side) and fills its
# box; the other half, across its line, holds pips: FEW_INK to PIPS of it darker than its face.
SQUARE, FEW_INK, PIPS = 1.35, 0.03, 0.45


def other_halves(faces: np.ndarray, grey: np.ndarray) -> None:
    """Each face found whose other half is not (the half crowded with pips is no calm region
    on a blotchy table): a lone square face grown, in `faces`, across the side where its
    line runs dark along it and a face as light beyond holds pips."""
    count, labels, stats, _ = cv2.connectedComponentsWithStats(faces, connectivity=8)
    for label in range(1, count):
        if stats[label, cv2.CC_STAT_AREA] > 0.03 * faces.size:
            continue
        x, y, w, h, area = stats[label]
        contours, _ = cv2.findContours(
            (labels[y : y + h, x : x + w] == label).astype(np.uint8),
            cv2.RETR_EXTERNAL,
            cv2.CHAIN_APPROX_SIMPLE,
        )
        (cx, cy), (bw, bh), angle = cv2.minAreaRect(contours[0])
        if min(bw, bh) < 8 or max(bw, bh) > SQUARE * min(bw, bh) or area < 0.8 * bw * bh:
            continue
        other = _other_half(grey, ((cx + x, cy + y), (bw, bh), angle))
        if other is not None:
            cv2.fillConvexPoly(faces, np.int32(np.round(other)), 255)


def _other_half(grey: np.ndarray, half: tuple) -> np.ndarray | None:
    """The corners of the half beyond a lone square `half` (a rotated box) on the side where
    its line is: of the four sides, the one where the band along it is darkest against the
    faces on either side, the far one as light as this one and holding pips; None if none."""
    box = cv2.boxPoints(half)
    best, found = 0.0, None
    for k in range(4):
        # (the half's side from corner k to k+1, and the box beyond it, as long)
        a, b = box[k], box[(k + 1) % 4]
        out = box[(k + 1) % 4] - box[(k + 2) % 4]
        pair = np.float32([box[(k + 3) % 4], box[(k + 2) % 4], b + out, a + out])
        score = _line_between(grey, pair)
        if score > best:
            best, found = score, np.float32([a, b, b + out, a + out])
    return found


def _line_between(grey: np.ndarray, pair: np.ndarray) -> float:
    """How plainly two halves side by side are one tile's (`pair`: their outline, the first
    half's far side first): the band between them darker than both faces, the second as
    light as the first between its pips, holding pips. 0 if not."""
    size = 40
    flat = cv2.warpPerspective(
        grey,
        cv2.getPerspectiveTransform(
            pair, np.float32([[0, 0], [0, size], [2 * size, size], [2 * size, 0]])
        ),
        (2 * size, size),
    )
    first, second = flat[3:-3, 3 : size - 4], flat[3:-3, size + 4 : -3]
    face = float(np.percentile(first, 80))
    light = float(np.percentile(second, 80))
    ink = float(np.mean(second < 0.75 * light))
    # (dark along most of its length, the faces light right up to it on both sides: a rim's
    # shade has the table beyond it)
    line = float(np.percentile(flat[3:-3, size - 3 : size + 3].min(axis=1), 75))
    beside = min(
        float(np.percentile(flat[3:-3, size - 9 : size - 3], 60)),
        float(np.percentile(flat[3:-3, size + 3 : size + 9], 60)),
    )
    darker = line > 0.8 * min(face, light) or beside < 0.9 * min(face, light)
    if abs(light - face) > 0.15 * face or not FEW_INK <= ink <= PIPS or darker:
        return 0.0
    return min(face, light) - line
