"""Series: first to N match wins; a rematch continues it, other players start a new one."""

import uuid

import pytest
from django.test import Client

from scorekeeper import rules
from scorekeeper.models import Match, Table

pytestmark = pytest.mark.django_db

FOUR = ["Alice", "Ben", "Cara", "Dev"]


def start(table: Table, names=FOUR, series=None, target=10) -> Match:
    game = rules.make_game("caribbean", len(names), rules=rules.HouseRules(target=target))
    return table.start_match(names, game, "caribbean", series)


def win(match: Match, side: int, loser_points: int = 0) -> Match:
    """Side 0 or 1 goes out (seat 0 or 1); the other side first scores loser_points."""
    if loser_points:
        add(match, 1 - side, loser_points)
    add(match, side, 20)
    return match


def add(match: Match, seat: int, pips: int) -> None:
    others = {s: 0 for s in range(4) if s != seat}
    others[(seat + 1) % 4] = pips
    hand = rules.Hand(rules.Ending.WENT_OUT, went_out=seat, pips=others)
    match.add_hand(hand, token=uuid.uuid4(), number=match.hand_count + 1)


@pytest.fixture
def table():
    return Table.objects.create(name="Park")


def test_a_rematch_continues_the_series(table):
    first = win(start(table), 0, loser_points=5)

    second = start(table)

    assert second.series == first.series
    assert second.series.state().wins == (1, 0)


def test_partners_changing_chairs_stay_in_the_series(table):
    first = win(start(table), 0, loser_points=5)

    second = start(table, ["Cara", "Dev", "Alice", "Ben"])

    assert second.series == first.series


def test_other_players_start_a_new_series(table):
    first = start(table)

    second = start(table, ["Alice", "Ben", "Cara", "Eve"])

    assert second.series != first.series
    assert second.series.number == first.series.number + 1


def test_other_partners_start_a_new_series(table):
    first = start(table)

    assert start(table, ["Alice", "Cara", "Ben", "Dev"]).series != first.series


def test_the_first_to_two_wins_the_series_and_the_next_match_starts_a_new_one(table):
    first = win(start(table), 0, loser_points=5)
    second = win(start(table), 0, loser_points=5)

    third = start(table)

    assert first.series.state().winner_side == 0
    assert second.series == first.series
    assert third.series != first.series


def test_sides_are_matched_by_who_sits_there(table):
    win(start(table), 0, loser_points=5)
    second = win(start(table, ["Ben", "Alice", "Dev", "Cara"]), 0, loser_points=5)

    # Ben and Dev won the second match from the first side of the table.
    assert second.series.state().wins == (1, 1)
    assert second.series.score(second) == [("Ben & Dev", 1), ("Alice & Cara", 1)]


def test_a_shutout_is_a_win_while_the_others_have_nothing(table):
    assert win(start(table), 1).shutout
    assert not win(start(table), 1, loser_points=5).shutout


def test_a_shutout_counts_double_under_the_house_rule(table):
    match = win(start(table, series=rules.SeriesRules(shutout_counts_double=True)), 1)

    state = match.series.state()

    assert (state.wins, state.winner_side) == ((0, 2), 1)


def test_an_open_series_keeps_count(table):
    open_series = rules.SeriesRules(first_to=None)
    for _ in range(3):
        match = win(start(table, series=open_series), 0, loser_points=5)

    assert match.series.state().wins == (3, 0)
    assert not match.series.state().finished


def test_other_series_rules_start_a_new_series(table):
    first = start(table)

    assert start(table, series=rules.SeriesRules(first_to=3)).series != first.series


def test_the_table_remembers_its_series_rules(table):
    start(table, series=rules.SeriesRules(first_to=3, shutout_counts_double=True))

    table.refresh_from_db()
    assert table.series_rules() == rules.SeriesRules(3, True)


def test_the_setup_chooses_the_series(client: Client):
    from scorekeeper.testing import SETUP

    client.post("/new", {**SETUP, "series_first_to": "0", "shutout_counts_double": "on"})

    series = Match.objects.get().series
    assert (series.first_to, series.shutout_counts_double) == (None, True)


def test_the_series_score_costs_the_same_queries_with_more_matches(client: Client, table):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    open_series = rules.SeriesRules(first_to=None)

    def queries_for_newest() -> int:
        match = win(start(table, series=open_series), 0, loser_points=5)
        with CaptureQueriesContext(connection) as captured:
            client.get(f"/t/{table.key}/m/{match.number}/")
        return len(captured)

    after_one = queries_for_newest()
    for _ in range(5):
        win(start(table, series=open_series), 1, loser_points=5)

    assert queries_for_newest() == after_one
