"""A club's leaderboard as CSV and its ratings with their history as JSON."""

import csv
import io

import pytest
from django.urls import reverse

from scorekeeper.clubs.models import ClubRating
from tests.clubs.factories import club_with, played

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    club, (table,) = club_with("North")
    for winner in (0, 0, 1, 0, 0):
        played(table, ("Ana", "Ben", "Cara", "Dev"), winner)
    played(table, ("=Eve()", "Ben", "Ana", "Dev"), 0)
    return club


def test_the_leaderboard_csv_has_the_ranked_then_the_provisional(client, club):
    response = client.get(reverse("club_csv", args=[club.key]))
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:2] == ["Place", "Name"]
    ana = ClubRating.objects.get(club=club, player="ana")
    assert rows[1][:4] == ["1", "Ana", f"{ana.rating:.1f}", "6"]
    # Eve played once: provisional, no place, and her name never read as a formula.
    assert rows[-1][:2] == ["", "'=Eve()"]


def test_the_leaderboard_csv_gives_the_last_results_in_the_readers_letters(client, club):
    """The page showed V/F in Swedish and the CSV the kept W/L, English in a Swedish file."""
    url = reverse("club_csv", args=[club.key])
    rows = {}
    for language in ("en", "es", "sv"):
        answer = client.get(url, headers={"accept-language": language})
        rows[language] = list(csv.reader(io.StringIO(answer.content.decode("utf-8-sig"))))[1]

    # Ana's six, newest first: won, won, won, lost, won, won.
    assert rows["en"][-1] == "WWWLWW"
    assert rows["sv"][-1] == "VVVFVV"
    assert rows["es"][-1] == "GGGPGG"


def test_the_ratings_json_holds_each_players_history(client, club):
    data = client.get(reverse("club_json", args=[club.key])).json()
    ana = next(line for line in data["families"]["block"] if line["name"] == "Ana")
    assert len(ana["history"]) == 6
    assert ana["history"][-1]["rating"] == ana["rating"]
    assert ana["rating"] == pytest.approx(ClubRating.objects.get(club=club, player="ana").rating)


def test_the_ratings_json_names_a_player_as_the_leaderboard_does(client):
    """Names that differ only by case are one player. The leaderboard names them as first
    typed; the JSON named them as typed at their latest match, another table's ("zqkim"
    beside "ZqKim")."""
    club, (first, second) = club_with("South", "East")
    played(first, ("ZqKim", "Ben", "Cara", "Dev"), 0)
    played(second, ("zqkim", "Ben", "Cara", "Dev"), 0)
    data = client.get(reverse("club_json", args=[club.key])).json()
    names = {line["name"] for line in data["families"]["block"]}
    assert "ZqKim" in names and "zqkim" not in names
    assert ClubRating.objects.get(club=club, player="zqkim", family="block").name == "ZqKim"
