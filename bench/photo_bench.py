"""Benchmark: server CPU (time.process_time) to count one 1600 px photo of a double-twelve hand
of fifteen tiles, decoding the JPEG included. Budget: 1 s (issue 35)."""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.photo.counter import count_photo
from tests.photo.render import render

BUDGET = 1.0
PHOTOS = 5


def main() -> None:
    rng = random.Random(1600)
    photos = [
        render(rng, width=1600, height=1200, tiles=15, cut=False, most=12) for _ in range(PHOTOS)
    ]
    spent, right = [], 0
    for photo in photos:
        start = time.process_time()
        count = count_photo(photo.jpeg)
        spent.append(time.process_time() - start)
        right += count.total == photo.total
    worst = max(spent)
    mark = "✓" if worst <= BUDGET else "✗"
    print(
        f"{mark} photo count, 1600x1200, 15 tiles: median {statistics.median(spent):.3f} s, "
        f"worst {worst:.3f} s server CPU (budget {BUDGET:.1f} s); exact total {right}/{PHOTOS}"
    )


if __name__ == "__main__":
    main()
