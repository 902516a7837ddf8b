"""Series: matches that count toward a longer game."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .base import is_whole


@dataclass(frozen=True)
class SeriesRules:
    """First side to `first_to` match wins takes the series (None: an open series)."""

    first_to: int | None = 2  # best of three
    shutout_counts_double: bool = False

    def __post_init__(self) -> None:
        if self.first_to is not None and (not is_whole(self.first_to) or self.first_to < 1):
            raise ValueError(f"a series is won with at least one match, not {self.first_to!r}")


@dataclass(frozen=True)
class SeriesState:
    """Match wins per side (a counted shutout twice), shutouts per side, and the winner."""

    wins: tuple[int, ...]
    shutouts: tuple[int, ...]
    winner_side: int | None = None
    matches: int = 0

    @property
    def finished(self) -> bool:
        return self.winner_side is not None


def is_shutout(totals: Sequence[int], winner_side: int | None) -> bool:
    """A match won while every other side still has 0 points (zapatero)."""
    if winner_side is None:
        return False
    return all(total == 0 for side, total in enumerate(totals) if side != winner_side)


def series_advance(
    series: SeriesRules,
    state: SeriesState,
    winner_side: int,
    shutout: bool,
    co_winners: Sequence[int] = (),
) -> SeriesState:
    """The series after one more finished match (ValueError once the series is won).

    `co_winners`: the sides sharing a round game's win, each a match win too. The series is
    won by a side at the line ahead of every other: sides level there play on.
    """
    if state.finished:
        raise ValueError("this series is already won: a new match starts a new series")
    won_by = (winner_side, *co_winners)
    if any(not is_whole(side) or not 0 <= side < len(state.wins) for side in won_by):
        raise ValueError(f"no side {won_by!r} in this series")
    wins = list(state.wins)
    for side in won_by:
        wins[side] += 2 if shutout and series.shutout_counts_double else 1
    shutouts = list(state.shutouts)
    shutouts[winner_side] += 1 if shutout else 0
    ahead = [side for side in won_by if wins[side] == max(wins) and wins.count(max(wins)) == 1]
    won = series.first_to is not None and bool(ahead) and wins[ahead[0]] >= series.first_to
    return SeriesState(
        wins=tuple(wins),
        shutouts=tuple(shutouts),
        winner_side=ahead[0] if won else None,
        matches=state.matches + 1,
    )


def series_tally(
    series: SeriesRules, sides: int, outcomes: Iterable[tuple[int, bool]]
) -> SeriesState:
    """The series from its finished matches in order: (winning side, shutout) each."""
    state = SeriesState(wins=(0,) * sides, shutouts=(0,) * sides)
    for winner_side, shutout in outcomes:
        state = series_advance(series, state, winner_side, shutout)
    return state
