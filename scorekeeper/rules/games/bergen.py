"""Bergen: headers scored during play, and a point (or two) for winning the hand."""

from __future__ import annotations

from enum import IntEnum

from ..base import is_whole
from ..game import Deal, Game, Preset
from ..hand import Ending, ErrorCode, Hand, HandError
from ..result import HandResult, Play, ReasonCode
from ..tiles import TileSet
from .base import Scoring
from .counted import ScoringGame, blocked_count, credited, nobody_scores


class Header(IntEnum):
    """Bergen's scores during play, valued as the points they make."""

    DOUBLE = 2  # both open ends show the same number
    TRIPLE = 3  # ... and one of them is a double


def score(game: Game, hand: Hand, led_by: int | None, number: int | None = None) -> HandResult:
    void = nobody_scores(game, hand, led_by)
    if void is not None:
        return void
    points = won_hand_points(game)
    if hand.ending is Ending.WENT_OUT:
        return credited(game, ReasonCode.WENT_OUT, hand.went_out, None, (), points)  # type: ignore[arg-type]
    code, seat, lightest, _ = blocked_count(game, hand, led_by)
    return credited(game, code, seat, lightest, (), points)  # type: ignore[arg-type]


def won_hand_points(game: Game) -> int:
    """Under `a won hand pays 2` going out and winning a blocked hand alike pay 2, else 1."""
    return 2 if game.rules.won_hand_pays_two else 1


PRESETS = (
    Preset(
        "bergen",
        TileSet.DOUBLE_SIX,
        {2: Deal(6, draws=True), 3: Deal(6, draws=True), 4: Deal(5, draws=True)},
        partnership=True,
        scoring=Scoring.BERGEN,
        targets=(10, 15),
    ),
)


class Bergen(ScoringGame):
    """Bergen: double- and triple-headers during play, a point (or two) for winning the hand."""

    presets = PRESETS
    target_buttons = (10, 15)
    scoring = Scoring.BERGEN
    plays_are_headers = True
    doubles_can_lose_count = True

    def score(self, game: Game, hand: Hand, led_by: int | None, number: int | None) -> HandResult:
        return score(game, hand, led_by, number)

    def needed_by_winner(self, game: Game, winner: int) -> tuple[int, ...]:
        # Going out scores a point whatever the others hold.
        return ()

    def won_hand_points(self, game: Game) -> int:
        return won_hand_points(game)

    def play_amounts(self, game: Game) -> tuple[int, ...]:
        return (int(Header.DOUBLE), int(Header.TRIPLE))

    def play_errors(self, game: Game, play: Play) -> list[HandError]:
        if not is_whole(play.points) or play.points not in (Header.DOUBLE, Header.TRIPLE):
            return [HandError(ErrorCode.PLAY_NOT_HEADER)]
        return []
