"""The scoring games' own path before the one play_match: thin aliases while callers use them.

New code writes rules.PlayedHand, rules.play_match and rules.advance (match.py); these go
once the models, views and backup no longer name them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .game import Game
from .match import MatchState, PlayedHand, play_match
from .result import Credit, HandResult, Play

# What the table entered for one hand: its plays and its end (the one path's own shape).
ScoringHand = PlayedHand


@dataclass(frozen=True, slots=True)
class ScoredHand:
    """One hand of a scoring game: the plays credited and the end count, by side."""

    plays: tuple[Play, ...]
    play_points: tuple[int, ...]
    end: HandResult | None  # the end's own result, without the plays
    credits: tuple[Credit, ...] = ()  # plays first, then the end: as the one path gives them
    side_points: tuple[int, ...] = ()

    @classmethod
    def of(cls, result: HandResult) -> ScoredHand:
        end = replace(result, credits=result.end_credits, plays=()) if result.ended else None
        return cls(result.plays, result.play_points, end, result.credits, result.side_points)


def play_scoring_match(
    game: Game, hands: Sequence[PlayedHand]
) -> tuple[tuple[ScoredHand, ...], MatchState]:
    """rules.play_match, its results in the old ScoredHand shape."""
    results, state = play_match(game, hands)
    return tuple(ScoredHand.of(result) for result in results), state
