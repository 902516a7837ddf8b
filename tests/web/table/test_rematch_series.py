"""Series: first to N match wins; a rematch continues it, other players start a new one; a
correction that decides it earlier works it out again."""

import uuid

import pytest
from django.test import Client

from scorekeeper import rules
from scorekeeper.models import Match, Table
from scorekeeper.statistics.records import series_clinchers
from tests.created import created

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
    from tests.support.testing import SETUP

    client.post("/new", {**SETUP, "series_first_to": "0", "shutout_counts_double": "on"})

    series = created(Match).get().series
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


def won_by(side: int) -> dict[str, str]:
    """The hand form's data of a hand that seat `side` (of side `side`) wins with 20 pips."""
    pips = {seat: 0 for seat in range(4) if seat != side}
    pips[(side + 1) % 4] = 20
    return {
        "out": str(side),
        "confirm_end": "on",
        **{f"pips_{seat}": str(value) for seat, value in pips.items()},
    }


def play(client: Client, table: Table, side: int) -> Match:
    match = start(table)
    client.post(
        f"/t/{table.key}/m/{match.number}/hand",
        {**won_by(side), "number": "1", "token": str(uuid.uuid4())},
    )
    match.refresh_from_db()
    assert match.winner_side == side
    return match


def correct(client: Client, match: Match, side: int):
    match.refresh_from_db()
    data = {**won_by(side), "number": "1", "token": str(uuid.uuid4())}
    return client.post(
        f"/t/{match.table.key}/m/{match.number}/h/1/", {**data, "version": str(match.version)}
    )


@pytest.fixture
def series(client: Client) -> list[Match]:
    """A best of three that went Alice & Cara, Ben & Dev, Alice & Cara."""
    table = Table.objects.create(name="Park")
    matches = [play(client, table, side) for side in (0, 1, 0)]
    assert len({match.series_id for match in matches}) == 1
    return matches


def pages(match: Match) -> list[str]:
    base = f"/t/{match.table.key}/m/{match.number}/"
    return [base, f"{base}h/1/", f"{base}undo", f"/t/{match.table.key}/"]


def test_a_correction_that_decides_the_series_earlier_is_taken(client: Client, series):
    response = correct(client, series[1], 0)

    assert response.status_code == 302
    series[1].refresh_from_db()
    assert series[1].winner_side == 0


def test_every_page_of_the_series_opens_after_it(client: Client, series):
    correct(client, series[1], 0)

    for match in series:
        for page in pages(match):
            assert client.get(page).status_code in (200, 302), page


def test_the_series_goes_to_the_first_side_to_reach_its_wins(client: Client, series):
    correct(client, series[1], 0)

    state = series[0].series.state()

    assert (state.wins, state.winner_side) == ((2, 0), 0)
    # The statistics agree: the corrected match won the series, the one after it won nothing.
    assert series_clinchers([m.pk for m in series]) == {
        series[0].pk: False,
        series[1].pk: True,
    }


def test_the_match_after_the_decision_still_counts_as_a_match_won(client: Client, series):
    correct(client, series[1], 0)

    html = client.get(f"/t/{series[2].table.key}/m/{series[2].number}/").content.decode()

    assert "Series to <bdi>Alice &amp; Cara</bdi>!" in html
    series[2].refresh_from_db()
    assert series[2].winner_side == 0


def test_the_correction_can_be_taken_back(client: Client, series):
    correct(client, series[1], 0)

    response = correct(client, series[1], 1)

    assert response.status_code == 302
    state = series[0].series.state()
    assert (state.wins, state.winner_side) == ((2, 1), 0)


def test_a_page_drawn_afresh_reads_the_series_once_per_table_version(client: Client, table):
    import re

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    open_series = rules.SeriesRules(first_to=None)
    win(start(table, series=open_series), 0, loser_points=5)
    match = start(table, series=open_series)

    def page() -> tuple[list[str], list[str]]:
        with CaptureQueriesContext(connection) as captured:
            html = client.get(f"/t/{table.key}/m/{match.number}/").content.decode()
        wins = re.findall(r"<b>(\d+)</b>", re.search(r'data-testid="series".*?</p>', html, re.S)[0])
        return wins, [q["sql"] for q in captured if '"winner_side" IS NOT NULL' in q["sql"]]

    wins, series_reads = page()
    assert wins == ["1", "0"] and len(series_reads) == 1  # the first draw reads it
    add(match, 1, 5)  # a hand: the match's version moves, the table's does not
    wins, series_reads = page()
    assert wins == ["1", "0"] and series_reads == []
    match.refresh_from_db()
    add(match, 0, 20)  # the match is won: the table moves, and the series is read again
    wins, series_reads = page()
    assert wins == ["2", "0"] and len(series_reads) == 1


def pub_block(table: Table, names: list[str]) -> Match:
    game = rules.make_game("pub_block", len(names), rules=rules.HouseRules(target=10))
    return table.start_match(names, game, "pub_block")


def went_out(match: Match, seat: int) -> Match:
    """Seat `seat` of a two-seat match goes out past the target."""
    hand = rules.Hand(rules.Ending.WENT_OUT, went_out=seat, pips={1 - seat: 20})
    match.add_hand(hand, token=uuid.uuid4(), number=match.hand_count + 1)
    return match


def test_a_name_typed_in_another_case_plays_on_in_the_series(table):
    first = went_out(pub_block(table, ["Ana", "Ben"]), 0)

    second = pub_block(table, ["Ben", "ana"])

    assert second.series == first.series
    assert second.series.score(second) == [("Ben", 0), ("Ana", 1)]


def test_the_rematch_of_a_match_typed_in_another_case_continues_the_series(client: Client, table):
    first = went_out(pub_block(table, ["Ana", "Ben"]), 0)
    went_out(pub_block(table, ["Ben", "ana"]), 0)

    client.post(f"/t/{table.key}/rematch")

    third = table.matches.get(number=3)
    assert third.series == first.series
    assert third.series.state().wins == (1, 1)


def test_a_new_series_names_its_sides_as_the_table_seats_them(table):
    pub_block(table, ["Ana", "Ben", "Cara"])

    second = pub_block(table, ["Ben", "ana"])

    assert second.series.sides == [["Ben"], ["Ana"]]
