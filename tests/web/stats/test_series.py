"""Series won: credited to the side whose match won its series, and kept right under undo,
correction and import."""

import importlib

import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.test import Client

from scorekeeper import rules
from scorekeeper.backup import export_table, import_table
from scorekeeper.models import Table
from scorekeeper.statistics import reading as stats
from scorekeeper.statistics.records import Record, SideRecord
from tests.support.testing import add_hand, reported

pytestmark = pytest.mark.django_db

ALICE_CARA = ("Alice", "Ben", "Cara", "Dev")  # Alice and Cara against Ben and Dev


def series_won(table) -> dict[str, int]:
    players, pairs = stats.records(table)
    return {record.name: record.series_won for record in players + pairs}


def next_match(table, series=None):
    game = rules.make_game("caribbean", 4, rules=rules.HouseRules(target=50))
    return table.start_match(list(ALICE_CARA), game, "caribbean", series)


def win(match, seat: int):
    """The seat's side wins the match in one hand (the others hold 20 each: 60 points)."""
    return add_hand(match, seat, {other: 20 for other in range(4) if other != seat})


def best_of_three(*winners: int, series=None):
    """A new table's matches, Alice & Cara against Ben & Dev, each won by the given seat."""
    table = Table.objects.create(name="Park")
    matches = [win(next_match(table, series), seat) for seat in winners]
    return table, matches


def test_winning_two_matches_of_a_best_of_three_wins_the_series():
    table, _ = best_of_three(0, 2)
    assert series_won(table) == {
        "Alice": 1,
        "Ben": 0,
        "Cara": 1,
        "Dev": 0,
        "Alice & Cara": 1,
        "Ben & Dev": 0,
    }


def test_one_match_won_each_wins_no_series_yet():
    table, _ = best_of_three(0, 1)
    assert set(series_won(table).values()) == {0}


def test_the_match_that_decides_the_series_gets_the_credit():
    table, matches = best_of_three(1, 0, 3)
    clinching = SideRecord.objects.filter(series_won=1)
    assert [(record.match_id, record.side) for record in clinching] == [(matches[2].pk, 1)]
    assert series_won(table)["Ben & Dev"] == 1


def test_undoing_the_hand_that_won_the_series_takes_it_back():
    table, matches = best_of_three(0, 0)
    matches[1].undo(version=matches[1].version)
    assert series_won(table)["Alice & Cara"] == 0


def test_correcting_an_earlier_match_moves_the_series_to_its_new_winner():
    table, matches = best_of_three(0, 1, 0)  # Alice & Cara win the series in the third
    first = matches[0]
    first.edit_hand(1, reported(1, {0: 20, 2: 20, 3: 20}), version=first.version)
    # Ben & Dev have now won the first two: the second match won them the series.
    assert series_won(table)["Ben & Dev"] == 1
    assert series_won(table)["Alice & Cara"] == 0


def test_a_counted_shutout_wins_a_first_to_two_series_in_one_match():
    table, _ = best_of_three(0, series=rules.SeriesRules(2, shutout_counts_double=True))
    assert series_won(table)["Alice & Cara"] == 1


def test_an_open_series_is_never_won():
    table, _ = best_of_three(0, 0, 0, series=rules.SeriesRules(None))
    assert set(series_won(table).values()) == {0}


def test_an_imported_table_keeps_its_series_won():
    table, _ = best_of_three(2, 0)
    before = series_won(table)
    data = export_table(table)
    table.delete()
    assert series_won(import_table(data)) == before


def test_the_series_won_number_links_to_the_match_that_won_it(client: Client):
    table, _ = best_of_three(1, 0, 3)
    response = client.get(f"/t/{table.key}/stats")
    rows = response.context["groups"][0][1]
    dev = next(row for row in rows if row["record"].name == "Dev")
    links = {column.key: (value, href) for column, value, href in dev["cells"]}
    value, href = links["series_won"]
    assert value == 1
    assert [match.number for match in client.get(href).context["matches"]] == [3]
    assert "Series won" in response.content.decode()


def test_the_migration_credits_the_series_already_won():
    table, _ = best_of_three(0, 2)
    kept = series_won(table)
    SideRecord.objects.update(series_won=0)
    Record.objects.update(series_won=0)
    apps = MigrationLoader(connection).project_state(("scorekeeper", "0009_series_won")).apps
    importlib.import_module("scorekeeper.migrations.0009_series_won").credit_series_won(apps, None)
    assert series_won(table) == kept
