"""Mexican Train's set: the rounds, engines and deals its house rules give.

A round is a rules.Hand, checked and scored on the one path by the game's class
(games/mexican_train.py), which reads these rules from a table's `Game.round_rules`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .base import is_whole
from .tiles import TileSet

__all__ = ["DOUBLE_BLANK_VALUES", "MIN_PLAYERS", "MexicanTrainRules"]

# What a player left holding the double blank scores for it, by house rule (0: its own pips).
DOUBLE_BLANK_VALUES = (0, 25, 50)
MIN_PLAYERS = 2

# Tiles each by set and players: (most players, tiles each), smallest tables first.
_DEALS: dict[TileSet, tuple[tuple[int, int], ...]] = {
    TileSet.DOUBLE_TWELVE: ((4, 15), (6, 12), (8, 10)),
    TileSet.DOUBLE_NINE: ((4, 10),),
}


@dataclass(frozen=True)
class MexicanTrainRules:
    """The switches a Mexican Train table agrees on before the first round."""

    tile_set: TileSet = TileSet.DOUBLE_TWELVE
    # The engine of round 1 (None: the set's highest double); lower makes a shorter game.
    first_engine: int | None = None
    double_blank_counts: int = 0  # 0 (its pips), 25 or 50
    ties_to_most_outs: bool = False  # level lowest totals go to who went out in more rounds

    def __post_init__(self) -> None:
        # Stored choices arrive as plain values; an unknown one raises ValueError here.
        tile_set = TileSet(self.tile_set)
        if tile_set not in _DEALS:
            raise ValueError(f"Mexican Train is not played with {tile_set.name}")
        object.__setattr__(self, "tile_set", tile_set)
        top = tile_set.value
        first = top if self.first_engine is None else self.first_engine
        if not is_whole(first) or not 0 <= first <= top:
            raise ValueError(f"the first engine is a double of the set, not {first!r}")
        object.__setattr__(self, "first_engine", first)
        if self.double_blank_counts not in DOUBLE_BLANK_VALUES or isinstance(
            self.double_blank_counts, bool
        ):
            raise ValueError(f"the double blank cannot count {self.double_blank_counts!r}")

    @property
    def rounds(self) -> int:
        """How many rounds the game has: one per double from the first engine down to 0."""
        return self.first_engine + 1  # type: ignore[operator]

    @property
    def engines(self) -> tuple[int, ...]:
        """Each round's engine (the number of its double), round 1 first."""
        return tuple(range(self.first_engine, -1, -1))  # type: ignore[arg-type]

    def engine(self, round_number: int) -> int:
        """The double that starts this round (ValueError for a round the game has not)."""
        if not is_whole(round_number) or not 1 <= round_number <= self.rounds:
            raise ValueError(f"no round {round_number!r} in a game of {self.rounds}")
        return self.first_engine - (round_number - 1)  # type: ignore[operator]

    def max_pips(self, round_number: int) -> int:
        """The most pips a hand (or all hands together) can hold: the set less the engine."""
        return self.tile_set.total_pips - 2 * self.engine(round_number)

    @property
    def player_options(self) -> tuple[int, ...]:
        """The numbers of players the set is dealt to, smallest first."""
        return tuple(range(MIN_PLAYERS, _DEALS[self.tile_set][-1][0] + 1))

    def tiles_each(self, players: int) -> int:
        """Tiles dealt to each player (ValueError for a number the set is not dealt to)."""
        if players not in self.player_options or not is_whole(players):
            raise ValueError(f"{self.tile_set.name} is not dealt to {players!r} players")
        return next(tiles for most, tiles in _DEALS[self.tile_set] if players <= most)

    @property
    def asks_double_blank(self) -> bool:
        """Whether the round form asks who holds the double blank."""
        return self.double_blank_counts > 0
