"""The counter on a shiny table under a lamp (tests.photo.shine): glossy pips, each with a
white glint, on a cream face, and the lamp's glare on the table coming in from the photo's
edge as far as a tile or two."""

import pytest

from tests.photo.counted import count_each
from tests.photo.render import Photo, shiny_corpus
from tests.photo.test_counter import exact_totals, halves_share


@pytest.fixture(scope="module")
def shiny() -> list[tuple[Photo, object]]:
    return count_each(shiny_corpus(14, seed=43))


def test_tiles_in_a_lamps_glare_on_a_shiny_table_are_read(shiny):
    """10 of 14 exact, 106 of 118 halves (Dec 6; 3 and 90 before): a light region the
    photo's edge cuts, far larger than a whole tile, is the glare and no tile cut by the
    edge, so the tiles it ran into are looked for again as lighter than the table round them
    and by their edges (photo.counter); a glint on a pip is left out of the face's white
    that a finger is told against (photo.cover). Left: a tile lying wholly inside the glare,
    whose face is hardly lighter than it."""
    assert exact_totals(shiny) >= 10
    assert halves_share(shiny) >= 0.89
