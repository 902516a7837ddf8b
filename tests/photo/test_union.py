"""Which way of finding tiles gives way to another (photo.union): outlines that are pieces of
one whole tile another way finds, against tiles laid touching that it finds as one region."""

import numpy as np

from scorekeeper.photo.union import in_pieces


def box(x: float, y: float, w: float, h: float) -> np.ndarray:
    return np.float32([[x, y], [x + w, y], [x + w, y + h], [x, y + h]])


WHOLE = ([(box(0, 0, 200, 100), False, True)], 0)


def test_specks_inside_one_whole_tile_are_its_pieces():
    """A grey table's patch taken for a tile's size parts a tile into ten specks."""
    specks = [(box(10 + 18 * k, 60, 12, 12), False, False) for k in range(10)]
    assert in_pieces((specks, 0), WHOLE, scattered=True)
    assert in_pieces((specks, 0), WHOLE)


def test_tiles_laid_touching_that_fill_a_region_are_not_its_pieces():
    """Five tiles side by side, found by another way as one region of a tile's shape."""
    row = [(box(40 * k, 0, 40, 100), False, False) for k in range(5)]
    assert not in_pieces((row, 0), WHOLE, scattered=True)
    assert in_pieces((row, 0), WHOLE)  # faces of colour: their pieces between pips fill more


def test_fewer_than_five_or_large_ones_are_no_pieces():
    few = [(box(10 + 30 * k, 40, 12, 12), False, False) for k in range(4)]
    large = [(box(0, 0, 60, 100), False, False), *few]
    assert not in_pieces((few, 0), WHOLE, scattered=True)
    assert not in_pieces((large, 0), WHOLE, scattered=True)
