"""One hand: what the table reports after it, and why the report may be refused."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from .base import HELD_BY_WHO_WENT_OUT, Refused, count_problem, is_whole, seat_or_none
from .game import Game


class Ending(StrEnum):
    WENT_OUT = "went_out"
    BLOCKED = "blocked"


@dataclass(frozen=True)
class Hand:
    """What the table reports after a hand: how it ended, who went out, the pips left."""

    ending: Ending
    went_out: int | None = None
    pips: Mapping[int, int] = field(default_factory=dict)
    capicu: bool = False
    # Many tables pool the tiles left and count them once: then this is the pips of every
    # counted hand together, and `pips` stays empty. Only for a hand somebody went out of: a
    # blocked hand needs each hand's count to find its winner.
    pooled: int | None = None
    # A blocked hand under `lighter pair`, where that is enough to score it (see
    # Game.counts_blocked_by_pair): each side's pips together, {side: pips}; `pips` stays empty.
    pair_pips: Mapping[int, int] = field(default_factory=dict)
    # Bergen under `doubles lose the count`: the seats whose hand holds a double. Mexican Train
    # under `double blank counts` 25 or 50: the seat left holding the double blank (one at most).
    holding_doubles: frozenset[int] = frozenset()
    # Jamaican under `key counts 2`: the seat that went out did so on a key (the table says).
    key: bool = False

    # Regional inputs (lead, blocked additions, bonuses): asked only when the table's rules
    # need them.
    led_by: int | None = None  # who led, told by the table when the sheet does not know yet
    blocked_by: int | None = None  # who played the tile that blocked the line
    chuchazo: bool = False  # went out with the double blank
    pases_corridos: Mapping[int, int] = field(default_factory=dict)  # side: how many times
    pase_de_salida: bool = False  # the seat after the leader could not answer the lead
    led_a_double: bool = False  # the opening tile was a double (Cuban pase de salida)

    def __post_init__(self) -> None:
        if type(self.ending) is not Ending:
            object.__setattr__(self, "ending", Ending(self.ending))
        if type(self.holding_doubles) is not frozenset:
            object.__setattr__(self, "holding_doubles", frozenset(self.holding_doubles))


class ErrorCode(StrEnum):
    NO_WINNER = "no_winner"
    UNKNOWN_SEAT = "unknown_seat"
    WINNER_ON_BLOCKED = "winner_on_blocked"
    MISSING_PIPS = "missing_pips"
    NOT_WHOLE = "not_whole"
    NEGATIVE_PIPS = "negative_pips"
    PIPS_FOR_WINNER = "pips_for_winner"
    TOO_MANY_PIPS = "too_many_pips"
    TOTAL_TOO_MANY = "total_too_many"
    POOLED_TOO_MANY = "pooled_too_many"
    POOLED_ON_BLOCKED = "pooled_on_blocked"
    POOLED_WITH_PIPS = "pooled_with_pips"
    POOLED_NOT_OFFERED = "pooled_not_offered"
    PAIRS_NOT_OFFERED = "pairs_not_offered"
    PAIRS_NOT_BLOCKED = "pairs_not_blocked"
    PAIRS_WITH_PIPS = "pairs_with_pips"
    PAIR_UNKNOWN_SIDE = "pair_unknown_side"
    PAIR_MISSING = "pair_missing"  # seat: the side
    PAIR_NOT_WHOLE = "pair_not_whole"  # seat: the side
    PAIR_NEGATIVE = "pair_negative"  # seat: the side
    PAIR_TOO_MANY = "pair_too_many"  # seat: the side
    CAPICU_ON_BLOCKED = "capicu_on_blocked"
    CAPICU_NOT_OFFERED = "capicu_not_offered"
    MATCH_OVER = "match_over"
    # Regional rules (lead, blocked additions, bonuses)
    LEADER_UNKNOWN_SEAT = "leader_unknown_seat"
    LEADER_NEEDED = "leader_needed"
    BLOCKER_NEEDED = "blocker_needed"
    BLOCKER_UNKNOWN_SEAT = "blocker_unknown_seat"
    BLOCKER_NOT_BLOCKED = "blocker_not_blocked"
    BLOCKER_NOT_ASKED = "blocker_not_asked"
    CHUCHAZO_ON_BLOCKED = "chuchazo_on_blocked"
    CHUCHAZO_NOT_OFFERED = "chuchazo_not_offered"
    PASE_CORRIDO_NOT_OFFERED = "pase_corrido_not_offered"
    PASE_CORRIDO_UNKNOWN_SIDE = "pase_corrido_unknown_side"
    PASE_CORRIDO_NOT_WHOLE = "pase_corrido_not_whole"
    PASE_CORRIDO_TOO_MANY = "pase_corrido_too_many"
    PASE_DE_SALIDA_NOT_OFFERED = "pase_de_salida_not_offered"
    PASE_DE_SALIDA_NOT_DOUBLE = "pase_de_salida_not_double"
    # Scoring games (All Fives, Bergen)
    NO_PLAY_SCORES = "no_play_scores"
    PLAY_NOT_FIVES = "play_not_fives"
    PLAY_OUT_OF_RANGE = "play_out_of_range"
    PLAY_NOT_HEADER = "play_not_header"
    DOUBLES_NOT_ASKED = "doubles_not_asked"
    HAND_NOT_ENDED = "hand_not_ended"
    # Mexican Train (a round game): the round and who holds the double blank
    NOT_A_ROUND = "not_a_round"
    TOO_FEW_PLAYERS = "too_few_players"
    TOO_MANY_PLAYERS = "too_many_players"
    DOUBLE_BLANK_NOT_ASKED = "double_blank_not_asked"
    DOUBLE_BLANK_UNKNOWN_SEAT = "double_blank_unknown_seat"
    DOUBLE_BLANK_WENT_OUT = "double_blank_went_out"
    DOUBLE_BLANK_IS_ENGINE = "double_blank_is_engine"
    DOUBLE_BLANK_TWO_HOLDERS = "double_blank_two_holders"
    # Jamaican: a key finish
    KEY_NOT_COUNTED = "key_not_counted"  # the table does not count keys
    KEY_ON_BLOCKED = "key_on_blocked"  # a key is a way of going out: not on a blocked hand


@dataclass(frozen=True, slots=True)
class HandError:
    code: ErrorCode
    seat: int | None = None
    limit: int | None = None


class InvalidHand(Refused):
    """The hand cannot be scored (or added): see `.errors`."""

    errors: tuple[HandError, ...]


def needed_seats(game: Game, ending: Ending, went_out: int | None = None) -> tuple[int, ...]:
    """Seats whose pips the table must give for this ending (in seat order)."""
    # A blocked hand needs every count to find its winner, whatever the count rule. Until the
    # form knows who went out, any seat may turn out to be needed.
    if Ending(ending) is Ending.BLOCKED or went_out is None:
        return tuple(range(game.seats))
    if not game.has_seat(went_out):
        raise ValueError(f"no seat {went_out!r} at this table")
    return game._needed_by_winner[went_out]


def hand_errors(game: Game, hand: Hand) -> list[HandError]:
    """The refusals of how the hand ended, its counts and its capicu, in the form's order.

    The whole check is scoring.validate_hand: these, then the regional inputs' and Bergen's.
    """
    errors: list[HandError] = []
    went_out, needed = _check_ending(game, hand, errors)
    _check_pips(game, hand, went_out, needed, errors)
    if hand.capicu:
        if hand.ending is Ending.BLOCKED:
            errors.append(HandError(ErrorCode.CAPICU_ON_BLOCKED))
        if not game.offers_capicu:
            errors.append(HandError(ErrorCode.CAPICU_NOT_OFFERED))
    return errors


def key_errors(game: Game, hand: Hand) -> list[HandError]:
    """A key finish: only where the table counts keys, and only on a hand somebody went out of
    (a tie is a blocked hand)."""
    if not hand.key:
        return []
    if not game.counts_keys:
        return [HandError(ErrorCode.KEY_NOT_COUNTED)]
    if hand.ending is not Ending.WENT_OUT:
        return [HandError(ErrorCode.KEY_ON_BLOCKED)]
    return []


def _check_ending(
    game: Game, hand: Hand, errors: list[HandError]
) -> tuple[int | None, tuple[int, ...] | None]:
    """The seat that went out and the seats whose pips are needed, as far as they are known."""
    went_out = hand.went_out
    if hand.ending is not Ending.WENT_OUT:
        if went_out is not None:
            errors.append(HandError(ErrorCode.WINNER_ON_BLOCKED, seat=seat_or_none(went_out)))
        return None, tuple(range(game.seats))
    # None for the needed seats: not known, so no count can be called missing.
    if not is_whole(went_out):
        errors.append(HandError(ErrorCode.NO_WINNER))
        return None, None
    if not 0 <= went_out < game.seats:  # type: ignore[operator]
        errors.append(HandError(ErrorCode.UNKNOWN_SEAT, seat=went_out))
        return None, None
    return went_out, game._needed_by_winner[went_out]  # type: ignore[index]


def _check_pips(
    game: Game,
    hand: Hand,
    went_out: int | None,
    needed: tuple[int, ...] | None,
    errors: list[HandError],
) -> None:
    """Every seat's pips: there where needed, whole, possible, and not too many together."""
    given, unknown = _by_known_seat(game, hand.pips)
    total = 0
    for seat in range(game.seats):
        if seat not in given:
            if needed is not None and seat in needed and hand.pooled is None and not hand.pair_pips:
                errors.append(HandError(ErrorCode.MISSING_PIPS, seat=seat))
            continue
        error = _seat_pips_error(game, seat, given[seat], went_out)
        if error is None:
            total += given[seat]  # type: ignore[operator]
        else:
            errors.append(error)
    for seat in unknown:
        errors.append(HandError(ErrorCode.UNKNOWN_SEAT, seat=seat_or_none(seat)))
    if total > game.tile_set.total_pips:
        errors.append(HandError(ErrorCode.TOTAL_TOO_MANY, limit=game.tile_set.total_pips))
    if hand.pooled is not None:
        errors.extend(_pooled_errors(game, hand, needed))
    if hand.pair_pips:
        errors.extend(_pair_errors(game, hand))


def _by_known_seat(game: Game, pips: Mapping[int, int]) -> tuple[dict[int, object], list[object]]:
    """The pips given for seats at this table, and the seats given that are not."""
    given: dict[int, object] = {}
    unknown: list[object] = []
    for seat, value in pips.items():
        if is_whole(seat) and 0 <= seat < game.seats:
            given[seat] = value
        else:
            unknown.append(seat)
    return given, unknown


def _seat_pips_error(
    game: Game, seat: int, value: object, went_out: int | None
) -> HandError | None:
    """What is wrong with one seat's pips, if anything."""
    return count_error(game.max_pips_in_hand, seat, value, went_out=seat == went_out)


def count_error(limit: int, seat: int | None, value: object, *, went_out: bool) -> HandError | None:
    """What is wrong with one seat's count against the most its hand can hold, if anything."""
    problem = count_problem(value, limit, went_out=went_out)
    if problem is None:
        return None
    if problem == HELD_BY_WHO_WENT_OUT:
        return HandError(ErrorCode.PIPS_FOR_WINNER, seat=seat)
    code = ErrorCode(problem)
    return HandError(code, seat=seat, limit=limit if code is ErrorCode.TOO_MANY_PIPS else None)


def _pair_errors(game: Game, hand: Hand) -> list[HandError]:
    """Each pair's pips together: only where the table's rules need no more, both given,
    whole, and no more than two hands (or the set) can hold."""
    errors: list[HandError] = []
    if not game.counts_blocked_by_pair:
        errors.append(HandError(ErrorCode.PAIRS_NOT_OFFERED))
    if hand.ending is not Ending.BLOCKED:
        errors.append(HandError(ErrorCode.PAIRS_NOT_BLOCKED))
    if hand.pips:
        errors.append(HandError(ErrorCode.PAIRS_WITH_PIPS))
    if any(not is_whole(side) or not 0 <= side < game.side_count for side in hand.pair_pips):
        errors.append(HandError(ErrorCode.PAIR_UNKNOWN_SIDE))
    total = 0
    for side in range(game.side_count):
        value = hand.pair_pips.get(side)
        error = _pair_value_error(game, side, value)
        if error is None:
            total += value  # type: ignore[operator]
        else:
            errors.append(error)
    most = game.max_pips_in_hands(game.seats)
    if total > most:
        errors.append(HandError(ErrorCode.TOTAL_TOO_MANY, limit=most))
    return errors


def _pair_value_error(game: Game, side: int, value: object) -> HandError | None:
    """What is wrong with one pair's pips together, if anything."""
    limit = game.max_pips_in_hands(2)
    if value is None:
        return HandError(ErrorCode.PAIR_MISSING, seat=side)
    if not is_whole(value):
        return HandError(ErrorCode.PAIR_NOT_WHOLE, seat=side)
    if value < 0:  # type: ignore[operator]
        return HandError(ErrorCode.PAIR_NEGATIVE, seat=side)
    if value > limit:  # type: ignore[operator]
        return HandError(ErrorCode.PAIR_TOO_MANY, seat=side, limit=limit)
    return None


def _pooled_errors(game: Game, hand: Hand, needed: tuple[int, ...] | None) -> list[HandError]:
    """A pooled count: only for a went-out hand, alone, and no more than its hands can hold."""
    errors: list[HandError] = []
    if not game.pools_went_out_count:
        # A scoring game rounds and compares the hands one by one.
        errors.append(HandError(ErrorCode.POOLED_NOT_OFFERED))
    if hand.ending is Ending.BLOCKED:
        errors.append(HandError(ErrorCode.POOLED_ON_BLOCKED))
    # Beside it, a count only for who went out: its own check refuses anything but a 0.
    if any(seat != hand.went_out for seat in hand.pips):
        errors.append(HandError(ErrorCode.POOLED_WITH_PIPS))
    value = hand.pooled
    if not is_whole(value):
        errors.append(HandError(ErrorCode.NOT_WHOLE))
    elif value < 0:  # type: ignore[operator]
        errors.append(HandError(ErrorCode.NEGATIVE_PIPS))
    elif hand.ending is Ending.WENT_OUT and needed is not None:
        limit = game.max_pips_in_hands(len(needed))
        if value > limit:  # type: ignore[operator]
            errors.append(HandError(ErrorCode.POOLED_TOO_MANY, limit=limit))
    return errors
