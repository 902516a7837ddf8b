"""SQL queries per request, counted in-process: they must not grow with hands or matches.

Run by run.py in a subprocess with the production environment and a database of its own;
prints one JSON object. The budgets are the same as tests/web/test_queries.py enforces.
"""

import json
import random
import sys
import uuid
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH), str(BENCH.parent)]

import django  # noqa: E402

django.setup()

from django.core.cache import caches  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from scorekeeper import rules  # noqa: E402
from scorekeeper.models import Match, Table  # noqa: E402
from tests.support.generate_matches import (  # noqa: E402
    create_matches,
)
from tests.support.testing import QUERY_BUDGETS as BUDGETS  # noqa: E402
from tests.support.testing import deal_hand, hand_fields  # noqa: E402

NAMES = ["Alice", "Ben", "Cara", "Dev"]


def new_match(matches_before: int, rng: random.Random) -> Match:
    """A table with `matches_before` finished matches, then an open one (a huge target)."""
    table = Table.objects.create(name="Queries")
    game = rules.make_game("caribbean", 4, rules=rules.HouseRules(target=10_000))
    if matches_before:
        first = table.start_match(NAMES, game, "caribbean")
        first.delete()
        players = sorted(table.players.all(), key=lambda p: NAMES.index(p.name))
        create_matches(
            table, players, "caribbean", range(1, matches_before + 1), 40, rng, matches_before
        )
    return table.start_match(NAMES, game, "caribbean")


def add_hands(match: Match, count: int, rng: random.Random) -> None:
    match.refresh_from_db()
    game = match.game()
    for _ in range(count):
        match.add_hand(deal_hand(game, rng), token=uuid.uuid4(), number=match.hand_count + 1)


def hand_post(match: Match, rng: random.Random) -> dict:
    return hand_fields(deal_hand(match.game(), rng), match.hand_count + 1)


def count(client: Client, method: str, path: str, expect: int, **kwargs) -> int:
    """The queries of one request drawn from nothing: what this process keeps of an earlier
    page (its fragments, the series score) is cleared first."""
    caches["fragments"].clear()
    with CaptureQueriesContext(connection) as captured:
        response = getattr(client, method)(path, **kwargs)
    if response.status_code != expect:
        raise RuntimeError(f"{method.upper()} {path}: {response.status_code}, not {expect}")
    return len(captured)


def measure(match: Match, rng: random.Random) -> dict[str, int]:
    client = Client(HTTP_HOST="127.0.0.1")
    table = match.table
    page = f"/t/{table.key}/m/{match.number}/"
    board = f"/w/{table.watch_key}/board"
    match.refresh_from_db()
    counts = {
        "scoreboard": count(client, "get", page, 200),
        "history": count(client, "get", f"/t/{table.key}/", 200),
        "watch_unchanged": count(client, "get", f"{board}?seen={match.pk}.{match.version}", 204),
        "watch_changed": count(client, "get", f"{board}?seen={match.pk}.0", 200),
    }
    counts["hand_save"] = count(
        client, "post", f"{page}hand", 200, data=hand_post(match, rng), HTTP_HX_REQUEST="true"
    )
    return counts


def main() -> None:
    rng = random.Random(11)
    scenarios = {}
    small = new_match(0, rng)
    add_hands(small, 1, rng)
    scenarios["1 hand"] = measure(small, rng)
    add_hands(small, 59 - 1, rng)  # the save above was hand 2
    small.refresh_from_db()
    scenarios["60 hands"] = measure(small, rng)
    big = new_match(199, rng)
    add_hands(big, 60, rng)
    big.refresh_from_db()
    scenarios["60 hands, 200 matches"] = measure(big, rng)
    print(json.dumps({"budgets": BUDGETS, "scenarios": scenarios}))


if __name__ == "__main__":
    main()
