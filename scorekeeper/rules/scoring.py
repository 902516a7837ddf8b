"""Scoring one hand: the whole check, then the game's own scorer (games/)."""

from __future__ import annotations

from .game import Game
from .hand import Hand, HandError, InvalidHand, key_errors
from .regional import regional_errors, with_regional_rules
from .result import HandResult


def validate_hand(
    game: Game, hand: Hand, led_by: int | None = None, *, number: int | None = None
) -> tuple[HandError, ...]:
    """Every reason the hand cannot be scored, in field order; empty when it can.

    `led_by` is who the sheet knows led the hand (None: not known, as on the first hand);
    `number` its number on the sheet (a round game's round: needed there).
    """
    kind = game.kind
    errors = kind.hand_errors(game, hand, number) + key_errors(game, hand)
    errors += regional_errors(
        game, hand, led_by, counts_valid=not errors, is_tie=kind.tie_without_leader
    )
    errors += kind.later_errors(game, hand)
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
    leader = led_by if led_by is not None else hand.led_by
    result = game.kind.score(game, hand, leader, number)
    return with_regional_rules(game, hand, result, leader, number)
