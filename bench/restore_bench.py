"""How long the largest backup the import page accepts takes to restore, on this database.

    ./.venv/bin/python bench/restore_bench.py                                  # SQLite
    bash scripts/with-postgres.sh ./.venv/bin/python bench/restore_bench.py    # PostgreSQL

Plays a few matches through the models, copies them in a backup until it is as large as
IMPORT_MAX_BYTES allows, then times reading and restoring it as the import page does (a
throwaway test database; prints one JSON line: bytes, hands, seconds).
"""

import copy
import json
import os
import random
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection, transaction  # noqa: E402

from scorekeeper import backup, rules  # noqa: E402
from scorekeeper.backup import load_backup  # noqa: E402
from scorekeeper.models import Table  # noqa: E402
from tests.support.testing import deal_hand, scoring_match, tap  # noqa: E402


def played_table() -> Table:
    """Block-game matches played to their end, and an All Fives match with scores in play."""
    rng = random.Random(7)
    table = Table.objects.create(name="Bench")
    for preset in ("caribbean", "standard", "spanish"):
        game = rules.make_game(preset, 4)
        match = table.start_match(["Ann", "Bo", "Cy", "Dee"], game, preset)
        while not match.finished:
            hand = deal_hand(game, rng)
            try:
                match.add_hand(hand, token=uuid.uuid4(), number=match.hand_count + 1)
            except rules.InvalidHand:
                continue
    fives = scoring_match(names=("Ann", "Bo", "Cy", "Dee"))
    for _ in range(3):
        tap(fives, 0, 10)
        tap(fives, 1, 5)
        fives.add_hand(
            rules.Hand(rules.Ending.WENT_OUT, went_out=2, pips={1: 7, 3: 9}),
            token=uuid.uuid4(),
            number=fives.hand_count + 1,
        )
    return table


def largest_backup(limit: int) -> bytes:
    """A backup of the played matches, copied again and again up to `limit` bytes."""
    data = backup.export_table(played_table())
    fives = backup.export_table(Table.objects.exclude(name="Bench").get())["matches"][0]
    templates = [*data["matches"], fives]
    for match in templates:
        match["series"], match["series_sides"] = None, []
    data["series"], data["matches"] = [], []

    def encoded() -> bytes:
        return json.dumps(data, indent=2, ensure_ascii=False).encode()

    best = encoded()
    while True:
        match = copy.deepcopy(templates[len(data["matches"]) % len(templates)])
        match["number"] = len(data["matches"]) + 1
        data["matches"].append(match)
        attempt = encoded()
        if len(attempt) > limit:
            return best
        best = attempt


def main() -> None:
    connection.creation.create_test_db(verbosity=0)
    raw = largest_backup(settings.IMPORT_MAX_BYTES)
    Table.objects.all().delete()
    start = time.perf_counter()
    data = load_backup(raw, settings.IMPORT_MAX_BYTES)
    with transaction.atomic():
        table = backup.import_table(data, new_keys=True, creator="bench")
    seconds = time.perf_counter() - start
    hands = sum(match.hand_count for match in table.matches.all())
    print(
        json.dumps(
            {
                "database": connection.vendor,
                "bytes": len(raw),
                "matches": table.matches.count(),
                "hands": hands,
                "restore_seconds": round(seconds, 2),
            }
        )
    )


if __name__ == "__main__":
    main()
