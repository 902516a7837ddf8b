"""A club of 50 tables and 10,000 finished matches: its ratings' costs, in server CPU.

    DATABASE_URL=sqlite:////tmp/club-bench.sqlite3 .venv/bin/python bench/club_bench.py

Builds the club once with generate_matches' bulk helpers in a database of its own (migrated
here; reused when it already holds it): each table has eight regulars, and each match seats
four of them, so one name plays at several tables. Then, in process, time.process_time()
around each piece (this process's CPU, SQLite's included):

- a full recompute: every match of the club rated again from nothing (rerating.rebuild);
- a match's end: the re-rating its save leaves for after the commit (rerating.follow_match),
  timed alone, and the whole save that ends it at a club table (the re-rating included, as
  the commit runs it) against the same save at a table in no club with as many matches;
- the leaderboard, kept (its second and later reads), against the trivial view, both through
  the Django test client.

Budgets (issue #33): recompute <= 5 s, a match's end <= 5 ms, the kept leaderboard <= 3x the
trivial view.
"""

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
if "DATABASE_URL" not in os.environ:
    sys.exit("Set DATABASE_URL to a throwaway database, e.g. sqlite:////tmp/club-bench.sqlite3")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.http import HttpResponse  # noqa: E402
from django.test import Client, override_settings  # noqa: E402
from django.urls import path  # noqa: E402

from scorekeeper import rules  # noqa: E402
from scorekeeper.clubs import receivers, rerating  # noqa: E402
from scorekeeper.clubs.models import Club, Membership  # noqa: E402
from scorekeeper.models import Player, Table  # noqa: E402
from scorekeeper.urls import urlpatterns  # noqa: E402
from tests.support.generate_matches import create_matches  # noqa: E402
from tests.support.testing import win_hand  # noqa: E402
from tests.support.timing import cpu_ms  # noqa: E402

NAME = "Club bench"
REGULARS = 8
POOL = 120  # names across the club: each table's regulars drawn from these
BATCH = 10  # matches a batch, each batch four of the table's regulars
BUDGETS = {"recompute_s": 5.0, "match_end_ms": 5.0, "leaderboard_x_trivial": 3.0}


def trivial(request):
    return HttpResponse("ok")


# The app's URLs and the bench's trivial view (as bench/bench_urls.py adds it to the server).
urlpatterns = [*urlpatterns, path("bench/trivial", trivial)]


def build(tables: int, matches: int, hands: int) -> Club:
    """The club (built once, then reused while it holds this many matches)."""
    club = Club.objects.filter(name=NAME).first()
    # Reused while it holds them (each run ends a few more at its first table).
    if club is not None and rerating.history.finished(club.tables()).count() >= matches:
        return club
    if club is not None:
        Table.objects.filter(pk__in=club.tables()).delete()
        club.delete()
    club = Club.objects.create(name=NAME)
    rng = random.Random(33)
    pool = [f"Player {n}" for n in range(POOL)]
    each = matches // tables
    for index in range(tables):
        table = Table.objects.create(name=f"{NAME} {index + 1}")
        regulars = [
            Player.objects.create(table=table, name=name) for name in rng.sample(pool, REGULARS)
        ]
        for start in range(1, each + 1, BATCH):
            numbers = range(start, min(start + BATCH, each + 1))
            create_matches(table, rng.sample(regulars, 4), "caribbean", numbers, hands, rng, each)
        # Joined with the history in place: nothing rated until the recompute below.
        Membership.objects.bulk_create([Membership(club=club, table=table)])
    return club


def outside_table(matches: int) -> Table:
    """A table in no club with as many finished matches as a club table (built once)."""
    name = f"{NAME} outside"
    table = Table.objects.filter(name=name).first()
    if table is None:
        table = Table.objects.create(name=name)
        rng = random.Random(34)
        players = [Player.objects.create(table=table, name=f"Outside {n}") for n in range(4)]
        for start in range(1, matches + 1, 100):
            numbers = range(start, min(start + 100, matches + 1))
            create_matches(table, players, "caribbean", numbers, 4, rng, matches)
    return table


def recompute_seconds(club: Club) -> tuple[float, float]:
    """CPU and wall seconds of rating the whole history again from nothing."""
    cpu, wall = time.process_time(), time.perf_counter()
    rerating.rebuild(club)
    return time.process_time() - cpu, time.perf_counter() - wall


def match_ends(club: Club, count: int) -> dict:
    """End `count` matches at the club's first table and at a table in no club: the re-rating
    alone (timed where the commit runs it), and each whole save that ends a match."""
    timed: list[float] = []
    scheduled = receivers.after_commit

    def timing(work) -> None:
        def run() -> None:
            start = time.process_time()
            work()
            timed.append((time.process_time() - start) * 1000)

        scheduled(run)

    receivers.after_commit = timing
    try:
        member = club.tables().order_by("pk").first()
        outside = outside_table(member.matches.count())
        saves = {"club": [], "no club": []}
        for _ in range(count):
            for where, table in (("club", member), ("no club", outside)):
                names = random.sample([f"Player {n}" for n in range(POOL)], 4)
                game = rules.make_game("caribbean", 4, rules=rules.HouseRules(target=50))
                match = table.start_match(names, game, "caribbean")
                start = time.process_time()
                win_hand(match, 0, pips=30)  # one hand of 90 ends it
                saves[where].append((time.process_time() - start) * 1000)
                assert match.finished
    finally:
        receivers.after_commit = scheduled
    return {
        "rerating_ms_median": round(statistics.median(timed), 2),
        "rerating_ms_max": round(max(timed), 2),
        "ending_save_ms_club": round(statistics.median(saves["club"]), 2),
        "ending_save_ms_no_club": round(statistics.median(saves["no club"]), 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--hands", type=int, default=4, help="hands in each match")
    parser.add_argument("--ends", type=int, default=30, help="matches ended at the club")
    parser.add_argument("--runs", type=int, default=200)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    started = time.monotonic()
    club = build(args.tables, args.matches, args.hands)
    built = time.monotonic() - started
    recompute_matches = rerating.history.finished(club.tables()).count()
    recompute_cpu, recompute_wall = recompute_seconds(club)
    ends = match_ends(club, args.ends)
    client = Client(HTTP_HOST="localhost")
    with override_settings(ROOT_URLCONF=__name__):
        trivial_ms = cpu_ms(client, "/bench/trivial", args.runs)
        board_ms = cpu_ms(client, club.get_absolute_url(), args.runs)
    result = {
        "tables": args.tables,
        "matches": args.matches,
        "matches_rated_at_the_recompute": recompute_matches,
        "players": club.ratings.count(),
        "build_seconds": round(built, 1),
        "recompute_cpu_s": round(recompute_cpu, 2),
        "recompute_wall_s": round(recompute_wall, 2),
        **ends,
        "trivial_ms": round(trivial_ms, 3),
        "leaderboard_kept_ms": round(board_ms, 3),
        "leaderboard_x_trivial": round(board_ms / trivial_ms, 2),
    }
    result["within_budget"] = {
        "recompute": recompute_cpu <= BUDGETS["recompute_s"],
        "match_end": ends["rerating_ms_median"] <= BUDGETS["match_end_ms"],
        "leaderboard": result["leaderboard_x_trivial"] <= BUDGETS["leaderboard_x_trivial"],
    }
    print(json.dumps(result, indent=2))
    if not all(result["within_budget"].values()):
        sys.exit("over a budget: see within_budget")


if __name__ == "__main__":
    main()
