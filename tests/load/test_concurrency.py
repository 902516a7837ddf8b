"""Many phones at many tables at once on the real server: no score lost, none counted twice."""

import random
from dataclasses import dataclass

import loadlib
import pytest

pytestmark = pytest.mark.load
pytest_plugins = ["loadfixtures"]


@dataclass
class Played:
    load: loadlib.Load
    ledger: dict[str, loadlib.StoredMatch]
    database_problems: list[str]
    server_log: str  # the app's tracebacks, if any


@pytest.fixture(scope="module")
def played(site):
    """One load run on gunicorn: every table at once, then the database as it was left."""
    vendor = "postgresql" if loadlib.postgres_url() else "sqlite"
    seed = random.randrange(1_000_000)
    with loadlib.served(site, vendor, "scorekeeper-load-") as (database, server):
        load = loadlib.Load(server, loadlib.CONCURRENCY, seed)
        load.run()
        ledger = loadlib.read_ledger(database)
        database_problems = database.integrity_problems() + loadlib.orphan_problems(database)
        server_log = server.errors_logged()
    loadlib.SUMMARY.append(load.summary(f"concurrency, {vendor}, seed {seed}", ledger))
    return Played(load, ledger, database_problems, server_log)


def test_no_request_fails(played):
    stats = played.load.stats
    assert stats.server_errors == 0, played.server_log
    assert stats.disconnects == 0
    assert stats.problems == [], played.server_log


def test_every_saved_hand_is_stored_once_as_the_rules_score_it(played):
    records = played.load.records
    assert len(records) == loadlib.CONCURRENCY.tables + loadlib.CONCURRENCY.pair_tables
    assert loadlib.expectation_problems(played.ledger, records) == []


def test_every_stored_sheet_adds_up(played):
    assert played.database_problems == []
    assert loadlib.ledger_problems(played.ledger) == []


def test_a_match_takes_no_hand_after_its_line(played):
    records = played.load.records
    ended = [record for record in records if record.sheet.finished]
    assert ended, "no match reached its line: the plan should make some end"
    for record in ended:
        stored = played.ledger[record.key]
        assert stored.winner_side == record.sheet.state.winner_side
        assert stored.hand_count == record.sheet.state.hands_played
        assert not set(record.refused) & {hand.token for hand in stored.hands}
    refused = sum(len(record.refused) for record in records)
    assert refused > 0
    assert played.load.stats.outcomes[loadlib.REFUSED] == refused


def test_the_same_hand_posted_twice_at_once_is_saved_once(played):
    # Each pair table alternates: a double tap (one token), then two phones (two tokens).
    records = played.load.records
    rounds, tables = loadlib.CONCURRENCY.pair_rounds, loadlib.CONCURRENCY.pair_tables
    assert sum(record.same_token_pairs for record in records) == (rounds + 1) // 2 * tables
    assert sum(record.different_token_pairs for record in records) == rounds // 2 * tables
