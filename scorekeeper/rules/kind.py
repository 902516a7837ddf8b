"""The kinds of game (Scoring) and what each asks of the table: the one place that tells them apart.

Forms, views, models and backup ask a Game or a Preset what it needs (takes_plays,
block_switches, ...), never which kind it is: a new game adds its member and its row here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .tournament_format import PAIRS_FORMATS, Format


class Scoring(StrEnum):
    BLOCK = "block"
    # The scoring games score during play too (plays.py); each game has its module.
    ALL_FIVES = "all_fives"
    BERGEN = "bergen"
    # A round game (mexican_train.py): no target, a round per double, the lowest total wins.
    MEXICAN_TRAIN = "mexican_train"

    @property
    def kind(self) -> Kind:
        """What this kind of game asks of the table (a stored match's column read back)."""
        return KINDS[self]


# The kind of a game that names none: a table stored before the scoring games came.
DEFAULT_SCORING = Scoring.BLOCK


@dataclass(frozen=True)
class Kind:
    """What one kind of game asks of the table and shows on its pages."""

    # Points are scored during the hand (a play strip; a hand stays open while it is played).
    takes_plays: bool = False
    # The block games' switches apply: capicú, the regional bonuses and rules, one pooled count.
    block_switches: bool = False
    # The hand form can say before a save that the hand wins the match (a game that ends at
    # the line during play has said so as the points were entered).
    foretells_the_win: bool = True
    # A play is a header (a double- or triple-header) rather than a number of points.
    plays_are_headers: bool = False
    # A blocked hand may ask who holds a double (under `doubles lose the count`).
    doubles_can_lose_count: bool = False
    # A round game: a round per double and no target, the lowest total wins (its own records).
    plays_rounds: bool = False
    # The phone scores its hands while they wait for signal (static/js/score.js knows it).
    scored_on_the_phone: bool = True
    # The tournament formats that can seat it: a game to a target is two sides a table; a
    # round game seats players each for themselves and ranks them by their lowest sum.
    tournament_formats: tuple[Format, ...] = PAIRS_FORMATS


# Every kind of game: a test checks that no member of Scoring is left out.
KINDS: dict[Scoring, Kind] = {
    Scoring.BLOCK: Kind(block_switches=True),
    Scoring.ALL_FIVES: Kind(takes_plays=True, foretells_the_win=False),
    Scoring.BERGEN: Kind(
        takes_plays=True,
        foretells_the_win=False,
        plays_are_headers=True,
        doubles_can_lose_count=True,
    ),
    Scoring.MEXICAN_TRAIN: Kind(
        plays_rounds=True, scored_on_the_phone=False, tournament_formats=(Format.ROUND_GAME,)
    ),
}
