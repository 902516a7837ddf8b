"""The leaderboard's places: an equal rating shares the place (the next skips) and says so; two
ratings the same as shown but not equal say which is ahead. RULES.md orders the leaderboard by
rating and names no other tie-break."""

import csv
import datetime as dt
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from scorekeeper.clubs.models import Season
from scorekeeper.clubs.ratings import Level, places, shown
from tests.clubs.factories import club_with, played

ANA_AND_CARA = ("Ana", "Ben", "Cara", "Dev")


# --- The places, pure -------------------------------------------------------------------------


def test_different_ratings_take_places_one_by_one():
    assert places([12.0, 8.5, 3.0]) == [(1, None), (2, None), (3, None)]


def test_an_equal_rating_shares_the_place_and_the_next_skips():
    assert places([12.0, 12.0, 8.5, 8.5, 3.0]) == [
        (1, Level.SHARED),
        (1, Level.SHARED),
        (3, Level.SHARED),
        (3, Level.SHARED),
        (5, None),
    ]


def test_float_noise_is_no_lead():
    assert places([0.1 + 0.2, 0.3]) == [(1, Level.SHARED), (1, Level.SHARED)]


def test_the_same_rating_as_shown_says_who_is_ahead():
    assert shown(12.34) == shown(12.31)
    assert places([12.34, 12.31, 9.0]) == [(1, Level.AHEAD), (2, Level.BEHIND), (3, None)]


def test_a_rating_shown_as_halves_round_up_as_the_page_shows_it():
    assert str(shown(2.25)) == "2.3"
    assert places([2.25, 2.3]) == [(1, Level.AHEAD), (2, Level.BEHIND)]


# --- The page -------------------------------------------------------------------------------


@pytest.fixture
def partners_club(db):
    """Ana & Cara beat Ben & Dev five times: partners who only played together rate the same."""
    club, (table,) = club_with("North")
    for _match in range(5):
        played(table, ANA_AND_CARA, 0)
    return club


def cards(page: str) -> dict[str, tuple[str, str]]:
    """Each ranked card: the player's key, the place before the name and the tie words."""
    ranked = page.split('class="stat-cards leaderboard"', 1)[1].split("</ol>", 1)[0]
    found = {}
    for card in ranked.split('data-player="')[1:]:
        player = card.split('"', 1)[0]
        place = re.search(r"<h3>(\d+)\. ", card)[1]
        note = re.search(r"data-tie>([^<]*)<", card)
        found[player] = (place, note[1] if note else "")
    return found


def test_partners_with_the_same_rating_share_the_place_and_say_so(client, partners_club):
    page = client.get(partners_club.get_absolute_url()).content.decode()
    shared = "Shared place: level on rating."
    assert cards(page) == {
        "ana": ("1", shared),
        "cara": ("1", shared),
        "ben": ("3", shared),
        "dev": ("3", shared),
    }


def test_a_seasons_standings_share_the_place_too(client, partners_club):
    today = timezone.localdate()
    season = Season.objects.create(
        club=partners_club,
        name="Now",
        starts_on=today - dt.timedelta(days=1),
        ends_on=today + dt.timedelta(days=1),
    )
    page = client.get(f"{partners_club.get_absolute_url()}?season={season.pk}").content.decode()
    assert {player: place for player, (place, _note) in cards(page).items()} == {
        "ana": "1",
        "cara": "1",
        "ben": "3",
        "dev": "3",
    }


@pytest.mark.parametrize(
    ("language", "words"),
    [("es", "Puesto compartido: empate en rating."), ("sv", "Delad placering: lika rating.")],
)
def test_the_shared_place_is_said_in_the_readers_language(speaking, partners_club, words):
    page = speaking.get(partners_club.get_absolute_url()).content.decode()
    assert cards(page)["ana"] == ("1", words)


def test_the_spreadsheet_has_the_shared_places(client, partners_club):
    response = client.get(reverse("club_csv", args=[partners_club.key]))
    rows = list(csv.reader(response.content.decode().splitlines()))
    assert sorted((row[0], row[1]) for row in rows[1:]) == [
        ("1", "Ana"),
        ("1", "Cara"),
        ("3", "Ben"),
        ("3", "Dev"),
    ]
