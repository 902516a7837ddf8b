"""Scores made during play (All Fives, Bergen): the game says which it allows; what each credits."""

from __future__ import annotations

from .base import seat_or_none
from .game import Game
from .hand import ErrorCode, HandError, InvalidHand
from .result import Play as Play


def play_amounts(game: Game) -> tuple[int, ...]:
    """Every score one play can make in this game, smallest first (none in a block game)."""
    return game.kind.play_amounts(game)


def validate_play(game: Game, play: Play) -> tuple[HandError, ...]:
    """Every reason this score during play cannot be credited; empty when it can."""
    if not game.scores_plays:
        return (HandError(ErrorCode.NO_PLAY_SCORES),)
    errors: list[HandError] = []
    if not game.has_seat(play.seat):
        errors.append(HandError(ErrorCode.UNKNOWN_SEAT, seat=seat_or_none(play.seat)))
    errors += game.kind.play_errors(game, play)
    return tuple(errors)


def play_side_points(game: Game, play: Play) -> tuple[int, ...]:
    """What one score during play credits to each side (raises InvalidHand)."""
    errors = validate_play(game, play)
    if errors:
        raise InvalidHand(errors)
    side_points = list(game._zero_points)
    side_points[game.side_of(play.seat)] = int(play.points)
    return tuple(side_points)
