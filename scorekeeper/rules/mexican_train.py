"""Mexican Train, a round game: one round per double, and the lowest total wins."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from .base import HELD_BY_WHO_WENT_OUT, count_problem, is_whole, seat_or_none
from .tiles import TileSet

__all__ = [
    "DOUBLE_BLANK_VALUES",
    "InvalidRound",
    "MexicanTrainRules",
    "Round",
    "RoundError",
    "RoundErrorCode",
    "RoundResult",
    "needed_seats",
    "players_error",
    "score_round",
    "validate_round",
]

# What a player left holding the double blank scores for it, by house rule (0: its own pips).
DOUBLE_BLANK_VALUES = (0, 25, 50)
MIN_PLAYERS = 2

# Tiles each by set and players: (most players, tiles each), smallest tables first.
_DEALS: dict[TileSet, tuple[tuple[int, int], ...]] = {
    TileSet.DOUBLE_TWELVE: ((4, 15), (6, 12), (8, 10)),
    TileSet.DOUBLE_NINE: ((4, 10),),
}


# --- Refusals -------------------------------------------------------------------------------


class RoundErrorCode(StrEnum):
    # The table and the round
    TOO_FEW_PLAYERS = "too_few_players"  # limit: the fewest the set is dealt to
    TOO_MANY_PLAYERS = "too_many_players"  # limit: the most the set is dealt to
    NOT_A_ROUND = "not_a_round"  # the round's number is not 1 or more
    GAME_OVER = "game_over"  # limit: the last round
    # Who went out
    UNKNOWN_SEAT = "unknown_seat"  # a seat that went out, or was counted, is not at the table
    # Each player's count
    MISSING_PIPS = "missing_pips"
    NOT_WHOLE = "not_whole"
    NEGATIVE_PIPS = "negative_pips"
    TOO_MANY_PIPS = "too_many_pips"  # limit: the set's pips less the engine
    PIPS_FOR_WENT_OUT = "pips_for_went_out"  # the one who went out holds nothing
    TOTAL_TOO_MANY = "total_too_many"  # limit: the set's pips less the engine
    # Who holds the double blank
    DOUBLE_BLANK_NOT_ASKED = "double_blank_not_asked"
    DOUBLE_BLANK_UNKNOWN_SEAT = "double_blank_unknown_seat"
    DOUBLE_BLANK_WENT_OUT = "double_blank_went_out"
    DOUBLE_BLANK_IS_ENGINE = "double_blank_is_engine"  # the last round starts with it


@dataclass(frozen=True, slots=True)
class RoundError:
    code: RoundErrorCode
    seat: int | None = None
    limit: int | None = None


class InvalidRound(ValueError):
    """The round cannot be scored (or added): see `.errors`."""

    def __init__(self, errors: Sequence[RoundError]) -> None:
        self.errors = tuple(errors)
        super().__init__(", ".join(str(error.code) for error in self.errors))


# --- The house rules and the deal -------------------------------------------------------------


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
        """Tiles dealt to each player (raises InvalidRound for a number the set is not dealt to)."""
        error = players_error(self, players)
        if error is not None:
            raise InvalidRound((error,))
        return next(tiles for most, tiles in _DEALS[self.tile_set] if players <= most)

    @property
    def asks_double_blank(self) -> bool:
        """Whether the round form asks who holds the double blank."""
        return self.double_blank_counts > 0


def players_error(rules: MexicanTrainRules, players: object) -> RoundError | None:
    """What is wrong with this number of players for the set, if anything."""
    most = rules.player_options[-1]
    if not is_whole(players) or players < MIN_PLAYERS:  # type: ignore[operator]
        return RoundError(RoundErrorCode.TOO_FEW_PLAYERS, limit=MIN_PLAYERS)
    if players > most:  # type: ignore[operator]
        return RoundError(RoundErrorCode.TOO_MANY_PLAYERS, limit=most)
    return None


# --- One round: what the table reports, and why it may be refused -----------------------------


@dataclass(frozen=True)
class Round:
    """What the table reports after a round: who went out, and the pips each player holds."""

    went_out: int | None = None  # None: the round blocked
    pips: Mapping[int, int] = field(default_factory=dict)  # seat: pips left in the hand
    # Asked only under `double blank counts` 25 or 50; None: nobody is left holding it.
    double_blank: int | None = None

    @property
    def blocked(self) -> bool:
        return self.went_out is None


def needed_seats(players: int, went_out: int | None) -> tuple[int, ...]:
    """Seats whose count the table must give: every player but the one who went out."""
    return tuple(seat for seat in range(players) if seat != went_out)


def validate_round(
    rules: MexicanTrainRules, players: int, round_number: int, entry: Round
) -> tuple[RoundError, ...]:
    """Every reason the round cannot be scored, in the form's order; empty when it can."""
    error = players_error(rules, players)
    if error is not None:
        return (error,)
    if not is_whole(round_number) or round_number < 1:
        return (RoundError(RoundErrorCode.NOT_A_ROUND),)
    if round_number > rules.rounds:
        return (RoundError(RoundErrorCode.GAME_OVER, limit=rules.rounds),)
    errors: list[RoundError] = []
    went_out = entry.went_out
    if went_out is not None and not _is_seat(went_out, players):
        errors.append(RoundError(RoundErrorCode.UNKNOWN_SEAT, seat=seat_or_none(went_out)))
        went_out = None
    errors += _pips_errors(rules.max_pips(round_number), players, went_out, entry)
    errors += _double_blank_errors(rules, players, round_number, entry)
    return tuple(errors)


def _pips_errors(limit: int, players: int, went_out: int | None, entry: Round) -> list[RoundError]:
    """Each count: given where needed, whole, possible, and not too many together."""
    errors = [
        RoundError(RoundErrorCode.UNKNOWN_SEAT, seat=seat_or_none(seat))
        for seat in entry.pips
        if not _is_seat(seat, players)
    ]
    total = 0
    for seat in range(players):
        if seat not in entry.pips:
            if seat != went_out:
                errors.append(RoundError(RoundErrorCode.MISSING_PIPS, seat=seat))
            continue
        error = _count_error(limit, seat, entry.pips[seat], went_out)
        if error is None:
            total += entry.pips[seat]
        else:
            errors.append(error)
    if total > limit:
        errors.append(RoundError(RoundErrorCode.TOTAL_TOO_MANY, limit=limit))
    return errors


def _count_error(limit: int, seat: int, value: object, went_out: int | None) -> RoundError | None:
    """What is wrong with one player's count, if anything."""
    problem = count_problem(value, limit, went_out=seat == went_out)
    if problem is None:
        return None
    if problem == HELD_BY_WHO_WENT_OUT:
        return RoundError(RoundErrorCode.PIPS_FOR_WENT_OUT, seat=seat)
    code = RoundErrorCode(problem)
    return RoundError(
        code, seat=seat, limit=limit if code is RoundErrorCode.TOO_MANY_PIPS else None
    )


def _double_blank_errors(
    rules: MexicanTrainRules, players: int, round_number: int, entry: Round
) -> list[RoundError]:
    holder = entry.double_blank
    if holder is None:
        return []
    if not rules.asks_double_blank:
        return [RoundError(RoundErrorCode.DOUBLE_BLANK_NOT_ASKED)]
    if rules.engine(round_number) == 0:
        # The double blank starts the last round: it lies on the table, in nobody's hand.
        return [RoundError(RoundErrorCode.DOUBLE_BLANK_IS_ENGINE)]
    if not _is_seat(holder, players):
        return [RoundError(RoundErrorCode.DOUBLE_BLANK_UNKNOWN_SEAT, seat=seat_or_none(holder))]
    if holder == entry.went_out:
        return [RoundError(RoundErrorCode.DOUBLE_BLANK_WENT_OUT, seat=holder)]
    return []


# --- Scoring one round ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundResult:
    """What each player scored in one round, and why."""

    round_number: int
    engine: int
    went_out: int | None  # None: the round blocked
    pips: tuple[int, ...]  # each player's pips left, in seat order (0 for who went out)
    points: tuple[int, ...]  # each player's points: their pips, plus the double blank's value
    double_blank: int | None = None  # who paid the double blank's house value, if anyone
    double_blank_points: int = 0  # what it added to their points

    @property
    def blocked(self) -> bool:
        return self.went_out is None


def score_round(
    rules: MexicanTrainRules, players: int, round_number: int, entry: Round
) -> RoundResult:
    """Score one finished round under the house rules (raises InvalidRound)."""
    errors = validate_round(rules, players, round_number, entry)
    if errors:
        raise InvalidRound(errors)
    pips = tuple(entry.pips.get(seat, 0) for seat in range(players))
    points = list(pips)
    bonus = 0
    if entry.double_blank is not None:
        bonus = rules.double_blank_counts
        points[entry.double_blank] += bonus
    return RoundResult(
        round_number=round_number,
        engine=rules.engine(round_number),
        went_out=entry.went_out,
        pips=pips,
        points=tuple(points),
        double_blank=entry.double_blank,
        double_blank_points=bonus,
    )


# --- Small helpers ----------------------------------------------------------------------------


def _is_seat(value: object, players: int) -> bool:
    return is_whole(value) and 0 <= value < players  # type: ignore[operator]
