"""How long drawing a Swiss or rotating-partners round takes on a big field (not a test).

./.venv/bin/python bench/tournament.py [pairs] [rounds]

Measured on the shared 2-core dev box (Dec 2026): 100 pairs, Swiss rounds 1-5 in 15-25 ms
each; 100 players, rotating partners, 30-55 ms; 60 pairs over 40 rounds (long past the
point where repeats cannot be helped) never above ~50 ms a round.
"""

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.tournaments.rules.tournament import Format, Result
from scorekeeper.tournaments.rules.tournament_draw import draw_round


def play(draw, rng):
    """Random results for every table of the draw (byes are left out: they rank nobody)."""
    results = []
    for first, second in draw.tables:
        won, lost = rng.randint(200, 240), rng.randint(0, 199)
        totals = (won, lost) if rng.random() < 0.5 else (lost, won)
        results.append(Result.played(first, second, *totals))
    return results


def run(format, entrants, rounds, rng):
    results, draws, timings = [], [], []
    for number in range(1, rounds + 1):
        start = time.perf_counter()
        draw = draw_round(format, entrants, results, draws, seed=number)
        timings.append(time.perf_counter() - start)
        draws.append(draw)
        results += play(draw, rng)
    return timings


def main():
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    for format in (Format.SWISS, Format.ROTATING_PARTNERS):
        timings = run(format, list(range(pairs)), rounds, random.Random(7))
        each = ", ".join(f"{t * 1000:.0f}" for t in timings)
        print(f"{format}: {pairs} entrants, rounds 1-{rounds} drawn in ms: {each}")


if __name__ == "__main__":
    main()
