"""Upright tiles laid touching (tests.photo.blocks). A little out of line: the row's outline
cuts an end off some tiles; each tile is grown back along its face to its own line's middle,
so no half loses a row of pips. In a block pressed together in line: a row whose own lines
meet in one looks like one tile, but a half can hold no more than twelve pips."""

import pytest

from scorekeeper.photo.counter import count_photo
from tests.photo.blocks import block_corpus, touching_corpus
from tests.photo.test_counter import exact_totals, halves_share


@pytest.fixture(scope="module")
def counted():
    return [(photo, count_photo(photo.jpeg)) for photo in touching_corpus(12)]


def test_a_row_out_of_line_is_counted_exactly(counted) -> None:
    # (Before each tile was grown to its face: none of the twelve, 61 of 102 halves.)
    assert exact_totals(counted) >= 11


def test_every_tile_of_a_row_out_of_line_is_found_and_each_half_read(counted) -> None:
    assert all(len(count.counted) == len(photo.tiles) for photo, count in counted)
    assert halves_share(counted) >= 0.97


@pytest.fixture(scope="module")
def blocks():
    return [(photo, count_photo(photo.jpeg)) for photo in block_corpus(12)]


def test_a_block_whose_rows_look_like_tiles_is_read_tile_by_tile(blocks) -> None:
    # (Before a half read with more pips than it can hold sent its region to be parted
    # again: 7 of the twelve, 92 of 172 halves, each row of four read as one tile.)
    assert all(len(count.counted) == len(photo.tiles) for photo, count in blocks)
    assert exact_totals(blocks) >= 11
    assert halves_share(blocks) >= 0.97
