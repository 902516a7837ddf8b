"""Statistics: every record checked against the park table's matches, worked out by hand."""

import random
from collections import Counter

import pytest
from django.test import Client

from scorekeeper.backup import export_table, import_table
from scorekeeper.statistics import reading as stats
from scorekeeper.statistics.records import COUNTERS, Record, SideRecord, rebuild_records
from tests.created import created
from tests.support.generate_matches import create_matches
from tests.support.testing import reported, scoring_match, tap

pytestmark = pytest.mark.django_db

FIELDS = ("best_streak", *COUNTERS)
# best streak, played, won, hands, hands won, points, capicús, bonuses, blocked won, shutouts
# given and taken, series won (no series is won here: tests/web/stats/test_series.py), and
# Mexican Train's rounds, pips and rounds gone out (tests/web/stats/test_round_games.py), and
# Jamaican's keys and hands tied (tests/web/stats/test_jamaican.py)
EXPECTED = {
    "Alice": (2, 3, 2, 5, 3, 143, 1, 0, 1, 2, 0, 0, 0, 0, 0, 0, 0),
    "Ben": (2, 3, 2, 5, 3, 115, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0),
    "Cara": (1, 3, 1, 5, 2, 83, 1, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0),
    "Dev": (1, 3, 1, 5, 2, 55, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0),
    "Alice & Cara": (1, 2, 1, 4, 2, 83, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0),
    "Ben & Dev": (1, 2, 1, 4, 2, 55, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0),
    "Alice & Ben": (1, 1, 1, 1, 1, 60, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0),
    "Cara & Dev": (0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0),
}


def table_records(table) -> dict[str, tuple]:
    players, pairs = stats.records(table)
    return {
        record.name: tuple(getattr(record, field) for field in FIELDS) for record in players + pairs
    }


def test_every_record_matches_the_matches_worked_out_by_hand(park_table):
    assert table_records(park_table) == EXPECTED


def test_a_match_in_progress_counts_for_nothing(park_table):
    open_match = park_table.matches.get(number=4)
    assert not open_match.finished
    assert not SideRecord.objects.filter(match=open_match).exists()


def test_undoing_the_hand_that_won_a_match_takes_the_win_back(park_table):
    # Undo reaches a finished match until the table starts its next one: take match 4 away.
    park_table.matches.get(number=4).delete()
    third = park_table.matches.get(number=3)
    third.undo(version=third.version)
    records = table_records(park_table)
    assert records["Ben & Dev"][FIELDS.index("played")] == 1
    assert records["Alice"][FIELDS.index("played")] == 2
    assert records["Dev"][FIELDS.index("won")] == 0


def test_editing_a_finished_match_rewrites_its_records(park_table):
    first = park_table.matches.get(number=1)
    first.edit_hand(1, reported(0, {1: 20, 2: 20, 3: 20}), version=first.version)
    records = table_records(park_table)
    assert records["Alice & Cara"][FIELDS.index("capicus")] == 0
    assert records["Alice & Cara"][FIELDS.index("points")] == 60 + 33


def test_an_imported_table_has_the_same_records(park_table):
    data = export_table(park_table)
    park_table.delete()
    assert not created(Record).exists()
    assert table_records(import_table(data)) == EXPECTED


def test_win_rate_and_points_a_hand_come_from_the_counts(park_table):
    players, _ = stats.records(park_table)
    alice = next(record for record in players if record.name == "Alice")
    assert alice.win_rate == 67
    assert alice.points_per_hand == 28.6


def test_a_shutout_needs_every_losing_side_on_nought(make_match, add_hand):
    match = make_match(("Ann", "Bo", "Cy"), "standard", target=30)
    add_hand(match, 1, {0: 10, 2: 5})
    add_hand(match, 0, {1: 10, 2: 10})
    add_hand(match, 1, {0: 10, 2: 10})  # Bo 35, Ann 20, Cy still on nought
    records = {record.name: record for record in stats.records(match.table)[0]}
    assert records["Bo"].won == 1
    assert [records[name].shutouts_given for name in ("Ann", "Bo", "Cy")] == [0, 0, 0]
    assert [records[name].shutouts_taken for name in ("Ann", "Bo", "Cy")] == [0, 0, 0]


def test_the_statistics_page_lists_players_and_pairs(client: Client, park_table):
    html = client.get(f"/t/{park_table.key}/stats").content.decode()
    for name in ("Alice &amp; Cara", "Ben &amp; Dev", "Alice &amp; Ben", "Cara &amp; Dev"):
        assert name in html


def test_the_statistics_sort_by_the_number_chosen(client: Client, park_table):
    response = client.get(f"/t/{park_table.key}/stats", {"sort": "points_per_hand"})
    rows = response.context["groups"][0][1]
    assert [row["record"].name for row in rows] == ["Alice", "Ben", "Cara", "Dev"]
    assert '<option value="points_per_hand" selected>' in response.content.decode()


def test_an_unknown_sort_falls_back_to_win_rate(client: Client, park_table):
    response = client.get(f"/t/{park_table.key}/stats", {"sort": "nonsense"})
    assert response.status_code == 200
    assert response.context["sort"] == "win_rate"


def test_each_number_links_to_the_matches_behind_it(client: Client, park_table):
    response = client.get(f"/t/{park_table.key}/stats")
    ben = next(row for row in response.context["groups"][0][1] if row["record"].name == "Ben")
    links = {column.key: (value, href) for column, value, href in ben["cells"]}
    won_value, won_href = links["won"]
    history = client.get(won_href).context["matches"]
    assert won_value == 2
    assert [match.number for match in history] == [3, 2]


def test_a_table_without_finished_matches_says_so(client: Client, make_match):
    match = make_match()
    assert "No finished matches yet." in client.get(f"/t/{match.table.key}/stats").content.decode()


def test_the_home_page_shows_each_tables_last_result(client: Client, park_table):
    client.get(f"/t/{park_table.key}/")
    html = client.get("/").content.decode()
    assert "Last result: 33 \u2013 55, won by <bdi>Ben &amp; Dev</bdi>" in html


def test_generated_matches_get_their_records(make_match):
    match = make_match()
    table = match.table
    players = list(table.players.all())
    match.delete()
    create_matches(table, players, "caribbean", range(1, 13), 6, random.Random(3), 12)
    wins = Counter()
    for finished in table.matches.prefetch_related("seats__player"):
        wins.update(
            seat.player.name for seat in finished.seats.all() if seat.side == finished.winner_side
        )
    records = {record.name: record for record in stats.records(table)[0]}
    assert {name: record.played for name, record in records.items()} == dict.fromkeys(
        ("Alice", "Ben", "Cara", "Dev"), 12
    )
    assert {name: record.won for name, record in records.items()} == dict(wins)


def test_records_added_match_by_match_equal_records_summed_again(park_table):
    added = table_records(park_table)
    streaks = {record.name: record.streak for record in created(Record).all()}
    rebuild_records(park_table.pk)
    assert table_records(park_table) == added
    assert {record.name: record.streak for record in created(Record).all()} == streaks


def test_a_match_that_ends_after_a_later_one_counts_in_its_place(make_match, add_hand):
    early = make_match(target=50)
    table = early.table
    for _ in range(2):
        later = table.start_match(early.seat_names(), early.game(), "caribbean")
        add_hand(later, 0, {1: 20, 2: 20, 3: 20})  # Alice & Cara
    add_hand(early, 1, {0: 20, 2: 20, 3: 20})  # Ben & Dev win match 1, ending last
    alice = next(record for record in stats.records(table)[0] if record.name == "Alice")
    assert (alice.played, alice.won, alice.streak, alice.best_streak) == (3, 2, 2, 2)


def test_points_scored_during_play_are_not_counted_as_bonuses():
    match = scoring_match("all_fives", target=30)
    tap(match, 0, 15)
    tap(match, 0, 15)
    match.refresh_from_db()
    assert match.finished
    players, _pairs = stats.records(match.table)
    ann = next(record for record in players if record.name == "Ann")
    assert (ann.won, ann.points, ann.bonuses) == (1, 30, 0)


def test_points_a_hand_rounds_a_half_up_as_a_player_would():
    # 145 points in 4 hands is 36.25: the sheet's reader writes 36.3.
    assert Record(points=145, hands=4).points_per_hand == 36.3


def test_the_win_rate_rounds_a_half_up_as_a_player_would():
    # 5 matches won of 8 is 62.5 %: 63, not 62.
    assert Record(played=8, won=5).win_rate == 63
