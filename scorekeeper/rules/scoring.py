"""Scoring one hand: each game's scorer and tie rule in one table, and the whole check."""

from __future__ import annotations

from collections.abc import Callable

import scorekeeper.rules.all_fives as all_fives
import scorekeeper.rules.bergen as bergen
import scorekeeper.rules.block as block
import scorekeeper.rules.rounds as rounds

from .bergen import doubles_errors
from .game import Game, Scoring
from .hand import Hand, HandError, InvalidHand, hand_errors
from .regional import TieRule, regional_errors, with_regional_rules
from .result import HandResult

# (game, hand, who led, the hand's number on the sheet) -> what it scored.
Scorer = Callable[[Game, Hand, int | None, int | None], HandResult]
# (game, hand, the hand's number) -> the game's own refusals of the hand's end and counts.
Check = Callable[[Game, Hand, int | None], list[HandError]]
# (game, hand) -> the game's own refusals checked after the regional inputs'.
LaterCheck = Callable[[Game, Hand], list[HandError]]

# Every game the app scores: a test checks that no member of Scoring is left out.
SCORERS: dict[Scoring, Scorer] = {
    Scoring.BLOCK: block.score,
    Scoring.ALL_FIVES: all_fives.score,
    Scoring.BERGEN: bergen.score,
    Scoring.MEXICAN_TRAIN: rounds.score,
}
# Whether a blocked hand is a tie that nobody wins without a known leader.
TIES: dict[Scoring, TieRule] = {
    Scoring.BLOCK: block.tie_without_leader,
    Scoring.ALL_FIVES: all_fives.tie_without_leader,
    Scoring.BERGEN: bergen.tie_without_leader,
    Scoring.MEXICAN_TRAIN: rounds.tie_without_leader,
}


def _hand_errors(game: Game, hand: Hand, number: int | None) -> list[HandError]:
    return hand_errors(game, hand)


def _none(game: Game, hand: Hand) -> list[HandError]:
    return []


# Each game's own checks: how the hand ended and its counts, then (after the regional inputs')
# who holds which double.
CHECKS: dict[Scoring, tuple[Check, LaterCheck]] = {
    Scoring.BLOCK: (_hand_errors, doubles_errors),
    Scoring.ALL_FIVES: (_hand_errors, doubles_errors),
    Scoring.BERGEN: (_hand_errors, doubles_errors),
    Scoring.MEXICAN_TRAIN: (rounds.round_errors, _none),
}


def validate_hand(
    game: Game, hand: Hand, led_by: int | None = None, *, number: int | None = None
) -> tuple[HandError, ...]:
    """Every reason the hand cannot be scored, in field order; empty when it can.

    `led_by` is who the sheet knows led the hand (None: not known, as on the first hand);
    `number` its number on the sheet (a round game's round: needed there).
    """
    counts_check, later_check = CHECKS[game.scoring]
    errors = counts_check(game, hand, number)
    is_tie = TIES[game.scoring]
    errors += regional_errors(game, hand, led_by, counts_valid=not errors, is_tie=is_tie)
    errors += later_check(game, hand)
    return tuple(errors)


def score_hand(
    game: Game, hand: Hand, led_by: int | None = None, *, number: int | None = None
) -> HandResult:
    """Score one finished hand under the game's house rules (raises InvalidHand).

    `led_by` is who the sheet knows led (else the hand's own `led_by`, if the table said);
    `number` is the hand's number on the sheet, which the first-hands bonus pays by.
    """
    if led_by is not None and not game.has_seat(led_by):
        raise ValueError(f"no seat {led_by!r} at this table led the hand")
    errors = validate_hand(game, hand, led_by, number=number)
    if errors:
        raise InvalidHand(errors)
    try:
        scorer = SCORERS[game.scoring]
    except KeyError:
        raise NotImplementedError(f"no scorer for {game.scoring}") from None
    leader = led_by if led_by is not None else hand.led_by
    return with_regional_rules(game, hand, scorer(game, hand, leader, number), leader, number)
