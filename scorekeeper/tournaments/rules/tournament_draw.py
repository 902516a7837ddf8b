"""Drawing a tournament round: who sits at which table, and who has the bye (pure Python)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from .tournament import Draw, Entrant, Format, Result, Side, standings
from .tournament_matching import nearest_perfect_matching

__all__ = ["draw_round", "pair_nearest", "round_robin_rounds", "seed_order"]


def draw_round(
    format: Format,
    entrants: Sequence[Entrant],
    results: Iterable[Result],
    previous: Sequence[Draw],
    seed: int | str,
    seeded: Sequence[Entrant] | None = None,
) -> Draw:
    """The next round's draw for the active `entrants` (late ones included, withdrawn left out).

    Round robin turns the circle of `entrants`, in the order given, once per previous draw.
    Swiss and rotating partners draw round 1 at random and later rounds from the standings
    of `results`; `previous` says who met, who partnered and who had a bye. The same inputs
    always give the same draw: the only chance is `random.Random(seed)`, in round 1 alone.
    A Swiss round 1 given `seeded` (the active entrants best first, as seed_order gives them)
    sets the top half against the bottom half in order: 1 v n/2+1, 2 v n/2+2, ...
    """
    if format.seats_tables:
        raise ValueError("a round game's event is seated by tournament_tables.draw_tables")
    if format.knockout:
        raise ValueError("a knockout is a bracket: rules.tournament_bracket")
    active = list(dict.fromkeys(entrants))
    if len(active) < 2 * format.side_size:
        raise ValueError("too few entrants to fill a table")
    if format is Format.ROUND_ROBIN:
        return _round_robin(active, len(previous))
    history = _History.of(previous)
    if format is Format.SWISS and seeded is not None and not previous:
        return _swiss_seeded([entrant for entrant in seeded if entrant in set(active)], history)
    if previous:
        ranked = _ranked(active, results)
    else:
        ranked = random.Random(seed).sample(active, len(active))
    if format is Format.SWISS:
        return _swiss(ranked, history)
    return _rotating(ranked, history)


# --- What the previous rounds did -----------------------------------------------------------


def _meeting(a: Entrant, b: Entrant) -> frozenset[Entrant]:
    return frozenset((a, b))


@dataclass(frozen=True, slots=True)
class _History:
    opposed: Counter[frozenset[Entrant]]
    partnered: Counter[frozenset[Entrant]]
    byes: Counter[Entrant]

    @classmethod
    def of(cls, draws: Iterable[Draw]) -> _History:
        opposed: Counter[frozenset[Entrant]] = Counter()
        partnered: Counter[frozenset[Entrant]] = Counter()
        byes: Counter[Entrant] = Counter()
        for draw in draws:
            byes.update(draw.byes)
            for first, second in draw.tables:
                opposed.update(_meeting(a, b) for a, b in product(first, second))
                for side in (first, second):
                    partnered.update(_meeting(a, b) for a, b in combinations(side, 2))
        return cls(opposed, partnered, byes)

    def met(self, a: Entrant, b: Entrant) -> int:
        return self.opposed[_meeting(a, b)]

    def partners(self, a: Entrant, b: Entrant) -> int:
        return self.partnered[_meeting(a, b)]

    def opponents_again(self, first: Side, second: Side) -> int:
        return sum(self.met(a, b) for a, b in product(first, second))


def _ranked(active: list[Entrant], results: Iterable[Result]) -> list[Entrant]:
    """The active entrants in the order of the standings (withdrawn entrants' results count)."""
    is_active = set(active)
    return [line.entrant for line in standings(active, results) if line.entrant in is_active]


def _byes(ranked: list[Entrant], history: _History, count: int) -> list[Entrant]:
    """The lowest in `ranked` among those with the fewest byes so far."""
    if not count:
        return []
    from_the_bottom = sorted(
        range(len(ranked)), key=lambda index: (history.byes[ranked[index]], -index)
    )
    return [ranked[index] for index in from_the_bottom[:count]]


# --- The formats ----------------------------------------------------------------------------


def round_robin_rounds(entrants: int) -> int:
    """How many rounds a round robin of this many entrants has: each meets each once."""
    return entrants - 1 if entrants % 2 == 0 else entrants


def _round_robin(active: list[Entrant], round_index: int) -> Draw:
    """The circle method: the first entrant stays put, the others turn one place a round."""
    slots: list[Entrant | None] = [*active, None] if len(active) % 2 else list(active)
    size = len(slots)
    turn = round_index % (size - 1)
    rest = slots[1:]
    circle = [slots[0], *rest[len(rest) - turn :], *rest[: len(rest) - turn]]
    tables: list[tuple[Side, Side]] = []
    byes: list[Entrant] = []
    for index in range(size // 2):
        first, second = circle[index], circle[size - 1 - index]
        if first is None or second is None:
            byes.extend(entrant for entrant in (first, second) if entrant is not None)
        else:
            tables.append(((first,), (second,)))
    return Draw(tuple(tables), tuple(byes))


def _swiss(ranked: list[Entrant], history: _History) -> Draw:
    byes = _byes(ranked, history, len(ranked) % 2)
    playing = [entrant for entrant in ranked if entrant not in byes]
    pairs = pair_nearest(playing, history.met)
    return Draw(tuple(((a,), (b,)) for a, b in pairs), tuple(byes))


def _swiss_seeded(order: list[Entrant], history: _History) -> Draw:
    """Round 1 by rating: the lowest seed has the bye, the top half meets the bottom half."""
    byes = _byes(order, history, len(order) % 2)
    playing = [entrant for entrant in order if entrant not in byes]
    half = len(playing) // 2
    pairs = zip(playing[:half], playing[half:], strict=True)
    return Draw(tuple(((a,), (b,)) for a, b in pairs), tuple(byes))


def seed_order[T](entrants: Sequence[T], ratings: Mapping[T, float], seed: int | str) -> list[T]:
    """The entrants best first by their seeding rating (higher first); those without one come
    last, in the order drawn from `seed`. Level ratings keep the drawn order too."""
    drawn = random.Random(seed).sample(list(entrants), len(entrants))
    rated = sorted((entrant for entrant in drawn if entrant in ratings), key=lambda e: -ratings[e])
    return rated + [entrant for entrant in drawn if entrant not in ratings]


def _rotating(ranked: list[Entrant], history: _History) -> Draw:
    """Partners first (never the same twice if it can be helped), then two pairs a table."""
    byes = _byes(ranked, history, len(ranked) % 4)
    playing = [entrant for entrant in ranked if entrant not in byes]
    partners = pair_nearest(playing, history.partners)
    tables = pair_nearest(partners, history.opponents_again)
    return Draw(tuple(tables), tuple(byes))


# --- The search for the nearest pairs -------------------------------------------------------


def pair_nearest[T](order: Sequence[T], cost: Callable[[T, T], int]) -> list[tuple[T, T]]:
    """Pairs off `order` (an even number of items, best first).

    The highest `cost` of any pair (how often they met) is the least it can be; among such
    pairings, the one found top down: the best unpaired item takes the nearest below it that
    leaves the rest a pairing. Pairs come best first, each as (higher, lower).
    """
    if len(order) % 2:
        raise ValueError("an odd number cannot be paired off")
    size = len(order)
    costs = [[cost(order[i], order[j]) if i != j else 0 for j in range(size)] for i in range(size)]
    for limit in sorted({c for row in costs for c in row}):
        allowed = [
            [j for j in range(size) if j != i and row[j] <= limit] for i, row in enumerate(costs)
        ]
        found = nearest_perfect_matching(allowed)
        if found is not None:
            return [(order[i], order[j]) for i, j in found]
    return []  # nothing to pair
