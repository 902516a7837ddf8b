"""Where a read of the scoreboard (GET match page) spends its time: kept hits and fresh misses
of a match page 4 hands in, in this process under the production settings (as
bench/profile_save.py), against /healthz in the same process, with cProfile's top functions.

    .venv/bin/python bench/profile_reads.py [--reads 500] [--top 30] [--sort tottime]
        [--only hit|miss]

A miss is made as `make bench` makes one: the match's version moved in the database (no save,
no server work), so the next read draws the page afresh. Not run by `make bench`.
"""

import argparse
import cProfile
import io
import os
import pstats
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from profile_save import ROOT, production_env


def setup(directory: Path) -> None:
    import subprocess

    os.environ.update(production_env(directory))
    sys.path.insert(0, str(ROOT))
    quiet = {"capture_output": True, "check": True, "cwd": ROOT}
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput"], **quiet)
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], **quiet)
    import django

    django.setup()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reads", type=int, default=500)
    parser.add_argument("--top", type=int, default=30)
    parser.add_argument("--sort", default="tottime")
    parser.add_argument("--only", choices=("hit", "miss"), default=None)
    parser.add_argument("--filter", default="", help="only functions whose file matches this")
    args = parser.parse_args()
    setup(Path(tempfile.mkdtemp(prefix="scorekeeper-profile-")))
    from django.db import connection
    from django.test import Client

    from scorekeeper import rules
    from scorekeeper.models import Match
    from tests.support.testing import SETUP, deal_hand, hand_fields

    phone = Client(HTTP_ACCEPT_ENCODING="gzip, br")
    answer = phone.post("/new", {"name": "Bench", **SETUP})
    assert answer.status_code == 302, answer.status_code
    path = answer["Location"]
    game, rng = rules.make_game("caribbean", 4), random.Random(1)
    for number in range(1, 5):
        data = hand_fields(deal_hand(game, rng), number)
        answer = phone.post(f"{path}hand", data, HTTP_HX_REQUEST="true")
        assert answer["X-Hand"] == "saved", answer.get("X-Hand")
    match_id = Match.objects.get().pk

    def change() -> None:
        with connection.cursor() as cursor:
            cursor.execute(
                f"UPDATE {Match._meta.db_table} SET version = version + 1 WHERE id = %s",
                [match_id],
            )

    def read() -> None:
        answer = phone.get(path)
        assert answer.status_code == 200, answer.status_code

    def timed(work, before=None) -> tuple[float, cProfile.Profile]:
        for _ in range(20):
            before and before()
            work()
        total, profile = 0.0, cProfile.Profile()
        for _ in range(args.reads):
            before and before()
            started = time.process_time()
            work()
            total += time.process_time() - started
        for _ in range(args.reads):
            before and before()
            profile.enable()
            work()
            profile.disable()
        return total / args.reads, profile

    trivial, _ = timed(lambda: phone.get("/healthz"))
    read()
    results = {}
    for name, before in (("hit", None), ("miss", change)):
        if args.only in (None, name):
            results[name] = timed(read, before)
    for name, (_mean, profile) in results.items():
        out = io.StringIO()
        stats = pstats.Stats(profile, stream=out).sort_stats(args.sort)
        stats.print_stats(args.filter, args.top)
        print(f"==== {name} ====\n{out.getvalue()}")
    print(f"trivial (/healthz): {trivial * 1000:.3f} ms CPU a request")
    for name, (mean, _) in results.items():
        print(f"{name + ':':19} {mean * 1000:.3f} ms CPU a read = {mean / trivial:.1f}x trivial")
    if len(results) == 2:
        mixed = 0.95 * results["hit"][0] + 0.05 * results["miss"][0]
        print(f"1 miss in 20:       {mixed * 1000:.3f} ms = {mixed / trivial:.1f}x trivial")


if __name__ == "__main__":
    main()
