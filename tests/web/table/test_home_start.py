"""The home page's quick start: a phone with no table yet types the names and taps Start; the
table plays the usual game for as many players."""

import re

import pytest
from django.test import Client

from scorekeeper.models import Match
from tests.created import created

pytestmark = pytest.mark.django_db

NAMES = ("Ana", "Bea", "Cris", "Dani")


def quick_start(client: Client, names: tuple[str, ...], **tapped):
    """The home page's form posted as a phone posts it (with or without JavaScript): each of its
    inputs as drawn, the names typed in the first fields."""
    page = client.get("/").content.decode()
    form = page[page.index('class="setup quick"') : page.index("</form>")]
    data = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
    data.update({f"player_{number}": name for number, name in enumerate(names, 1)})
    return client.post("/new", {**data, **tapped})


@pytest.mark.parametrize("players", [2, 3])
def test_fewer_than_four_names_start_a_game_each_for_themselves(client: Client, players):
    # Before, three names reloaded the full setup with "This game is for four players." at
    # the game list, far below the names, and no table: the form posted the park game in pairs.
    response = quick_start(client, NAMES[:players])

    match = created(Match).get()
    assert response.status_code == 302 and response["Location"] == match.get_absolute_url()
    assert match.seat_names() == list(NAMES[:players])
    assert (match.preset, match.partnership, match.target) == ("pub_block", False, 100)
    assert len(match.side_names()) == players


def test_four_names_start_the_park_game_in_pairs(client: Client):
    response = quick_start(client, NAMES)

    match = created(Match).get()
    assert response.status_code == 302
    assert (match.preset, match.partnership, match.target, match.capicu_bonus) == (
        "caribbean",
        True,
        200,
        25,
    )
    assert match.side_names() == ["Ana & Cris", "Bea & Dani"]


def test_one_name_is_refused_at_the_names(client: Client):
    response = quick_start(client, NAMES[:1])

    assert response.status_code == 422
    assert response.context["form"].errors == {
        "player_2": ["Type a name: a game needs at least two players."]
    }
    assert not created(Match).exists()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_quick_start_plays_the_default_series_best_of_three(client: Client, players):
    # Before, the quick start posted no series and the table played an open series, while the
    # setup page (and RULES.md) start best of three.
    quick_start(client, NAMES[:players])

    match = created(Match).get()
    assert (match.series.first_to, match.series.shutout_counts_double) == (2, False)
    assert match.table.series_first_to == 2


def test_other_games_takes_the_names_typed_to_the_setup_with_its_rules_open(client: Client):
    # Before: a link to the setup, and the names typed were lost.
    home = client.get("/").content.decode()
    assert '<button class="btn subtle" type="submit" name="refresh" value="rules">' in home
    response = quick_start(client, NAMES, refresh="rules")

    page = response.content.decode()
    assert response.status_code == 200
    assert not created(Match).exists()
    for number, name in enumerate(NAMES, 1):
        assert f'name="player_{number}" value="{name}"' in page
    assert '<details class="rules-fold" open>' in page


def test_a_name_too_long_comes_back_whole_with_its_refusal_at_its_field(client: Client):
    # Before: the field's maxlength cut "María José Fernández de la Peña" (31) to 30 letters
    # without a word, and the match started with the name cut.
    home = client.get("/").content.decode()
    assert "maxlength" not in home
    long = "María José Fernández de la Peña"
    response = quick_start(client, (long, "Bea", "Cris", "Dani"))

    assert response.status_code == 422
    assert response.context["form"].errors["player_1"] == ["Type a name of at most 30 characters."]
    assert f'value="{long}"' in response.content.decode()
    assert not created(Match).exists()
