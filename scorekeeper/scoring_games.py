"""The scoring games, All Fives and Bergen: points during play and at the end of a hand."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import IntEnum

from scorekeeper.rules import (
    _SCORERS,
    _TIES,
    CountRule,
    Credit,
    Ending,
    ErrorCode,
    Game,
    Hand,
    HandError,
    HandResult,
    InvalidHand,
    MatchState,
    PointKind,
    Reason,
    ReasonCode,
    Rounding,
    Scoring,
    _is_whole,
    _seat_or_none,
    advance,
    check_can_add,
    score_hand,
    tally,
)

__all__ = [
    "Header",
    "Play",
    "ScoredHand",
    "ScoringHand",
    "add_play",
    "end_hand",
    "nearest_five",
    "play_amounts",
    "play_bound",
    "play_scoring_match",
    "play_side_points",
    "validate_play",
]


class Header(IntEnum):
    """Bergen's scores during play, valued as the points they make."""

    DOUBLE = 2  # both open ends show the same number
    TRIPLE = 3  # ... and one of them is a double


@dataclass(frozen=True, slots=True)
class Play:
    """A score made during play: the seat it is credited to, and its points."""

    seat: int
    points: int


# --- Scores during play ---------------------------------------------------------------------


def play_bound(game: Game) -> int:
    """The most one All Fives play can score: four ends of 2N, down to a multiple of five."""
    return 8 * game.tile_set.value // 5 * 5


def play_amounts(game: Game) -> tuple[int, ...]:
    """Every score one play can make in this game, smallest first (none in a block game)."""
    if game.scoring is Scoring.ALL_FIVES:
        return tuple(range(5, play_bound(game) + 1, 5))
    if game.scoring is Scoring.BERGEN:
        return (int(Header.DOUBLE), int(Header.TRIPLE))
    return ()


def validate_play(game: Game, play: Play) -> tuple[HandError, ...]:
    """Every reason this score during play cannot be credited; empty when it can."""
    if not game.scores_during_play:
        return (HandError(ErrorCode.NO_PLAY_SCORES),)
    errors: list[HandError] = []
    if not game.has_seat(play.seat):
        errors.append(HandError(ErrorCode.UNKNOWN_SEAT, seat=_seat_or_none(play.seat)))
    points = play.points
    if game.scoring is Scoring.BERGEN:
        if not _is_whole(points) or points not in (Header.DOUBLE, Header.TRIPLE):
            errors.append(HandError(ErrorCode.PLAY_NOT_HEADER))
    elif not _is_whole(points):
        errors.append(HandError(ErrorCode.NOT_WHOLE))
    elif points % 5:
        errors.append(HandError(ErrorCode.PLAY_NOT_FIVES))
    elif not 5 <= points <= play_bound(game):
        errors.append(HandError(ErrorCode.PLAY_OUT_OF_RANGE, limit=play_bound(game)))
    return tuple(errors)


def play_side_points(game: Game, play: Play) -> tuple[int, ...]:
    """What one score during play credits to each side (raises InvalidHand)."""
    errors = validate_play(game, play)
    if errors:
        raise InvalidHand(errors)
    side_points = list(game._zero_points)
    side_points[game.side_of(play.seat)] = int(play.points)
    return tuple(side_points)


def add_play(game: Game, state: MatchState, play: Play) -> MatchState:
    """The match after one more score during play: it ends at once when that reaches the target.

    A match ended during a hand counts that hand as played: nothing more of it is entered.
    """
    check_can_add(game, state)
    side_points = play_side_points(game, play)
    totals = tuple(total + points for total, points in zip(state.totals, side_points, strict=True))
    target = game.rules.target
    side = game.side_of(play.seat)
    if totals[side] < target:
        return replace(state, totals=totals, target=target)
    return MatchState(
        totals=totals,
        winner_side=side,
        ended_after=state.hands_played,
        next_leader=None,
        hands_played=state.hands_played + 1,
        target=target,
    )


def end_hand(game: Game, state: MatchState, result: HandResult) -> MatchState:
    """The match after the end count of a hand (its plays already added with add_play)."""
    return advance(game, state, result)


# --- The end of a hand ----------------------------------------------------------------------


def nearest_five(pips: int) -> int:
    """A count to the nearest multiple of five: 1 or 2 over rounds down, 3 or 4 over up."""
    return (pips + 2) // 5 * 5


def _rounded(rounding: Rounding, counted: Iterable[int], own: Iterable[int]) -> int:
    counted, own = tuple(counted), tuple(own)
    if rounding is Rounding.EACH_HAND:
        # A lighter pair's own hands, each rounded, may weigh more than the others' (3 and 3
        # are 10, 7 and 0 are 5): winning the hand then pays nothing, it never costs points.
        return max(0, sum(map(nearest_five, counted)) - sum(map(nearest_five, own)))
    raw = sum(counted) - sum(own)
    return nearest_five(raw) if rounding is Rounding.NEAREST_FIVE else raw


def _blocked_count(
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


def _nobody_scores(game: Game, hand: Hand, led_by: int | None) -> HandResult | None:
    if hand.ending is Ending.WENT_OUT:
        return None
    code, seat, lightest, tied = _blocked_count(game, hand, led_by)
    if seat is not None:
        return None
    reason = Reason(code, CountRule.OPPONENTS_ONLY, None, lightest, (), 0, tied)
    return HandResult(None, 0, None, led_by, reason, game._zero_points)


def _credited(game: Game, code: ReasonCode, seat: int, pips, counted, points) -> HandResult:
    side = game.side_of(seat)
    side_points = list(game._zero_points)
    side_points[side] = points
    reason = Reason(code, CountRule.OPPONENTS_ONLY, seat, pips, counted, 0)
    return HandResult(side, points, seat, seat, reason, tuple(side_points))


def _score_all_fives(game: Game, hand: Hand, led_by: int | None) -> HandResult:
    void = _nobody_scores(game, hand, led_by)
    if void is not None:
        return void
    pips = hand.pips
    if hand.ending is Ending.WENT_OUT:
        code, seat, lightest = ReasonCode.WENT_OUT, hand.went_out, None
    else:
        code, seat, lightest, _ = _blocked_count(game, hand, led_by)
    side = game.side_of(seat)  # type: ignore[arg-type]
    counted = tuple(
        (other, pips.get(other, 0)) for other in range(game.seats) if game.side_of(other) != side
    )
    own: tuple[int, ...] = ()
    if hand.ending is Ending.BLOCKED and game.rules.blocked_pays_difference:
        own = tuple(pips[mine] for mine in game.sides[side])
    points = _rounded(game.rules.rounding, (held for _, held in counted), own)
    return _credited(game, code, seat, lightest, counted, points)  # type: ignore[arg-type]


def _score_bergen(game: Game, hand: Hand, led_by: int | None) -> HandResult:
    void = _nobody_scores(game, hand, led_by)
    if void is not None:
        return void
    if hand.ending is Ending.WENT_OUT:
        points = 2 if game.rules.going_out_pays_two else 1
        return _credited(game, ReasonCode.WENT_OUT, hand.went_out, None, (), points)  # type: ignore[arg-type]
    code, seat, lightest, _ = _blocked_count(game, hand, led_by)
    return _credited(game, code, seat, lightest, (), 1)  # type: ignore[arg-type]


_SCORERS[Scoring.ALL_FIVES] = _score_all_fives
_SCORERS[Scoring.BERGEN] = _score_bergen


def _tie_without_leader(game: Game, hand: Hand) -> bool:
    return _blocked_count(game, hand, None)[1] is None


_TIES[Scoring.ALL_FIVES] = _tie_without_leader
_TIES[Scoring.BERGEN] = _tie_without_leader


# --- A whole match ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoringHand:
    """What the table entered for one hand: its scores during play, in order, and its end."""

    plays: Sequence[Play] = ()
    end: Hand | None = None  # None: still in play, or the match ended during it


@dataclass(frozen=True, slots=True)
class ScoredHand:
    """One hand of a scoring game: the plays credited and the end count, by side."""

    plays: tuple[Play, ...]
    play_points: tuple[int, ...]
    end: HandResult | None

    @property
    def credits(self) -> tuple[Credit, ...]:
        """Each side's points by kind: play scores together, then the end count."""
        plays = tuple(
            Credit(side, PointKind.PLAY, points)
            for side, points in enumerate(self.play_points)
            if points
        )
        return plays + (self.end.credits if self.end is not None else ())

    @property
    def side_points(self) -> tuple[int, ...]:
        """Everything the hand credited to each side: several sides may score in one hand."""
        if self.end is None:
            return self.play_points
        return tuple(a + b for a, b in zip(self.play_points, self.end.side_points, strict=True))


def play_scoring_match(
    game: Game, hands: Sequence[ScoringHand]
) -> tuple[tuple[ScoredHand, ...], MatchState]:
    """Score a scoring game's hands entry by entry, stopping the match at the target.

    Raises InvalidHand: MATCH_OVER for anything entered after the match ended, HAND_NOT_ENDED
    for a hand without an end followed by another hand, or whatever a play or end refuses.
    """
    state = tally(game, ())
    scored: list[ScoredHand] = []
    for index, hand in enumerate(hands):
        check_can_add(game, state)
        if index and scored[-1].end is None and not state.finished:
            raise InvalidHand((HandError(ErrorCode.HAND_NOT_ENDED),))
        play_points = list(game._zero_points)
        for play in hand.plays:
            state = add_play(game, state, play)
            play_points[game.side_of(play.seat)] += play.points
        result = None
        if hand.end is not None:
            check_can_add(game, state)
            result = score_hand(game, hand.end, led_by=state.next_leader)
            state = end_hand(game, state, result)
        scored.append(ScoredHand(tuple(hand.plays), tuple(play_points), result))
    return tuple(scored), state
