"""A chain of tiles pressed tight end to end, turning twice as a game leaves it
(tests.photo.blocks): one light region whose seams are only the tiles' rims' shade, parted
along them."""

import pytest

from tests.photo.blocks import snake_corpus
from tests.photo.counted import count_each
from tests.photo.test_counter import exact_totals, halves_share


@pytest.fixture(scope="module")
def counted():
    return count_each(snake_corpus(12))


def test_a_chain_of_tiles_pressed_tight_is_counted_exactly(counted) -> None:
    # (Before the seams were looked for at stricter levels of light, each tile showing its
    # own line: none of the twelve, 7 of 158 halves; after, 11 and 145.)
    assert exact_totals(counted) >= 9


def test_the_halves_of_a_chain_of_tiles_pressed_tight_are_read(counted) -> None:
    assert halves_share(counted) >= 0.85
