"""All Fives: scores during play in fives, and the others' hands counted at the end."""

from __future__ import annotations

from collections.abc import Iterable

from ..base import is_whole
from ..game import Deal, Game, Preset
from ..hand import Ending, ErrorCode, Hand, HandError
from ..house import Rounding
from ..result import HandResult, Play, ReasonCode
from ..tiles import TileSet
from .base import Scoring
from .counted import ScoringGame, blocked_count, credited, nobody_scores


def play_bound(game: Game) -> int:
    """The most one All Fives play can score: four ends of 2N, down to a multiple of five."""
    return 8 * game.tile_set.value // 5 * 5


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


def score(game: Game, hand: Hand, led_by: int | None, number: int | None = None) -> HandResult:
    void = nobody_scores(game, hand, led_by)
    if void is not None:
        return void
    pips = hand.pips
    if hand.ending is Ending.WENT_OUT:
        code, seat, lightest = ReasonCode.WENT_OUT, hand.went_out, None
    else:
        code, seat, lightest, _ = blocked_count(game, hand, led_by)
    side = game.side_of(seat)  # type: ignore[arg-type]
    counted = tuple(
        (other, pips.get(other, 0)) for other in range(game.seats) if game.side_of(other) != side
    )
    own: tuple[int, ...] = ()
    if hand.ending is Ending.BLOCKED and game.rules.blocked_pays_difference:
        own = tuple(pips[mine] for mine in game.sides[side])
    points = _rounded(game.rules.rounding, (held for _, held in counted), own)
    return credited(game, code, seat, lightest, counted, points)  # type: ignore[arg-type]


PRESETS = (
    Preset(
        "all_fives",
        TileSet.DOUBLE_SIX,
        {2: Deal(7, draws=True), 3: Deal(5, draws=True), 4: Deal(5, draws=True)},
        partnership=True,
        scoring=Scoring.ALL_FIVES,
        targets=(200, 250),
    ),
)


class AllFives(ScoringGame):
    """All Fives: every multiple of five on the ends scores during play, and the count at the
    end goes to the nearest five."""

    presets = PRESETS
    target_buttons = (100, 150, 200, 250)
    scoring = Scoring.ALL_FIVES

    def score(self, game: Game, hand: Hand, led_by: int | None, number: int | None) -> HandResult:
        return score(game, hand, led_by, number)

    def play_amounts(self, game: Game) -> tuple[int, ...]:
        return tuple(range(5, play_bound(game) + 1, 5))

    def play_errors(self, game: Game, play: Play) -> list[HandError]:
        points = play.points
        if not is_whole(points):
            return [HandError(ErrorCode.NOT_WHOLE)]
        if points % 5:
            return [HandError(ErrorCode.PLAY_NOT_FIVES)]
        if not 5 <= points <= play_bound(game):
            return [HandError(ErrorCode.PLAY_OUT_OF_RANGE, limit=play_bound(game))]
        return []
