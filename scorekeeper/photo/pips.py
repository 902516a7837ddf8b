"""A flattened tile read: how far each pixel lies from its face (its ink), whether something
lies over it, where its dividing line runs, and each half's pips as blobs (OpenCV and numpy
only, no Django)."""

import cv2
import numpy as np

from scorekeeper.photo.channels import brightest
from scorekeeper.photo.cover import MARGIN, outward
from scorekeeper.photo.cover import covered as covered_rim
from scorekeeper.photo.table import tinted_ink

# A tile is warped flat to this size, its long side across, whatever its angle in the photo.
FLAT_W, FLAT_H = 240, 120
# A spinner's reach from the line's middle in a flattened tile: a double-six's is up to 1.45
# pips wide (16.5 px), and no pip comes nearer than 17 px.
SPINNER = 16
# A blob as tall as wide (within ROUND) filling its box as a disc does (ROUND_FILL or more) is
# one pip, however large: two pips run together are twice as long as wide.
ROUND, ROUND_FILL = 1.3, 0.68
# A half's pips are read against its own darkest ink, but not less than this share of the
# whole tile's.
HALF_FLOOR = 0.5
# What glare left of a pip: specks of ink at least this share of a pip's area in all.
SPECKS = 0.15
# A line between halves is this thin: darker than the face this many pixels either side of it
# by THIN in nearly every row.
RIDGE, THIN = 6, 20
# A blob: its area, whether it is round, and its centre from its half's middle.
Blob = tuple[int, bool, float, float]
# The face's colour, for telling what lies over a tile, is its median colour this much lighter.
GLARE_SLACK = 30


def ink_of(flat: np.ndarray, face: np.ndarray | None = None) -> np.ndarray:
    """How far each pixel is below the tile's own white nearby, in its darkest channel: a pip
    of any colour shows, a shadow over the tile does not (on a face of colour, how far from
    its own colour). With `face` (the face's own colour), the white is no lighter than it."""
    if (tinted := tinted_ink(flat)) is not None:
        return tinted
    kernel = cv2.getStructuringElement(cv2.MORPH_RECT, (31, 31))
    white = cv2.dilate(flat, kernel)
    white = white if face is None else np.minimum(white, face)
    return brightest(white.astype(np.int16) - flat).clip(0, 255).astype(np.uint8)


def widened(image: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """A tile flattened with MARGIN pixels of what lies round it."""
    flat = np.float32([[0, 0], [FLAT_W, 0], [FLAT_W, FLAT_H], [0, FLAT_H]]) + MARGIN
    warp = cv2.getPerspectiveTransform(corners.astype(np.float32), flat)
    size = (FLAT_W + 2 * MARGIN, FLAT_H + 2 * MARGIN)
    return cv2.warpPerspective(
        image, warp, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    )


def hidden(wide: np.ndarray, walls: bool = False) -> bool:
    """Whether something lies over a tile lying alone (a finger), `wide` the tile flattened
    with MARGIN pixels of what lies round it: dark across its rim and on beyond its edge, or
    on a face of colour far from both the face's colour and its pips' (photo.cover); with
    `walls`, a wall along a whole side of the outline is no finger."""
    flat = wide[MARGIN:-MARGIN, MARGIN:-MARGIN]
    face = face_colour(flat)
    ink = ink_of(flat, face)
    over = tinted_ink(flat, over=True)
    ink, line = ink if over is None else over, dividing_line(ink)[1]
    return covered_rim(ink, line, outward(wide, face), walls, float(face.max()))


def face_colour(flat: np.ndarray) -> np.ndarray:
    """The colour of a flattened tile's face, a little lighter than most of it: glare off a
    glossy face or its wrap is lighter still, and a cream face darker than glare by far in
    its blue; what is dark is judged against the face, not the glare beside it."""
    return (np.median(flat.reshape(-1, 3), axis=0) + GLARE_SLACK).clip(0, 255).astype(np.uint8)


def half_blobs(flat: np.ndarray) -> tuple[int, list[tuple[list[int], list[int]]]]:
    """Where the dividing line runs, and the area of each dark blob in each half: once at a
    level that finds faint pips, once at a stricter one where pips that blur ran together
    stand apart again. Each half's levels follow its own darkest ink (pale pips on a tile
    with a black line are judged against their own contrast), but not below a share of the
    tile's (a blank half's specks stay specks)."""
    ink = cv2.GaussianBlur(ink_of(flat, face_colour(flat)), (3, 3), 0)
    margin = 7
    tile_strong = float(np.percentile(ink[margin:-margin, margin:-margin], 99.5))
    split, _ = dividing_line(ink)
    split = thin_line(ink) or split
    # A spinner (a metal rivet in the line's middle, wider than the line) is no pip.
    ink = ink.copy()
    cv2.circle(ink, (split, FLAT_H // 2), SPINNER, 0, -1)
    band = 9
    inner = ink[margin:-margin]
    halves = (inner[:, margin : split - band], inner[:, split + band : FLAT_W - margin])
    levels = [_levels(half, tile_strong) for half in halves]
    # Each half's middle in its own crop: a half's pips lie alike about it.
    middles = (
        (split / 2 - margin, FLAT_H / 2 - margin),
        ((FLAT_W - split) / 2 - band, FLAT_H / 2 - margin),
    )
    found = [
        tuple(
            blob_areas((half > level[i]).astype(np.uint8), middle)
            for half, level, middle in zip(halves, levels, middles, strict=True)
        )
        for i in (0, 1)
    ]
    return split, found


def _levels(half: np.ndarray, tile_strong: float) -> list[float]:
    """The two ink levels a half's pips are read at: shares of its own darkest ink (or of
    HALF_FLOOR of the tile's, whichever is more), never below 38 nor above a cap."""
    strong = max(float(np.percentile(half, 99.5)) if half.size else 0.0, HALF_FLOOR * tile_strong)
    return [min(max(share * strong, 38), 110 + 60 * i) for i, share in enumerate((0.45, 0.7))]


def dividing_line(ink: np.ndarray) -> tuple[int, float]:
    """The column of the line between the halves and how dark it is: near the middle, dark
    down nearly all the tile's width (a low percentile over the rows: a column of pips has
    light gaps)."""
    start, end = FLAT_W * 21 // 50, FLAT_W * 29 // 50
    rows = ink[FLAT_H // 7 : FLAT_H * 6 // 7, start:end]
    along = np.percentile(rows, 15, axis=0)
    column = start + int(np.argmax(along)) if along.max() > 25 else FLAT_W // 2
    return column, float(along.max())


def thin_line(ink: np.ndarray) -> int | None:
    """The column of a thin line between the halves where one shows above and below the
    spinner's reach: darker than the face a few pixels either side in nearly every row
    there. A column of pips beside the line, as wide as a pip, never is."""
    start, end = FLAT_W * 21 // 50, FLAT_W * 29 // 50
    rows = np.r_[FLAT_H // 7 : FLAT_H // 2 - SPINNER, FLAT_H // 2 + SPINNER : FLAT_H * 6 // 7]
    ink = ink[rows].astype(np.int16)
    ridge = ink[:, start:end] - np.maximum(
        ink[:, start - RIDGE : end - RIDGE], ink[:, start + RIDGE : end + RIDGE]
    )
    along = np.percentile(ridge, 15, axis=0)
    return start + int(np.argmax(along)) if along.max() > THIN else None


def blob_areas(dark: np.ndarray, middle: tuple[float, float] = (0.0, 0.0)) -> list[Blob]:
    """Each dark blob's area, whether it is round (one pip, however large: on a real set
    a half of few pips has larger pips than one of many) rather than pips run together, and
    where its centre lies from the half's `middle`."""
    count, _, stats, centres = cv2.connectedComponentsWithStats(dark, connectivity=8)
    blobs = []
    for (_, _, w, h, area), (x, y) in zip(stats[1:count], centres[1:count], strict=True):
        if area < 18 or max(w, h) > 3.5 * min(w, h) or area < 0.35 * w * h:
            continue  # a speck, or a sliver of the edge or the line
        round_ = bool(max(w, h) < ROUND * min(w, h) and area >= ROUND_FILL * w * h)
        blobs.append((int(area), round_, float(x - middle[0]), float(y - middle[1])))
    return blobs


def typical_pip_area(blobs: list, level: int) -> float:
    """The area of one pip at a level: the photo's median blob (a set's pips are one size,
    or on a real set larger on halves of few pips: a round blob is one pip, whatever its
    size)."""
    areas = [blob[0] for _, found in blobs for half in found[level] for blob in half]
    return float(np.median(areas)) if areas else 0.0


def pips_of(blobs: list[Blob], pip_area: float) -> int:
    """Blobs counted as pips: one twice a pip's size and not round is two pips run together by
    blur (twice the half's own round pips too: on a real set a half of few pips has larger
    pips, and one the half's edge cuts is no longer round); one far smaller than a pip is a
    speck, unless it is what glare left of a pip (glare_hidden). Pieces of one pip a glare
    line split are joined first (joined)."""
    own = [area for area, round_, *_ in blobs if round_ and area >= 0.4 * pip_area]
    single = max(pip_area, float(np.median(own))) if own else pip_area
    blobs = joined(blobs, single)
    count = 0
    for area, round_, *_ in blobs:
        if area < 0.4 * pip_area:
            continue
        merged = area > 1.6 * single and not round_
        count += max(1, round(area / single)) if merged else 1
    return count + glare_hidden(blobs, pip_area)


def joined(blobs: list[Blob], pip_area: float) -> list[Blob]:
    """A half's blobs with the pieces of one pip made one again: two pips, apart or run
    together, lie at least a pip's width from middle to middle, but the pieces of one pip a
    line of glare split lie nearer (each smaller than a pip, both no more than one)."""
    reach = float(np.sqrt(max(pip_area, 1.0) / np.pi))
    kept: list[Blob] = []
    for blob in sorted(blobs, key=lambda blob: -blob[0]):
        area, _, x, y = blob
        piece = next(
            (
                i
                for i, (a, _, u, v) in enumerate(kept)
                if _pieces(a, area, np.hypot(x - u, y - v), reach, pip_area)
            ),
            None,
        )
        if piece is None:
            kept.append(blob)
            continue
        a, _, u, v = kept[piece]
        kept[piece] = (
            a + area,
            False,
            (a * u + area * x) / (a + area),
            (a * v + area * y) / (a + area),
        )
    return kept


def _pieces(first: int, second: int, apart: float, reach: float, pip_area: float) -> bool:
    return apart < 1.3 * reach and first < 0.9 * pip_area and first + second <= 1.2 * pip_area


def glare_hidden(blobs: list[Blob], pip_area: float) -> int:
    """Pips glare washed out or split into specks: a half's pips lie alike about its middle
    (every layout of pips turns onto itself half a turn round), so where a pip's twin across
    the middle is missing but specks of ink lie there, the specks are that pip. The middle is
    the point near the half's own that pairs the most pips (an outline a little off, or a pip
    glare cut, moves it a few pixels)."""
    reach = float(np.sqrt(max(pip_area, 1.0) / np.pi))
    pips = [(x, y) for area, _, x, y in blobs if area >= 0.4 * pip_area]
    specks = [(area, x, y) for area, _, x, y in blobs if area < 0.4 * pip_area]
    middle = _middle(pips, reach)
    found: list[tuple[float, float]] = []
    for x, y in pips:
        twin = (2 * middle[0] - x, 2 * middle[1] - y)
        if np.hypot(x - middle[0], y - middle[1]) < reach or _near(twin, pips + found, reach):
            continue
        left = sum(area for area, sx, sy in specks if np.hypot(sx - twin[0], sy - twin[1]) < reach)
        if left >= SPECKS * pip_area:
            found.append(twin)
    return len(found)


def _middle(pips: list[tuple[float, float]], reach: float) -> tuple[float, float]:
    """The point the half's pips lie alike about: of the half's own middle and the points
    halfway between two pips near it (within a pip's width across, less along), the one
    whose half turn lands the most pips on pips."""
    best, most = (0.0, 0.0), _paired(pips, (0.0, 0.0), reach)
    for i, (x, y) in enumerate(pips):
        for u, v in pips[i:]:
            middle = ((x + u) / 2, (y + v) / 2)
            if abs(middle[0]) > reach or abs(middle[1]) > 0.6 * reach:
                continue
            if (paired := _paired(pips, middle, reach)) > most:
                best, most = middle, paired
    return best


def _paired(pips: list[tuple[float, float]], middle: tuple[float, float], reach: float) -> int:
    return sum(_near((2 * middle[0] - x, 2 * middle[1] - y), pips, reach) for x, y in pips)


def _near(point: tuple[float, float], others: list[tuple[float, float]], reach: float) -> bool:
    return any(np.hypot(point[0] - x, point[1] - y) < reach for x, y in others)
