"""The same pages on a nearly empty database and on one with 10,000 finished matches."""

import hashlib
import shutil
import sqlite3
import statistics
import time
from pathlib import Path

import server
from harness import Phone, Site

REMEMBERED = 3  # tables on the phone's home page
HISTORY_PAGE = 20  # matches a table's history lists at once (views.HISTORY_PAGE)
WARMUP = 5


def fingerprint(*args: object) -> str:
    """What the generated database depends on: the generator, the migrations, the arguments."""
    digest = hashlib.sha256(repr(args).encode())
    digest.update((server.ROOT / "tests/support/generate_matches.py").read_bytes())
    for migration in sorted((server.ROOT / "scorekeeper/migrations").glob("*.py")):
        digest.update(migration.read_bytes())
    return digest.hexdigest()[:16]


def build(
    site: Site, database: Path, cache: Path, tables: int, matches: int, hands: int
) -> float | None:
    """Migrate and generate (or copy a cached copy); the seconds generating took, if it ran."""
    cached = cache / f"scale-{tables}x{matches}x{hands}-{fingerprint(tables, matches, hands)}.db"
    if cached.exists():
        shutil.copyfile(cached, database)
        return None
    url = server.database_url(database)
    site.manage(url, "migrate", "--noinput")
    start = time.monotonic()
    site.python(
        url,
        "-m",
        "tests.support.generate_matches",
        f"--tables={tables}",
        f"--matches={matches}",
        f"--hands={hands}",
        timeout=3600,
    )
    seconds = time.monotonic() - start
    # One file, no WAL beside it, so that the cached copy is whole.
    with sqlite3.connect(database) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    cache.mkdir(parents=True, exist_ok=True)
    for old in cache.glob(f"scale-{tables}x{matches}x{hands}-*.db"):
        old.unlink()
    shutil.copyfile(database, cached)
    return seconds


def pages(database: Path) -> tuple[list[str], str, str, tuple[int, int, int]]:
    """The remembered tables' keys, the first one's history and latest scoreboard, the counts."""
    with sqlite3.connect(database) as db:
        keys = [row[0] for row in db.execute("SELECT key FROM scorekeeper_table ORDER BY id")]
        keys = keys[:REMEMBERED]
        (number,) = db.execute(
            "SELECT max(m.number) FROM scorekeeper_match m JOIN scorekeeper_table t "
            "ON m.table_id = t.id WHERE t.key = ?",
            (keys[0],),
        ).fetchone()
        counts = db.execute(
            "SELECT (SELECT count(*) FROM scorekeeper_match), (SELECT count(*) FROM "
            "scorekeeper_hand), (SELECT count(*) FROM scorekeeper_table)"
        ).fetchone()
    return keys, f"/t/{keys[0]}/", f"/t/{keys[0]}/m/{number}/", counts


def measure(site: Site, database: Path, log: Path, requests: int) -> dict:
    """p50 (and p90) of each page over `requests` sequential requests, on gunicorn."""
    keys, history, scoreboard, (matches, hands, tables) = pages(database)
    result = {"tables": tables, "matches": matches, "hands": hands, "pages": {}}
    with server.gunicorn(site, database, log) as gunicorn:
        phone = Phone(gunicorn.address, keep_alive=True)
        # The phone has visited its tables: the home page lists them, the first one last.
        for key in reversed(keys):
            if phone.get(f"/t/{key}/").status != 200:
                raise RuntimeError(f"GET /t/{key}/ failed")
        for name, path in (("home", "/"), ("history", history), ("scoreboard", scoreboard)):
            timings = []
            size = 0
            for index in range(WARMUP + requests):
                response = phone.get(path)
                if response.status != 200:
                    raise RuntimeError(f"GET {path}: {response.status}")
                if index >= WARMUP:
                    timings.append(response.seconds * 1000)
                size = len(response.body)
            timings.sort()
            result["pages"][name] = {
                "path": path,
                "p50_ms": statistics.median(timings),
                "p90_ms": timings[int(len(timings) * 0.9) - 1],
                "bytes": size,
            }
    return result


def run(
    site: Site, workdir: Path, cache: Path, tables: int, matches: int, hands: int, requests: int
) -> dict:
    empty_db = workdir / "scale-empty.sqlite3"
    big_db = workdir / "scale-big.sqlite3"
    # Like for like: the small table has a full page of matches, so both list as many.
    build(site, empty_db, cache, min(REMEMBERED, tables), HISTORY_PAGE, hands)
    generated = build(site, big_db, cache, tables, matches, hands)
    empty = measure(site, empty_db, workdir / "gunicorn-scale.log", requests)
    big = measure(site, big_db, workdir / "gunicorn-scale.log", requests)
    return {"empty": empty, "big": big, "generate_seconds": generated}
