"""Migration 0007 counts the records of tables that played before statistics, as the app does."""

import importlib

import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader

from scorekeeper.statistics.records import COUNTERS, STORED, Record, SideRecord

pytestmark = pytest.mark.django_db

MIGRATION = ("scorekeeper", "0007_records")


def stored(table) -> tuple[set, set]:
    """The table's side records and records as plain values, whoever wrote them."""
    sides = SideRecord.objects.filter(table=table).values_list(
        "match_id", "number", "side", "player_a_id", "player_b_id", *COUNTERS
    )
    records = Record.objects.filter(table=table).values_list("player_a_id", "player_b_id", *STORED)
    return set(sides), set(records)


def run_migration_step() -> None:
    """The migration's data step, on the models as they were at that migration."""
    apps = MigrationLoader(connection).project_state(MIGRATION).apps
    module = importlib.import_module("scorekeeper.migrations.0007_records")
    module.record_existing_tables(apps, None)


def test_the_migration_writes_the_records_the_app_keeps(park_table):
    kept = stored(park_table)
    SideRecord.objects.all().delete()
    Record.objects.all().delete()
    run_migration_step()
    assert stored(park_table) == kept


def test_the_migration_leaves_a_table_without_finished_matches_without_records(make_match):
    table = make_match().table
    # The migration ran on a database without records.
    SideRecord.objects.all().delete()
    Record.objects.all().delete()
    run_migration_step()
    assert stored(table) == (set(), set())
