"""Confirming a tournament result: its state, who confirms it, what a confirmation refuses and
what a draw waits for (pure Python, no Django).

A result is **entered** when its match ends. What was said of it (confirmed by the other side,
accepted by the director, disputed) is a `Mark` given for the result as it then stood: once the
result changes (a hand corrected after the end), the mark no longer speaks of it and the result
is unconfirmed again. The side that confirms is the one the result goes against, the losing
side (as on paper, where the losers sign the sheet).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from scorekeeper.rules.tournament_format import Format

__all__ = [
    "Entered",
    "Mark",
    "MarkKind",
    "Refusal",
    "ResultState",
    "ResultsNeed",
    "refuse_accept",
    "refuse_confirm",
    "refuse_dispute",
    "result_state",
    "waiting",
]


class ResultsNeed(StrEnum):
    """The tournament setting `results need`."""

    NOTHING = "nothing"
    OTHER_SIDE = "other_side"
    DIRECTOR = "director"

    @classmethod
    def offered(cls, format: Format) -> tuple[ResultsNeed, ...]:
        """What a format can ask: a table of players each for themselves has no other side."""
        if format.seats_tables:
            return (cls.NOTHING, cls.DIRECTOR)
        return tuple(cls)


class MarkKind(StrEnum):
    CONFIRMED = "confirmed"  # by a player of the other side
    ACCEPTED = "accepted"  # by the director
    DISPUTED = "disputed"  # a side says it is wrong: the director decides


class ResultState(StrEnum):
    IN_PLAY = "in_play"  # no result yet
    STANDS = "stands"  # nothing is needed: it counts as entered (or the director's award)
    UNCONFIRMED = "unconfirmed"
    DISPUTED = "disputed"
    CONFIRMED = "confirmed"
    ACCEPTED = "accepted"

    @property
    def settled(self) -> bool:
        """Whether what depends on this result may go on (a draw, a bracket match)."""
        return self in (ResultState.STANDS, ResultState.CONFIRMED, ResultState.ACCEPTED)

    @property
    def open(self) -> bool:
        """Entered, and waiting for someone to confirm, accept or correct it."""
        return self in (ResultState.UNCONFIRMED, ResultState.DISPUTED)


_SHOWN = re.compile(r"(\d{1,9}(?:-\d{1,9})+)/(\d{1,2})")


@dataclass(frozen=True, slots=True)
class Entered:
    """A match's result as it ended: each side's total, and the winning side."""

    totals: tuple[int, ...]
    winner: int

    def __post_init__(self) -> None:
        if len(self.totals) < 2 or not 0 <= self.winner < len(self.totals):
            raise ValueError("a result has two totals or more and a winner among them")

    @property
    def confirmer(self) -> int | None:
        """The side that confirms: the one the result goes against (None: a table of players
        each for themselves, where only the director accepts)."""
        return 1 - self.winner if len(self.totals) == 2 else None

    def shown(self) -> str:
        """The result as a page shows it, posted back to say which result was confirmed."""
        return "-".join(str(total) for total in self.totals) + f"/{self.winner}"

    @classmethod
    def from_shown(cls, text: object) -> Entered | None:
        """What a page posted (None: nothing a page could have shown)."""
        found = _SHOWN.fullmatch(text) if isinstance(text, str) else None
        if found is None:
            return None
        totals = tuple(int(total) for total in found[1].split("-"))
        winner = int(found[2])
        return cls(totals, winner) if winner < len(totals) else None


@dataclass(frozen=True, slots=True)
class Mark:
    """What was said of a result, and of which result: `side` confirmed or disputed it (None:
    the director)."""

    kind: MarkKind
    result: Entered
    side: int | None = None


def result_state(need: ResultsNeed, entered: Entered | None, mark: Mark | None) -> ResultState:
    """The state of a table's result; a mark given for another result says nothing of it."""
    if entered is None:
        return ResultState.IN_PLAY
    if mark is not None and mark.result == entered:
        return ResultState(mark.kind.value)
    return ResultState.STANDS if need is ResultsNeed.NOTHING else ResultState.UNCONFIRMED


class Refusal(StrEnum):
    NOT_ASKED = "not_asked"  # this tournament's results need nothing
    DIRECTOR_ONLY = "director_only"  # the director accepts them, no side confirms
    IN_PLAY = "in_play"  # no result to confirm yet
    CHANGED = "changed"  # the result is not the one the page showed
    OWN_RESULT = "own_result"  # a side confirming the result it has in its favour
    ALREADY = "already"  # confirmed or accepted already
    DISPUTED = "disputed"  # disputed: the director decides now


def _refuse_stale(entered: Entered | None, shown: Entered | None) -> Refusal | None:
    if entered is None:
        return Refusal.IN_PLAY
    if shown != entered:
        return Refusal.CHANGED
    return None


def refuse_confirm(
    need: ResultsNeed, entered: Entered | None, shown: Entered | None, side: int, mark: Mark | None
) -> Refusal | None:
    """Why `side` cannot confirm the result the page showed (None: it can)."""
    if need is ResultsNeed.NOTHING:
        return Refusal.NOT_ASKED
    if need is ResultsNeed.DIRECTOR:
        return Refusal.DIRECTOR_ONLY
    if refused := _refuse_stale(entered, shown):
        return refused
    state = result_state(need, entered, mark)
    if state.settled:
        return Refusal.ALREADY
    if state is ResultState.DISPUTED:
        return Refusal.DISPUTED
    if side != entered.confirmer:
        return Refusal.OWN_RESULT
    return None


def refuse_dispute(
    need: ResultsNeed, entered: Entered | None, shown: Entered | None, mark: Mark | None
) -> Refusal | None:
    """Why a side cannot dispute the result the page showed (None: it can; either side may)."""
    if need is ResultsNeed.NOTHING:
        return Refusal.NOT_ASKED
    if refused := _refuse_stale(entered, shown):
        return refused
    state = result_state(need, entered, mark)
    if state.settled:
        return Refusal.ALREADY
    if state is ResultState.DISPUTED:
        return Refusal.DISPUTED
    return None


def refuse_accept(
    need: ResultsNeed, entered: Entered | None, shown: Entered | None, mark: Mark | None
) -> Refusal | None:
    """Why the director cannot accept the result the page showed (None: they can, whatever
    its state, unless they accepted this very result already)."""
    if refused := _refuse_stale(entered, shown):
        return refused
    if result_state(need, entered, mark) is ResultState.ACCEPTED:
        return Refusal.ALREADY
    return None


# Formats whose next round is drawn without reading any result (the circle method).
DRAWN_WITHOUT_RESULTS = frozenset({Format.ROUND_ROBIN})


def waiting[Key](format: Format, states: Iterable[tuple[Key, ResultState]]) -> list[Key]:
    """The tables (by key) whose result the next round's draw waits for: every entered result
    not yet confirmed or accepted, when the draw reads the results."""
    if format in DRAWN_WITHOUT_RESULTS:
        return []
    return [key for key, state in states if state.open]
