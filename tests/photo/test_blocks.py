"""Upright tiles laid touching a little out of line (tests.photo.blocks): the row's outline
cuts an end off some tiles; each tile is grown back along its face to its own line's middle,
so no half loses a row of pips."""

import pytest

from scorekeeper.photo.counter import count_photo
from tests.photo.blocks import touching_corpus
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
