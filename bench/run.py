"""`make bench`: the app on its production setup, measured against its budgets, in one table.

Prints a Markdown table and writes bench/results/latest.json (and latest.md). Budgets that are
missed show as ✗ in the table; only a crash makes this exit non-zero.
"""

import argparse
import datetime
import importlib.metadata
import json
import os
import platform
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH), str(BENCH.parent / "tests" / "load"), str(BENCH.parent)]

import lighthouse  # noqa: E402
import load  # noqa: E402
import scale  # noqa: E402
import server  # noqa: E402
import weight  # noqa: E402
import wrkload  # noqa: E402

RESULTS = BENCH / "results"
KB = 1000  # bytes: budgets in KB are thousands of bytes, as Lighthouse counts them
# Server CPU per request against the trivial view's, in the same run.
BUDGETS = {
    "scoreboard_x_trivial": 2.5,
    "watch_unchanged_x_trivial": 1.5,
    # An ordinary save (one that does not end the match), the whole save. What it costs beyond
    # its own write transaction, (save - floor) / trivial, is shown beside it, unbudgeted.
    "hand_save_x_trivial": 10.0,
    # With htmx (decided): at most 35 KB, of which the project's own bytes (HTML, stylesheet,
    # scripts, icons, manifest) at most 20 KB.
    "first_visit_bytes": 35 * KB,
    "own_first_visit_bytes": 20 * KB,
    "swap_bytes": 4 * KB,
    "performance": 98,
    "accessibility": 100,
    "best-practices": 100,
    "scale_x_empty": 2.0,
    "sheet_200_x_20": 2.0,
}
# The long-sheet check: tables with a match this many hands in, each page read this often.
SHEET_HANDS = (20, 200)
SHEET_TABLES = 4
SHEET_READS = 60
LONG_MATCH_HANDS = 40


ONLY = ("weight", "weight+lighthouse")


def parse() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0, help="each load phase")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--processes", type=int, default=2, help="client processes")
    parser.add_argument(
        "--python-reads", action="store_true", help="measure reads with the Python client, not wrk"
    )
    parser.add_argument(
        "--reads-per-change",
        type=float,
        default=20.0,
        help="the scoreboard phase with misses: each page changes (as after a save: its next "
        "read is a cache miss) once in this many reads of it, at the kept pages' read rate",
    )
    parser.add_argument("--lighthouse-runs", type=int, default=3, help="per page (median)")
    # One table with 10,000 finished matches (the budget's), of 12 hands each.
    parser.add_argument("--scale-tables", type=int, default=1)
    parser.add_argument("--scale-matches", type=int, default=10_000, help="at each table")
    parser.add_argument("--scale-hands", type=int, default=12)
    parser.add_argument("--scale-requests", type=int, default=50)
    parser.add_argument(
        "--only",
        choices=ONLY,
        help="run one part: weight (the first visit's and the swaps' bytes, in seconds), or "
        "weight+lighthouse (the same, and Lighthouse on the four pages); results go to "
        "bench/results/only.json and only.md, not latest",
    )
    return parser.parse_args()


# --- Measuring ---------------------------------------------------------------------------


def run_queries(site: server.Site, workdir: Path) -> dict:
    database = server.database_url(workdir / "queries.sqlite3")
    site.manage(database, "migrate", "--noinput")
    done = subprocess.run(
        [sys.executable, str(BENCH / "queries.py")],
        cwd=server.ROOT,
        env=site.env(database),
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(done.stdout)


# The phases in order: reads first (the saves change what a watch refresh answers), the floor
# last but one (it writes to tables of its own).
# Each phase: its name, what it requests, and its line in docs/performance.md.
PHASES = (
    ("trivial", "trivial", "Trivial view (GET /bench/trivial), before"),
    # Each page's first read after the setup's saves is a miss; every later one is kept.
    ("scoreboard_kept", "scoreboard", "Scoreboard, every page kept (cache hits)"),
    (
        "scoreboard",
        "scoreboard",
        "Scoreboard (GET match page), each page changed once in 20 reads (a cache miss each)",
    ),
    ("watch_unchanged", "watch_unchanged", "Watch refresh, nothing changed (GET board, 204)"),
    (
        "hand_save",
        "save_ordinary",
        "Hand save, ordinary (htmx POST, out-of-band swaps; match goes on)",
    ),
    # Rounds: every phone saves a hand that ends its match, then every phone taps Rematch.
    ("hand_end", "save_ending", "Hand save that ends the match (htmx POST, confirmed)"),
    ("rematch", "rematch_ending", "Rematch (POST, a redirect to the new match)"),
    ("floor", "floor", "Floor: a save's writes only (POST /bench/floor)"),
    ("trivial_after", "trivial", "Trivial view, after"),
)
READS = {"trivial", "scoreboard", "watch_unchanged"}


def read_client(args: argparse.Namespace) -> str:
    """Who reads the pages: wrk when it is installed and not declined (--python-reads), the
    Python client otherwise."""
    return "python" if args.python_reads or not wrkload.available() else "wrk"


def run_phase(gunicorn, crowd, paths, kind: str, args, seconds: float | None = None) -> dict:
    """One phase (of `seconds`, else --seconds): wrk for reads when it is installed, the Python
    phones otherwise."""
    seconds = args.seconds if seconds is None else seconds
    if kind in READS and read_client(args) == "wrk":
        listing = [phone[kind] for phone in paths]
        return wrkload.run(gunicorn.url(""), listing, seconds, args.clients, load.ACCEPT_ENCODING)
    return crowd.run(kind, seconds) | {"client": "python"}


# The miss phase holds its reads per miss within this share of --reads-per-change.
MISS_RATIO_TOLERANCE = 0.2


def change_every(pages: int, reads_per_change: float, rps: float) -> float:
    """Seconds between changes of every page for each to be read `reads_per_change` times
    between two changes, when the pages together are read `rps` times a second."""
    return pages * reads_per_change / max(rps, 1e-9)


def paced_rps(kept_rps: float, result: dict, pages: int, seconds: float, per_change: float):
    """The read rate the pages will have when each changes once in `per_change` reads: reads
    slow down linearly with the misses a second, at the slowing a pass (`result`, of `seconds`,
    its `changes` of every page) measured against the kept pages' `kept_rps`."""
    misses = min(result["changes"] * pages, result["requests"]) / seconds
    slowing = max(0.0, kept_rps - result["rps"]) / max(misses, 1e-9)  # reads lost per miss
    return kept_rps / (1 + slowing / per_change)


def run_paced(read, changer, pages: int, reads_per_change: float, rps: float, seconds: float):
    """The miss phase, paced by its own read rate: misses make reads slower, so changes paced
    at the kept pages' rate (`rps`) come far more often than once in `reads_per_change` reads.

    A short first pass at that rate measures how much each miss slows the reads; the measured
    pass is paced at the rate that slowing gives, and run once more, paced by its own figures,
    when its reads per miss strayed more than MISS_RATIO_TOLERANCE. `read(seconds)` reads the
    pages ({"requests", "rps", ...}); `changer.pace(every)` sets the seconds between changes
    and `changer.changes` counts them. Returns the measured pass with its "changes" and its
    "reads_per_miss"."""
    trial_seconds = max(1.0, seconds / 3)
    changer.pace(change_every(pages, reads_per_change, rps))
    before = changer.changes
    result = read(trial_seconds)
    result["changes"] = changer.changes - before
    for attempt in range(2):
        passed = trial_seconds if attempt == 0 else seconds
        aim = paced_rps(rps, result, pages, passed, reads_per_change)
        changer.pace(change_every(pages, reads_per_change, aim))
        before = changer.changes
        result = read(seconds)
        result["changes"] = changer.changes - before
        result["reads_per_miss"] = result["requests"] / max(1, result["changes"] * pages)
        if abs(result["reads_per_miss"] / reads_per_change - 1) <= MISS_RATIO_TOLERANCE:
            break
    return result


def run_load(gunicorn: server.Gunicorn, args: argparse.Namespace, database: Path) -> dict:
    crowd = load.Crowd(*gunicorn.address, args.clients, args.processes)
    try:
        paths = crowd.setup()
        phases = {}
        for name, kind, _label in PHASES:
            if kind == "rematch_ending":
                continue  # measured in the rounds of save_ending
            if kind == "save_ending":
                phases["hand_end"], phases["rematch"] = run_rounds(gunicorn, crowd, args)
                continue
            if name == "scoreboard":
                phases[name], used = run_misses(
                    gunicorn, crowd, paths, args, database, phases["scoreboard_kept"]["rps"]
                )
            else:
                before = gunicorn.cpu_seconds()
                phases[name] = run_phase(gunicorn, crowd, paths, kind, args)
                used = gunicorn.cpu_seconds() - before
            # Rematches are requests the server answered: they count in the CPU per request.
            done = phases[name]["requests"] + phases[name]["rematches"]
            phases[name]["server_cpu_ms"] = used * 1000 / max(1, done)
    finally:
        crowd.close()
    trivial = {
        key: (phases["trivial"][key] + phases["trivial_after"][key]) / 2
        for key in ("rps", "p50_ms", "server_cpu_ms")
    }
    measured = ("scoreboard", "scoreboard_kept", "watch_unchanged", "hand_save", "hand_end")
    for name in (*measured, "rematch", "floor"):
        phase = phases[name]
        phase["x_trivial_rps"] = trivial["rps"] / phase["rps"] if phase["rps"] else float("inf")
        phase["x_trivial_p50"] = phase["p50_ms"] / trivial["p50_ms"]
        phase["x_trivial_cpu"] = phase["server_cpu_ms"] / trivial["server_cpu_ms"]
    for name in ("hand_save", "hand_end"):
        phases[name]["x_floor_cpu"] = (
            phases[name]["server_cpu_ms"] / phases["floor"]["server_cpu_ms"]
        )
    # What a save costs beyond its own write transaction, in trivial views.
    beyond = phases["hand_save"]["server_cpu_ms"] - phases["floor"]["server_cpu_ms"]
    phases["hand_save"]["beyond_floor_x_trivial"] = beyond / trivial["server_cpu_ms"]
    return {"clients": args.clients, "seconds": args.seconds, "phases": phases}


def run_misses(gunicorn, crowd, paths, args, database: Path, kept_rps: float) -> tuple:
    """The scoreboard read while every page changes once in --reads-per-change reads of it
    (run_paced): the measured pass and the server CPU it used."""
    changing = PageChanger(
        database, paths, change_every(len(paths), args.reads_per_change, kept_rps)
    )

    def read(seconds: float) -> dict:
        before = gunicorn.cpu_seconds()
        result = run_phase(gunicorn, crowd, paths, "scoreboard", args, seconds)
        result["cpu_seconds"] = gunicorn.cpu_seconds() - before
        return result

    changing.start()
    try:
        phase = run_paced(read, changing, len(paths), args.reads_per_change, kept_rps, args.seconds)
    finally:
        changing.stop()
    return phase, phase.pop("cpu_seconds")


def run_rounds(gunicorn: server.Gunicorn, crowd: load.Crowd, args) -> tuple[dict, dict]:
    """Saves that end a match and Rematch taps, each in server CPU of its own: rounds in which
    every phone saves the hand that ends its match (a match to 1), then every phone taps
    Rematch, the CPU read before and after each, for about a phase's time."""
    totals = {
        kind: {"cpu": 0.0, "requests": 0, "errors": 0, "seconds": 0.0, "p50": []}
        for kind in ("save_ending", "rematch_ending")
    }
    started = time.monotonic()
    while time.monotonic() - started < args.seconds or not totals["rematch_ending"]["requests"]:
        for kind, total in totals.items():
            before = gunicorn.cpu_seconds()
            tick = time.monotonic()
            result = crowd.run(kind, 60, once=True)
            total["seconds"] += time.monotonic() - tick - 0.5  # less the round's start wait
            total["cpu"] += gunicorn.cpu_seconds() - before
            total["requests"] += result["requests"]
            total["errors"] += result["errors"]
            total["p50"].append(result["p50_ms"])
            total.setdefault("first_error", result["first_error"])
    out = []
    for total in totals.values():
        p50 = sorted(value for value in total["p50"] if value == value)
        out.append(
            {
                "requests": total["requests"],
                "errors": total["errors"],
                "first_error": total.get("first_error", ""),
                "rps": total["requests"] / max(total["seconds"], 1e-9),
                "p50_ms": p50[len(p50) // 2] if p50 else float("nan"),
                "p99_ms": max(p50) if p50 else float("nan"),  # the slowest round's median
                "client": "python",
                "rematches": 0,
                "server_cpu_ms": total["cpu"] * 1000 / max(1, total["requests"]),
            }
        )
    return out[0], out[1]


class PageChanger:
    """While the scoreboard is read: every phone's match moves to a new version each `every`
    seconds, written straight into the database (no server CPU), so that the next read of each
    page is a cache miss drawn afresh, as after a save; the versions are put back after."""

    def __init__(self, database: Path, paths: list[dict[str, str]], every: float) -> None:
        import django

        django.setup()
        from scorekeeper.models import Match, Table

        self.every = every
        self.changes = 0
        self.stopping = threading.Event()
        self.connection = sqlite3.connect(database, timeout=30, check_same_thread=False)
        found = [load.MATCH_PATH.match(phone["scoreboard"].split("\t")[0]) for phone in paths]
        keys = [(match[1], int(match[2])) for match in found if match]
        self.ids = [
            row[0]
            for key, number in keys
            for row in self.connection.execute(
                f"SELECT m.id FROM {Match._meta.db_table} m JOIN {Table._meta.db_table} t"
                " ON m.table_id = t.id WHERE t.key = ? AND m.number = ?",
                (key, number),
            )
        ]
        self.table = Match._meta.db_table
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _move(self, by: int) -> None:
        marks = ",".join("?" * len(self.ids))
        with self.connection:
            self.connection.execute(
                f"UPDATE {self.table} SET version = version + ? WHERE id IN ({marks})",
                (by, *self.ids),
            )

    def pace(self, every: float) -> None:
        """Change every page each `every` seconds from the next change on."""
        self.every = every

    def _run(self) -> None:
        # A change as the phase begins, so every page's first read is a miss however few
        # reads the phase gets through, then one every `every` seconds.
        while True:
            self._move(1)
            self.changes += 1
            if self.stopping.wait(self.every):
                return

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> int:
        """Stop changing pages and put their versions back; the changes each page had."""
        self.stopping.set()
        self.thread.join()
        if self.changes:
            self._move(-self.changes)
        self.connection.close()
        return self.changes


def run_sheets(gunicorn: server.Gunicorn, args: argparse.Namespace) -> dict:
    """A 200-hand match's scoreboard against a 20-hand one's, in server CPU per request: kept
    pages read by wrk, and first reads (each with a query string of its own, so never kept)."""
    import django

    django.setup()  # the factories in tests.support.testing read the models
    long_setup = load.setup_data() | {"target_other": "10000"}
    result: dict = {}
    for hands in SHEET_HANDS:
        tables = []
        for index in range(SHEET_TABLES):
            table = typical_table(gunicorn.port, 2000 + hands + index, long_setup)
            table.play_to(hands)
            tables.append(table)
        before = gunicorn.cpu_seconds()
        kept = read_kept(gunicorn, tables, args)
        kept["server_cpu_ms"] = (gunicorn.cpu_seconds() - before) * 1000 / kept["requests"]
        before = gunicorn.cpu_seconds()
        for read in range(SHEET_READS):
            table = tables[read % SHEET_TABLES]
            response = table.phone.get(f"{table.match_path}?first={read}", headers=weight.ACCEPT)
            if response.status != 200:
                raise RuntimeError(f"GET {table.match_path}: {response.status}")
        first = (gunicorn.cpu_seconds() - before) * 1000 / SHEET_READS
        result[hands] = {"kept_cpu_ms": kept["server_cpu_ms"], "first_cpu_ms": first}
        result["client"] = kept["client"]
    short, long_ = (result[hands] for hands in SHEET_HANDS)
    result["x_kept"] = long_["kept_cpu_ms"] / short["kept_cpu_ms"]
    result["x_first"] = long_["first_cpu_ms"] / short["first_cpu_ms"]
    return result


def read_kept(gunicorn: server.Gunicorn | None, tables: list, args: argparse.Namespace) -> dict:
    """The tables' kept scoreboards read for half a phase: by wrk over 10 connections, or
    without wrk by one Python phone per table in turn."""
    if read_client(args) == "wrk":
        paths = [table.paths()["scoreboard"] for table in tables]
        kept = wrkload.run(gunicorn.url(""), paths, args.seconds / 2, 10, load.ACCEPT_ENCODING)
        return kept | {"client": "wrk"}
    requests, end = 0, time.monotonic() + args.seconds / 2
    while not requests or time.monotonic() < end:
        table = tables[requests % len(tables)]
        response = table.phone.get(table.match_path, headers=weight.ACCEPT)
        if response.status != 200:
            raise RuntimeError(f"GET {table.match_path}: {response.status}")
        requests += 1
    return {"requests": requests, "client": "python"}


def typical_table(port: int, seed: int, setup: dict | None = None) -> load.TablePhone:
    import django

    django.setup()  # the factories in tests.support.testing read the models
    table = load.TablePhone(server.HOST, port, seed, **({"setup_data": setup} if setup else {}))
    table.setup()
    return table


def run_bytes(gunicorn: server.Gunicorn) -> tuple[dict, load.TablePhone]:
    # Half a match to 200 (4 hands): the scoreboard a phone opens, and the next hand's swap.
    table = typical_table(gunicorn.port, 1001)
    first = weight.first_visit(server.HOST, gunicorn.port, table.match_path)
    after = weight.kept_for_no_signal(server.HOST, gunicorn.port, first)
    hands_before = table.hands
    ok, error = table.save_hand(headers=weight.ACCEPT)
    if not ok:
        raise RuntimeError(f"the measured hand save failed: {error}")
    swap = weight.swap(table.last) | {"hand": hands_before + 1}
    # A long house game: the sheet grows by a row a hand, and so does every swap.
    long_setup = load.setup_data() | {"target_other": "10000"}
    long = typical_table(gunicorn.port, 1002, long_setup)
    long.play_to(LONG_MATCH_HANDS - 1)
    ok, error = long.save_hand(headers=weight.ACCEPT)
    if not ok:
        raise RuntimeError(f"the long match's hand save failed: {error}")
    long_swap = weight.swap(long.last) | {"hand": LONG_MATCH_HANDS}
    return {
        "first_visit": first,
        "kept_for_no_signal": after,
        "swap": swap,
        "swap_long": long_swap,
    }, table


def run_lighthouse(gunicorn: server.Gunicorn, table: load.TablePhone, runs: int) -> dict:
    pages = {
        "home": "/",
        "setup": "/new",
        "scoreboard": table.match_path,
        "history": f"/t/{table.key}/",
    }
    return {name: lighthouse.audit(gunicorn.url(path), runs) for name, path in pages.items()}


# --- The machine ------------------------------------------------------------------------------


def machine() -> dict:
    cpu = "unknown"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break

    def command(*args: str) -> str:
        try:
            done = subprocess.run(args, capture_output=True, text=True, timeout=30)
        except OSError:
            return "not found"
        return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else "?"

    free = subprocess.run(["free", "-h"], capture_output=True, text=True).stdout.strip()
    # What else ran: the load average and the busiest other processes when the bench started.
    top = subprocess.run(
        ["ps", "-eo", "pcpu,comm", "--sort=-pcpu", "--no-headers"], capture_output=True, text=True
    ).stdout.splitlines()[:8]
    lighthouse_pkg = BENCH / "node_modules" / "lighthouse" / "package.json"
    return {
        "nproc": os.cpu_count(),
        "load_average": " ".join(f"{value:.2f}" for value in os.getloadavg()),
        "busiest_processes": [" ".join(line.split()) for line in top],
        "cpu": cpu,
        "free_h": free,
        "kernel": platform.release(),
        "python": platform.python_version(),
        "django": importlib.metadata.version("django"),
        "gunicorn": importlib.metadata.version("gunicorn"),
        "whitenoise": importlib.metadata.version("whitenoise"),
        "sqlite": sqlite3.sqlite_version,
        "gunicorn_workers": server.WORKERS,
        "node": command("node", "--version"),
        "chromium": command(lighthouse.chrome_path(), "--version"),
        "lighthouse": (
            json.loads(lighthouse_pkg.read_text())["version"]
            if lighthouse_pkg.exists()
            else "not installed"
        ),
    }


# --- The table ------------------------------------------------------------------------------


def mark(ok: bool | None) -> str:
    return "" if ok is None else ("✓" if ok else "✗")


def kb(value: float) -> str:
    return f"{value / KB:.1f} KB"


def misses_text(phase: dict, pages: int) -> str:
    """The misses of the scoreboard's miss phase, and the reads per miss it achieved."""
    misses = phase["changes"] * pages
    text = f" · {phase['changes']} changes of each of {pages} pages = {misses:,} misses"
    if "reads_per_miss" in phase:
        text += f" · **{phase['reads_per_miss']:.1f} reads per miss**"
    return text


def rows(results: dict) -> list[tuple[str, str, str, bool | None]]:
    """(what, measured, budget, held) for every line of the table."""
    out = []
    phases = results["throughput"]["phases"] if "throughput" in results else {}
    for name, _kind, label in PHASES if phases else ():
        phase = phases[name]
        measured = (
            f"**{phase['server_cpu_ms']:.2f} ms server CPU/req** · {phase['rps']:.0f} req/s · "
            f"p50 {phase['p50_ms']:.1f} ms · p99 {phase['p99_ms']:.1f} ms · "
            f"{phase['requests']:,} requests ({phase['client']}) · {phase['errors']} errors"
        )
        if name == "floor":
            measured += f" · {phase['rematches']} rematches"
        if "changes" in phase:
            pages = len(results["throughput"].get("pages", ())) or results["throughput"]["clients"]
            measured += misses_text(phase, pages)
        if "x_trivial_cpu" in phase:
            measured += (
                f" · **CPU {phase['x_trivial_cpu']:.1f}x trivial** "
                f"(req/s {phase['x_trivial_rps']:.1f}x, p50 {phase['x_trivial_p50']:.1f}x)"
            )
        if "x_floor_cpu" in phase:
            measured += f" · **CPU {phase['x_floor_cpu']:.1f}x the floor**"
        if "beyond_floor_x_trivial" in phase:
            # A diagnostic: what the save costs beyond its own write transaction.
            measured += (
                f" · beyond its write transaction (save - floor) "
                f"{phase['beyond_floor_x_trivial']:.1f}x trivial"
            )
        key = f"{name}_x_trivial"
        if key in BUDGETS:
            limit = BUDGETS[key]
            ok = phase["x_trivial_cpu"] <= limit and phase["errors"] == 0
            out.append((label, measured, f"CPU ≤ {limit:g}x trivial, 0 errors", ok))
        else:
            out.append((label, measured, "0 errors", phase["errors"] == 0))

    if "sheets" in results:
        out += sheet_rows(results["sheets"])
    if "queries" in results:
        out += query_rows(results["queries"])
    out += byte_rows(results["bytes"])
    out += lighthouse_rows(results.get("lighthouse", {}))
    if "scale" in results:
        out += scale_rows(results["scale"])
    return out


def sheet_rows(sheets: dict) -> list[tuple[str, str, str, bool | None]]:
    out = []
    short, long_ = (sheets[hands] for hands in SHEET_HANDS)
    measured = (
        f"kept: {short['kept_cpu_ms']:.2f} → {long_['kept_cpu_ms']:.2f} ms server CPU/req = "
        f"**{sheets['x_kept']:.2f}x**; first read: {short['first_cpu_ms']:.2f} → "
        f"{long_['first_cpu_ms']:.2f} ms = **{sheets['x_first']:.2f}x**"
    )
    limit = BUDGETS["sheet_200_x_20"]
    ok = max(sheets["x_kept"], sheets["x_first"]) <= limit
    measured += f" (kept pages read by {sheets.get('client', 'wrk')})"
    title = "Scoreboard of a 200-hand match against a 20-hand one"
    out.append((title, measured, f"≤ {limit:g}x", ok))
    return out


def query_rows(queries: dict) -> list[tuple[str, str, str, bool | None]]:
    out = []
    scenarios = queries["scenarios"]
    names = {
        "scoreboard": "Queries: scoreboard",
        "hand_save": "Queries: hand save",
        "history": "Queries: table history",
        "watch_unchanged": "Queries: watch refresh, unchanged (204)",
        "watch_changed": "Queries: watch refresh, changed",
    }
    for view, title in names.items():
        counts = [scenario[view] for scenario in scenarios.values()]
        measured = " · ".join(str(c) for c in counts) + f" ({' · '.join(scenarios)})"
        budget = queries["budgets"][view]
        ok = max(counts) <= budget and len(set(counts)) == 1
        out.append((title, measured, f"≤ {budget}, the same in each", ok))
    return out


def own_bytes(first: dict) -> int:
    """What the first visit carries of the project's own (with headers): every file but htmx,
    which django-htmx ships."""
    return sum(
        f["served_bytes"] + f["header_bytes"] for f in first["files"] if "htmx" not in f["path"]
    )


def byte_rows(data: dict) -> list[tuple[str, str, str, bool | None]]:
    out = []
    first = data["first_visit"]
    files = " + ".join(
        f"{'HTML' if index == 0 else Path(f['path']).name} {f['served_bytes']:,} ({f['encoding']})"
        for index, f in enumerate(first["files"])
    )
    out.append(
        (
            "First visit to a scoreboard, as served",
            f"{kb(first['served_with_headers'])} with headers ({kb(first['served_bytes'])} "
            f"bodies: {files}); HTML compressed by gunicorn: "
            f"{'yes' if first['html_compressed_by_server'] else 'no'}",
            f"≤ {kb(BUDGETS['first_visit_bytes'])}",
            first["served_with_headers"] <= BUDGETS["first_visit_bytes"],
        )
    )
    own = own_bytes(first)
    out.append(
        (
            "Of the first visit, the project's own (all but htmx)",
            f"{kb(own)} with headers",
            f"≤ {kb(BUDGETS['own_first_visit_bytes'])}",
            own <= BUDGETS["own_first_visit_bytes"],
        )
    )
    after = data.get("kept_for_no_signal")
    if after:
        names = " + ".join(
            f"{file_name(f)} {f['served_bytes']:,} ({f['encoding']})" for f in after["files"]
        )
        out.append(
            (
                "After the first visit's load: what the service worker keeps for no signal",
                f"{kb(after['served_with_headers'])} with headers ({kb(after['served_bytes'])} "
                f"bodies: {names}); with the first visit: "
                f"{kb(first['served_with_headers'] + after['served_with_headers'])}",
                "not budgeted",
                None,
            )
        )
    out.append(
        (
            "First visit, HTML gzipped by a proxy",
            f"{kb(first['html_gzip_by_proxy_with_headers'])} with headers "
            f"({kb(first['html_gzip_by_proxy_bytes'])} bodies)",
            f"≤ {kb(BUDGETS['first_visit_bytes'])}",
            first["html_gzip_by_proxy_with_headers"] <= BUDGETS["first_visit_bytes"],
        )
    )
    for key, title in (
        ("swap", "Hand swap (hand {hand}, match to 200)"),
        ("swap_long", "Hand swap (hand {hand}, long match)"),
    ):
        swap = data[key]
        out.append(
            (
                title.format(hand=swap["hand"]) + ", as served",
                f"{kb(swap['served_bytes'])} ({swap['encoding']}) + {swap['header_bytes']} B "
                "headers",
                "≤ 4 KB",
                swap["served_bytes"] <= BUDGETS["swap_bytes"],
            )
        )
        out.append(
            (
                title.format(hand=swap["hand"]) + ", gzipped by a proxy",
                f"{kb(swap['gzip_bytes'])} gzip · {kb(swap['br_bytes'])} brotli",
                "≤ 4 KB",
                swap["gzip_bytes"] <= BUDGETS["swap_bytes"],
            )
        )
    return out


def lighthouse_rows(reports: dict) -> list[tuple[str, str, str, bool | None]]:
    out = []
    for page, report in reports.items():
        scores = report["scores"]
        runs = ", ".join(str(score) for score in report["performance_runs"])
        ok = (
            (scores["performance"] or 0) >= BUDGETS["performance"]
            and scores["accessibility"] == BUDGETS["accessibility"]
            and scores["best-practices"] == BUDGETS["best-practices"]
        )
        measured = (
            f"performance {scores['performance']} (runs: {runs}) · accessibility "
            f"{scores['accessibility']} · best practices {scores['best-practices']}"
        )
        misses = [
            f"{audit['id']} ({audit['title']})"
            for name, audits in report["failing"].items()
            if (name == "performance" and (scores[name] or 0) < BUDGETS[name])
            or (name != "performance" and scores[name] != BUDGETS[name])
            for audit in audits
        ]
        if misses:
            measured += " · failing: " + "; ".join(misses)
        out.append((f"Lighthouse mobile: {page}", measured, "≥ 98 · 100 · 100", ok))
    return out


def scale_rows(scale_: dict) -> list[tuple[str, str, str, bool | None]]:
    out = []
    big, empty = scale_["big"], scale_["empty"]
    for page in ("home", "history", "scoreboard"):
        before, after = empty["pages"][page], big["pages"][page]
        ratio = after["p50_ms"] / before["p50_ms"]
        out.append(
            (
                f"Scale: {page}",
                f"p50 {before['p50_ms']:.1f} ms ({empty['matches']} matches in the db, "
                f"{before['bytes']:,} B) → {after['p50_ms']:.1f} ms ({big['matches']:,} "
                f"matches, {after['bytes']:,} B) = **{ratio:.2f}x**",
                "≤ 2x empty",
                ratio <= BUDGETS["scale_x_empty"],
            )
        )
    return out


def entries(rows_: list[tuple[str, str, str, bool | None]]) -> list[dict]:
    """The table's rows for latest.json. A row without a budget (held None) is neither held
    nor missed: `"budgeted": false, "held": null, "missed": false`."""
    return [
        {
            "check": what,
            "measured": measured,
            "budget": budget,
            "budgeted": ok is not None,
            "held": ok,
            "missed": ok is False,
        }
        for what, measured, budget, ok in rows_
    ]


def markdown(results: dict, rows_: list[tuple[str, str, str, bool | None]]) -> str:
    lines = [
        "| Check | Measured | Budget | |",
        "|---|---|---|---|",
        *(
            f"| {what} | {measured} | {budget} | {mark(ok)} |"
            for what, measured, budget, ok in rows_
        ),
    ]
    held = sum(ok is True for *_, ok in rows_)
    missed = sum(ok is False for *_, ok in rows_)
    lines.append("")
    lines.append(f"{held} budgets held, {missed} missed. {results['date']}.")
    lines.append("")
    lines.append(
        f"Load average at the start: {results['machine']['load_average']} on "
        f"{results['machine']['nproc']} cores; at the end: {results['load_average_end']}."
    )
    return "\n".join(lines)


def file_name(f: dict) -> str:
    """A download as the tables name it: the end of its path, or HTML for a page whose path ends
    with a slash (the scoreboard, which the service worker fetches again to keep it)."""
    return f["path"].rsplit("/", 1)[-1] or "HTML"


def per_file(first: dict, first_is_html: bool = True) -> str:
    """Downloads file by file: body as served, headers, and the two together."""
    lines = ["| File | Encoding | Body | Headers | Both |", "|---|---|---|---|---|"]
    for index, f in enumerate(first["files"]):
        name = "HTML" if index == 0 and first_is_html else file_name(f)
        both = f["served_bytes"] + f["header_bytes"]
        lines.append(
            f"| {name} | {f['encoding']} | {f['served_bytes']:,} | {f['header_bytes']:,} | "
            f"{both:,} |"
        )
    lines.append(
        f"| all {len(first['files'])} | | {first['served_bytes']:,} | {first['header_bytes']:,} "
        f"| {first['served_with_headers']:,} |"
    )
    return "\n".join(lines)


def wants_lighthouse(args: argparse.Namespace) -> bool:
    """Whether this run audits pages with Lighthouse (`--lighthouse-runs 0`: it does not)."""
    return args.only in (None, "weight+lighthouse") and args.lighthouse_runs > 0


def main() -> None:
    args = parse()
    lighthouse_wanted = wants_lighthouse(args)
    if lighthouse_wanted:
        lighthouse.install()
    RESULTS.mkdir(exist_ok=True)
    results: dict = {
        "date": datetime.datetime.now(datetime.UTC).strftime("%a %b %d %H:%M:%S UTC %Y"),
        "machine": machine(),
        "budgets": BUDGETS,
    }
    with (
        tempfile.TemporaryDirectory(prefix="scorekeeper-bench-") as tmp,
        server.site() as site,
    ):
        workdir = Path(tmp)
        database = workdir / "bench.sqlite3"
        # The load workers set Django up (for the hand dealer) from this same environment.
        os.environ.update(site.env(server.database_url(database)))
        sys.path.insert(0, str(site.directory))
        print("bench: migrate", flush=True)
        site.manage(server.database_url(database), "migrate", "--noinput")
        if not args.only and read_client(args) == "python" and not args.python_reads:
            print(
                "bench: wrk not found (make wrk): reads measured with the Python client", flush=True
            )
        if not args.only:
            print("bench: counting queries", flush=True)
            results["queries"] = run_queries(site, workdir)
        log = RESULTS / "gunicorn.log"
        log.unlink(missing_ok=True)
        with server.gunicorn(site, database, log) as gunicorn:
            if not args.only:
                print(
                    f"bench: load, {args.clients} clients, {args.seconds:g} s a phase", flush=True
                )
                results["throughput"] = run_load(gunicorn, args, database)
                print("bench: a 200-hand sheet against a 20-hand one", flush=True)
                results["sheets"] = run_sheets(gunicorn, args)
            print("bench: bytes", flush=True)
            results["bytes"], table = run_bytes(gunicorn)
            if lighthouse_wanted:
                print("bench: lighthouse", flush=True)
                results["lighthouse"] = run_lighthouse(gunicorn, table, args.lighthouse_runs)
        if not args.only:
            print("bench: scale (generating matches the first time takes minutes)", flush=True)
            results["scale"] = scale.run(
                site,
                workdir,
                RESULTS / "cache",
                args.scale_tables,
                args.scale_matches,
                args.scale_hands,
                args.scale_requests,
            )
    results["load_average_end"] = " ".join(f"{value:.2f}" for value in os.getloadavg())
    table = rows(results)
    results["table"] = entries(table)
    text = markdown(results, table)
    if args.only:
        text += "\n\n" + per_file(results["bytes"]["first_visit"])
        text += "\n\nThen, kept by the service worker:\n\n"
        text += per_file(results["bytes"]["kept_for_no_signal"], first_is_html=False)
    name = "only" if args.only else "latest"
    (RESULTS / f"{name}.json").write_text(json.dumps(results, indent=2, default=str) + "\n")
    (RESULTS / f"{name}.md").write_text(text + "\n")
    print()
    print(text)
    print(f"\nWritten: {RESULTS / f'{name}.json'}")


if __name__ == "__main__":
    main()
