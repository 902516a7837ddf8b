"""One player however their name's case is typed, as the setup tells two names apart."""

import importlib

import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader

from scorekeeper.backup import export_table, import_table
from scorekeeper.forms import SetupForm
from scorekeeper.models import Player
from scorekeeper.statistics import reading as stats
from scorekeeper.statistics.records import STORED, Record, record_table
from scorekeeper.words.names import name_key

pytestmark = pytest.mark.django_db

MIGRATION = "0015_merge_players_named_alike"


def test_the_setup_and_the_players_tell_names_apart_by_one_rule():
    form = SetupForm({"preset": "standard", "player_1": "Ana", "player_2": "ana"})
    form.is_valid()
    assert form.errors["player_2"] == ["Two players can't have the same name."]
    assert name_key("Ana") == name_key("ana") == name_key("ANA")
    assert name_key("Straße") == name_key("STRASSE")


def test_a_name_typed_in_another_case_is_the_same_player(make_match, add_hand):
    first = make_match(("Ana", "Bo"), "standard", target=20)
    add_hand(first, 0, {1: 20})
    table = first.table
    second = table.start_match(["ana", "BO"], first.game(), "standard")
    add_hand(second, 1, {0: 20})
    assert sorted(table.players.values_list("name", flat=True)) == ["Ana", "Bo"]
    players, _pairs = stats.records(table)
    assert {record.name: (record.played, record.won) for record in players} == {
        "Ana": (2, 1),
        "Bo": (2, 1),
    }


def test_an_imported_table_keeps_names_alike_as_one_player(make_match, add_hand):
    first = make_match(("Ana", "Bo"), "standard", target=20)
    add_hand(first, 0, {1: 20})
    data = export_table(first.table)
    data["players"].append("ana")
    data["matches"][0]["seats"][0]["player"] = "ana"
    first.table.delete()
    table = import_table(data)
    assert sorted(table.players.values_list("name", flat=True)) == ["Ana", "Bo"]
    assert sorted(record.name for record in stats.records(table)[0]) == ["Ana", "Bo"]


def test_the_migration_merges_players_named_alike_keeping_their_matches(make_match, add_hand):
    first = make_match(("Ana", "Bo"), "standard", target=20)
    add_hand(first, 0, {1: 20})
    table = first.table
    second = table.start_match(["Cy", "Bo"], first.game(), "standard")
    add_hand(second, 0, {1: 20})
    third = table.start_match(["Bo", "Cy"], first.game(), "standard")
    add_hand(third, 0, {1: 20})
    # As an older table could hold them: Cy's matches played by "ana".
    Player.objects.filter(table=table, name="Cy").update(name="ana")
    record_table(table)
    assert len(stats.records(table)[0]) == 3
    apps = MigrationLoader(connection).project_state(("scorekeeper", MIGRATION)).apps
    importlib.import_module(f"scorekeeper.migrations.{MIGRATION}").merge_players(apps, None)
    assert sorted(table.players.values_list("name", flat=True)) == ["Ana", "Bo"]
    merged = {
        record.name: tuple(getattr(record, field) for field in STORED)
        for record in Record.objects.filter(table=table)
    }
    record_table(table)
    assert merged == {
        record.name: tuple(getattr(record, field) for field in STORED)
        for record in Record.objects.filter(table=table)
    }
    ana = next(record for record in stats.records(table)[0] if record.name == "Ana")
    assert (ana.played, ana.won, ana.best_streak) == (3, 2, 2)


def test_names_sort_as_a_reader_looks_for_them_on_the_statistics_and_the_filter(
    client, make_match, add_hand
):
    # Before: "ana, Bartolomé, María, Ángel" by name, and "Bartolomé, María, ana, Ángel" to
    # choose from (an accented or lower-case name after every other).
    match = make_match(("María", "Bartolomé", "ana", "Ángel"), target=10)
    add_hand(match, 0, {1: 20, 2: 0, 3: 0})
    table = match.table
    page = client.get(f"{table.stats_url()}?sort=name").content.decode()
    order = [page.index(f"{name}</bdi>") for name in ("ana", "Ángel", "Bartolomé", "María")]
    assert order == sorted(order)
    choices = client.get(table.get_absolute_url()).context["form"].fields["who"].choices
    players = [label.strip("\u2068\u2069") for _who, label in choices[1:5]]
    assert players == ["ana", "Ángel", "Bartolomé", "María"]
