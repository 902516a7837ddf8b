"""Scores made during play (All Fives, Bergen): which a game allows, and what each credits."""

from __future__ import annotations

from .all_fives import play_bound
from .base import is_whole, seat_or_none
from .bergen import Header
from .game import Game, Scoring
from .hand import ErrorCode, HandError, InvalidHand
from .result import Play as Play


def play_amounts(game: Game) -> tuple[int, ...]:
    """Every score one play can make in this game, smallest first (none in a block game)."""
    if game.scoring is Scoring.ALL_FIVES:
        return tuple(range(5, play_bound(game) + 1, 5))
    if game.scoring is Scoring.BERGEN:
        return (int(Header.DOUBLE), int(Header.TRIPLE))
    return ()


def validate_play(game: Game, play: Play) -> tuple[HandError, ...]:
    """Every reason this score during play cannot be credited; empty when it can."""
    if not game.takes_plays:
        return (HandError(ErrorCode.NO_PLAY_SCORES),)
    errors: list[HandError] = []
    if not game.has_seat(play.seat):
        errors.append(HandError(ErrorCode.UNKNOWN_SEAT, seat=seat_or_none(play.seat)))
    points = play.points
    if game.scoring is Scoring.BERGEN:
        if not is_whole(points) or points not in (Header.DOUBLE, Header.TRIPLE):
            errors.append(HandError(ErrorCode.PLAY_NOT_HEADER))
    elif not is_whole(points):
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
