"""Bergen: headers scored during play, and a point (or two) for winning the hand."""

from __future__ import annotations

from enum import IntEnum

from .base import seat_or_none
from .game import Game, Scoring
from .hand import Ending, ErrorCode, Hand, HandError
from .result import HandResult, ReasonCode
from .scoring_end import blocked_count, credited, nobody_scores
from .scoring_end import tie_without_leader as tie_without_leader


class Header(IntEnum):
    """Bergen's scores during play, valued as the points they make."""

    DOUBLE = 2  # both open ends show the same number
    TRIPLE = 3  # ... and one of them is a double


def score(game: Game, hand: Hand, led_by: int | None, number: int | None = None) -> HandResult:
    void = nobody_scores(game, hand, led_by)
    if void is not None:
        return void
    # Under `a won hand pays 2` going out and winning a blocked hand alike pay 2.
    points = 2 if game.rules.won_hand_pays_two else 1
    if hand.ending is Ending.WENT_OUT:
        return credited(game, ReasonCode.WENT_OUT, hand.went_out, None, (), points)  # type: ignore[arg-type]
    code, seat, lightest, _ = blocked_count(game, hand, led_by)
    return credited(game, code, seat, lightest, (), points)  # type: ignore[arg-type]


def doubles_errors(game: Game, hand: Hand) -> list[HandError]:
    """Bergen's `doubles lose the count`: who holds a double is asked only under that rule."""
    if not hand.holding_doubles:
        return []
    errors = []
    if not (game.scoring is Scoring.BERGEN and game.rules.doubles_lose_count):
        errors.append(HandError(ErrorCode.DOUBLES_NOT_ASKED))
    for seat in sorted(hand.holding_doubles, key=str):
        if not game.has_seat(seat):
            errors.append(HandError(ErrorCode.UNKNOWN_SEAT, seat=seat_or_none(seat)))
    return errors
