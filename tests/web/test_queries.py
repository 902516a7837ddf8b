"""SQL queries per request: a small constant, the same with 1 hand as with 60, or 200 matches."""

import random
import uuid
from collections.abc import Callable

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scorekeeper.management.commands.generate_matches import create_matches, verify
from scorekeeper.models import Match
from scorekeeper.testing import QUERY_BUDGETS as BUDGETS
from scorekeeper.testing import deal_hand, hand_fields


def page(match: Match) -> str:
    return f"/t/{match.table.key}/m/{match.number}/"


def board(match: Match) -> str:
    return f"/w/{match.table.watch_key}/board"


def hand_post(match: Match, rng: random.Random) -> dict:
    return hand_fields(deal_hand(match.game(), rng), match.hand_count + 1)


# Each view: how to request it for a match, and the status it answers with.
REQUESTS: dict[str, tuple[Callable, int]] = {
    "scoreboard": (lambda client, match, rng: client.get(page(match)), 200),
    "hand_save": (
        lambda client, match, rng: client.post(
            page(match) + "hand", hand_post(match, rng), headers={"HX-Request": "true"}
        ),
        200,
    ),
    "history": (lambda client, match, rng: client.get(f"/t/{match.table.key}/"), 200),
    "watch_unchanged": (
        lambda client, match, rng: client.get(
            board(match), {"seen": f"{match.pk}.{match.version}"}
        ),
        204,
    ),
    "watch_changed": (
        lambda client, match, rng: client.get(board(match), {"seen": f"{match.pk}.0"}),
        200,
    ),
}


def play(match: Match, hands: int, rng: random.Random) -> None:
    """Add hands through the model until the match has this many."""
    match.refresh_from_db()
    game = match.game()
    while match.hand_count < hands:
        match.add_hand(deal_hand(game, rng), token=uuid.uuid4(), number=match.hand_count + 1)
    ready(match)


def ready(match: Match) -> None:
    """Fresh from the database, its table loaded: the request alone is counted."""
    match.refresh_from_db()
    assert match.table.key


def count(view: str, match: Match, rng: random.Random) -> int:
    request, status = REQUESTS[view]
    ready(match)
    with CaptureQueriesContext(connection) as captured:
        response = request(Client(), match, rng)
    assert response.status_code == status
    return len(captured)


@pytest.fixture
def open_match(make_match):
    """A partnership match played to 10,000, so that 60 hands do not end it."""
    return make_match(target=10_000)


@pytest.fixture
def match_after_200(make_match):
    """The 200th match at a table whose 199 earlier ones are finished."""
    match = make_match(target=10_000)
    table = match.table
    players = sorted(table.players.all(), key=lambda player: match.seat_names().index(player.name))
    match.delete()
    create_matches(table, players, "caribbean", range(1, 200), 5, random.Random(2), 199)
    return table.start_match([player.name for player in players], match.game(), match.preset)


def within_budget(view: str, match: Match, rng: random.Random, assert_max_queries) -> int:
    """The queries of one request to the view, held to its budget."""
    request, status = REQUESTS[view]
    with assert_max_queries(BUDGETS[view]) as captured:
        assert request(Client(), match, rng).status_code == status
    return len(captured)


@pytest.mark.parametrize("view", REQUESTS)
def test_queries_stay_within_budget_with_one_hand(view, open_match, django_assert_max_num_queries):
    rng = random.Random(view)
    play(open_match, 1, rng)
    within_budget(view, open_match, rng, django_assert_max_num_queries)


@pytest.mark.parametrize("view", REQUESTS)
def test_queries_are_the_same_with_sixty_hands_as_with_one(
    view, open_match, django_assert_max_num_queries
):
    rng = random.Random(view)
    play(open_match, 1, rng)
    with_one = count(view, open_match, rng)
    play(open_match, 60, rng)
    assert within_budget(view, open_match, rng, django_assert_max_num_queries) == with_one


@pytest.mark.parametrize("view", REQUESTS)
def test_queries_are_the_same_with_200_matches_at_the_table(
    view, open_match, match_after_200, django_assert_max_num_queries
):
    rng = random.Random(view)
    play(open_match, 60, rng)
    alone = count(view, open_match, rng)
    play(match_after_200, 60, rng)
    assert within_budget(view, match_after_200, rng, django_assert_max_num_queries) == alone


def test_generated_matches_recompute_to_what_was_stored(match_after_200):
    verify(list(match_after_200.table.matches.filter(number__lte=20)))
