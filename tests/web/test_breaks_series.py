"""A correction that decides a series earlier: the series is worked out again, pages open."""

import uuid

import pytest
from django.test import Client

from scorekeeper import rules
from scorekeeper.models import Match, Table
from scorekeeper.models.records import series_clinchers

pytestmark = pytest.mark.django_db

FOUR = ["Alice", "Ben", "Cara", "Dev"]


def start(table: Table) -> Match:
    game = rules.make_game("caribbean", 4, rules=rules.HouseRules(target=10))
    return table.start_match(FOUR, game, "caribbean")


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
