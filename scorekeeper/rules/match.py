"""The match: the score sheet's totals, the end at the target, and a scoring game's plays."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .game import Game
from .hand import ErrorCode, Hand, HandError, InvalidHand
from .plays import Play, play_side_points
from .result import Credit, HandResult, PointKind
from .scoring import score_hand


@dataclass(frozen=True)
class MatchState:
    """The score sheet: the totals, and whether (and when) the line was reached."""

    totals: tuple[int, ...]
    winner_side: int | None
    ended_after: int | None
    next_leader: int | None  # None: whoever holds the double (first hand, void first hands)
    hands_played: int
    target: int | None = None  # set by tally and advance; a state rebuilt from storage may omit it

    @property
    def finished(self) -> bool:
        """Whether a side has reached the target: no further hand can be added."""
        return self.winner_side is not None

    def to_target(self, side: int) -> int:
        """Points the side still needs to reach the target (0 once reached)."""
        if self.target is None:
            raise ValueError("this match state was built without its target")
        return max(0, self.target - self.totals[side])


def tally(game: Game, results: Sequence[HandResult]) -> MatchState:
    """Running totals and the end at the line from scored hands (MATCH_OVER if one follows it)."""
    state = MatchState(
        totals=game._zero_points,
        winner_side=None,
        ended_after=None,
        next_leader=None,
        hands_played=0,
        target=game.rules.target,
    )
    for result in results:
        state = advance(game, state, result)
    return state


def advance(game: Game, state: MatchState, result: HandResult) -> MatchState:
    """The match after one more scored hand (raises InvalidHand(MATCH_OVER) once it has ended)."""
    check_can_add(game, state)
    if len(result.side_points) != len(state.totals):
        raise ValueError(
            f"the hand scores {len(result.side_points)} sides, the match has {len(state.totals)}"
        )
    totals = tuple(
        total + points for total, points in zip(state.totals, result.side_points, strict=True)
    )
    target = game.rules.target
    finished = max(totals) >= target
    return MatchState(
        totals=totals,
        winner_side=_winner(totals, result.side) if finished else None,
        ended_after=state.hands_played if finished else None,
        # A finished match has no next hand: a new one starts again with the double.
        next_leader=None if finished else result.next_leader,
        hands_played=state.hands_played + 1,
        target=target,
    )


def _winner(totals: tuple[int, ...], won_the_hand: int | None) -> int:
    """Of the sides one hand took to the target, the highest total; if level, the hand's winner.

    Several sides pass the line in one hand when a bonus pays the side that lost it. A void hand
    has no winner: then, of level totals, the side listed first.
    """
    best = max(totals)
    if won_the_hand is not None and totals[won_the_hand] == best:
        return won_the_hand
    return totals.index(best)


def play_match(game: Game, hands: Sequence[Hand]) -> tuple[tuple[HandResult, ...], MatchState]:
    """Score a sequence of hands in order, chaining the leader, and tally them."""
    results: list[HandResult] = []
    led_by: int | None = None
    for number, hand in enumerate(hands, start=1):
        result = score_hand(game, hand, led_by, number=number)
        results.append(result)
        led_by = result.next_leader
    return tuple(results), tally(game, results)


def check_can_add(game: Game, state: MatchState) -> None:
    """Refuse another hand once the match has ended (raises InvalidHand(MATCH_OVER))."""
    if state.finished:
        raise InvalidHand((HandError(ErrorCode.MATCH_OVER),))


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
