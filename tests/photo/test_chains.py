"""Tiles laid touching in an L (tests.photo.blocks): end to end in a column, side by side at
its foot, found as one light region of no tile's shape; parted along the seams between them."""

import pytest

from tests.photo.blocks import chain_corpus
from tests.photo.counted import count_each
from tests.photo.test_counter import exact_totals, halves_share


@pytest.fixture(scope="module")
def counted():
    return count_each(chain_corpus(12))


def test_an_l_of_tiles_touching_is_counted_exactly(counted) -> None:
    # (Before the region was parted along its seams: none of the twelve, 15 of 96 halves.)
    assert exact_totals(counted) >= 7


def test_the_halves_of_an_l_of_tiles_touching_are_read(counted) -> None:
    assert halves_share(counted) >= 0.65
