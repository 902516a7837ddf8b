"""A server killed mid-game (SIGKILL, every worker) loses no score and leaves no half hand."""

import functools
import random
import time
from dataclasses import dataclass

import loadlib
import pytest

pytestmark = pytest.mark.load
pytest_plugins = ["loadfixtures"]

# Two app servers share one PostgreSQL; one server runs on either database.
if loadlib.SCALED:
    VENDORS = ["postgresql"]
else:
    VENDORS = ["sqlite"] + (["postgresql"] if loadlib.postgres_url() else [])


@dataclass
class Crashed:
    load: loadlib.Load
    at_rest: list[list[str]]  # what was wrong with the database right after each kill
    ledger: dict[str, loadlib.StoredMatch]
    database_problems: list[str]
    played_on: dict[str, int]  # hands each table saved after the last restart
    # Tables with hands left when the server came back. Behind nginx the other server plays on
    # while one is down, so a table may finish before the restart.
    in_play: set[str]
    server_log: str


def wait_for(condition, timeout: float, progress) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"the load stopped making progress: {progress()}"
        time.sleep(0.02)


def progress_of(load: loadlib.Load, kill: int, wanted: int) -> str:
    stats = load.stats
    return (
        f"seed {load.seed}, before kill {kill}, {load.saved} of {wanted} hands saved; answers"
        f" {dict(stats.statuses)}, outcomes {dict(stats.outcomes)}, problems {stats.problems[:5]}"
    )


@pytest.fixture(scope="module", params=VENDORS)
def crashed(request, site):
    """Tables in play; the server killed and restarted under them; play then goes on."""
    vendor = request.param
    seed = random.randrange(1_000_000)
    planned = loadlib.FAULTS.tables * loadlib.FAULTS.hands
    at_rest = []
    with loadlib.served(site, vendor, "scorekeeper-faults-") as (database, server):
        # Phones keep retrying what the dead server dropped, with the same form and token.
        load = loadlib.Load(server, loadlib.FAULTS, seed, retry_for=60)
        threads = load.start()
        try:
            for kill in range(1, loadlib.KILLS + 1):
                wanted = planned * kill // (loadlib.KILLS + 1)
                wait_for(
                    functools.partial(lambda n: load.saved >= n, wanted),
                    timeout=120,
                    progress=functools.partial(progress_of, load, kill, wanted),
                )
                server.kill()
                # Scaled, the other server plays on: the checks read one snapshot of it all.
                with database.snapshot():
                    at_rest.append(
                        database.integrity_problems()
                        + loadlib.orphan_problems(database)
                        + loadlib.ledger_problems(loadlib.read_ledger(database))
                    )
                with load.stats.lock:
                    load.saved_since_restart.clear()
                    in_play = {
                        record.key
                        for record in load.records
                        if record.sheet.state.hands_played < loadlib.FAULTS.hands
                    }
                server.start()
            load.join(threads)
        finally:
            load.stop.set()
        ledger = loadlib.read_ledger(database)
        database_problems = database.integrity_problems() + loadlib.orphan_problems(database)
        server_log = server.errors_logged()
    retried = sum(record.recovered for record in load.records)
    found = sum(record.saved_before_drop for record in load.records)
    loadlib.SUMMARY.append(
        load.summary(f"faults, {vendor}, seed {seed}, {loadlib.KILLS} SIGKILL", ledger)
        + f", {load.stats.disconnects} dropped connections, {retried} hand posts retried "
        + f"({found} found already saved)"
    )
    played_on = dict(load.saved_since_restart)
    return Crashed(load, at_rest, ledger, database_problems, played_on, in_play, server_log)


def test_the_database_is_whole_right_after_the_kill(crashed):
    assert len(crashed.at_rest) == loadlib.KILLS
    assert crashed.at_rest == [[]] * loadlib.KILLS


def test_no_saved_hand_is_lost_or_doubled_across_the_restart(crashed):
    assert loadlib.expectation_problems(crashed.ledger, crashed.load.records) == []


def test_the_sheets_add_up_after_the_restart(crashed):
    assert crashed.database_problems == []
    assert loadlib.ledger_problems(crashed.ledger) == []


def test_play_goes_on_at_every_table_after_the_restart(crashed):
    stats, records = crashed.load.stats, crashed.load.records
    assert stats.server_errors == 0, crashed.server_log
    assert stats.problems == [], crashed.server_log
    assert len(records) == loadlib.FAULTS.tables
    assert all(record.sheet.state.hands_played == loadlib.FAULTS.hands for record in records)
    assert crashed.in_play or loadlib.SCALED, "every table had finished before the restart"
    assert all(crashed.played_on.get(key, 0) > 0 for key in crashed.in_play)
