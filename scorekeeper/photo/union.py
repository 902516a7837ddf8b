"""The tiles one way of telling faces from the table missed, found by another (OpenCV and numpy
only, no Django): on a mottled park table each way finds some tiles and loses others to a
patch of light or shade, so a tile found whole by any is kept."""

from collections.abc import Callable

import cv2
import numpy as np

from scorekeeper.photo.shapes import at_edge
from scorekeeper.photo.shapes import corner_area as _area

# A tile another way found is of the photo's tiles' size: its area within this factor of
# theirs (a patch of the table a tile's shape is rarely of a tile's size too).
SIZE = 1.6
# How many far smaller outlines one whole tile holds to show them its pieces (in_pieces), and
# how much of it they may cover at most (tiles laid touching that one way finds as one region
# of a tile's shape fill it).
PIECES, SCATTERED = 5, 0.5


def joined(
    chosen: tuple[list, int], others: list[tuple[list, int]], readable: Callable, shape: tuple
) -> tuple:
    """The outlines `chosen` (corners, cut, alone) and how many regions were left unread, with
    each whole tile alone another way found where `chosen` has nothing (no outline over its
    middle, none of its outlines' middles in it, or only pieces of it), of the chosen tiles'
    size, and `readable` (nothing over it); `shape`, the photo's."""
    outlines, unread = chosen
    whole = [_area(c) for c, cut, _ in outlines if not cut]
    typical = float(np.median(whole)) if whole else 0.0
    kept = list(outlines)
    for found, _ in others:
        for corners, cut, alone in found:
            if cut or not alone or not _sized(_area(corners), typical):
                continue
            under = [o for o in kept if not _apart(corners, [o])]
            if all(_piece(o, corners, shape) for o in under) and readable(corners):
                kept = [o for o in kept if not any(o is u for u in under)]
                kept.append((corners, cut, alone))
    return kept, unread


def _piece(outline: tuple, corners: np.ndarray, shape: tuple) -> bool:
    """Whether an outline under a whole tile another way found is a piece of it, or it with a
    patch of the table as light joined on: cut (of no tile's shape), inside the photo, and
    of a tile's size (no larger than SIZE times the whole tile: not two tiles run together)."""
    other, cut, _ = outline
    return cut and not at_edge(other, shape) and _area(other) < SIZE * _area(corners)


def _sized(area: float, typical: float) -> bool:
    """Whether an outline is of a tile's size, the photo's tiles being `typical` (0: none)."""
    return typical == 0.0 or typical / SIZE <= area <= typical * SIZE


def _apart(corners: np.ndarray, outlines: list) -> bool:
    """Whether no outline lies over the middle of `corners`, nor its own middle inside them."""
    middle = _middle(corners)
    shape = corners.astype(np.float32)
    for other, _, _ in outlines:
        if cv2.pointPolygonTest(other.astype(np.float32), middle, False) >= 0:
            return False
        if cv2.pointPolygonTest(shape, _middle(other), False) >= 0:
            return False
    return True


def _middle(corners: np.ndarray) -> tuple[float, float]:
    xs, ys = corners[:, 0], corners[:, 1]
    return float(xs.mean()), float(ys.mean())


def in_pieces(found: tuple[list, int], near: tuple[list, int], scattered: bool = False) -> bool:
    """Whether the outlines `found` are tiles cut into pieces that `near` finds whole: some
    whole tile of `near` holds PIECES or more of them, each far smaller than it (a mask of
    colour parting a tile's face between its pips, a tile of the table's own hue); with
    `scattered`, together covering at most SCATTERED of it (a patch of a grey table taken for
    a tile's size parts a tile into specks; tiles laid touching fill a region one way finds
    of a tile's shape)."""
    centres = [_middle(np.float32(corners)) for corners, _, _ in found[0]]
    areas = [_area(corners) for corners, _, _ in found[0]]
    for corners, cut, _ in near[0]:
        outline = np.float32(corners).reshape(-1, 1, 2)
        inside = [
            area
            for middle, area in zip(centres, areas, strict=True)
            if cv2.pointPolygonTest(outline, middle, False) > 0
        ]
        area = _area(corners)
        few = len(inside) < PIECES or max(inside) >= area / 3.5
        if not cut and not few and (not scattered or sum(inside) <= SCATTERED * area):
            return True
    return False
