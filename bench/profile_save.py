"""Where an ordinary hand save's time goes: many htmx saves in this process, under the production
settings (DEBUG=0, static files collected, the page cache in files, a fresh SQLite file), to a
match that never ends, profiled with cProfile.

    .venv/bin/python bench/profile_save.py [--saves 300] [--top 40] [--sort cumulative]

It prints the mean CPU per save (time.process_time), the trivial yardstick's in the same
process, and the profile's top functions. Not run by `make bench`.
"""

import argparse
import cProfile
import io
import os
import pstats
import random
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]


def production_env(directory: Path) -> dict[str, str]:
    return {
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "testserver",
        "SECURE_SSL_REDIRECT": "0",
        "DATABASE_URL": f"sqlite:///{directory / 'db.sqlite3'}",
        "STATIC_ROOT": str(directory / "static"),
        "CACHE": "file",
        "CACHE_DIR": str(directory / "cache"),
        "LOG_LEVEL": "ERROR",
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--saves", type=int, default=300)
    parser.add_argument("--top", type=int, default=40)
    parser.add_argument("--sort", default="cumulative")
    parser.add_argument("--filter", default="", help="only functions whose file matches this")
    parser.add_argument(
        "--floor", action="store_true", help="profile the floor alone (bench/bench_urls.floor)"
    )
    args = parser.parse_args()
    directory = Path(tempfile.mkdtemp(prefix="scorekeeper-profile-"))
    os.environ.update(production_env(directory))
    sys.path.insert(0, str(ROOT))
    quiet = {"capture_output": True, "check": True, "cwd": ROOT}
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput"], **quiet)
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput"], **quiet)

    import django

    django.setup()
    from django.test import Client

    from scorekeeper import rules
    from tests.support.testing import SETUP, deal_hand, hand_fields

    phone = Client(HTTP_ACCEPT_ENCODING="gzip, br")
    game = rules.make_game("caribbean", 4)
    rng = random.Random(1)
    table = {"path": "", "number": 0}

    def new_table() -> None:
        """A match to 10,000 (the most a form takes), 20 hands in: its sheet folded."""
        answer = phone.post("/new", {"name": "Bench", **SETUP, "target_other": "10000"})
        assert answer.status_code == 302, answer.status_code
        table.update(path=answer["Location"], number=0)
        for _ in range(20):
            save()

    def save() -> None:
        if args.floor:
            floor_save()
            return
        table["number"] += 1
        data = hand_fields(deal_hand(game, rng), table["number"])
        # #play's version, as saves.js sends it: one a hand saved (the match takes only hands).
        data["shown"] = str(table["number"] - 1)
        # Form-encoded, as the phone's browser posts it (the test client's default is multipart).
        answer = phone.post(
            f"{table['path']}hand",
            urlencode(data),
            content_type="application/x-www-form-urlencoded",
            HTTP_HX_REQUEST="true",
        )
        assert answer.status_code == 200 and answer["X-Hand"] == "saved", answer.get("X-Hand")

    from django.test import RequestFactory

    from bench.bench_urls import floor

    posts = RequestFactory()

    def floor_save() -> None:
        """The floor's view called directly: the match read and its add_hand, no middleware."""
        table["number"] += 1
        key = table["path"].split("/")[2]
        assert floor(posts.post(f"/bench/floor/{key}"), key).status_code == 204

    new_table()
    for _ in range(200):
        phone.get("/healthz")
    started = time.process_time()
    for _ in range(1000):
        phone.get("/healthz")
    trivial = (time.process_time() - started) / 1000
    new_table()
    plain = 0.0
    for _ in range(args.saves):
        if table["number"] >= 120:
            new_table()
        started = time.process_time()
        save()
        plain += time.process_time() - started
    plain /= args.saves
    profile = cProfile.Profile()
    new_table()
    for _ in range(args.saves):
        if table["number"] >= 120:
            new_table()
        profile.enable()
        save()
        profile.disable()
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats(args.sort).print_stats(args.filter, args.top)
    print(out.getvalue())
    print(f"trivial (/healthz): {trivial * 1000:.3f} ms CPU a request")
    name = "floor (no middleware)" if args.floor else "ordinary save"
    print(f"{name + ':':<20}{plain * 1000:.3f} ms CPU a save = {plain / trivial:.1f}x trivial")


if __name__ == "__main__":
    main()
