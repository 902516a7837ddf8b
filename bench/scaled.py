"""One app server against two, both behind nginx on one PostgreSQL: the figures of deploy.md.

Run by `make bench-scaled` (under scripts/with-postgres.sh). The servers and the proxy are the
load harness's (tests/load/harness.py), as in the scaled load test. For each layout: 30 tables
set up by the load test's phones, then the scoreboards read with wrk for `--seconds`, then 30
phones saving hands (each save followed by its page, as a phone without htmx does) until each
has saved 30.
"""

import argparse
import os
import sys
from pathlib import Path

os.environ["LOAD_SCALED"] = "1"
BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH), str(BENCH.parent / "tests" / "load"), str(BENCH.parent)]

import django  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
django.setup()

import loadlib  # noqa: E402
import wrkload  # noqa: E402

TABLES = 30


def measure(site, servers: int, seconds: float) -> dict:
    with (
        loadlib.temp_dir("scorekeeper-scaled-") as directory,
        loadlib.fresh_database("postgresql", directory) as database,
    ):
        site.manage(database.url, "migrate", "--noinput")
        site.manage(database.url, "createcachetable")
        cluster = loadlib.Cluster(site, database.url, directory, count=servers)
        try:
            cluster.start()
            saves = loadlib.Load(
                cluster, loadlib.Plan(tables=TABLES, hands=30, targets=(5000,)), seed=servers
            )
            saves.run()
            paths = [f"/t/{record.key}/m/1/" for record in saves.records]
            reads = wrkload.run(
                f"http://127.0.0.1:{cluster.proxy.port}", paths, seconds, 50, "gzip, br"
            )
        finally:
            cluster.stop()
    return {
        "servers": servers,
        "saves_per_s": saves.saved / saves.elapsed,
        "requests_per_s": saves.stats.requests / saves.elapsed,
        "server_errors": saves.stats.server_errors,
        "problems": len(saves.stats.problems),
        "reads": reads,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    if not wrkload.available():
        sys.exit("bench-scaled needs wrk (make wrk)")
    print(
        f"| App servers | Scoreboards (wrk, 50 connections, {args.seconds:g} s) | "
        f"Hand saves ({TABLES} phones, save + page) | 5xx |"
    )
    print("|---|---|---|---|")
    with loadlib.collected_site() as site:
        for servers in (1, 2):
            found = measure(site, servers, args.seconds)
            reads = found["reads"]
            print(
                f"| {servers} | {reads['rps']:.0f} req/s · p50 {reads['p50_ms']:.0f} ms · "
                f"p99 {reads['p99_ms']:.0f} ms · {reads['errors']} errors | "
                f"{found['saves_per_s']:.0f} saves/s ({found['requests_per_s']:.0f} req/s) | "
                f"{found['server_errors']} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
