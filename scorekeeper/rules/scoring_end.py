"""The end of a scoring game's hand (All Fives, Bergen): who wins a blocked count, and ties."""

from __future__ import annotations

from .game import Game, Scoring
from .hand import Ending, Hand
from .house import CountRule
from .result import HandResult, PointKind, Reason, ReasonCode, credits_of


def blocked_count(
    game: Game, hand: Hand, led_by: int | None
) -> tuple[ReasonCode, int | None, int, tuple[int, ...]]:
    """Who wins a blocked hand's count: (code, winning seat or None, its pips, tied seats).

    A tie voids the count, unless the table gives ties to the leaders and the side that led
    the hand is one of those tied: then it wins, with its lighter hand (the leader's if level).
    """
    held = tuple(hand.pips[seat] for seat in range(game.seats))
    weights = [sum(held[seat] for seat in seats) for seats in game.sides]
    candidates = list(range(game.side_count))
    code = ReasonCode.LIGHTER_PAIR if game.partnership else ReasonCode.LIGHTEST_HAND
    if game.scoring is Scoring.BERGEN and game.rules.doubles_lose_count:
        without = [
            side
            for side in candidates
            if not any(seat in hand.holding_doubles for seat in game.sides[side])
        ]
        if without and min(weights[side] for side in without) > min(weights):
            code = ReasonCode.LIGHTEST_WITHOUT_DOUBLE
        candidates = without or candidates
    lightest = min(weights[side] for side in candidates)
    level = [side for side in candidates if weights[side] == lightest]
    if len(level) > 1:
        leaders = game.side_of(led_by) if led_by is not None else None
        if not (game.rules.ties_to_leaders and leaders in level):
            if game.partnership:
                return ReasonCode.DRAW_PAIRS, None, lightest, ()
            return ReasonCode.VOID_TIE, None, lightest, tuple(level)
        seats = game.sides[leaders]
        lighter = min(held[seat] for seat in seats)
        seat = led_by if held[led_by] == lighter else min(seats, key=held.__getitem__)
        return ReasonCode.TIE_TO_LEADERS, seat, lightest, ()
    # The lighter hand of the winning pair is the winning seat (the first of level hands).
    seat = min(game.sides[level[0]], key=held.__getitem__)
    return code, seat, lightest, ()


def nobody_scores(game: Game, hand: Hand, led_by: int | None) -> HandResult | None:
    if hand.ending is Ending.WENT_OUT:
        return None
    code, seat, lightest, tied = blocked_count(game, hand, led_by)
    if seat is not None:
        return None
    reason = Reason(code, CountRule.OPPONENTS_ONLY, None, lightest, (), 0, tied)
    return HandResult(None, None, led_by, reason, game.side_count)


def credited(game: Game, code: ReasonCode, seat: int, pips, counted, points) -> HandResult:
    side = game.side_of(seat)
    reason = Reason(code, CountRule.OPPONENTS_ONLY, seat, pips, counted, 0)
    credits = credits_of(side, (PointKind.COUNT, points))
    return HandResult(side, seat, seat, reason, game.side_count, credits)


def tie_without_leader(game: Game, hand: Hand) -> bool:
    """Whether a blocked hand is a tie nobody wins until the side that led is known."""
    return blocked_count(game, hand, None)[1] is None
