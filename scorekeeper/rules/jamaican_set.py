"""The Jamaican set hand by hand: games won, what a hand is worth (one-all play two, the replay
after a tie, a key), the bruk back to love all, six-love, and who poses the next hand.

Every function takes the table's JamaicanRules first; a set is replayed from its hands alone
(undo and corrections), so nothing here remembers more than JamaicanState.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from .jamaican import (
    InvalidJamaican,
    JamaicanError,
    JamaicanErrorCode,
    JamaicanHand,
    JamaicanRules,
    SetFormat,
    TieReplay,
)

__all__ = [
    "DOUBLE_SIX",
    "HandMark",
    "JamaicanResult",
    "JamaicanState",
    "Pose",
    "PoseKind",
    "hand_worth",
    "play_hand",
    "replay_set",
    "set_errors",
    "set_state",
    "start_set",
]

KEY_WORTH = 2
ONE_ALL_WORTH = 2


class HandMark(StrEnum):
    """What the sheet marks on a hand besides the games after it."""

    KEY = "key"  # won by going out on a key
    TIE = "tie"  # nobody won: the replay is worth the state's `worth`
    BRUK = "bruk"  # the last side on love won: love all
    ONE_ALL = "one_all"  # one game each: the next hand is played for two


class PoseKind(StrEnum):
    DOUBLE_SIX = "double_six"  # its holder must play it first
    WINNER = "winner"  # the side named poses any tile (in partner play either partner)


@dataclass(frozen=True, slots=True)
class Pose:
    kind: PoseKind
    side: int | None = None  # the side that poses, for PoseKind.WINNER


DOUBLE_SIX = Pose(PoseKind.DOUBLE_SIX)


@dataclass(frozen=True)
class JamaicanState:
    """The set between hands."""

    games: tuple[int, ...]  # games won per side since the last bruk
    worth: int = 1  # what the next hand is worth (before a key)
    one_all: bool = False  # the next hand is the one-all hand: its winner to `worth`, others love
    pose: Pose | None = DOUBLE_SIX  # who poses the next hand; None once the set is won
    hands: int = 0  # hands recorded, ties included
    bruks: int = 0
    winner_side: int | None = None
    six_love_to: tuple[int, ...] = ()  # the sides given six-love by the winner

    @property
    def finished(self) -> bool:
        return self.winner_side is not None

    @property
    def six_love(self) -> bool:
        return bool(self.six_love_to)


@dataclass(frozen=True)
class JamaicanResult:
    """One hand as the sheet shows it."""

    number: int
    winner_side: int | None  # None: a tie, the hand is played again
    worth: int  # what the hand was played for (a key: 2, or more when the hand was worth more)
    marks: tuple[HandMark, ...]
    state: JamaicanState  # the set after the hand

    @property
    def games(self) -> tuple[int, ...]:
        return self.state.games


def start_set(rules: JamaicanRules) -> JamaicanState:
    """Love all, a hand worth 1, the double six poses."""
    return JamaicanState(games=(0,) * rules.sides)


def set_errors(
    rules: JamaicanRules, state: JamaicanState, hand: JamaicanHand
) -> tuple[JamaicanError, ...]:
    """Every reason this hand cannot be added to the set now; empty when it can."""
    code = JamaicanErrorCode
    if hand.number is not None and hand.number <= state.hands:
        return (JamaicanError(code.ALREADY_RECORDED, limit=state.hands),)
    if state.finished:
        return (JamaicanError(code.SET_OVER, limit=state.hands),)
    errors = []
    if hand.number is not None and hand.number != state.hands + 1:
        errors.append(JamaicanError(code.NOT_NEXT_HAND, limit=state.hands + 1))
    return (*errors, *rules.hand_errors(hand))


def hand_worth(rules: JamaicanRules, state: JamaicanState, hand: JamaicanHand) -> int:
    """What a won hand is worth: the state's worth, or 2 on a key if that is more."""
    return max(KEY_WORTH, state.worth) if hand.key else state.worth


def _worth_after_tie(rules: JamaicanRules, worth: int) -> int:
    if rules.tie_replay is TieReplay.RISES:
        return worth + 1
    if rules.tie_replay is TieReplay.FLAT_2:
        return 2
    return worth


def play_hand(rules: JamaicanRules, state: JamaicanState, hand: JamaicanHand) -> JamaicanResult:
    """Score one hand against the set (raises InvalidJamaican); `.state` is the set after it."""
    number = state.hands + 1
    errors = set_errors(rules, state, hand)
    if errors:
        raise InvalidJamaican(errors, number=number)
    side = rules.hand_winner(hand)
    if side is None:
        worth = _worth_after_tie(rules, state.worth)
        after = replace(state, worth=worth, pose=DOUBLE_SIX, hands=number)
        return JamaicanResult(number, None, state.worth, (HandMark.TIE,), after)
    worth = hand_worth(rules, state, hand)
    marks = [HandMark.KEY] if hand.key else []
    games, mark = _games_after(rules, state, side, worth)
    if mark is not None:
        marks.append(mark)
    won = games[side] >= rules.target
    if won:
        pose = None
    elif rules.double_six_every_hand or mark is not None:
        pose = DOUBLE_SIX  # after a bruk, and on the one-all hand
    else:
        pose = Pose(PoseKind.WINNER, side)
    after = JamaicanState(
        games=games,
        worth=ONE_ALL_WORTH if mark is HandMark.ONE_ALL else 1,
        one_all=mark is HandMark.ONE_ALL,
        pose=pose,
        hands=number,
        bruks=state.bruks + (mark is HandMark.BRUK),
        winner_side=side if won else None,
        six_love_to=_six_love_to(rules, games, side) if won else (),
    )
    return JamaicanResult(number, side, worth, tuple(marks), after)


def _games_after(
    rules: JamaicanRules, state: JamaicanState, side: int, worth: int
) -> tuple[tuple[int, ...], HandMark | None]:
    """The games per side once `side` wins a hand worth `worth`, and the bruk or one-all."""
    games = list(state.games)
    if rules.format is SetFormat.FIRST_TO_SIX:
        games[side] += worth
        return tuple(games), None
    if state.one_all:
        # The one-all hand: its winner goes to what it was worth, every other side to love.
        return tuple(worth if other == side else 0 for other in range(len(games))), None
    others = [games[other] for other in range(len(games)) if other != side]
    if games[side] == 0 and all(others):
        # The last side on love won: a bruk, unless every other side is on exactly one.
        if rules.one_all_play_two and all(count == 1 for count in others):
            games[side] = 1
            return tuple(games), HandMark.ONE_ALL
        return (0,) * len(games), HandMark.BRUK
    games[side] += worth
    return tuple(games), None


def _six_love_to(rules: JamaicanRules, games: tuple[int, ...], winner: int) -> tuple[int, ...]:
    """The sides on love when `winner` took the set; in a straight six, only if all of them are."""
    on_love = tuple(side for side, count in enumerate(games) if count == 0 and side != winner)
    if rules.format is SetFormat.FIRST_TO_SIX and len(on_love) < len(games) - 1:
        return ()
    return on_love


def replay_set(rules: JamaicanRules, hands: Sequence[JamaicanHand]) -> tuple[JamaicanResult, ...]:
    """Every hand of a set again from love all, e.g. after an undo or a correction (raises
    InvalidJamaican, with `.number` the first hand that cannot stand)."""
    state, results = start_set(rules), []
    for hand in hands:
        result = play_hand(rules, state, hand)
        results.append(result)
        state = result.state
    return tuple(results)


def set_state(rules: JamaicanRules, results: Sequence[JamaicanResult]) -> JamaicanState:
    """The set after these hands (love all before the first)."""
    return results[-1].state if results else start_set(rules)
