"""Benchmark: how many realistic hands per second score_hand scores."""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper import rules

HANDS = 200_000
ROUNDS = 3


def games() -> list[rules.Game]:
    """Every preset and seat count under every combination of house rules."""
    found = []
    for key, preset in rules.PRESETS.items():
        for seats in preset.seat_options:
            for count_rule in rules.CountRule:
                for blocked_rule in rules.BlockedRule:
                    for bonus in (0, 25):
                        house = rules.HouseRules(
                            capicu_bonus=bonus, count_rule=count_rule, blocked_rule=blocked_rule
                        )
                        found.append(rules.make_game(key, seats, rules=house))
    return found


def deal_hand(game: rules.Game, rng: random.Random) -> rules.Hand:
    """A hand as a real table might end it: deal, leave each seat some of its tiles."""
    tiles = list(game.tile_set.tiles)
    rng.shuffle(tiles)
    each = game.tiles_each
    left = {}
    blocked = rng.random() < 0.3
    winner = None if blocked else rng.randrange(game.seats)
    for seat in range(game.seats):
        dealt = tiles[seat * each : (seat + 1) * each]
        if seat == winner:
            continue
        kept = rng.sample(dealt, rng.randint(1, each))
        left[seat] = sum(high + low for high, low in kept)
    if blocked:
        return rules.Hand(rules.Ending.BLOCKED, pips=left)
    capicu = game.offers_capicu and rng.random() < 0.1
    return rules.Hand(rules.Ending.WENT_OUT, went_out=winner, pips=left, capicu=capicu)


def main() -> None:
    rng = random.Random(2024)
    tables = games()
    batch = []
    for _ in range(HANDS):
        game = rng.choice(tables)
        batch.append((game, deal_hand(game, rng), rng.choice((None, 0, 1))))
    best = 0.0
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for game, hand, led_by in batch:
            rules.score_hand(game, hand, led_by)
        elapsed = time.perf_counter() - start
        best = max(best, len(batch) / elapsed)
    blocked = sum(hand.ending is rules.Ending.BLOCKED for _, hand, _ in batch)
    print(
        f"{len(batch):,} hands ({blocked:,} blocked) on {len(tables)} tables, "
        f"best of {ROUNDS}: {best:,.0f} hands/s"
    )


if __name__ == "__main__":
    main()
