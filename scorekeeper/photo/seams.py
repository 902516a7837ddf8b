"""The lines between tiles laid touching in a light rectangle, flattened (`ink`: how far each
pixel is below the tiles' white): where they run, how dark and how evenly (numpy and OpenCV
only, no Django)."""

import itertools

import cv2
import numpy as np

# A line between tiles is seen when this much of it is this much darker than the tiles' faces
# beside it.
SEAM_INK, SEAM_FAINT = 9, 3
# How even a line between tiles is all along: its lightest sixth against its median.
SEAM_EVEN = 0.65
# A tile's own dividing line, across its middle, is more than this darker than its face.
OWN_INK = 12


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
