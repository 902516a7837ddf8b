"""The lines between tiles laid touching in a light rectangle, flattened (`ink`: how far each
pixel is below the tiles' white): where they run, how dark and how evenly (numpy and OpenCV
only, no Django)."""

import itertools

import cv2
import numpy as np

from scorekeeper.photo.pips import ink_of

# A line between tiles is seen when this much of it is this much darker than the tiles' faces
# beside it.
SEAM_INK, SEAM_FAINT = 9, 3
# How even a line between tiles is all along: its lightest sixth against its median.
SEAM_EVEN = 0.65
# A tile's own dividing line, across its middle, is more than this darker than its face.
OWN_INK = 12
# Tiles laid touching differ in length by up to this share of a tile (a set's tiles vary, the
# camera makes those nearer larger), and the lines between them drift up to DRIFT of a tile
# from equal parts; each share of a tile a line lies from equal parts costs AWAY in darkness.
SPREAD, DRIFT, AWAY = 0.2, 0.3, 4.0
# Where the lines between them run is looked for with each tile's short side this long.
FINE_SIDE = 60
# A tile in a row a little out of line has its own line up to OFF_MIDDLE of its length from
# the middle of the row; found more than MOVED of its length from where its two ends are
# equal, the tile is taken to run past the row's outline.
OFF_MIDDLE, MOVED = 0.2, 0.06
# The row is looked at with this share of its height beside it on either side; a face is
# told from the table there if the two are at least FACE_APART apart in grey.
BESIDE, FACE_APART = 0.25, 60
# A tile of a row end to end is taken to be slid sideways out of line if its face runs past
# the row's outline by SLID of its width more than the other tiles' faces do.
SLID = 0.1
# A tile's end lies at most REACH of its width from its own line (it is twice as long as wide).
REACH = 1.1
# Along a tile, a row of its pips breaks its face for less than GAP of its length.
GAP = 0.05


def end_to_end(ratio: float, across: int, down: int, tiles: int) -> bool:
    """Whether a grid is a row of tiles end to end within one of the `tiles` told."""
    return bool(tiles) and down == 1 and abs(across - tiles) <= 1 and ratio > across


def middles(darkness: np.ndarray, parts: int) -> float:
    """How dark the faintest of `parts` equal tiles' own lines runs, each the darkest within
    an eighth of a tile of its middle."""
    step = len(darkness) / parts
    return min(
        float(darkness[round((i + 0.375) * step) : round((i + 0.625) * step) + 1].max())
        for i in range(parts)
    )


def seam(strength: float, even: float) -> bool:
    """Whether a line is one between tiles: dark evenly all across (a tile's own line stops
    short of its edges, a row of pips has gaps), or very dark and fairly even (tiles a little
    out of line leave a lighter stretch)."""
    return (strength >= SEAM_FAINT and even >= SEAM_EVEN) or (
        strength >= 3 * SEAM_INK and even >= 0.45
    )


def line_darkness(ink: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """How much darker than most each column and each row of a flattened rectangle is all
    along its length (the mean of its lightest sixth, less the median of those), and how even
    that darkness is (its lightest sixth over its median): a line between two tiles is dark
    evenly all the way across; tiles' own lines in a row stop short of each tile's edges, pips
    leave gaps, and the photo's grain is in every column alike."""
    # Smoothed along the line (the grain), the darkest of a few pixels across it.
    wide = cv2.dilate(cv2.blur(ink, (1, 9)), np.ones((1, 5), np.uint8))
    tall = cv2.dilate(cv2.blur(ink, (9, 1)), np.ones((5, 1), np.uint8))
    columns, rows = _lightest_mean(wide, axis=0), _lightest_mean(tall, axis=1)
    even_columns = columns / np.maximum(np.median(wide, axis=0), 1)
    even_rows = rows / np.maximum(np.median(tall, axis=1), 1)
    return columns - np.median(columns), rows - np.median(rows), even_columns, even_rows


def sharp_lines(ink: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """How much darker than most each column and each row of a flattened rectangle is all
    along its length, barely smoothed: where the lines between tiles lie exactly (smoothed
    more, a column of a tile's many pips, small gaps between them, reads as dark as they)."""
    wide = cv2.dilate(cv2.blur(ink, (1, 3)), np.ones((1, 3), np.uint8))
    tall = cv2.dilate(cv2.blur(ink, (3, 1)), np.ones((3, 1), np.uint8))
    columns, rows = _lightest_mean(wide, axis=0), _lightest_mean(tall, axis=1)
    return columns - np.median(columns), rows - np.median(rows)


def _lightest_mean(ink: np.ndarray, axis: int) -> np.ndarray:
    along = np.sort(ink, axis=axis).astype(np.float32)
    share = max(1, ink.shape[axis] // 6)
    return along.take(range(share), axis=axis).mean(axis=axis)


def lines_at(darkness: np.ndarray, even: np.ndarray, parts: int):
    """Where the lines between `parts` equal tiles run (each the darkest within an eighth of a
    tile of where it should), the rectangle's ends included; how dark each is, and how
    evenly."""
    size = len(darkness)
    step = size / parts
    cuts, strengths, evenness = [0], [], []
    for i in range(1, parts):
        low, high = round((i - 0.125) * step), round((i + 0.125) * step) + 1
        at = low + int(np.argmax(darkness[low:high]))
        cuts.append(at)
        strengths.append(float(darkness[at]))
        evenness.append(float(even[at]))
    return [*cuts, size], strengths, evenness


def tiles_between(ink: np.ndarray, across: int, down: int) -> list[tuple[int, int, int, int]]:
    """Each tile of a grid `across` by `down` laid touching in a flattened rectangle (left,
    top, right, bottom; row by row), cut where the lines between them really run: the lines
    between rows across the whole rectangle, then those between the tiles of each row in that
    row alone (tiles a little apart in size leave them out of line from row to row)."""
    if across == down == 1:
        return [(0, 0, ink.shape[1], ink.shape[0])]  # a tile alone: no line between tiles
    ys = placed(sharp_lines(ink)[1], down)
    boxes = []
    for y0, y1 in itertools.pairwise(ys):
        xs = placed(sharp_lines(ink[y0:y1])[0], across)
        boxes += [(x0, y0, x1, y1) for x0, x1 in itertools.pairwise(xs)]
    return boxes


def placed(darkness: np.ndarray, parts: int) -> list[int]:
    """Where the lines between `parts` tiles laid touching run, the rectangle's ends included:
    each where the rectangle is darkest along it (`darkness`, barely smoothed), found
    together. Tiles a little apart in size, or nearer the camera, drift the lines from equal
    parts, so each tile may be up to SPREAD longer or shorter than the rest, and each line
    up to DRIFT of a tile from where equal tiles would put it (a tile's own line, half a tile
    on, is never taken for one between tiles)."""
    size = len(darkness)
    step = size / parts
    back, score = [], np.zeros(1, np.float32)
    before = np.zeros(1, np.int64)
    for i in range(1, parts):
        here = np.arange(
            max(round((i - DRIFT) * step), 1), min(round((i + DRIFT) * step), size - 1) + 1
        )
        gap = here[:, None] - before[None, :]
        fits = (gap >= (1 - SPREAD) * step) & (gap <= (1 + SPREAD) * step)
        total = np.where(fits, score[None, :], -np.inf)
        pick = np.argmax(total, axis=1)
        away = np.abs(here - i * step) / step
        score = total[np.arange(len(here)), pick] + darkness[here] - AWAY * away
        back.append((here, pick))
        before = here
    cuts = [size]
    if parts > 1:
        last = size - before
        fits = (last >= (1 - SPREAD) * step) & (last <= (1 + SPREAD) * step)
        at = int(np.argmax(np.where(fits, score, -np.inf)))
        for here, pick in reversed(back):
            cuts.append(int(here[at]))
            at = int(pick[at])
    cuts.append(0)
    cuts.reverse()
    return cuts


def own_lines(ink: np.ndarray, xs: list[int], ys: list[int]) -> float:
    """The share of a grid's tiles whose own dividing line shows across their middle (one
    tile's own line and a row of its pips taken for lines between tiles leave cells with
    none)."""
    cells = [
        ink[y0:y1, x0:x1] for y0, y1 in itertools.pairwise(ys) for x0, x1 in itertools.pairwise(xs)
    ]
    return sum(
        own_line(cell if cell.shape[1] >= cell.shape[0] else cell.T) for cell in cells
    ) / max(len(cells), 1)


def own_line(cell: np.ndarray) -> bool:
    """Whether a tile (long side across) shows its own line near its middle: OWN_INK darker
    than most of the tile down most of its width (a low percentile: a column of pips has light
    gaps), its ends left out (the rim)."""
    height, width = cell.shape
    middle = cell[height // 7 : height * 6 // 7, width * 42 // 100 : width * 58 // 100 + 1]
    if middle.size == 0:
        return False
    return float(np.percentile(middle, 15, axis=0).max() - np.median(cell)) > OWN_INK


def centred(ink: np.ndarray, grey: np.ndarray, boxes: list) -> list[tuple[int, int, int, int]]:
    """Each upright tile of a row laid side by side, its ends moved so its own line lies in its
    middle (tiles a little out of line: the row's outline cuts an end of a tile off, and the
    pips there with it). `grey` is the row flattened with BESIDE of its height of what lies
    beside it on either side. A tile grows only over its own face, lighter than the table by
    FACE_APART (on a table about as light, nothing moves); a tile whose own line is not found
    is left as it was."""
    margin = round(BESIDE * ink.shape[0])
    table = float(np.median(np.vstack([grey[: margin // 2], grey[-(margin // 2) :]])))
    face = float(np.median(grey[margin:-margin]))
    if face - table < FACE_APART:
        return boxes
    light = grey > (face + table) / 2
    # (in a block, a tile's end against the next row's tile stays where the seam runs)
    height = ink.shape[0]
    return [_about_line(ink, light, margin, box, (box[1] == 0, box[3] == height)) for box in boxes]


def _about_line(
    ink: np.ndarray,
    light: np.ndarray,
    margin: int,
    box: tuple[int, int, int, int],
    ends: tuple[bool, bool] = (True, True),
) -> tuple[int, int, int, int]:
    """One upright tile's box, each end on the outline (`ends`: its top, its bottom) grown to
    a tile's width from its own line (a tile is twice as long as wide) as far as its face runs
    on beyond the row's outline."""
    x0, y0, x1, y1 = box
    inset = (x1 - x0) // 6
    strip = ink[y0:y1, x0 + inset : x1 - inset]
    length = y1 - y0
    if strip.size == 0 or length < 8:
        return box
    # Its own line: dark across all the strip (a row of pips leaves light gaps between them).
    rows = np.percentile(strip, 15, axis=1)
    low, high = round(length * (0.5 - OFF_MIDDLE)), round(length * (0.5 + OFF_MIDDLE))
    at = y0 + low + int(np.argmax(rows[low:high]))
    if rows[at - y0] - np.median(strip) <= OWN_INK:
        return box
    # (no further than a tile's width and a little from its own line: a streak of light on
    # a shiny table beyond its end is no face of it)
    half = min(round(length * (0.5 + OFF_MIDDLE)), round(REACH * (x1 - x0)))
    gap = max(2, round(GAP * length))
    face = light[:, x0 + inset : x1 - inset].mean(axis=1) >= 0.2
    top = _face_end(face[: margin + y0][::-1], y0 - at + half, gap) if ends[0] else 0
    bottom = _face_end(face[margin + y1 :], at + half - y1, gap) if ends[1] else 0
    grown = (x0, y0 - top, x1, y1 + bottom)
    return grown if top + bottom >= MOVED * length else box


def _face_end(face: np.ndarray, short: int, gap: int) -> int:
    """How far a tile's end moves out, up to `short`: over the rows of face beyond it, to the
    first `gap` rows of none (a row of its pips breaks the face for fewer)."""
    run = np.concatenate([face[: max(short, 0)], np.zeros(gap, bool)])
    ends = np.convolve(~run, np.ones(gap, int), mode="valid")
    return int(np.flatnonzero(ends == gap)[0])


def placed_cells(
    image: np.ndarray, quad: np.ndarray, size: tuple[int, int], across: int, down: int
) -> list[np.ndarray]:
    """The tiles of a grid `across` by `down` laid touching in a light rectangle, cut where the
    lines between them really run, looked for at the photo's own sharpness (flattened to
    photo.counter.SEAM_H, a hairline between tiles pressed tight fades below a column of pips)."""
    if across == down == 1:  # a tile alone: no line between tiles, its long side first
        return [quad if size[0] >= size[1] else np.roll(quad, -1, axis=0)]
    native = (np.linalg.norm(quad[1] - quad[0]) + np.linalg.norm(quad[3] - quad[2])) / 2
    short = min(size[0] / across, size[1] / down)
    scale = float(np.clip(min(FINE_SIDE / short, native / size[0]), 1, 4))
    fine = (round(size[0] * scale), round(size[1] * scale))
    rect = np.float32([[0, 0], [fine[0], 0], [fine[0], fine[1]], [0, fine[1]]])
    warp = cv2.getPerspectiveTransform(quad.astype(np.float32), rect)
    ink = ink_of(cv2.warpPerspective(image, warp, fine, flags=cv2.INTER_LINEAR))
    boxes = _out_of_line(image, warp, ink, tiles_between(ink, across, down), (across, down))
    back = np.linalg.inv(warp)
    return [cv2.perspectiveTransform(_cell(*box)[None], back)[0] for box in boxes]


def _out_of_line(
    image: np.ndarray, warp: np.ndarray, ink: np.ndarray, boxes: list, grid: tuple[int, int]
) -> list:
    """The tiles' boxes of one row, or two, of tiles side by side, perhaps out of line: a
    tile of an outer row may run past the outline at its outer end (centred); the rows
    upright in the flattened rectangle, or lying along it (looked at turned a quarter)."""
    across, down = grid
    height, width = ink.shape
    if across > 1 and down <= 2 and width / across < height / down:
        return centred(ink, _beside(image, warp, (width, height)), boxes)
    if across > 1 and down == 1 and width / across >= height:
        return _sides_out(_beside(image, warp, (width, height)), boxes, height)
    if down > 1 and across <= 2 and height / down < width / across:
        turn = np.float64([[0, 1, 0], [1, 0, 0], [0, 0, 1]]) @ warp
        turned = [(y0, x0, y1, x1) for x0, y0, x1, y1 in boxes]
        turned = centred(np.ascontiguousarray(ink.T), _beside(image, turn, (height, width)), turned)
        return [(x0, y0, x1, y1) for y0, x0, y1, x1 in turned]
    return boxes


def _sides_out(grey: np.ndarray, boxes: list, height: int) -> list:
    """Each tile of a row laid end to end, its sides moved out as far as its face runs on
    past the row's outline further than the other tiles' faces do (a tile a little out of
    line: the row's outline cuts a strip off its side, and the pips there with it; the rims
    and walls all the tiles show alike are left out). On a table about as light as the faces
    (FACE_APART), nothing moves."""
    margin = round(BESIDE * height)
    table = float(np.median(np.vstack([grey[: margin // 2], grey[-(margin // 2) :]])))
    face = float(np.median(grey[margin:-margin]))
    if face - table < FACE_APART:
        return boxes
    light = grey > (face + table) / 2
    out = [_side_face(light, margin, box) for box in boxes]
    least = [min(ends) for ends in zip(*out, strict=True)]
    # (a few pixels more are the blur, or the row's outline a little bent: no tile slid)
    out = [
        [
            far - near if far - near >= SLID * height else 0
            for far, near in zip(ends, least, strict=True)
        ]
        for ends in out
    ]
    return [
        (x0, y0 - top, x1, y1 + bottom)
        for (x0, y0, x1, y1), (top, bottom) in zip(boxes, out, strict=True)
    ]


def _side_face(light: np.ndarray, margin: int, box: tuple) -> tuple[int, int]:
    """How far a tile's face (long side across) runs on past its box's top and its bottom."""
    x0, y0, x1, y1 = box
    inset = (x1 - x0) // 10
    face = light[:, x0 + inset : x1 - inset].mean(axis=1) >= 0.2
    gap = max(2, round(GAP * (x1 - x0)))
    return _face_end(face[: margin + y0][::-1], margin, gap), _face_end(
        face[margin + y1 :], margin, gap
    )


def _beside(image: np.ndarray, warp: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """A flattened row of tiles in grey, with BESIDE of its height of what lies beside it
    above and below."""
    margin = round(BESIDE * size[1])
    shift = np.float64([[1, 0, 0], [0, 1, margin], [0, 0, 1]])
    flat = cv2.warpPerspective(image, shift @ warp, (size[0], size[1] + 2 * margin))
    return cv2.cvtColor(flat, cv2.COLOR_BGR2GRAY)


def _cell(x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
    """The corners of one tile in the flattened rectangle, its long side first."""
    corners = np.float32([[x0, y0], [x1, y0], [x1, y1], [x0, y1]])
    return corners if x1 - x0 >= y1 - y0 else np.roll(corners, -1, axis=0)
