"""Tournaments: entrants, results, draws and the standings (pure Python, no Django)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from scorekeeper.rules.tournament_format import Format

from .tournament_ties import Ranked, TieKey

__all__ = [
    "Award",
    "Draw",
    "Entrant",
    "Format",
    "Result",
    "ResultKind",
    "Side",
    "Standing",
    "TournamentRules",
    "side_of",
    "standings",
]

# An entrant is its id: a fixed pair's, or in an individual event a player's.
Entrant = int | str
# The entrants playing together on one side of a table: one pair, or two players.
Side = tuple[Entrant, ...]


class ResultKind(StrEnum):
    PLAYED = "played"
    FORFEIT = "forfeit"
    BYE = "bye"


@dataclass(frozen=True, slots=True)
class Award:
    """What the director set a forfeit or a bye to score, for and against the side given it."""

    points_for: int
    points_against: int = 0
    win: bool = True

    def __post_init__(self) -> None:
        if self.points_for < 0 or self.points_against < 0:
            raise ValueError("an award scores no negative points")


def side_of(entrants: Entrant | Iterable[Entrant]) -> Side:
    """One entrant, or several playing together, as a side."""
    if isinstance(entrants, int | str):
        return (entrants,)
    return tuple(entrants)


@dataclass(frozen=True, slots=True)
class Result:
    """How one table ended: each side's total as the match ended, and which side won.

    `winner` is the index of the winning side in `sides` (None: an award that is no win).
    A bye's second side is empty; a forfeit's second side is the one that did not play.
    """

    sides: tuple[Side, Side]
    totals: tuple[int, int]
    winner: int | None
    kind: ResultKind = ResultKind.PLAYED

    def __post_init__(self) -> None:
        if len(self.sides) != 2 or len(self.totals) != 2:
            raise ValueError("a result has two sides and two totals")
        if self.winner not in (None, 0, 1):
            raise ValueError("the winner is side 0 or side 1")
        if any(total < 0 for total in self.totals):
            raise ValueError("a total is never negative")
        everyone = [entrant for side in self.sides for entrant in side]
        if not self.sides[0] or len(set(everyone)) != len(everyone):
            raise ValueError("each entrant sits once, and the first side is never empty")
        if self.kind is not ResultKind.BYE and not self.sides[1]:
            raise ValueError("only a bye has nobody against it")
        if self.kind is ResultKind.PLAYED and self.winner is None:
            raise ValueError("a played match has a winner")

    @classmethod
    def played(
        cls,
        first: Entrant | Iterable[Entrant],
        second: Entrant | Iterable[Entrant],
        first_total: int,
        second_total: int,
        winner: int | None = None,
    ) -> Result:
        """A match played out; the winner is the higher total unless given (level totals)."""
        if winner is None:
            if first_total == second_total:
                raise ValueError("level totals need the winner named")
            winner = 0 if first_total > second_total else 1
        return cls((side_of(first), side_of(second)), (first_total, second_total), winner)

    def entrants(self) -> tuple[Entrant, ...]:
        return self.sides[0] + self.sides[1]


@dataclass(frozen=True, slots=True)
class TournamentRules:
    """What the director sets when creating the tournament.

    A forfeit or bye left unset scores a win with half the target (rounded down) against 0.
    """

    format: Format = Format.SWISS
    target: int = 200
    forfeit: Award | None = None
    bye: Award | None = None

    def __post_init__(self) -> None:
        if self.target < 1:
            raise ValueError("the target is a positive number")

    @property
    def forfeit_award(self) -> Award:
        return self.forfeit or Award(self.target // 2)

    @property
    def bye_award(self) -> Award:
        return self.bye or Award(self.target // 2)

    def bye_result(self, entrants: Entrant | Iterable[Entrant]) -> Result:
        award = self.bye_award
        return Result(
            (side_of(entrants), ()),
            (award.points_for, award.points_against),
            0 if award.win else None,
            ResultKind.BYE,
        )

    def forfeit_result(
        self, present: Entrant | Iterable[Entrant], absent: Entrant | Iterable[Entrant]
    ) -> Result:
        """The table whose `absent` side did not play: `present` takes the forfeit's score."""
        award = self.forfeit_award
        return Result(
            (side_of(present), side_of(absent)),
            (award.points_for, award.points_against),
            0 if award.win else None,
            ResultKind.FORFEIT,
        )


@dataclass(frozen=True, slots=True)
class Draw:
    """One round's draw: each table's sides (table 1 first), and who has the bye.

    A table has two sides; a round game's table (Format.ROUND_GAME) one side a player.
    """

    tables: tuple[tuple[Side, ...], ...]
    byes: tuple[Entrant, ...] = ()

    def __post_init__(self) -> None:
        everyone = [*self.seated(), *self.byes]
        if len(set(everyone)) != len(everyone):
            raise ValueError("each entrant is drawn once a round")
        if not all(len(table) >= 2 and all(table) for table in self.tables):
            raise ValueError("a table has two sides or more, none empty")

    def seated(self) -> tuple[Entrant, ...]:
        """Everyone at a table, table by table."""
        return tuple(entrant for table in self.tables for side in table for entrant in side)


# --- Standings ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Standing:
    """One entrant's line in the standings; level entrants share `place`."""

    place: int
    entrant: Entrant
    played: int
    wins: int
    points_for: int
    points_against: int
    # Wins against those level with it on wins and efectividad (0 when nobody is).
    head_to_head: int = 0

    @property
    def efectividad(self) -> int:
        return self.points_for - self.points_against

    def ranking(self) -> tuple[tuple[TieKey, float], ...]:
        """What the standings rank by, in RULES.md's order, lower first: wins, efectividad,
        wins among the level, points for."""
        return (
            (TieKey.WINS, -self.wins),
            (TieKey.DIFFERENCE, -self.efectividad),
            (TieKey.HEAD_TO_HEAD, -self.head_to_head),
            (TieKey.POINTS_FOR, -self.points_for),
        )


@dataclass(slots=True)
class EntrantRecord:
    """One entrant's results added up, as the standings rank them (pairs' results or tables')."""

    played: int = 0
    wins: int = 0
    points_for: int = 0
    points_against: int = 0

    def take(self, result: Result, index: int) -> None:
        self.take_line(result.winner == index, result.totals[index], result.totals[1 - index])

    def take_line(self, won: bool, points_for: int, points_against: int) -> None:
        self.played += 1
        self.wins += won
        self.points_for += points_for
        self.points_against += points_against

    @property
    def level_key(self) -> tuple[int, int]:
        return (self.wins, self.points_for - self.points_against)


def standings(entrants: Sequence[Entrant], results: Iterable[Result]) -> list[Standing]:
    """The standings: wins, then efectividad, then wins among the level, then points for.

    Entrants still level on all four share the place (and keep the order given). Anyone in
    the results but not in `entrants` is ranked too, after them in the order given.
    """
    results = tuple(results)
    order = list(dict.fromkeys([*entrants, *(e for r in results for e in r.entrants())]))
    records = {entrant: EntrantRecord() for entrant in order}
    for result in results:
        for index, side in enumerate(result.sides):
            for entrant in side:
                records[entrant].take(result, index)
    beaten = [
        (result.sides[result.winner], result.sides[1 - result.winner])
        for result in results
        if result.winner is not None
    ]
    return rank_records(order, records, beaten)


def rank_records(
    order: Sequence[Entrant],
    records: dict[Entrant, EntrantRecord],
    beaten: Sequence[tuple[Side, Side]],
) -> list[Standing]:
    """The standings of these records (`beaten`: each win, its winners and those they beat)."""
    head_to_head = _head_to_head(records, beaten)
    lines = [
        Standing(
            place=0,
            entrant=entrant,
            played=records[entrant].played,
            wins=records[entrant].wins,
            points_for=records[entrant].points_for,
            points_against=records[entrant].points_against,
            head_to_head=head_to_head[entrant],
        )
        for entrant in order
    ]
    return placed(lines)


def placed[Line: Ranked](lines: Sequence[Line]) -> list[Line]:
    """The lines sorted by their ranking (stable: the order given breaks nothing, it only
    lists those still level), each with its place; lines level on every key share it."""
    ranked = sorted(lines, key=lambda line: line.ranking())
    table: list[Line] = []
    for position, line in enumerate(ranked, start=1):
        shared = position > 1 and line.ranking() == table[-1].ranking()
        table.append(replace(line, place=table[-1].place if shared else position))
    return table


def _head_to_head(
    records: dict[Entrant, EntrantRecord], beaten: Sequence[tuple[Side, Side]]
) -> dict[Entrant, int]:
    """Each entrant's wins over entrants level with it on wins and efectividad."""
    level: dict[tuple[int, int], list[Entrant]] = defaultdict(list)
    for entrant, record in records.items():
        level[record.level_key].append(entrant)
    group = {e: key for key, members in level.items() if len(members) > 1 for e in members}
    wins = dict.fromkeys(records, 0)
    for winners, losers in beaten:
        for entrant in winners:
            if entrant in group and any(group.get(other) == group[entrant] for other in losers):
                wins[entrant] += 1
    return wins
