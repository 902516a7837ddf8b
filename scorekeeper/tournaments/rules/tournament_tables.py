"""Events at tables of players each for themselves: a round game's (Mexican Train), players at
tables of 3 to 6, the lowest sum first; and a game to a target's (Jamaican cut-throat), ranked
as pairs are (wins, efectividad, wins among the level, points for).

Each event round is one whole game at every table. A player's result is their game total, and
a game won when theirs is the lowest at the table (a shared lowest: a game won for each); in a
game to a target, when theirs is the highest (the match's winner).
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from scorekeeper.rules.tournament_format import DEFAULT_TABLE_SIZE, MAX_TABLE_SIZE, MIN_TABLE_SIZE

from .tournament import Draw, Entrant, EntrantRecord, Standing, placed, rank_records
from .tournament_ties import TieKey

__all__ = [
    "DEFAULT_TABLE_SIZE",
    "MAX_TABLE_SIZE",
    "MIN_TABLE_SIZE",
    "GameStanding",
    "TableResult",
    "draw_tables",
    "game_standings",
    "table_sizes",
    "table_standings",
    "target_standings",
]

# Seatings tried from a shuffled start when the standings' order leaves repeats: at most this
# many, fewer for a large field (each try is a search over every two players).
RESTARTS = 24
RESTART_BUDGET = 4000


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table's whole game: its players in seat order and each one's game total."""

    players: tuple[Entrant, ...]
    totals: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.players) != len(self.totals) or not self.players:
            raise ValueError("a table's result has one total a player")
        if len(set(self.players)) != len(self.players):
            raise ValueError("each player sits once")
        if any(total < 0 for total in self.totals):
            raise ValueError("a total is never negative")

    @property
    def winners(self) -> tuple[Entrant, ...]:
        """Who won the game: the lowest total at the table (level: each of them)."""
        lowest = min(self.totals)
        return tuple(
            p for p, total in zip(self.players, self.totals, strict=True) if total == lowest
        )


@dataclass(frozen=True, slots=True)
class GameStanding:
    """One player's line: `total` sums every round, a round missed at that round's highest."""

    place: int
    entrant: Entrant
    played: int
    games_won: int
    total: int
    best: int | None  # the lowest single game total (None: no game played yet)
    missed: int = 0  # rounds missed, each counted at the highest total of that round

    def ranking(self) -> tuple[tuple[TieKey, float], ...]:
        """What the standings rank by, in RULES.md's order, lower first: the sum of totals,
        games won (more first), the lowest single game total (none played: last)."""
        return (
            (TieKey.TOTAL, self.total),
            (TieKey.GAMES_WON, -self.games_won),
            (TieKey.BEST, math.inf if self.best is None else self.best),
        )


def game_standings(
    entrants: Sequence[Entrant], rounds: Iterable[Iterable[TableResult]]
) -> list[GameStanding]:
    """The standings after these rounds (each round: the results of all its tables).

    In order: the lowest sum of totals; more games won; the lowest single game total; still
    level, a shared place (the order given kept). A player who missed a round (a late entry,
    one not here or withdrawn) takes the highest total scored at any table in that round.
    Anyone in the results but not in `entrants` is ranked too.
    """
    rounds = [tuple(results) for results in rounds]
    order = list(
        dict.fromkeys([*entrants, *(p for results in rounds for r in results for p in r.players)])
    )
    totals = dict.fromkeys(order, 0)
    played = dict.fromkeys(order, 0)
    won = dict.fromkeys(order, 0)
    missed = dict.fromkeys(order, 0)
    best: dict[Entrant, int | None] = dict.fromkeys(order)
    for results in rounds:
        if not results:
            continue
        highest = max(total for result in results for total in result.totals)
        seated = set()
        for result in results:
            winners = set(result.winners)
            for player, total in zip(result.players, result.totals, strict=True):
                seated.add(player)
                totals[player] += total
                played[player] += 1
                won[player] += player in winners
                lowest = best[player]
                best[player] = total if lowest is None else min(lowest, total)
        for player in order:
            if player not in seated:
                totals[player] += highest
                missed[player] += 1

    return placed(
        [
            GameStanding(
                place=0,
                entrant=player,
                played=played[player],
                games_won=won[player],
                total=totals[player],
                best=best[player],
                missed=missed[player],
            )
            for player in order
        ]
    )


def target_standings(entrants: Sequence[Entrant], results: Iterable[TableResult]) -> list[Standing]:
    """A game to a target played each for themselves at tables (Jamaican cut-throat): the
    standings pairs have (RULES.md "Tournaments"): wins, efectividad, wins among the level,
    points for; still level, a shared place.

    A table's winner is its highest total (the match's winner: the clock plays level sides on).
    A player's points for are their own total, and their points against the best total of the
    others at the table: the one they had to beat (for the winner, the runner-up's).
    """
    results = tuple(results)
    order = list(dict.fromkeys([*entrants, *(p for result in results for p in result.players)]))
    records = {player: EntrantRecord() for player in order}
    beaten = []
    for result in results:
        lines = tuple(zip(result.players, result.totals, strict=True))
        top = max(result.totals)
        for player, total in lines:
            against = max(other for seated, other in lines if seated != player)
            records[player].take_line(total == top, total, against)
        winners = tuple(player for player, total in lines if total == top)
        beaten.append((winners, tuple(p for p, _total in lines if p not in winners)))
    return rank_records(order, records, beaten)


def table_standings(
    entrants: Sequence[Entrant], rounds: Iterable[Iterable[TableResult]], to_a_target: bool
) -> list[Standing] | list[GameStanding]:
    """An event at tables of players: a round game's standings (the lowest sum first), or a game
    to a target's (as pairs are ranked)."""
    if to_a_target:
        return target_standings(entrants, [result for results in rounds for result in results])
    return game_standings(entrants, rounds)


# --- Seating --------------------------------------------------------------------------------


def table_sizes(players: int, size: int, most: int = MAX_TABLE_SIZE) -> tuple[int, ...]:
    """The tables for this many players: as many of at most `size` as keep each at 3 or more,
    their sizes differing by at most one (the larger first). ValueError: they cannot be seated
    (fewer than 3, or a table would need more seats than the game has)."""
    if not MIN_TABLE_SIZE <= size <= MAX_TABLE_SIZE:
        raise ValueError(f"a table seats {MIN_TABLE_SIZE} to {MAX_TABLE_SIZE}, not {size!r}")
    if players < MIN_TABLE_SIZE:
        raise ValueError("too few players to fill a table")
    tables = -(-players // size)
    while tables > 1 and players // tables < MIN_TABLE_SIZE:
        tables -= 1
    each, extra = divmod(players, tables)
    sizes = (each + 1,) * extra + (each,) * (tables - extra)
    if sizes[0] > most:
        raise ValueError(f"{players} players need a table of {sizes[0]}; the game seats {most}")
    return sizes


def draw_tables(
    entrants: Sequence[Entrant],
    rounds: Sequence[Sequence[TableResult]],
    previous: Sequence[Draw],
    seed: int | str,
    size: int,
    most: int = MAX_TABLE_SIZE,
    to_a_target: bool = False,
) -> Draw:
    """The next round's tables for the active `entrants` (table 1 first, each in seat order).

    Round 1 is drawn from `random.Random(seed)`. Later rounds seat players so that two share a
    table again as rarely as possible, and among such seatings the one nearest the standings
    of `rounds` (table 1 holds the leaders; `to_a_target`: ranked as a game to a target is):
    the standings' order, improved by swapping two players while a swap seats fewer old
    tablemates together, or as many nearer the standings (and, while repeats remain, the same
    from seatings shuffled by the seed). A search, not a proof: it finds no repeat whenever the
    tests' fields allow one, not in every field.
    """
    active = list(dict.fromkeys(entrants))
    sizes = table_sizes(len(active), size, most)
    if not previous:
        order = random.Random(seed).sample(active, len(active))
        return _as_draw(_split(order, sizes))
    is_active = set(active)
    lines = table_standings(active, rounds, to_a_target)
    ranked = [line.entrant for line in lines if line.entrant in is_active]
    shared = _shared(previous)
    best = _Seating(ranked, ranked, sizes, shared)
    # Swaps can stop short of the fewest repeats: they start again from seatings shuffled by
    # the round's seed (the same state draws the same round), and the best found is kept.
    rng = random.Random(seed)
    for _start in range(min(RESTARTS, RESTART_BUDGET // len(ranked))):
        if not best.again:
            break
        seating = _Seating(ranked, rng.sample(ranked, len(ranked)), sizes, shared)
        if seating.cost < best.cost:
            best = seating
    return _as_draw(best.tables())


def _split(order: Sequence[Entrant], sizes: Sequence[int]) -> list[list[Entrant]]:
    tables, start = [], 0
    for count in sizes:
        tables.append(list(order[start : start + count]))
        start += count
    return tables


def _as_draw(tables: Iterable[Sequence[Entrant]]) -> Draw:
    return Draw(tuple(tuple((player,) for player in table) for table in tables))


def _shared(previous: Iterable[Draw]) -> dict[Entrant, dict[Entrant, int]]:
    """How many times each two players sat at one table before."""
    shared: dict[Entrant, dict[Entrant, int]] = defaultdict(lambda: defaultdict(int))
    for draw in previous:
        for table in draw.tables:
            players = [player for side in table for player in side]
            for a, b in combinations(players, 2):
                shared[a][b] += 1
                shared[b][a] += 1
    return shared


class _Seating:
    """Players at tables, improved by swaps.

    A swap must lower (again, near): `again` counts each old tablemate at one's table (each
    time they sat together before), `near` is the sum of place x tables below: lowest when
    the standings' order runs from table 1 down.
    """

    def __init__(
        self,
        ranked: list[Entrant],
        start: list[Entrant],
        sizes: Sequence[int],
        shared: dict[Entrant, dict[Entrant, int]],
    ) -> None:
        """The players of `start`, in its order, at tables of `sizes`, improved by swaps."""
        self.place = {player: index for index, player in enumerate(ranked)}
        self.table = {}
        for number, players in enumerate(_split(start, sizes)):
            for player in players:
                self.table[player] = number
        self.count = len(sizes)
        self.shared = shared
        # again_at[player][table]: the player's old tablemates now at that table.
        self.again_at = {player: [0] * self.count for player in ranked}
        for player in ranked:
            for other, times in shared[player].items():
                if other in self.table:
                    self.again_at[player][self.table[other]] += times
        self._improve()

    @property
    def again(self) -> int:
        """How many old tablemates share a table again (each time they sat together before)."""
        return sum(self.again_at[player][table] for player, table in self.table.items()) // 2

    @property
    def cost(self) -> tuple[int, int]:
        """(again, near): lower is better, `again` first."""
        last = self.count - 1
        near = sum(place * (last - self.table[player]) for player, place in self.place.items())
        return (self.again, near)

    def _improve(self) -> None:
        players = sorted(self.place, key=self.place.__getitem__)
        improved = True
        while improved:
            improved = False
            for first in players:
                best, best_gain = None, (0, 0)
                for second in players:
                    gain = self._gain(first, second)
                    if gain < best_gain:
                        best, best_gain = second, gain
                if best is not None:
                    self._swap(first, best)
                    improved = True

    def _gain(self, first: Entrant, second: Entrant) -> tuple[int, int]:
        """(again, near) after the swap less before (negative: better)."""
        a, b = self.table[first], self.table[second]
        if a == b:
            return (0, 0)
        together = self.shared[first].get(second, 0)
        again = (
            self.again_at[first][b]
            - together
            + self.again_at[second][a]
            - together
            - self.again_at[first][a]
            - self.again_at[second][b]
        )
        near = (self.place[first] - self.place[second]) * (a - b)
        return (again, near)

    def _swap(self, first: Entrant, second: Entrant) -> None:
        a, b = self.table[first], self.table[second]
        for player, old, new in ((first, a, b), (second, b, a)):
            for other, times in self.shared[player].items():
                if other in self.again_at:
                    self.again_at[other][old] -= times
                    self.again_at[other][new] += times
            self.table[player] = new

    def tables(self) -> list[list[Entrant]]:
        seated: list[list[Entrant]] = [[] for _ in range(self.count)]
        for player in sorted(self.place, key=self.place.__getitem__):
            seated[self.table[player]].append(player)
        return seated
