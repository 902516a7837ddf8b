"""What the scoring games share (All Fives, Bergen): points during play, who wins a blocked
count, and ties; each game's class subclasses ScoringGame."""

from __future__ import annotations

from ..base import seat_or_none
from ..game import Game
from ..hand import Ending, ErrorCode, Hand, HandError, hand_errors
from ..house import CountRule
from ..result import HandResult, PointKind, Reason, ReasonCode, credits_of
from .base import GameKind


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
    if game.asks_who_holds_doubles:
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


def doubles_errors(game: Game, hand: Hand) -> list[HandError]:
    """Who holds a double is asked only under Bergen's `doubles lose the count`."""
    if not hand.holding_doubles:
        return []
    errors = []
    if not game.asks_who_holds_doubles:
        errors.append(HandError(ErrorCode.DOUBLES_NOT_ASKED))
    for seat in sorted(hand.holding_doubles, key=str):
        if not game.has_seat(seat):
            errors.append(HandError(ErrorCode.UNKNOWN_SEAT, seat=seat_or_none(seat)))
    return errors


class PipGame(GameKind):
    """A game whose hand ends in each seat's pips (or who went out): every game to a target."""

    def hand_errors(self, game: Game, hand: Hand, number: int | None) -> list[HandError]:
        return hand_errors(game, hand)

    def later_errors(self, game: Game, hand: Hand) -> list[HandError]:
        return doubles_errors(game, hand)


class ScoringGame(PipGame):
    """A game that scores during play too and counts the other sides' hands at its end."""

    sheet = "plays"
    scores_plays = True
    foretells_the_win = False

    def tie_without_leader(self, game: Game, hand: Hand) -> bool:
        return tie_without_leader(game, hand)

    def needed_by_winner(self, game: Game, winner: int) -> tuple[int, ...]:
        # The other sides' hands only.
        mine = game.side_of(winner)
        return tuple(seat for seat in range(game.seats) if game.side_of(seat) != mine)
