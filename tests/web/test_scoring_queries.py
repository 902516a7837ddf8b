"""SQL queries of the scoring games: constant in hands and plays; a tap costs what a hand does."""

import uuid

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from test_queries import BUDGETS

from scorekeeper.testing import add_hand, scoring_match, tap

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
# The scoreboard of a scoring game also reads the plays of its hands: one query more.
SCOREBOARD = BUDGETS["scoreboard"] + 1


def play_hands(match, hands: int) -> None:
    """Hands of three plays each and an end, until the match has this many."""
    while match.hand_count < hands:
        for seat in range(3):
            tap(match, seat, 5)
        add_hand(match, 0, {1: 5, 2: 5, 3: 5})


def queries(request) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = request()
    assert response.status_code == 200
    return len(captured)


def tap_request(match):
    data = {
        "seat": "1",
        "points": "10",
        "number": str(match.hand_count + 1),
        "token": str(uuid.uuid4()),
    }
    url = f"/t/{match.table.key}/m/{match.number}/play"
    return lambda: Client().post(url, data, headers=HTMX)


def page_request(match):
    return lambda: Client().get(f"/t/{match.table.key}/m/{match.number}/")


@pytest.fixture
def match():
    return scoring_match(target=100_000)


def test_a_tap_costs_the_same_after_one_hand_as_after_thirty(match):
    play_hands(match, 1)
    tap(match, 0, 5)
    with_one = queries(tap_request(match))
    play_hands(match, 30)
    tap(match, 0, 5)

    assert queries(tap_request(match)) == with_one


def test_a_tap_costs_no_more_than_a_hand_save(match):
    play_hands(match, 3)
    tap(match, 0, 5)

    assert queries(tap_request(match)) <= BUDGETS["hand_save"]


def test_the_first_tap_of_a_hand_stays_within_a_hand_save(match):
    play_hands(match, 3)

    assert queries(tap_request(match)) <= BUDGETS["hand_save"]


def test_the_scoreboard_costs_the_same_with_thirty_hands_of_plays(match):
    play_hands(match, 1)
    tap(match, 2, 5)
    with_one = queries(page_request(match))
    play_hands(match, 30)
    tap(match, 2, 5)

    assert queries(page_request(match)) == with_one <= SCOREBOARD
