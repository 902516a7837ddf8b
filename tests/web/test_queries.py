"""SQL queries per request: a small constant, the same with 1 hand as with 60, or 200 matches."""

import random
import uuid
from collections.abc import Callable

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scorekeeper.models import Match, SeatLink
from tests.created import created
from tests.support.generate_matches import create_matches, verify
from tests.support.testing import QUERY_BUDGETS as BUDGETS
from tests.support.testing import add_hand, deal_hand, hand_fields, scoring_match, tap
from tests.web.match.test_rounds import post_round
from tests.web.table.test_setup import NAMES, mexican_train


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
    cold()


def cold() -> None:
    """Nothing kept in this process from an earlier request (the series score, the page's
    fragments): each count is of a page drawn from nothing."""
    from django.core.cache import caches

    caches["fragments"].clear()


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
    cold()
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
    cold()
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


def game(client: Client, players: int, rounds: int) -> Match:
    client.post("/new", mexican_train(NAMES[:players]))
    match = created(Match).order_by("-pk").first()
    for _number in range(rounds):
        post_round(client, match, "0", {seat: 5 for seat in range(1, players)})
    return match


def counts(client: Client, match: Match) -> dict[str, int]:
    links = [link.get_absolute_url() for link in SeatLink.for_match(match)]
    requests = {
        "page": lambda: client.get(match.get_absolute_url()),
        "watch": lambda: client.get(f"/w/{match.table.watch_key}/board", {"seen": "0.0"}),
        "seat": lambda: client.get(links[-1]),
        "counts": lambda: client.get(
            match.get_absolute_url(),
            {"part": "counts", "round": str(match.hand_count + 1)},
            headers={"HX-Request": "true"},
        ),
        "seat_post": lambda: client.post(
            links[-1], {"number": str(match.hand_count + 1), "pips": "3"}
        ),
        "save": lambda: client.post(
            match.save_hand_url(),
            {
                "out": "0",
                "number": str(match.hand_count + 1),
                "token": str(uuid.uuid4()),
                "entry": "each",
                **{f"pips_{seat}": "4" for seat in range(1, match.seat_count)},
            },
            headers={"HX-Request": "true"},
        ),
    }
    found = {}
    for name, request in requests.items():
        match.refresh_from_db()
        with CaptureQueriesContext(connection) as queries:
            response = request()
        assert response.status_code in (200, 302), (name, response.status_code)
        found[name] = len(queries)
    return found


def test_the_queries_are_the_same_with_more_players_and_rounds(client: Client):
    few = counts(client, game(client, players=2, rounds=1))
    many = counts(Client(), game(Client(), players=8, rounds=10))

    assert few == many
