"""A quick look at the read phases alone, as `make bench` runs them on gunicorn: the trivial
view, the scoreboard kept, and the scoreboard with a miss once in --reads-per-change reads, in
server CPU a request. For trying a change to the read path without the whole bench.

    .venv/bin/python bench/reads_probe.py [--seconds 3] [--clients 10] [--kept-only]

Only the first round's misses are real: the bench puts the pages' versions back after its miss
phase, so a second round's "misses" find the pages the first one kept (--rounds > 1 is for
the kept reads).
"""

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--clients", type=int, default=10)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--reads-per-change", type=float, default=20.0)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--kept-only", action="store_true", help="no miss phase")
    args = parser.parse_args()
    args.python_reads = False
    with tempfile.TemporaryDirectory(prefix="scorekeeper-probe-") as tmp, run.server.site() as site:
        database = Path(tmp) / "bench.sqlite3"
        os.environ.update(site.env(run.server.database_url(database)))
        sys.path.insert(0, str(site.directory))
        site.manage(run.server.database_url(database), "migrate", "--noinput")
        with run.server.gunicorn(site, database, Path(tmp) / "gunicorn.log") as gunicorn:
            crowd = run.load.Crowd(*gunicorn.address, args.clients, args.processes)
            try:
                paths = crowd.setup()
                for _ in range(args.rounds):
                    figures = {}
                    for kind in ("trivial", "scoreboard"):
                        before = gunicorn.cpu_seconds()
                        result = run.run_phase(gunicorn, crowd, paths, kind, args)
                        figures[kind] = (
                            (gunicorn.cpu_seconds() - before) * 1000 / result["requests"]
                        )
                        kept_rps = result["rps"]
                    trivial = figures["trivial"]
                    if args.kept_only:
                        print(
                            f"trivial {trivial:.3f} ms · kept {figures['scoreboard']:.3f} ms "
                            f"({figures['scoreboard'] / trivial:.2f}x)",
                            flush=True,
                        )
                        continue
                    result, used = run.run_misses(gunicorn, crowd, paths, args, database, kept_rps)
                    figures["misses"] = used * 1000 / result["requests"]
                    print(
                        f"trivial {trivial:.3f} ms · kept {figures['scoreboard']:.3f} ms "
                        f"({figures['scoreboard'] / trivial:.2f}x) · with misses "
                        f"{figures['misses']:.3f} ms ({figures['misses'] / trivial:.2f}x, "
                        f"{result['reads_per_miss']:.1f} reads a miss)",
                        flush=True,
                    )
            finally:
                crowd.close()


if __name__ == "__main__":
    main()
