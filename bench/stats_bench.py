"""Statistics at a table with 10,000 matches against a table with 10: server CPU per request.

    DATABASE_URL=sqlite:////tmp/stats-bench.sqlite3 .venv/bin/python bench/stats_bench.py

Builds both tables with generate_matches' bulk helpers in a database of its own (migrated
here; reused when it already holds them), then times each page in-process with the Django
test client: time.process_time() around the request, so the figure is this process's CPU,
SQLite's included. The budget: the big table within 2x of the small one.
"""

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
if "DATABASE_URL" not in os.environ:
    sys.exit("Set DATABASE_URL to a throwaway database, e.g. sqlite:////tmp/stats-bench.sqlite3")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from scorekeeper import rules  # noqa: E402
from scorekeeper.models import Player, Table  # noqa: E402
from tests.support.generate_matches import create_matches  # noqa: E402
from tests.support.timing import cpu_ms  # noqa: E402

NAMES = ["Alice", "Ben", "Cara", "Dev"]
BATCH = 100
BUDGET = 2.0


def table_with(matches: int, hands: int) -> Table:
    """A partnership table with this many finished matches (built once, then reused)."""
    name = f"Stats bench {matches}"
    table = Table.objects.filter(name=name).first()
    if table is not None and table.matches.filter(winner_side__isnull=False).count() == matches:
        return table
    Table.objects.filter(name=name).delete()
    table = Table.objects.create(name=name)
    players = [Player.objects.create(table=table, name=player) for player in NAMES]
    rng = random.Random(matches)
    for start in range(1, matches + 1, BATCH):
        numbers = range(start, min(start + BATCH, matches + 1))
        create_matches(table, players, "caribbean", numbers, hands, rng, matches)
    # And one match in progress, as at a real table.
    game = rules.make_game("caribbean", 4, rules=rules.HouseRules())
    table.start_match(NAMES, game, "caribbean")
    return table


def pages(table: Table) -> dict[str, str]:
    alice, ben, cara, dev = (table.players.get(name=name).pk for name in NAMES)
    pair = f"{min(alice, cara)}-{max(alice, cara)}"
    other = f"{min(ben, dev)}-{max(ben, dev)}"
    return {
        "statistics": f"/t/{table.key}/stats",
        "statistics sorted": f"/t/{table.key}/stats?sort=best_streak",
        "history of a pair": f"/t/{table.key}/?who={pair}",
        "history, wins only": f"/t/{table.key}/?who={alice}&only=won",
        "head to head": f"/t/{table.key}/versus?one={pair}&other={other}",
        "finished match": f"/t/{table.key}/m/{table.matches.count() - 1}/",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", type=int, default=10)
    parser.add_argument("--large", type=int, default=10_000)
    parser.add_argument("--hands", type=int, default=12, help="hands in each match")
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    started = time.monotonic()
    small = table_with(args.small, args.hands)
    large = table_with(args.large, args.hands)
    built = time.monotonic() - started
    client = Client(HTTP_HOST="localhost")
    results = {}
    small_pages, large_pages = pages(small), pages(large)
    for name in small_pages:
        few = cpu_ms(client, small_pages[name], args.runs)
        many = cpu_ms(client, large_pages[name], args.runs)
        results[name] = {"small_ms": round(few, 2), "large_ms": round(many, 2)}
        results[name]["ratio"] = round(many / few, 2)
    ratio = results["statistics"]["ratio"]
    print(
        json.dumps(
            {
                "matches": [args.small, args.large],
                "hands_each": args.hands,
                "build_seconds": round(built, 1),
                "pages": results,
                "statistics_within_budget": ratio <= BUDGET,
            },
            indent=2,
        )
    )
    if ratio > BUDGET:
        sys.exit(f"statistics: {ratio}x the small table's CPU time, over the {BUDGET}x budget")


if __name__ == "__main__":
    main()
