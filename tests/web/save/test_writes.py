"""A hand save's writes: each row written once, with nothing read back that the save does not
use, and stored exactly as the ORM stores it (on SQLite and PostgreSQL)."""

import gc
import random
import threading
import uuid
import weakref

import pytest
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.models.sql.compiler import SQLCompiler
from django.http import Http404
from django.test.utils import CaptureQueriesContext

from scorekeeper.models import Hand, LogAction, LogEntry, Match
from scorekeeper.views.lookup import get_match
from tests.created import created
from tests.support.testing import deal_hand


def save(match: Match, seed: int = 1) -> tuple[Hand, list[str]]:
    """Add the next hand through the model; returns it and the SQL it ran."""
    hand = deal_hand(match.game(), random.Random(seed))
    with CaptureQueriesContext(connection) as captured:
        saved = match.add_hand(hand, token=uuid.uuid4(), number=match.hand_count + 1)
    return saved, [query["sql"] for query in captured.captured_queries]


def test_an_ordinary_save_reads_back_only_the_hands_id(make_match):
    match = make_match(target=10_000)
    save(match)
    _, sql = save(match, seed=2)
    writes = [statement for statement in sql if statement.startswith(("INSERT", "UPDATE"))]
    # The hand, its counts, its score entries, the match's new state, the log entry.
    assert [statement.split()[0] for statement in writes] == ["INSERT"] * 3 + ["UPDATE", "INSERT"]
    # The counts and the entries point to the hand: its id is the one value read back.
    assert [statement for statement in writes if "RETURNING" in statement] == writes[:1]


def test_an_ordinary_save_does_not_touch_the_table(make_match):
    match = make_match(target=10_000)
    _, sql = save(match)
    assert not [statement for statement in sql if "scorekeeper_table" in statement]


def test_what_a_save_writes_reads_back_as_it_was_saved(make_match):
    match = make_match(target=10_000)
    for seed in range(6):
        saved, _ = save(match, seed)
    stored = created(Hand).get(pk=saved.pk)
    assert stored.as_rules_hand() == saved.as_rules_hand()
    assert (stored.token, stored.reason, stored.led_by) == (saved.token, saved.reason, saved.led_by)
    assert stored.created_at == saved.created_at and stored.created_at.tzinfo is not None
    assert sorted(stored.side_points().items()) == sorted(saved.side_points().items())
    read = created(Match).get(pk=match.pk)
    assert (read.totals, read.version, read.hand_count) == (match.totals, 6, 6)
    assert read.updated_at == match.updated_at
    assert sum(points for hand in read.hands.all() for points in hand.side_points().values()) == (
        sum(read.totals)
    )
    logged = LogEntry.objects.filter(match=match, action=LogAction.SAVED).first()
    assert (logged.hand_number, logged.totals) == (6, read.totals)
    assert logged.after == stored.summary()


def test_a_save_reads_its_match_as_the_orm_does_with_one_query(
    make_match, django_assert_num_queries
):
    match = make_match(target=10_000)
    save(match)
    key = match.table.key
    expected = Match.objects.with_seats().get(pk=match.pk)
    with django_assert_num_queries(1):
        read = get_match(key, match.number, sheet=False)
        # Its table and series came with it.
        assert (read.table.key, read.series, read.series.sides) == (
            key,
            expected.series,
            expected.series.sides,
        )
    columns = [field.attname for field in Match._meta.concrete_fields]
    assert [getattr(read, name) for name in columns] == [
        getattr(expected, name) for name in columns
    ]
    assert read.updated_at.tzinfo is not None and read.totals == match.totals
    assert not read._state.adding and read.game() == match.game()


def test_a_match_that_is_not_there_is_a_404(make_match):
    match = make_match()
    with pytest.raises(Http404):
        get_match(match.table.key, match.number + 1, sheet=False)
    with pytest.raises(Http404):
        get_match(match.table.key + "x", match.number, sheet=False)


def test_the_read_of_a_match_is_compiled_once(make_match, monkeypatch):
    match = make_match()
    get_match(match.table.key, match.number, sheet=False)
    compiled = []
    real = SQLCompiler.as_sql
    monkeypatch.setattr(
        SQLCompiler, "as_sql", lambda *args, **kw: compiled.append(1) or real(*args, **kw)
    )
    for _ in range(3):
        assert get_match(match.table.key, match.number, sheet=False).pk == match.pk
    assert compiled == []


@pytest.mark.urls("bench.bench_urls")
def test_the_benchs_floor_saves_the_next_hand_of_the_tables_newest_match(make_match, client):
    first = make_match(target=10_000)
    newest = first.table.start_match(first.seat_names(), first.game(), first.preset)
    for hands in (1, 2):
        assert client.post(f"/bench/floor/{first.table.key}").status_code == 204
        newest.refresh_from_db()
        assert newest.hand_count == hands and newest.hands.count() == hands
    first.refresh_from_db()
    assert first.hand_count == 0


@pytest.mark.django_db(transaction=True)
def test_a_threads_connection_goes_with_the_thread_and_what_it_compiled(make_match):
    match = make_match()
    seen = []

    def read() -> None:
        read = get_match(match.table.key, match.number, sheet=False)
        seen.append((read.pk, weakref.ref(connections[DEFAULT_DB_ALIAS])))
        connections.close_all()

    thread = threading.Thread(target=read)
    thread.start()
    thread.join()
    [(pk, their_connection)] = seen
    gc.collect()
    assert pk == match.pk and their_connection() is None
