"""Tiles laid touching, cut where they really meet (photo.seams): rows and blocks of rendered
tiles a little apart in size (nearer the camera larger, a set's tiles not all alike), dense
pips beside the lines between them, flattened as the counter flattens them."""

import itertools
import random

import cv2
import numpy as np
import pytest

from scorekeeper.photo.counter import SEAM_H
from scorekeeper.photo.pips import ink_of
from scorekeeper.photo.seams import tiles_between
from tests.photo.render import tile_face


def _tile(rng: random.Random, width: int, height: int) -> np.ndarray:
    """One upright tile, `width` by `height`, on a dark table, many pips in each half."""
    halves = (rng.randint(7, 12), rng.randint(7, 12))
    face, mask = tile_face(halves, 12, [(40, 40, 190), (170, 70, 20), (130, 60, 200)], rng)
    table = np.full_like(face, 30)
    tile = np.where(mask[..., None] > 0, face, table)
    return cv2.resize(np.rot90(tile).copy(), (width, height), interpolation=cv2.INTER_AREA)


def _row(rng: random.Random, count: int, height: int, shrink: float) -> tuple[np.ndarray, list]:
    """A row of `count` upright tiles side by side, each `shrink` shorter than the one before
    (farther from the camera) give or take 3%, and where the lines between them run."""
    widths = [round(height / 2 * (1 - shrink * i) * rng.uniform(0.97, 1.03)) for i in range(count)]
    row = np.hstack([_tile(rng, width, height) for width in widths])
    return row, list(itertools.accumulate(widths))[:-1]


def _flattened(photo: np.ndarray, across: int) -> np.ndarray:
    """The rectangle flattened as the counter flattens one (photo.counter._cells)."""
    height, width = photo.shape[:2]
    return ink_of(cv2.resize(photo, (round(SEAM_H * width / height), SEAM_H)))


@pytest.mark.parametrize("seed", range(4))
def test_a_row_of_tiles_apart_in_size_is_cut_where_they_meet(seed: int) -> None:
    rng = random.Random(seed)
    row, seams = _row(rng, 8, 200, 0.025)
    scale = SEAM_H / row.shape[0]
    boxes = tiles_between(_flattened(row, 8), 8, 1)
    cuts = [box[2] for box in boxes[:-1]]
    assert len(boxes) == 8
    # Each cut within a twentieth of a tile of where the tiles meet (equal parts are off by
    # up to a third of a tile at the row's far end).
    assert max(abs(cut - seam * scale) for cut, seam in zip(cuts, seams, strict=True)) <= 3


def test_a_block_is_cut_where_the_tiles_of_each_row_meet() -> None:
    rng = random.Random(7)
    top, top_seams = _row(rng, 5, 200, 0.03)
    bottom, bottom_seams = _row(rng, 5, 200, -0.02)
    width = max(top.shape[1], bottom.shape[1])
    block = np.vstack([cv2.resize(top, (width, 200)), cv2.resize(bottom, (width, 200))])
    stretch = [width / top.shape[1], width / bottom.shape[1]]
    scale = SEAM_H / block.shape[0]
    boxes = tiles_between(_flattened(block, 5), 5, 2)
    assert len(boxes) == 10
    for row, seams in enumerate((top_seams, bottom_seams)):
        cuts = [box[2] for box in boxes[5 * row : 5 * row + 4]]
        off = [
            abs(cut - seam * stretch[row] * scale) for cut, seam in zip(cuts, seams, strict=True)
        ]
        assert max(off) <= 3
