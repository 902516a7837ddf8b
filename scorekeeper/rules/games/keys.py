"""The key each game is stored under, and the lookup: a leaf the table's Game reads.

Each game's class (base.GameKind's subclasses) adds itself to the registry as it is defined;
the package's __init__ imports every game, so a key always finds its game.
"""

from __future__ import annotations

from enum import StrEnum


class Scoring(StrEnum):
    """The key each game is stored under (a match's `scoring` column)."""

    BLOCK = "block"
    ALL_FIVES = "all_fives"
    BERGEN = "bergen"
    MEXICAN_TRAIN = "mexican_train"
    JAMAICAN = "jamaican"

    @property
    def kind(self):  # -> GameKind (base.py, which reads this module)
        """The game this key names."""
        return find_game(self)


# The kind of a game that names none: a table stored before the scoring games came.
DEFAULT_SCORING = Scoring.BLOCK

# Every game, by its key, in the order the classes are defined (this package's __init__).
_REGISTRY: dict = {}  # Scoring -> GameKind: each game's class adds itself


def find_game(key: object):  # -> GameKind
    """The game stored under this key (ValueError for a key no game has)."""
    try:
        return _REGISTRY[Scoring(key)]
    except (KeyError, ValueError):
        raise ValueError(f"no game is stored as {key!r}") from None
