"""Within a club a name is one player across its tables, compared as the statistics compare
names: case, spacing and Unicode form do not tell two apart; accents do."""

import pytest
from django.urls import reverse

from scorekeeper.clubs.history import player_key
from scorekeeper.clubs.models import ClubRating
from scorekeeper.clubs.rerating import rebuild, up_to_date
from tests.clubs.factories import club_with, played

pytestmark = pytest.mark.django_db


def test_case_spacing_and_unicode_form_make_one_player():
    assert player_key("Ana") == player_key("ana") == player_key(" ANA ")
    assert player_key("Jose\u0301") == player_key("José")
    assert player_key("Jose") != player_key("José")


def test_a_name_at_two_tables_is_one_player_of_the_club():
    club, (north, south) = club_with("North", "South")
    played(north, ("Ana", "Ben", "Cara", "Dev"), 0)
    played(south, ("ana", "Eve", "Finn", "Gus"), 0)
    up_to_date(club)
    ana = ClubRating.objects.filter(club=club, player="ana")
    assert [(line.played, line.won) for line in ana] == [(2, 2)]


def test_an_accent_makes_another_player():
    club, (north, south) = club_with("North", "South")
    played(north, ("José", "Ben", "Cara", "Dev"), 0)
    played(south, ("Jose", "Eve", "Finn", "Gus"), 0)
    up_to_date(club)
    players = set(ClubRating.objects.filter(club=club).values_list("player", flat=True))
    assert {"josé", "jose"} <= players


def test_a_club_reads_only_its_own_tables(make_match):
    club, (north,) = club_with("North")
    played(north, ("Ana", "Ben", "Cara", "Dev"), 0)
    other = make_match(names=("Zoe", "Ben", "Cara", "Dev"))  # a table of no club
    played(other.table, ("Zoe", "Ben", "Cara", "Dev"), 0)
    up_to_date(club)
    players = set(ClubRating.objects.filter(club=club).values_list("player", flat=True))
    assert players == {"ana", "ben", "cara", "dev"}


def test_the_leaderboard_shows_one_line_for_a_player_of_two_tables(client):
    club, (north, south) = club_with("North", "South")
    played(north, ("Ana", "Ben", "Cara", "Dev"), 0)
    played(south, ("ANA", "Eve", "Finn", "Gus"), 0)
    page = client.get(club.get_absolute_url()).content.decode()
    assert page.count('data-player="ana"') == 1
    assert page.count("data-player=") == 7


def test_a_player_keeps_the_name_first_written_in_the_club(client):
    club, (north, south) = club_with("North", "South")
    played(north, ("Ana", "Ben", "Cara", "Dev"), 0)
    up_to_date(club)
    played(south, ("ana", "Eve", "Finn", "Gus"), 0)  # rated on its own, after Ana's first
    up_to_date(club)
    assert ClubRating.objects.get(club=club, player="ana").name == "Ana"
    rebuild(club)  # and rated again from nothing
    assert ClubRating.objects.get(club=club, player="ana").name == "Ana"


@pytest.mark.parametrize("typed", ["ana", "Ana", "ANA ", " ana  "])
def test_a_players_page_opens_by_the_name_as_typed(client, typed):
    # ?p=Ana (a link written by hand, or shared after a phone capitalised it) was a 404: only
    # the stored key 'ana' opened the page.
    club, (north,) = club_with("North")
    played(north, ("Ana", "Ben", "Cara", "Dev"), 0)
    response = client.get(reverse("club_player", args=[club.key]), {"p": typed})
    assert response.status_code == 200
    assert "Ana" in response.content.decode()


@pytest.mark.parametrize("typed", ["Aña", "", "x" * 10_000])
def test_a_players_page_of_no_player_is_not_found(client, typed):
    club, (north,) = club_with("North")
    played(north, ("Ana", "Ben", "Cara", "Dev"), 0)
    assert client.get(reverse("club_player", args=[club.key]), {"p": typed}).status_code == 404
