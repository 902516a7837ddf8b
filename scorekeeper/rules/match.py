"""The match: one path for every game, where a hand is its plays (none in a block game) and its end.

For the models: `play_match` scores a whole match again from what was entered (recompute);
`play_hand` scores and adds one hand to the sheet; `advance` adds one play or one scored hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .game import Game
from .hand import ErrorCode, Hand, HandError, InvalidHand
from .plays import play_side_points
from .result import Credit, HandResult, Play, PointKind
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
    # A round game (Mexican Train): the sides that share the win with winner_side (level lowest
    # totals), and the rounds each side went out of (for `ties go to who went out most`).
    co_winners: tuple[int, ...] = ()
    outs: tuple[int, ...] = ()
    # What the game carries from hand to hand besides the totals (its GameKind.start and
    # settle say what; None for a game that carries nothing): opaque to the match.
    carried: object = None

    @property
    def finished(self) -> bool:
        """Whether the match is won (the target reached, or a round game's last round in)."""
        return self.winner_side is not None

    @property
    def winners(self) -> tuple[int, ...]:
        """Every side that won: one, or in a round game all that share the lowest total."""
        return () if self.winner_side is None else (self.winner_side, *self.co_winners)

    def to_target(self, side: int) -> int:
        """Points the side still needs to reach the target (0 once reached)."""
        if self.target is None:
            raise ValueError("this match state was built without its target")
        return max(0, self.target - self.totals[side])


@dataclass(frozen=True)
class PlayedHand:
    """What the table entered for one hand: its scores during play, in order, and its end.

    A block game's hand has no plays; a bare rules.Hand stands for PlayedHand(end=hand).
    """

    plays: Sequence[Play] = ()
    end: Hand | None = None  # None: still in play, or the match ended during it


def tally(game: Game, results: Sequence[HandResult]) -> MatchState:
    """Running totals and the end at the line from scored hands (MATCH_OVER if one follows it)."""
    state = MatchState(
        totals=game._zero_points,
        winner_side=None,
        ended_after=None,
        next_leader=None,
        hands_played=0,
        target=game.kind.target(game),
        outs=() if game.kind.has_target else game._zero_points,
        carried=game.kind.start(game),
    )
    for result in results:
        state = advance(game, state, result)
    return state


def advance(game: Game, state: MatchState, entry: HandResult | Play) -> MatchState:
    """The match after one more play or scored hand (raises InvalidHand(MATCH_OVER) once ended).

    A hand's plays are added first, one by one: the match may end during them, and then the
    hand's end must not follow. A result without an end is a hand the match ended during.
    """
    if isinstance(entry, Play):
        return _add_play(game, state, entry)
    check_can_add(game, state)
    if entry.sides != len(state.totals):
        raise ValueError(f"the hand scores {entry.sides} sides, the match has {len(state.totals)}")
    for play in entry.plays:
        state = _add_play(game, state, play)
    if not entry.ended:
        return state
    return _end_hand(game, state, entry)


def _end_hand(game: Game, state: MatchState, result: HandResult) -> MatchState:
    check_can_add(game, state)
    result, carried = game.kind.settle(game, state, result)
    totals = tuple(
        total + sum(c.points for c in result.end_credits if c.side == side)
        for side, total in enumerate(state.totals)
    )
    outs = state.outs
    if outs and result.side is not None:
        outs = tuple(count + (side == result.side) for side, count in enumerate(outs))
    winners = game.kind.winners(game, totals, outs, state.hands_played + 1, result.side)
    finished = bool(winners)
    return MatchState(
        totals=totals,
        winner_side=winners[0] if finished else None,
        ended_after=state.hands_played if finished else None,
        # A finished match has no next hand: a new one starts again with the double.
        next_leader=None if finished else result.next_leader,
        hands_played=state.hands_played + 1,
        target=game.kind.target(game),
        co_winners=winners[1:],
        outs=outs,
        carried=carried,
    )


def check_can_add(game: Game, state: MatchState) -> None:
    """Refuse another hand once the match has ended (raises InvalidHand(MATCH_OVER))."""
    if state.finished:
        raise InvalidHand((HandError(ErrorCode.MATCH_OVER),))


def _add_play(game: Game, state: MatchState, play: Play) -> MatchState:
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
        carried=state.carried,
    )


def play_hand(
    game: Game, state: MatchState, hand: Hand | PlayedHand, *, number: int | None = None
) -> tuple[HandResult, MatchState]:
    """Score one hand (its plays, then its end) and add it to the sheet, validating it once.

    `number` is the hand's number on the sheet (default: the next). Raises InvalidHand.
    """
    played = hand if isinstance(hand, PlayedHand) else PlayedHand(end=hand)
    number = state.hands_played + 1 if number is None else number
    leader = state.next_leader
    plays = tuple(played.plays)
    for play in plays:
        state = _add_play(game, state, play)
    credits = _play_credits(game, plays)
    if played.end is None:  # still in play, or the match ended during it
        result = HandResult(None, None, None, None, game.side_count, credits, leader, plays)
        return result, state
    check_can_add(game, state)
    end = score_hand(game, played.end, leader, number=number)
    result = replace(end, credits=credits + end.credits, plays=plays)
    result, _ = game.kind.settle(game, state, result)
    return result, _end_hand(game, state, result)


def _play_credits(game: Game, plays: Sequence[Play]) -> tuple[Credit, ...]:
    """The plays' scores, one credit a side that scored, in side order."""
    points = list(game._zero_points)
    for play in plays:
        points[game.side_of(play.seat)] += play.points
    return tuple(Credit(side, PointKind.PLAY, value) for side, value in enumerate(points) if value)


def play_match(
    game: Game, hands: Sequence[Hand | PlayedHand]
) -> tuple[tuple[HandResult, ...], MatchState]:
    """Score every hand of a match in order, chaining the leader, and tally them.

    Raises InvalidHand: MATCH_OVER for anything entered after the match ended, HAND_NOT_ENDED
    for a hand without an end followed by another hand, or whatever a play or end refuses.
    """
    state = tally(game, ())
    results: list[HandResult] = []
    for number, hand in enumerate(hands, start=1):
        check_can_add(game, state)
        if results and not results[-1].ended:
            raise InvalidHand((HandError(ErrorCode.HAND_NOT_ENDED),))
        result, state = play_hand(game, state, hand, number=number)
        results.append(result)
    return tuple(results), state
