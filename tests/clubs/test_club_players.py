"""Within a club a name is one player across its tables, compared as the statistics compare
names: case, spacing and Unicode form do not tell two apart; accents do."""

import pytest

from scorekeeper.clubs.history import player_key, players
from scorekeeper.clubs.models import Club
from tests.support.testing import make_match

pytestmark = pytest.mark.django_db


def club_of(*tables) -> Club:
    club = Club.objects.create(name="Park")
    for table in tables:
        club.join(table)
    return club


def test_case_spacing_and_unicode_form_make_one_player():
    assert player_key("Ana") == player_key("ana") == player_key(" ANA ")
    assert player_key("Jose\u0301") == player_key("José")
    assert player_key("Jose") != player_key("José")


def test_a_name_at_two_tables_is_one_player_of_the_club():
    first = make_match(names=("Ana", "Ben", "Cara", "Dev")).table
    second = make_match(names=("ana", "Eve", "Finn", "Gus")).table
    club = club_of(first, second)
    ana = [player for player in players(club.tables()) if player.key == "ana"]
    assert len(ana) == 1
    assert (ana[0].tables, ana[0].matches) == (2, 2)


def test_an_accent_makes_another_player():
    first = make_match(names=("José", "Ben", "Cara", "Dev")).table
    second = make_match(names=("Jose", "Eve", "Finn", "Gus")).table
    club = club_of(first, second)
    keys = [player.key for player in players(club.tables())]
    assert keys.count("josé") == keys.count("jose") == 1


def test_a_club_reads_only_its_own_tables():
    ours = make_match(names=("Ana", "Ben", "Cara", "Dev")).table
    make_match(names=("Zoe", "Ben", "Cara", "Dev"))  # a table of no club
    club = club_of(ours)
    assert sorted(player.key for player in players(club.tables())) == ["ana", "ben", "cara", "dev"]


def test_the_club_page_shows_one_line_for_a_player_of_two_tables(client):
    first = make_match(names=("Ana", "Ben", "Cara", "Dev")).table
    second = make_match(names=("ANA", "Eve", "Finn", "Gus")).table
    club = club_of(first, second)
    page = client.get(club.get_absolute_url()).content.decode()
    assert page.count("data-player") == 7
