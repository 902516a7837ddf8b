"""A club table's own backup, restored and joined again, gives the club the same ratings: they
are recomputed from the restored matches, never imported."""

import json

import pytest

from scorekeeper.backup import export_table, import_table
from scorekeeper.clubs.management.commands.recompute_ratings import differences
from scorekeeper.clubs.models import ClubRating, RatedMatch
from scorekeeper.models import Table
from tests.clubs.factories import club_with, played

pytestmark = pytest.mark.django_db

SCHEDULE = [
    (0, ("Ana", "Ben", "Cara", "Dev"), 0),
    (1, ("ana", "Eve", "Finn", "Ben"), 1),
    (0, ("Cara", "Dev", "Ana", "Eve"), 1),
    (1, ("Finn", "ANA", "Ben", "Cara"), 0),
]


def ratings_of(club) -> dict:
    rows = ClubRating.objects.filter(club=club).values_list(
        "family", "player", "mu", "sigma", "played", "won", "last"
    )
    return {(family, player): rest for family, player, *rest in rows}


def test_a_restored_table_joining_again_gives_the_same_ratings():
    club, tables = club_with("North", "South")
    for at, seats, winner in SCHEDULE:
        played(tables[at], seats, winner)
    before = ratings_of(club)
    backup = json.loads(json.dumps(export_table(tables[1])))

    tables[1].delete()  # its membership goes with it: the club re-rates without its matches
    assert differences(club) == []
    assert ratings_of(club) != before

    restored = import_table(backup)
    assert not Table.objects.filter(pk=tables[1].pk).exists()
    club.join(restored)
    assert differences(club) == []  # recomputed from the history equals what is kept
    after = ratings_of(club)
    assert after.keys() == before.keys()
    for key, (mu, sigma, *record) in before.items():
        assert after[key][:2] == pytest.approx((mu, sigma), abs=1e-9), key
        assert list(after[key][2:]) == record, key
    assert RatedMatch.objects.filter(club=club).count() == len(SCHEDULE)
