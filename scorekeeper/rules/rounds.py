"""Mexican Train through the one path: a round is a Hand, checked and scored as one.

Who went out is the hand's `went_out` (a blocked round: Ending.BLOCKED), the counts its `pips`,
and the player left holding the double blank its `holding_doubles` (under `double blank
counts` 25 or 50). Each player is a side; the result credits each their points.
"""

from __future__ import annotations

from .game import Game
from .hand import Ending, ErrorCode, Hand, HandError
from .house import CountRule
from .mexican_train import Round, RoundErrorCode, score_round, validate_round
from .result import Credit, HandResult, PointKind, Reason, ReasonCode

# The round's refusals in the words of every game's (the others have the same name).
_CODES = {
    RoundErrorCode.PIPS_FOR_WENT_OUT: ErrorCode.PIPS_FOR_WINNER,
    RoundErrorCode.GAME_OVER: ErrorCode.MATCH_OVER,
}


def error_code(code: RoundErrorCode) -> ErrorCode:
    """The ErrorCode a round's refusal is given as."""
    return _CODES.get(code) or ErrorCode(code.value)


def as_round(hand: Hand) -> Round:
    """The round the hand reports (the double blank's holder, if one seat is given)."""
    went_out = hand.went_out if hand.ending is Ending.WENT_OUT else None
    holders = sorted(hand.holding_doubles, key=str)
    return Round(went_out, dict(hand.pips), holders[0] if len(holders) == 1 else None)


def round_errors(game: Game, hand: Hand, number: int | None) -> list[HandError]:
    """Every reason the round cannot be scored, in the form's order."""
    if number is None:
        raise ValueError("a round game's hand is checked with its round's number")
    errors = _ending_errors(game, hand)
    errors += [
        HandError(error_code(error.code), error.seat, error.limit)
        for error in validate_round(game.round_rules, game.seats, number, as_round(hand))
    ]
    if len(hand.holding_doubles) > 1:
        errors.append(HandError(ErrorCode.DOUBLE_BLANK_TWO_HOLDERS))
    return errors


def _ending_errors(game: Game, hand: Hand) -> list[HandError]:
    """How the round ended, and the inputs no round has (a capicú, pooled or pair counts)."""
    errors = []
    if hand.ending is Ending.WENT_OUT and hand.went_out is None:
        errors.append(HandError(ErrorCode.NO_WINNER))
    if hand.ending is Ending.BLOCKED and hand.went_out is not None:
        errors.append(HandError(ErrorCode.WINNER_ON_BLOCKED, seat=None))
    if hand.capicu:
        errors.append(HandError(ErrorCode.CAPICU_NOT_OFFERED))
    if hand.pooled is not None:
        errors.append(HandError(ErrorCode.POOLED_NOT_OFFERED))
    if hand.pair_pips:
        errors.append(HandError(ErrorCode.PAIRS_NOT_OFFERED))
    return errors


def score(game: Game, hand: Hand, led_by: int | None, number: int | None = None) -> HandResult:
    """Each player's points for the round: their count, and the double blank's house value."""
    scored = score_round(game.round_rules, game.seats, number, as_round(hand))  # type: ignore[arg-type]
    credits = [Credit(seat, PointKind.COUNT, pips) for seat, pips in enumerate(scored.pips) if pips]
    if scored.double_blank_points:
        credits.append(
            Credit(scored.double_blank, PointKind.DOUBLE_BLANK, scored.double_blank_points)
        )  # type: ignore[arg-type]
    code = ReasonCode.ROUND_BLOCKED if scored.blocked else ReasonCode.WENT_OUT
    counted = tuple(
        (seat, pips) for seat, pips in enumerate(scored.pips) if seat != scored.went_out
    )
    reason = Reason(code, CountRule.EVERY_HAND, scored.went_out, None, counted, 0, led_by=led_by)
    return HandResult(
        scored.went_out, scored.went_out, None, reason, game.side_count, tuple(credits)
    )


def winners(game: Game, totals: tuple[int, ...], outs: tuple[int, ...]) -> tuple[int, ...]:
    """The lowest totals share the win, or under `ties to most outs` those who went out most."""
    lowest = min(totals)
    level = tuple(seat for seat, total in enumerate(totals) if total == lowest)
    if game.rules.ties_to_most_outs and len(level) > 1:
        most = max(outs[seat] for seat in level)
        level = tuple(seat for seat in level if outs[seat] == most)
    return level


def tie_without_leader(game: Game, hand: Hand) -> bool:
    """A round has no tie for a leader to win: everyone counts their own hand."""
    return False
