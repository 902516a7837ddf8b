"""Every club page in Spanish and Swedish: no English string of ours is left on screen."""

import datetime as dt
import re

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.clubs.models import Club, Season
from tests.clubs.factories import club_with, played
from tests.web.test_translations import assert_no_english, read_catalogue

pytestmark = pytest.mark.django_db

ANA_AND_CARA = ("Ana", "Ben", "Cara", "Dev")


@pytest.fixture
def club():
    club, (table,) = club_with("North")
    for winner in (0, 1, 0, 0, 1):
        played(table, ANA_AND_CARA, winner)
    played(table, ("Eve", "Ben", "Ana", "Dev"), 0)
    return club


def test_the_leaderboard(speaking: Client, language, club):
    assert_no_english(speaking.get(club.get_absolute_url()), language)


def test_a_players_page(speaking: Client, language, club):
    url = reverse("club_player", args=[club.key]) + "?p=ana"
    assert_no_english(speaking.get(url), language)


def test_a_new_club_refused(speaking: Client, language, db):
    assert_no_english(speaking.post(reverse("new_club"), {"name": " "}), language)


def test_a_table_page_with_its_club_and_a_refused_join(speaking: Client, language, club):
    table = club.tables().get()
    assert_no_english(speaking.get(table.get_absolute_url()), language)
    other = Club.objects.create(name="Bar")
    refused = speaking.post(reverse("join_club", args=[table.key]), {"link": other.key})
    assert_no_english(refused, language)


def test_a_season_and_a_refused_season(speaking: Client, language, club):
    season = Season.objects.create(
        club=club, name="Spring", starts_on=dt.date(2026, 3, 1), ends_on=dt.date(2026, 5, 31)
    )
    assert_no_english(speaking.get(f"{club.get_absolute_url()}?season={season.pk}"), language)
    data = {"name": "Backwards", "starts_on": "2026-06-01", "ends_on": "2026-05-01"}
    assert_no_english(speaking.post(reverse("new_season", args=[club.key]), data), language)


def test_the_pairs_page(speaking: Client, language, club):
    assert_no_english(speaking.get(reverse("club_pairs", args=[club.key])), language)


def test_a_players_chart_writes_its_numbers_as_the_page_does(speaking: Client, language, club):
    """The chart's labels (and its title) use the language's decimal comma, as the rating above
    it does: the SVG's coordinates are unlocalized, its words are not."""
    url = reverse("club_player", args=[club.key]) + "?p=ana"
    page = speaking.get(url).content.decode()
    chart = page[page.index("<svg") : page.index("</svg>")]
    labels = re.findall(r'fill="currentColor">([^<]+)</text>', chart)
    assert labels and all("." not in label for label in labels), labels
    assert any("," in label for label in labels), labels
    title = re.search(r"<title[^>]*>([^<]+)</title>", chart).group(1)
    assert re.findall(r"\d+\.\d", title) == [], title
    # The coordinates stay as SVG reads them.
    assert re.search(r'points="[\d.]+,[\d.]+ ', chart)


@pytest.mark.parametrize("language", ["es", "sv"])
def test_the_clubs_rating_has_one_word_wherever_it_is_named(language):
    """The club pages say "rating"; the tournament's seeding said "Por la valoración del club",
    the club's button "cabezas de serie por clasificación" (the standings' word), a season
    "partida puntuada", the Swedish "ratat parti" (a rejected match)."""
    other_words = [
        (english, translated)
        for english, translated in read_catalogue(language)
        if re.search(r"\brat(?:ing|ings|ed)\b", english, re.IGNORECASE)
        and "rating" not in translated.lower()
    ]
    assert not other_words, other_words
