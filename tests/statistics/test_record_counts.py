"""Statistics count what the sheet counts: a hand won for nothing, each pase corrido paid."""

import importlib
import uuid

import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader

from scorekeeper import rules
from scorekeeper.statistics import reading as stats
from scorekeeper.statistics.records import STORED, Record, SideRecord
from tests.created import created

pytestmark = pytest.mark.django_db


def record_of(table, name: str) -> Record:
    players, pairs = stats.records(table)
    return next(record for record in players + pairs if record.name == name)


def test_a_hand_won_for_nothing_is_a_hand_won(make_match, add_hand):
    match = make_match(("Ann", "Bo"), "standard", target=20)
    add_hand(match, 0, {1: 0})  # Bo held no pips: Ann won the hand, for 0 points
    add_hand(match, 0, {1: 20})
    assert match.finished
    ann = record_of(match.table, "Ann")
    assert (ann.hands, ann.hands_won, record_of(match.table, "Bo").hands_won) == (2, 2, 0)


def test_each_pase_corrido_counts_as_a_bonus(make_match):
    match = make_match(preset="dominican", pase_corrido_bonus=25, target=50)
    hand = rules.Hand(
        rules.Ending.WENT_OUT, went_out=0, pips={1: 40, 2: 5, 3: 40}, pases_corridos={1: 2}
    )
    match.add_hand(hand, token=uuid.uuid4(), number=1)
    assert match.finished
    assert record_of(match.table, "Ben & Dev").bonuses == 2
    assert record_of(match.table, "Ben").bonuses == 2


def test_the_recount_migration_counts_as_the_app_now_does(make_match, add_hand, park_table):
    match = make_match(("Ann", "Bo"), "standard", target=20)
    add_hand(match, 0, {1: 0})
    add_hand(match, 0, {1: 20})
    kept = {
        (record.table_id, record.name): tuple(getattr(record, field) for field in STORED)
        for record in created(Record)
    }
    # As the records stood before: the hand won for nothing left out.
    SideRecord.objects.update(hands_won=0, bonuses=5, blocked_won=0)
    Record.objects.update(hands_won=0, bonuses=5, blocked_won=0)
    name = "0014_recount_hands_won_and_bonuses"
    apps = MigrationLoader(connection).project_state(("scorekeeper", name)).apps
    importlib.import_module(f"scorekeeper.migrations.{name}").recount(apps, None)
    assert {
        (record.table_id, record.name): tuple(getattr(record, field) for field in STORED)
        for record in created(Record)
    } == kept
    assert record_of(match.table, "Ann").hands_won == 2
