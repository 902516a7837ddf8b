"""SQL queries of the scoring games: constant in hands and plays; a tap within its budget."""

import uuid

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scorekeeper.testing import add_hand, scoring_match, tap

from .test_queries import BUDGETS

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


def cost_after(match, hands: int, request, seat: int) -> int:
    """What the request costs once the match has this many hands and a tap in the next."""
    play_hands(match, hands)
    tap(match, seat, 5)
    return queries(request(match))


def test_a_tap_costs_the_same_after_one_hand_as_after_thirty(match):
    with_one = cost_after(match, 1, tap_request, seat=0)

    assert cost_after(match, 30, tap_request, seat=0) == with_one


def test_a_tap_stays_within_its_budget(match):
    assert cost_after(match, 3, tap_request, seat=0) <= BUDGETS["tap"]


def test_the_first_tap_of_a_hand_stays_within_the_tap_budget(match):
    play_hands(match, 3)

    assert queries(tap_request(match)) <= BUDGETS["tap"]


def test_the_scoreboard_costs_the_same_with_thirty_hands_of_plays(match):
    with_one = cost_after(match, 1, page_request, seat=2)

    assert cost_after(match, 30, page_request, seat=2) == with_one <= SCOREBOARD
