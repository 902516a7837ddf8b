"""A player's page per season: the season's matches alone, rated from nothing as the season's
standings are, chosen by a switch (the current season by default, as the leaderboard)."""

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorekeeper.clubs import seasons
from scorekeeper.clubs.models import Season
from scorekeeper.clubs.rerating import rebuild
from tests.clubs.factories import club_with, played
from tests.clubs.test_seasons import ended, local

pytestmark = pytest.mark.django_db

ANA_AND_CARA = ("Ana", "Ben", "Cara", "Dev")
ANA_AND_ZED = ("Ana", "Finn", "Zed", "Gus")


@pytest.fixture
def two_seasons():
    """Spring: Ana & Cara win twice. Summer (today's): Ana & Zed lose once."""
    club, (table,) = club_with("North")
    today = timezone.localdate()
    spring = Season.objects.create(
        club=club, name="Spring", starts_on=dt.date(2020, 3, 1), ends_on=dt.date(2020, 5, 31)
    )
    summer = Season.objects.create(
        club=club, name="Summer", starts_on=today - dt.timedelta(days=10), ends_on=today
    )
    for day in (2, 3):
        ended(played(table, ANA_AND_CARA, 0), local(dt.date(2020, 3, day)))
    ended(played(table, ANA_AND_ZED, 1), local(today))
    rebuild(club)  # the ends were moved behind the re-rating's back
    return club, spring, summer


def page(club, **query) -> str:
    url = reverse("club_player", args=[club.key])
    response = Client().get(url, {"p": "ana", "game": "block", **query})
    assert response.status_code == 200
    return response.content.decode()


def rated_matches(text: str) -> str:
    return text.split("after ", 1)[1].split(" rated", 1)[0]


def test_the_player_page_shows_the_current_season_by_default(two_seasons):
    club, _spring, summer = two_seasons
    text = page(club)
    assert f'data-season="{summer.pk}"' in text
    assert rated_matches(text) == "1"
    assert "Zed" in text and "Cara" not in text


def test_the_season_switch_shows_another_season_rated_from_nothing(two_seasons):
    club, spring, _summer = two_seasons
    text = page(club, season=str(spring.pk))
    assert rated_matches(text) == "2"
    assert "Cara" in text and "Zed" not in text
    standing = next(
        line for line in seasons.standings(club, spring)["block"] if line.player == "ana"
    )
    assert f"Rating {standing.rating:.1f} in" in text


def test_every_match_shows_the_kept_ratings(two_seasons):
    club, _spring, _summer = two_seasons
    text = page(club, season="all")
    assert rated_matches(text) == "3"
    assert "Cara" in text and "Zed" in text


def test_the_switch_keeps_the_player_and_the_game_without_javascript(two_seasons):
    club, spring, _summer = two_seasons
    text = page(club)
    assert '<input type="hidden" name="p" value="ana">' in text
    assert '<input type="hidden" name="game" value="block">' in text
    assert f'<option value="{spring.pk}">' in text


def test_a_season_the_player_did_not_play_says_so(two_seasons):
    club, _spring, _summer = two_seasons
    autumn = Season.objects.create(
        club=club, name="Autumn", starts_on=dt.date(2021, 9, 1), ends_on=dt.date(2021, 11, 30)
    )
    assert "No rated match in this season." in page(club, season=str(autumn.pk))


def test_a_player_the_club_never_rated_is_not_found(two_seasons):
    club, _spring, _summer = two_seasons
    url = reverse("club_player", args=[club.key])
    assert Client().get(url, {"p": "nobody"}).status_code == 404
