"""Why level entrants stand where they do (pure Python): for each standings line level with a
neighbour on the first ranking key, the tie-break of RULES.md's order that put it ahead or
behind, or that none did and they share the place.

A standings line names its ranking as (key, value) pairs in RULES.md's order, each value lower
first (`Ranked.ranking`); the standings sort by exactly these, so the reason given is the
reason the order has.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

__all__ = ["Ranked", "TieBreak", "TieKey", "tie_breaks"]


class TieKey(StrEnum):
    """A number the standings rank by (RULES.md "Tournaments" and "Mexican Train events")."""

    WINS = "wins"
    DIFFERENCE = "difference"
    HEAD_TO_HEAD = "head-to-head"
    POINTS_FOR = "points-for"
    TOTAL = "total"
    GAMES_WON = "games-won"
    BEST = "best"


class Ranked(Protocol):
    @property
    def place(self) -> int: ...

    def ranking(self) -> tuple[tuple[TieKey, float], ...]: ...


@dataclass(frozen=True, slots=True)
class TieBreak:
    """A line level on `level_on` with a neighbour: `decided_by` put it ahead of the next line
    level with it (`ahead`), or behind the one above (not `ahead`); None: nothing separated
    them, the place is shared."""

    level_on: TieKey
    decided_by: TieKey | None
    ahead: bool = False

    @property
    def shared(self) -> bool:
        return self.decided_by is None


def tie_breaks(lines: Sequence[Ranked]) -> list[TieBreak | None]:
    """Each line's tie-break, in the standings' order: None for a line alone on the first key.

    A line sharing its place says so; else the key that separated it from the next line level
    with it on the first key (ahead), or for the last of them from the one above (behind).
    """
    rankings = [line.ranking() for line in lines]
    found: list[TieBreak | None] = []
    for index, (line, ranking) in enumerate(zip(lines, rankings, strict=True)):
        first, value = ranking[0]
        above = index > 0 and rankings[index - 1][0][1] == value
        below = index + 1 < len(lines) and rankings[index + 1][0][1] == value
        if not (above or below):
            found.append(None)
        elif (above and lines[index - 1].place == line.place) or (
            below and lines[index + 1].place == line.place
        ):
            found.append(TieBreak(first, None))
        elif below:
            found.append(TieBreak(first, _decider(ranking, rankings[index + 1]), ahead=True))
        else:
            found.append(TieBreak(first, _decider(rankings[index - 1], ranking)))
    return found


def _decider(
    upper: tuple[tuple[TieKey, float], ...], lower: tuple[tuple[TieKey, float], ...]
) -> TieKey:
    """The first key on which two lines of different places differ."""
    return next(key for (key, a), (_key, b) in zip(upper, lower, strict=True) if a != b)
