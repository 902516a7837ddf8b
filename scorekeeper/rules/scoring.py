"""Scoring one hand: each game's scorer and tie rule in one table, and the whole check."""

from __future__ import annotations

from collections.abc import Callable

import scorekeeper.rules.all_fives as all_fives
import scorekeeper.rules.bergen as bergen
import scorekeeper.rules.block as block

from .bergen import doubles_errors
from .game import Game, Scoring
from .hand import Hand, HandError, InvalidHand, hand_errors
from .regional import TieRule, regional_errors, with_regional_rules
from .result import HandResult

Scorer = Callable[[Game, Hand, int | None], HandResult]

# Every game the app scores: a test checks that no member of Scoring is left out.
SCORERS: dict[Scoring, Scorer] = {
    Scoring.BLOCK: block.score,
    Scoring.ALL_FIVES: all_fives.score,
    Scoring.BERGEN: bergen.score,
}
# Whether a blocked hand is a tie that nobody wins without a known leader.
TIES: dict[Scoring, TieRule] = {
    Scoring.BLOCK: block.tie_without_leader,
    Scoring.ALL_FIVES: all_fives.tie_without_leader,
    Scoring.BERGEN: bergen.tie_without_leader,
}


def validate_hand(game: Game, hand: Hand, led_by: int | None = None) -> tuple[HandError, ...]:
    """Every reason the hand cannot be scored, in field order; empty when it can.

    `led_by` is who the sheet knows led the hand (None: not known, as on the first hand).
    """
    errors = hand_errors(game, hand)
    is_tie = TIES[game.scoring]
    errors += regional_errors(game, hand, led_by, counts_valid=not errors, is_tie=is_tie)
    errors += doubles_errors(game, hand)
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
    errors = validate_hand(game, hand, led_by)
    if errors:
        raise InvalidHand(errors)
    try:
        scorer = SCORERS[game.scoring]
    except KeyError:
        raise NotImplementedError(f"no scorer for {game.scoring}") from None
    leader = led_by if led_by is not None else hand.led_by
    return with_regional_rules(game, hand, scorer(game, hand, leader), leader, number)
