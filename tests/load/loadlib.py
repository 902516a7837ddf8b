"""Load-test helpers: a real gunicorn on a fresh database, phones over HTTP, the ledger checks."""

from __future__ import annotations

import json
import os
import random
import re
import secrets
import sqlite3
import threading
import time
import urllib.parse
import uuid
from collections import Counter
from collections.abc import Iterator
from contextlib import AbstractContextManager, closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import harness
from harness import (  # noqa: F401 (the load tests import them from here)
    APP_SERVERS,
    DISCONNECTS,
    REPEAT_TEXT,
    Cluster,
    Gunicorn,
    Phone,
    Reply,
    Site,
    Stats,
    temp_dir,
)

from scorekeeper import rules
from tests.support.testing import SETUP, deal_hand, hand_fields

FULL = os.environ.get("LOAD_FULL", "").strip().lower() in {"1", "true", "yes", "on"}
# Two app servers behind nginx on one PostgreSQL (make loadtest-scaled), instead of one server.
SCALED = os.environ.get("LOAD_SCALED", "").strip().lower() in {"1", "true", "yes", "on"}

# Lines for the end of the pytest run (printed by tests/load/conftest.py).
SUMMARY: list[str] = []

# django.contrib.messages levels, as the messages cookie carries them.
INFO, SUCCESS = 20, 25

SAVED, ALREADY, REFUSED = "saved", "already", "refused"


# --- Sizes ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """How much play one load run drives."""

    tables: int
    hands: int  # hands each table plays, unless its match ends first
    pair_tables: int = 0  # tables where two phones post the same hand at once
    pair_rounds: int = 0  # pairs per such table, alternating same token / different tokens
    after_end: int = 3  # hands still posted after the line (each must be refused)
    targets: tuple[int, ...] = (200, 500, 2000)
    follow: bool = True  # GET the match page after each save, as the phone's browser does

    @property
    def pairs(self) -> int:
        return self.pair_tables * self.pair_rounds


CONCURRENCY = (
    Plan(tables=50, hands=40, pair_tables=10, pair_rounds=10)
    if FULL
    else Plan(tables=8, hands=15, pair_tables=2, pair_rounds=5)
)
# Nothing ends in the crash runs: every table keeps playing across the restarts.
FAULTS = (
    Plan(tables=12, hands=40, targets=(5000,))
    if FULL
    else Plan(tables=4, hands=16, targets=(5000,))
)
KILLS = 3 if FULL else 1


# --- The database the server writes to ----------------------------------------------------------


class SqliteDatabase:
    vendor = "sqlite"

    def __init__(self, directory: Path) -> None:
        self.path = directory / "db.sqlite3"
        self.url = f"sqlite:///{self.path}"

    def rows(self, sql: str) -> list[tuple]:
        with closing(sqlite3.connect(self.path, timeout=30)) as connection:
            return connection.execute(sql).fetchall()

    def integrity_problems(self) -> list[str]:
        checked = [row[0] for row in self.rows("PRAGMA integrity_check")]
        problems = [] if checked == ["ok"] else [f"integrity_check: {checked}"]
        return problems + [
            f"foreign_key_check: {row}" for row in self.rows("PRAGMA foreign_key_check")
        ]

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """One server writes to SQLite, and it is dead while this is read: nothing to hold."""
        yield

    def drop(self) -> None:
        """The file goes with its temp dir."""


class PostgresDatabase:
    vendor = "postgresql"

    def __init__(self, server_url: str) -> None:
        self.name = f"loadtest_{secrets.token_hex(6)}"
        parts = urllib.parse.urlsplit(server_url)
        self.admin_url = parts._replace(path="/postgres").geturl()
        self.url = parts._replace(path=f"/{self.name}").geturl()
        self._snapshot = None  # a connection in a REPEATABLE READ transaction, if one is open

    def create(self) -> None:
        import psycopg

        with psycopg.connect(self.admin_url, autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{self.name}"')

    def rows(self, sql: str) -> list[tuple]:
        import psycopg

        if self._snapshot is not None:
            return self._snapshot.execute(sql).fetchall()
        with psycopg.connect(self.url) as connection:
            return connection.execute(sql).fetchall()

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """Every read inside sees the database at one instant, while another server writes."""
        import psycopg

        with psycopg.connect(self.url) as connection:
            connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            self._snapshot = connection
            try:
                yield
            finally:
                self._snapshot = None
                connection.rollback()

    def integrity_problems(self) -> list[str]:
        # PostgreSQL has no integrity_check; the ledger's orphan and consistency queries stand in.
        return []

    def drop(self) -> None:
        import psycopg

        with psycopg.connect(self.admin_url, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


def postgres_url() -> str | None:
    url = os.environ.get("DATABASE_URL", "")
    return url if url.startswith(("postgres://", "postgresql://")) else None


@contextmanager
def fresh_database(vendor: str, directory: Path) -> Iterator[SqliteDatabase | PostgresDatabase]:
    if vendor == "sqlite":
        yield SqliteDatabase(directory)
        return
    url = postgres_url()
    assert url, "PostgreSQL load runs need a postgres DATABASE_URL (make test-postgres)"
    database = PostgresDatabase(url)
    database.create()
    try:
        yield database
    finally:
        database.drop()


# --- The server and the phones (harness.py, shared with the bench) ---------------------------


def collected_site() -> AbstractContextManager[Site]:
    return harness.collected_site(scaled=SCALED)


@contextmanager
def running_server(site: Site, database, directory: Path) -> Iterator[Gunicorn | Cluster]:
    site.manage(database.url, "migrate", "--noinput")
    site.manage(database.url, "createcachetable")
    if SCALED:
        server = Cluster(site, database.url, directory)
    else:
        server = Gunicorn(site, database.url, directory / "gunicorn.log")
    try:
        server.start()
        yield server
    finally:
        server.stop()


@contextmanager
def served(site: Site, vendor: str, prefix: str) -> Iterator[tuple[object, Gunicorn | Cluster]]:
    """A fresh database of this vendor and a server on it, in a folder removed afterwards."""
    with (
        temp_dir(prefix) as directory,
        fresh_database(vendor, directory) as database,
        running_server(site, database, directory) as server,
    ):
        yield database, server


# --- Playing: real deals, scored locally by the rules module -------------------------------------


def make_game(target: int) -> rules.Game:
    house = rules.HouseRules(
        target=target,
        capicu_bonus=25,
        count_rule=rules.CountRule.ALL_OTHER_HANDS,
        blocked_rule=rules.BlockedRule.LIGHTEST_HAND,
    )
    return rules.make_game("caribbean", 4, rules=house)


def setup_fields(target: int) -> dict[str, str]:
    fields = {key: value for key, value in SETUP.items() if key != "target"}
    # A target outside the buttons is typed in "other", as a person would.
    fields["target" if target in (100, 150, 200, 500) else "target_other"] = str(target)
    return fields


class Sheet:
    """The score sheet as the rules module keeps it, hand by hand: what the server must store."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.game = make_game(target)
        self.state = rules.tally(self.game, ())
        self.tokens: dict[int, str] = {}
        self.results: dict[int, rules.HandResult] = {}

    @property
    def next_number(self) -> int:
        return self.state.hands_played + 1

    @property
    def finished(self) -> bool:
        return self.state.finished

    def add(self, hand: rules.Hand, token: uuid.UUID) -> None:
        result = rules.score_hand(self.game, hand, led_by=self.state.next_leader)
        number = self.next_number
        self.state = rules.advance(self.game, self.state, result)
        self.tokens[number] = token.hex
        self.results[number] = result


TOTAL = re.compile(rb'data-testid="total-(\d+)">(-?\d+)<')


def totals_shown(page: Reply | None) -> list[int] | None:
    """The sides' totals on a match page, or None when there was no page to read."""
    if page is None or page.status != 200:
        return None
    return [int(total) for _, total in sorted(TOTAL.findall(page.body), key=lambda t: int(t[0]))]


def outcome_of(reply: Reply) -> str:
    if reply.status == 302 and SUCCESS in reply.levels:
        return SAVED
    if reply.status == 302 and INFO in reply.levels:
        return ALREADY  # "Hand n was already entered": a repeat, or another phone was first
    if reply.status == 200:
        return REFUSED  # the form again with the rules' refusal (the match is over)
    return f"HTTP {reply.status} {reply.levels}"


@dataclass
class TableRecord:
    """What one table's phones did, and what the server told them."""

    name: str
    sheet: Sheet
    key: str = ""
    refused: list[str] = field(default_factory=list)  # tokens refused after the line
    posted_after_end: int = 0
    same_token_pairs: int = 0
    different_token_pairs: int = 0
    repeats_absorbed: int = 0  # second posts of a pair answered "already entered"
    recovered: int = 0  # posts whose connection dropped, then saved or found saved on retry
    saved_before_drop: int = 0  # of those, found saved already: the crash came after the commit


MATCH_PATH = re.compile(r"^/t/(?P<key>[^/]+)/m/1/$")


class Load:
    """One load run against a server: tables played by phones on threads."""

    def __init__(
        self, server: Gunicorn | Cluster, plan: Plan, seed: int, retry_for: float = 0
    ) -> None:
        self.server = server
        self.plan = plan
        self.seed = seed
        self.retry_for = retry_for
        self.stats = Stats()
        self.stop = threading.Event()
        self.saved = 0
        self.records: list[TableRecord] = []
        self.elapsed = 0.0
        # Hands saved by each table since the last restart: play must go on after a crash.
        self.saved_since_restart: Counter[str] = Counter()

    def phone(self) -> Phone:
        site = self.server.site
        return Phone(self.server.address, self.stats, site.secret_key, self.retry_for, self.stop)

    def run(self) -> None:
        """Play every table at once, and wait for them all."""
        threads = self.start()
        self.join(threads)

    def start(self) -> list[threading.Thread]:
        plan = self.plan
        jobs = [(self.play_table, index) for index in range(plan.tables)]
        jobs += [(self.play_pairs, index) for index in range(plan.pair_tables)]
        self.started = time.monotonic()
        threads = [
            threading.Thread(target=self.guarded, args=job, daemon=True, name=f"load-{n}")
            for n, job in enumerate(jobs)
        ]
        for thread in threads:
            thread.start()
        return threads

    def join(self, threads: list[threading.Thread], timeout: float = 900) -> None:
        deadline = time.monotonic() + timeout
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        self.stop.set()
        self.elapsed = time.monotonic() - self.started
        if any(thread.is_alive() for thread in threads):
            self.stats.problem(f"phones still playing after {timeout}s")

    def guarded(self, play, index: int) -> None:
        try:
            play(index)
        except Exception as error:  # a phone's failure is a finding, not a crash of the run
            self.stats.problem(f"{play.__name__}({index}): {type(error).__name__}: {error}")

    def open_table(self, phone: Phone, record: TableRecord) -> None:
        phone.request("GET", "/new")
        reply = phone.request("POST", "/new", setup_fields(record.sheet.target))
        found = MATCH_PATH.match(reply.location)
        assert reply.status == 302 and found, f"new table: HTTP {reply.status} {reply.location}"
        record.key = found["key"]
        with self.stats.lock:
            self.records.append(record)

    def post_hand(
        self, phone: Phone, record: TableRecord, hand: rules.Hand, number: int, token: uuid.UUID
    ) -> tuple[str, bool]:
        """The hand's outcome, and whether its post had to be sent again after a drop."""
        # The hand that ends the match is confirmed, as the phone does after the question.
        fields = {**hand_fields(hand, number, token), "confirm_end": "1"}
        reply = phone.request("POST", f"/t/{record.key}/m/1/hand", fields)
        # Behind nginx a post the dying server took is sent on to the other one by the proxy,
        # not by the phone: that server then says this very hand (its token) arrived before.
        retried = phone.retried or (SCALED and reply.repeat)
        outcome = outcome_of(reply)
        self.stats.outcome(outcome)
        phone.page = None
        if self.plan.follow and reply.status == 302:
            phone.page = phone.request("GET", reply.location)
        return outcome, retried

    def play_to_the_end(
        self,
        record: TableRecord,
        rng: random.Random,
        pace: float,
        start: threading.Barrier | None = None,
    ) -> bool:
        """A tournament table's phone: the table's link opened, then a hand about every `pace`
        seconds until the match ends. False at the first hand not saved (noted as a problem)."""
        sheet = record.sheet
        phone = self.phone()
        phone.get(f"/t/{record.key}/m/1/")  # the table's link opened: the phone's first page
        if start is not None:
            start.wait()
        time.sleep(rng.random() * pace)  # the tables do not all start on the same instant
        while not sheet.finished:
            hand, token = deal_hand(sheet.game, rng), uuid.uuid4()
            outcome, _retried = self.post_hand(phone, record, hand, sheet.next_number, token)
            if outcome != SAVED:
                self.stats.problem(f"{record.name} hand {sheet.next_number}: {outcome}")
                return False
            sheet.add(hand, token)
            if not sheet.finished:
                time.sleep(pace * (0.5 + rng.random()))
        return True

    def saved_one(self, record: TableRecord) -> None:
        with self.stats.lock:
            self.saved += 1
            self.saved_since_restart[record.key] += 1

    def play_table(self, index: int) -> None:
        """One table, one phone: the planned hands, then a few more after the line."""
        rng = random.Random(f"{self.seed}-table-{index}")
        target = self.plan.targets[index % len(self.plan.targets)]
        record = TableRecord(f"table {index}", Sheet(target))
        phone = self.phone()
        self.open_table(phone, record)
        sheet = record.sheet
        for _ in range(self.plan.hands):
            if self.stop.is_set() or record.posted_after_end >= self.plan.after_end:
                break
            number, token = sheet.next_number, uuid.uuid4()
            hand = deal_hand(sheet.game, rng)
            outcome, retried = self.post_hand(phone, record, hand, number, token)
            where = f"{record.name} ({record.key}) hand {number}"
            if sheet.finished:
                record.posted_after_end += 1
                record.refused.append(token.hex)
                if outcome != REFUSED:
                    self.stats.problem(f"{where} after the line: {outcome}, expected refused")
            elif outcome == SAVED or (outcome == ALREADY and retried):
                # A retried post answered "already entered" was saved before the crash.
                record.recovered += retried
                record.saved_before_drop += outcome == ALREADY
                sheet.add(hand, token)
                self.saved_one(record)
                shown = totals_shown(phone.page)
                if shown is not None and shown != list(sheet.state.totals):
                    # Whichever server answers the page must show the save just made.
                    self.stats.problem(f"{where}: page shows {shown}, saved {sheet.state.totals}")
            else:
                self.stats.problem(f"{where}: {outcome}, expected saved")
                return

    def play_pairs(self, index: int) -> None:
        """Two phones at one table post each hand at the same instant."""
        rng = random.Random(f"{self.seed}-pairs-{index}")
        record = TableRecord(f"pair table {index}", Sheet(5000))
        phones = [self.phone(), self.phone()]
        self.open_table(phones[0], record)
        phones[1].request("GET", f"/t/{record.key}/m/1/")  # the second phone's CSRF cookie
        sheet = record.sheet
        for round_ in range(self.plan.pair_rounds):
            if self.stop.is_set():
                return
            number = sheet.next_number
            same = round_ % 2 == 0
            posts = [(deal_hand(sheet.game, rng), uuid.uuid4())]
            posts.append(
                posts[0]
                if same
                else (
                    deal_hand(sheet.game, rng),
                    uuid.uuid4(),
                )
            )
            outcomes = self.post_at_once(phones, record, posts, number)
            where = f"{record.name} ({record.key}) hand {number}"
            if sorted(outcomes) != [ALREADY, SAVED]:
                kind = "same token" if same else "different tokens"
                self.stats.problem(f"{where}, {kind}: {outcomes}, expected one saved")
                return
            record.repeats_absorbed += 1
            if same:
                record.same_token_pairs += 1
            else:
                record.different_token_pairs += 1
            hand, token = posts[outcomes.index(SAVED)]
            sheet.add(hand, token)
            self.saved_one(record)

    def post_at_once(
        self,
        phones: list[Phone],
        record: TableRecord,
        posts: list[tuple[rules.Hand, uuid.UUID]],
        number: int,
    ) -> list[str]:
        barrier = threading.Barrier(len(phones), timeout=60)
        outcomes = [""] * len(phones)

        def post(slot: int) -> None:
            hand, token = posts[slot]
            try:
                barrier.wait()
                outcomes[slot] = self.post_hand(phones[slot], record, hand, number, token)[0]
            except Exception as error:
                outcomes[slot] = f"{type(error).__name__}: {error}"

        threads = [threading.Thread(target=post, args=(slot,)) for slot in range(len(phones))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return outcomes

    def summary(self, label: str, ledger: dict[str, StoredMatch]) -> str:
        stats, records = self.stats, self.records
        lost = doubled = 0
        for record in records:
            match = ledger.get(record.key)
            stored = {(hand.number, hand.token) for hand in match.hands} if match else set()
            told = set(record.sheet.tokens.items())
            lost += len(told - stored)
            doubled += len(stored - told)
        clients = self.plan.tables + 2 * self.plan.pair_tables
        duplicates = sum(record.repeats_absorbed for record in records)
        refused = sum(len(record.refused) for record in records)
        ended = sum(record.sheet.finished for record in records)
        if SCALED:
            label += f", {APP_SERVERS} app servers behind nginx"
        return (
            f"{label}: {self.saved} hands saved by {clients} phones at {len(records)} tables, "
            f"{duplicates} duplicate posts absorbed, {ended} matches ended, {refused} posts after "
            f"the line refused, {lost} lost, {doubled} recorded unasked, "
            f"{stats.server_errors} 5xx, {len(stats.problems)} problems, "
            f"{stats.requests} requests in {self.elapsed:.1f}s "
            f"({stats.requests / max(self.elapsed, 1e-9):.0f} req/s)"
        )


# --- What the database holds ------------------------------------------------------------------


@dataclass
class StoredHand:
    id: int
    number: int
    token: str
    ending: str
    went_out: int | None
    capicu: bool
    pips: dict[int, int] = field(default_factory=dict)
    entries: list[tuple[int, int]] = field(default_factory=list)  # (side, points)

    def side_points(self, side_count: int) -> tuple[int, ...]:
        """What each side scored in this hand, from its entries."""
        points = [0] * side_count
        for side, scored in self.entries:
            points[side] += scored
        return tuple(points)


@dataclass
class StoredMatch:
    id: int
    key: str
    game: rules.Game
    totals: list[int]
    winner_side: int | None
    hand_count: int
    finished: bool
    hands: list[StoredHand] = field(default_factory=list)


ORPHANS = {
    "hands without their match": (
        "SELECT COUNT(*) FROM scorekeeper_hand h"
        " LEFT JOIN scorekeeper_match m ON m.id = h.match_id WHERE m.id IS NULL"
    ),
    "counts without their hand": (
        "SELECT COUNT(*) FROM scorekeeper_seatcount c"
        " LEFT JOIN scorekeeper_hand h ON h.id = c.hand_id WHERE h.id IS NULL"
    ),
    "score entries without their hand": (
        "SELECT COUNT(*) FROM scorekeeper_scoreentry e"
        " LEFT JOIN scorekeeper_hand h ON h.id = e.hand_id WHERE h.id IS NULL"
    ),
}


def orphan_problems(database) -> list[str]:
    found = {what: database.rows(sql)[0][0] for what, sql in ORPHANS.items()}
    return [f"{count} {what}" for what, count in found.items() if count]


def read_ledger(database) -> dict[str, StoredMatch]:
    """Every match and its hands, counts and score entries, read straight from the tables."""
    matches: dict[int, StoredMatch] = {}
    for row in database.rows(
        "SELECT m.id, t.key, m.seat_count, m.partnership, m.tile_set, m.tiles_each, m.draws,"
        " m.scoring, m.target, m.capicu_bonus, m.count_rule, m.blocked_rule, m.totals,"
        " m.winner_side, m.hand_count, m.finished_at"
        " FROM scorekeeper_match m JOIN scorekeeper_table t ON t.id = m.table_id"
    ):
        (pk, key, seats, partnership, tile_set, tiles_each, draws, scoring, target) = row[:9]
        (bonus, count_rule, blocked_rule, totals, winner, hand_count, finished_at) = row[9:]
        game = rules.Game(
            seats=seats,
            partnership=bool(partnership),
            tile_set=rules.TileSet(tile_set),
            tiles_each=tiles_each,
            draws=bool(draws),
            rules=rules.HouseRules(target, bonus, count_rule, blocked_rule),
            scoring=rules.Scoring(scoring),
        )
        totals = json.loads(totals) if isinstance(totals, str) else totals
        matches[pk] = StoredMatch(
            pk, key, game, list(totals), winner, hand_count, finished_at is not None
        )
    hands: dict[int, StoredHand] = {}
    for pk, match_id, number, token, ending, went_out, capicu in database.rows(
        "SELECT id, match_id, number, token, ending, went_out, capicu"
        " FROM scorekeeper_hand ORDER BY match_id, number"
    ):
        token = uuid.UUID(str(token)).hex
        hand = StoredHand(pk, number, token, ending, went_out, bool(capicu))
        hands[pk] = hand
        if match_id in matches:  # orphans are reported by orphan_problems()
            matches[match_id].hands.append(hand)
    for hand_id, position, pips in database.rows(
        "SELECT hand_id, position, pips FROM scorekeeper_seatcount"
    ):
        if hand_id in hands:
            hands[hand_id].pips[position] = pips
    for hand_id, side, points in database.rows(
        "SELECT hand_id, side, points FROM scorekeeper_scoreentry ORDER BY id"
    ):
        if hand_id in hands:
            hands[hand_id].entries.append((side, points))
    return {match.key: match for match in matches.values()}


def ledger_problems(ledger: dict[str, StoredMatch]) -> list[str]:
    """Whatever makes the stored sheets disagree with themselves or with the rules."""
    problems = []
    for key, match in ledger.items():
        where = f"match of table {key}"
        numbers = [hand.number for hand in match.hands]
        if numbers != list(range(1, match.hand_count + 1)):
            problems.append(f"{where}: hand_count {match.hand_count}, hand numbers {numbers}")
        tokens = [hand.token for hand in match.hands]
        if len(set(tokens)) != len(tokens):
            problems.append(f"{where}: a token recorded twice")
        game = match.game
        running = [0] * game.side_count
        for hand in match.hands:
            here = f"{where} hand {hand.number}"
            needed = rules.needed_seats(game, rules.Ending(hand.ending), hand.went_out)
            if tuple(sorted(hand.pips)) != needed:
                problems.append(f"{here}: counts for seats {sorted(hand.pips)}, needs {needed}")
            if any(points <= 0 for _, points in hand.entries):
                problems.append(f"{here}: an entry of no points {hand.entries}")
            if max(running) >= game.rules.target:
                problems.append(f"{here}: recorded after the match reached its line")
            for side, points in hand.entries:
                running[side] += points
        if running != match.totals:
            problems.append(f"{where}: totals {match.totals}, its entries add up to {running}")
        reached = max(match.totals) >= game.rules.target
        winner = match.totals.index(max(match.totals)) if reached else None
        if match.winner_side != winner or match.finished != reached:
            problems.append(
                f"{where}: totals {match.totals} to {game.rules.target}, winner_side "
                f"{match.winner_side}, finished_at {'set' if match.finished else 'empty'}"
            )
        problems += rescore_problems(where, match)
    return problems


def rescore_problems(where: str, match: StoredMatch) -> list[str]:
    """The stored counts scored again by the rules module must give the stored verdicts."""
    hands = [
        rules.Hand(
            ending=rules.Ending(hand.ending),
            went_out=hand.went_out,
            pips=hand.pips,
            capicu=hand.capicu,
        )
        for hand in match.hands
    ]
    try:
        results, state = rules.play_match(match.game, hands)
    except (ValueError, rules.InvalidHand) as error:
        return [f"{where}: the stored hands do not score: {error!r}"]
    side_count = match.game.side_count
    problems = [
        f"{where} hand {hand.number}: stored {hand.side_points(side_count)}, "
        f"the rules say {result.side_points}"
        for hand, result in zip(match.hands, results, strict=True)
        if hand.side_points(side_count) != result.side_points
    ]
    if list(state.totals) != match.totals:
        problems.append(f"{where}: totals {match.totals}, the rules say {list(state.totals)}")
    return problems


def expectation_problems(ledger: dict[str, StoredMatch], records: list[TableRecord]) -> list[str]:
    """Each table's stored sheet must be exactly what its phones were told was saved."""
    problems = []
    for record in records:
        where = f"{record.name} ({record.key})"
        match = ledger.get(record.key)
        if match is None:
            problems.append(f"{where}: no match in the database")
            continue
        stored = {hand.number: hand.token for hand in match.hands}
        sheet = record.sheet
        lost = sorted(set(sheet.tokens.items()) - set(stored.items()))
        extra = sorted(set(stored.items()) - set(sheet.tokens.items()))
        if lost:
            problems.append(f"{where}: saved hands missing (number, token): {lost}")
        if extra:
            problems.append(f"{where}: hands nobody was told were saved: {extra}")
        refused = set(record.refused) & set(stored.values())
        if refused:
            problems.append(f"{where}: refused hands recorded anyway: {sorted(refused)}")
        if match.totals != list(sheet.state.totals):
            problems.append(f"{where}: totals {match.totals}, expected {list(sheet.state.totals)}")
        if match.winner_side != sheet.state.winner_side:
            problems.append(
                f"{where}: winner {match.winner_side}, expected {sheet.state.winner_side}"
            )
        for hand in match.hands:
            result = sheet.results.get(hand.number)
            scored = hand.side_points(match.game.side_count)
            if result and scored != result.side_points:
                problems.append(
                    f"{where} hand {hand.number}: stored {scored}, expected {result.side_points}"
                )
    return problems
