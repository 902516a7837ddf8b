"""Mexican Train's pages cost the same SQL queries with 2 players as with 8, after 1 round as
after 12: the match page, a round saved, the watch board, a seat's page and the counts the
scorer's page polls."""

import uuid

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scorekeeper.models import Match, SeatLink
from tests.web.test_mexican_train_rounds import post_round
from tests.web.test_mexican_train_setup import NAMES, mexican_train

pytestmark = pytest.mark.django_db


def game(client: Client, players: int, rounds: int) -> Match:
    client.post("/new", mexican_train(NAMES[:players]))
    match = Match.objects.order_by("-pk").first()
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
