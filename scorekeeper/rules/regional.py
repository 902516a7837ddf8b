"""Regional rules: who leads, the regional inputs' refusals, and the bonuses they pay."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from .base import is_whole, seat_or_none
from .game import Game
from .hand import Ending, ErrorCode, Hand, HandError
from .house import LeadRule
from .result import Credit, HandResult, PointKind

# Whether a blocked hand is a tie nobody wins without a known leader: each game's own rule.
TieRule = Callable[[Game, Hand], bool]


def regional_errors(
    game: Game, hand: Hand, led_by: int | None, *, counts_valid: bool, is_tie: TieRule
) -> list[HandError]:
    """The regional inputs' refusals, in the hand form's order."""
    errors: list[HandError] = []
    leader = led_by
    if hand.led_by is not None:
        if game.has_seat(hand.led_by):
            leader = led_by if led_by is not None else hand.led_by
        else:
            errors.append(HandError(ErrorCode.LEADER_UNKNOWN_SEAT, seat=seat_or_none(hand.led_by)))
    errors.extend(_blocker_errors(game, hand))
    if counts_valid and leader is None and _tie_needs_leader(game, hand, is_tie):
        errors.append(HandError(ErrorCode.LEADER_NEEDED))
    if hand.chuchazo:
        if hand.ending is Ending.BLOCKED:
            errors.append(HandError(ErrorCode.CHUCHAZO_ON_BLOCKED))
        if not game.offers_chuchazo:
            errors.append(HandError(ErrorCode.CHUCHAZO_NOT_OFFERED))
    errors.extend(_pase_corrido_errors(game, hand.pases_corridos))
    if hand.pase_de_salida:
        errors.extend(_pase_de_salida_errors(game, hand, leader))
    return errors


def _blocker_errors(game: Game, hand: Hand) -> list[HandError]:
    asked = game.rules.blocker_against_next
    blocked = hand.ending is Ending.BLOCKED
    if hand.blocked_by is None:
        return [HandError(ErrorCode.BLOCKER_NEEDED)] if blocked and asked else []
    if not asked:
        return [HandError(ErrorCode.BLOCKER_NOT_ASKED)]
    if not blocked:
        return [HandError(ErrorCode.BLOCKER_NOT_BLOCKED)]
    if not game.has_seat(hand.blocked_by):
        return [HandError(ErrorCode.BLOCKER_UNKNOWN_SEAT, seat=seat_or_none(hand.blocked_by))]
    return []


def _tie_needs_leader(game: Game, hand: Hand, is_tie: TieRule) -> bool:
    """Whether a blocked hand is a tie that only the side that led can win."""
    house = game.rules
    if hand.ending is not Ending.BLOCKED or not house.ties_to_leaders:
        return False
    if house.blocker_against_next:
        return False  # that rule never ties
    # Each game finds a blocked hand's winner its own way (the scoring games pairs by total).
    return is_tie(game, hand)


def _pase_de_salida_errors(game: Game, hand: Hand, leader: int | None) -> list[HandError]:
    if not game.offers_pase_de_salida:
        return [HandError(ErrorCode.PASE_DE_SALIDA_NOT_OFFERED)]
    if game.rules.pase_de_salida_on_double_only and not hand.led_a_double:
        return [HandError(ErrorCode.PASE_DE_SALIDA_NOT_DOUBLE)]
    if leader is None:
        return [HandError(ErrorCode.LEADER_NEEDED)]
    return []


def _pase_corrido_errors(game: Game, times_by_side: Mapping[int, int]) -> list[HandError]:
    errors: list[HandError] = []
    limit = game.pase_corrido_limit
    for side, times in times_by_side.items():
        if not is_whole(side) or not 0 <= side < game.side_count:
            errors.append(HandError(ErrorCode.PASE_CORRIDO_UNKNOWN_SIDE))
        elif not is_whole(times) or times < 0:
            errors.append(HandError(ErrorCode.PASE_CORRIDO_NOT_WHOLE, seat=side))
        elif times and not game.offers_pase_corrido:
            errors.append(HandError(ErrorCode.PASE_CORRIDO_NOT_OFFERED, seat=side))
        elif times > limit:
            errors.append(HandError(ErrorCode.PASE_CORRIDO_TOO_MANY, seat=side, limit=limit))
    return errors


def with_regional_rules(
    game: Game, hand: Hand, result: HandResult, leader: int | None, number: int | None
) -> HandResult:
    """The scorer's verdict with the table's bonuses credited and its lead rule applied."""
    house = game.rules
    credits = list(result.credits)
    if result.side is not None:
        credits += _winners_bonuses(game, hand, result.side, number)
    # These happened during play, so they count even when the hand is void.
    for side, times in sorted(hand.pases_corridos.items()):
        if times:
            points = times * house.pase_corrido_bonus
            credits.append(Credit(side, PointKind.PASE_CORRIDO, points))
    if hand.pase_de_salida and leader is not None:
        side = game._side_by_seat[leader]
        credits.append(Credit(side, PointKind.PASE_DE_SALIDA, house.pase_de_salida_bonus))
    if house.lead_rule is LeadRule.TURN_PASSES:
        next_leader = None if leader is None else (leader + 1) % game.seats
    else:
        next_leader = result.next_leader
    return replace(
        result,
        next_leader=next_leader,
        credits=tuple(credits),
        led_by=leader,
    )


def _winners_bonuses(game: Game, hand: Hand, side: int, number: int | None) -> list[Credit]:
    """The bonuses for winning the hand: a chuchazo, and the first hands' bonus by number."""
    house = game.rules
    credits = []
    if hand.chuchazo:
        credits.append(Credit(side, PointKind.CHUCHAZO, house.chuchazo_bonus))
    if house.first_hands_bonus:
        if number is None:
            raise ValueError("the first-hands bonus needs the hand's number")
        if 1 <= number <= len(house.first_hands_bonus) and house.first_hands_bonus[number - 1]:
            bonus = house.first_hands_bonus[number - 1]
            credits.append(Credit(side, PointKind.FIRST_HANDS, bonus))
    return credits
