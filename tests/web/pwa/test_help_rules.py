"""The help page says what RULES.md says of Mexican Train and tournaments, in every language."""

import html
import re

import pytest
from django.urls import reverse

from tests.support.testing import scoring_match

pytestmark = pytest.mark.django_db


def help_text(client) -> str:
    page = client.get(reverse("help")).content.decode()
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_the_double_nine_game_is_for_two_to_four(client):
    assert "(or, for 2 to 4 players, a double-nine set for a smaller game)" in help_text(client)


def test_a_draw_avoids_a_repeat_while_one_without_exists(client):
    said = help_text(client)

    assert "round 1 is drawn at random" in said
    assert "while a draw without a repeat exists" in said
    assert "without repeating a meeting" not in said


def test_level_sides_play_on_while_they_stay_level(client):
    assert "level sides play one more hand, and another while they stay level" in help_text(client)


def test_entrants_still_level_share_the_place(client):
    assert "then points for; entrants still level share the place." in help_text(client)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("es", ["(o, de 2 a 4 jugadores, de doble nueve", "mientras exista un sorteo sin"]),
        ("sv", ["(eller, för 2 till 4 spelare, en dubbel-nio-sats", "så länge det finns en"]),
    ],
)
def test_the_translations_say_the_same(client, settings, language, words):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    said = help_text(client)
    for part in words:
        assert part in said


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("es", "entre los mismos jugadores cuando cada uno juega por su cuenta, sigue la serie"),
        ("sv", "eller samma spelare när var och en spelar för sig, fortsätter serien"),
    ],
)
def test_the_series_goes_on_with_the_same_players_each_for_themselves_too(
    client, settings, fresh_catalogues, language, words
):
    # "A rematch with the same sides" read as pairs only: "las mismas parejas", "samma lag".
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    assert words in help_text(client)


@pytest.mark.parametrize(
    ("preset", "said", "not_said"),
    [
        ("all_fives", "A blocked hand pays the whole count", "Going out or winning"),
        ("bergen", "Going out or winning a blocked hand pays", "A blocked hand pays the"),
    ],
)
def test_a_scoring_games_table_lists_its_own_rules(client, preset, said, not_said):
    match = scoring_match(preset)
    page = client.get(f"/help?t={match.table.key}").content.decode()
    this_table = page.split("A hand ends when")[0]
    assert said in this_table
    assert not_said not in this_table
    assert "capicú" not in this_table


def test_a_block_games_table_lists_its_capicu_count_and_blocked_rules(client, make_match):
    match = make_match(capicu_bonus=25)

    this_table = client.get(f"/help?t={match.table.key}").content.decode().split("A hand ends")[0]

    assert "The first side to 200 wins." in this_table
    assert "A capicú pays 25 more." in this_table
    assert "After the last round" not in this_table


def test_a_round_games_table_says_the_lowest_total_wins_and_no_target(client):
    from tests.web.match.test_rounds import start

    match = start(client)

    this_table = client.get(f"/help?t={match.table.key}").content.decode().split("A hand ends")[0]

    assert "After the last round, the lowest total wins." in this_table
    assert "The first side to" not in this_table
    assert "capicú" not in this_table
