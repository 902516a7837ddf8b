"""How a tournament seats its entrants (a leaf module: a game's kind names the formats it fits)."""

from __future__ import annotations

from enum import StrEnum

__all__ = [
    "DEFAULT_TABLE_SIZE",
    "KNOCKOUT_FORMATS",
    "MAX_TABLE_SIZE",
    "MIN_TABLE_SIZE",
    "PAIRS_FORMATS",
    "Format",
]

# The players at a table of an event each for themselves (Format.ROUND_GAME): a game fits it
# only if its set deals to the smallest.
MIN_TABLE_SIZE = 3
MAX_TABLE_SIZE = 6
DEFAULT_TABLE_SIZE = 4


class Format(StrEnum):
    SWISS = "swiss"
    ROUND_ROBIN = "round_robin"
    ROTATING_PARTNERS = "rotating_partners"
    # A round game's event (Mexican Train): players each for themselves at tables of 3 to 6.
    ROUND_GAME = "round_game"
    # Knockouts (fixed pairs): a bracket, not rounds (rules.tournament_bracket).
    SINGLE_ELIMINATION = "single_elimination"
    DOUBLE_ELIMINATION = "double_elimination"

    @property
    def knockout(self) -> bool:
        """Whether the event is one bracket from the start, not rounds."""
        return self in (Format.SINGLE_ELIMINATION, Format.DOUBLE_ELIMINATION)

    @property
    def individual(self) -> bool:
        """Whether the entrants are players, not fixed pairs."""
        return self in (Format.ROTATING_PARTNERS, Format.ROUND_GAME)

    @property
    def side_size(self) -> int:
        """How many entrants sit on one side of a table."""
        return 2 if self is Format.ROTATING_PARTNERS else 1

    @property
    def seats_tables(self) -> bool:
        """Whether each table seats several players each for themselves, not two sides."""
        return self is Format.ROUND_GAME


# The formats drawn round by round that a game played to a target fits: two sides a table.
PAIRS_FORMATS = (Format.SWISS, Format.ROUND_ROBIN, Format.ROTATING_PARTNERS)
# The knockouts such a game fits too: fixed pairs in a bracket (rules.tournament_bracket).
KNOCKOUT_FORMATS = (Format.SINGLE_ELIMINATION, Format.DOUBLE_ELIMINATION)
