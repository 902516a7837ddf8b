"""Jamaican partnership and cut-throat: each hand is a game for the side that wins it, and the
set goes to the side that wins six (RULES.md "Jamaican partnership and cut-throat").

Seats are numbered from 0. In partner play seats 0 and 2 are side 0, seats 1 and 3 side 1; in
cut-throat each seat is its own side. Pips only decide a blocked hand; they never score.
This module: the table's rules, the presets, one hand and who wins it. jamaican_set.py: the
set's score hand by hand, what a hand is worth, who poses, and replaying a set.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from .base import (
    HELD_BY_WHO_WENT_OUT,
    NEGATIVE_PIPS,
    NOT_WHOLE,
    TOO_MANY_PIPS,
    Refused,
    count_problem,
    is_whole,
    seat_or_none,
)
from .tiles import TileSet

__all__ = [
    "JAMAICAN_PRESETS",
    "InvalidJamaican",
    "JamaicanError",
    "JamaicanErrorCode",
    "JamaicanHand",
    "JamaicanPreset",
    "JamaicanRules",
    "PartnersLevel",
    "SetFormat",
    "TieReplay",
    "setup_errors",
]

TILE_SET = TileSet.DOUBLE_SIX
SET_PIPS = TILE_SET.total_pips  # 168: the double blank (taken out for three) holds none
MIN_PLAYERS, MAX_PLAYERS, PARTNER_PLAYERS = 2, 4, 4
# Tiles each in cut-throat by players (partner play deals 7 to each of four).
_TILES_EACH = {2: 14, 3: 9, 4: 7}
BONEYARD_TILES_EACH = 7  # two players, by agreement: 7 each and the rest drawn from


# --- The switches -----------------------------------------------------------------------------


class SetFormat(StrEnum):
    SIX_LOVE = "six_love"  # a win by the last side on love bruks the score to love all
    FIRST_TO_SIX = "first_to_six"  # straight six: every won hand adds, no bruk, no one-all


class TieReplay(StrEnum):
    """What the replay after a tie is worth."""

    RISES = "rises"  # one more than the hand that tied
    FLAT_2 = "flat_2"  # 2, however many ties came before
    NO_PREMIUM = "no_premium"  # what the tied hand was worth


class PartnersLevel(StrEnum):
    """A blocked hand whose lightest hands are level and both of one pair."""

    PAIR_WINS = "pair_wins"
    REPLAY = "replay"  # a tie, as level hands on different sides


# --- Refusals -----------------------------------------------------------------------------------


class JamaicanErrorCode(StrEnum):
    # The setup
    PARTNER_NOT_FOUR = "partner_not_four"  # limit: the four seats partner play needs
    TOO_FEW_PLAYERS = "too_few_players"  # limit: 2
    TOO_MANY_PLAYERS = "too_many_players"  # limit: 4
    BAD_TARGET = "bad_target"  # not a whole number from 1
    BONEYARD_NOT_TWO = "boneyard_not_two"  # only two players deal 7 each and draw
    # The hand
    NO_RESULT = "no_result"  # neither a seat that went out nor any count
    UNKNOWN_SEAT = "unknown_seat"  # a seat that went out, or was counted, is not at the table
    MISSING_COUNT = "missing_count"
    NOT_WHOLE = "not_whole"
    NEGATIVE_COUNT = "negative_count"
    TOO_MANY_PIPS = "too_many_pips"  # limit: the heaviest hand of the tiles a seat can hold
    COUNT_FOR_WENT_OUT = "count_for_went_out"  # the seat that went out holds nothing
    TOTAL_TOO_MANY = "total_too_many"  # limit: the set's 168
    KEY_NOT_COUNTED = "key_not_counted"  # the table does not count keys
    KEY_ON_BLOCKED = "key_on_blocked"  # a key is a way of going out: not on a blocked hand
    # The set
    SET_OVER = "set_over"  # limit: the number of hands the set was won in
    ALREADY_RECORDED = "already_recorded"  # limit: the hands recorded so far
    NOT_NEXT_HAND = "not_next_hand"  # limit: the number the next hand must carry


# What base.count_problem finds wrong with one seat's count, in this game's codes.
_COUNT_CODES = {
    NOT_WHOLE: JamaicanErrorCode.NOT_WHOLE,
    NEGATIVE_PIPS: JamaicanErrorCode.NEGATIVE_COUNT,
    TOO_MANY_PIPS: JamaicanErrorCode.TOO_MANY_PIPS,
    HELD_BY_WHO_WENT_OUT: JamaicanErrorCode.COUNT_FOR_WENT_OUT,
}


@dataclass(frozen=True, slots=True)
class JamaicanError:
    code: JamaicanErrorCode
    seat: int | None = None
    limit: int | None = None


class InvalidJamaican(Refused):
    """A setup or a hand that cannot be played: see `.errors` (and `.number`, the hand's)."""

    def __init__(self, errors: Sequence[JamaicanError], number: int | None = None) -> None:
        super().__init__(errors)
        self.number = number


def setup_errors(
    partner: bool, players: object, target: object, boneyard: bool = False
) -> tuple[JamaicanError, ...]:
    """Every reason a table cannot be set up so; empty when it can."""
    errors: list[JamaicanError] = []
    code = JamaicanErrorCode
    if partner and players != PARTNER_PLAYERS:
        errors.append(JamaicanError(code.PARTNER_NOT_FOUR, limit=PARTNER_PLAYERS))
    elif not is_whole(players) or players < MIN_PLAYERS:  # type: ignore[operator]
        errors.append(JamaicanError(code.TOO_FEW_PLAYERS, limit=MIN_PLAYERS))
    elif players > MAX_PLAYERS:  # type: ignore[operator]
        errors.append(JamaicanError(code.TOO_MANY_PLAYERS, limit=MAX_PLAYERS))
    elif boneyard and players != MIN_PLAYERS:
        errors.append(JamaicanError(code.BONEYARD_NOT_TWO, limit=MIN_PLAYERS))
    if not is_whole(target) or target < 1:  # type: ignore[operator]
        errors.append(JamaicanError(code.BAD_TARGET))
    return tuple(errors)


# --- One hand: what the table reports ---------------------------------------------------------


@dataclass(frozen=True)
class JamaicanHand:
    """Who went out (and whether on a key), or, when the line blocked, each seat's own count."""

    went_out: int | None = None  # None: the line blocked
    counts: Mapping[int, int] = field(default_factory=dict)  # seat: pips left in the hand
    key: bool = False  # the table says the seat that went out did so on a key
    number: int | None = None  # the hand's number in the set, when the form sends it

    @property
    def blocked(self) -> bool:
        return self.went_out is None


# --- The table's rules --------------------------------------------------------------------------


@dataclass(frozen=True)
class JamaicanRules:
    """What a Jamaican table agrees on before the first hand: who plays, and the switches."""

    partner: bool = True  # two pairs, partners opposite; False: cut-throat
    players: int = 4
    boneyard: bool = False  # two players: 7 each and the rest drawn from
    format: SetFormat = SetFormat.SIX_LOVE
    target: int = 6
    tie_replay: TieReplay = TieReplay.RISES
    one_all_play_two: bool = True
    partners_level: PartnersLevel = PartnersLevel.PAIR_WINS
    key_counts_two: bool = True
    double_six_every_hand: bool = False

    def __post_init__(self) -> None:
        errors = setup_errors(self.partner, self.players, self.target, self.boneyard)
        if errors:
            raise InvalidJamaican(errors)
        # Stored choices arrive as plain values; an unknown one raises ValueError here.
        object.__setattr__(self, "format", SetFormat(self.format))
        object.__setattr__(self, "tie_replay", TieReplay(self.tie_replay))
        object.__setattr__(self, "partners_level", PartnersLevel(self.partners_level))

    @property
    def sides(self) -> int:
        return 2 if self.partner else self.players

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partner else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        return tuple(seat for seat in range(self.players) if self.side_of(seat) == side)

    @property
    def tiles_each(self) -> int:
        if self.partner:
            return 7
        return BONEYARD_TILES_EACH if self.boneyard else _TILES_EACH[self.players]

    @property
    def double_blank_out(self) -> bool:
        """Three players: the double blank is taken out before the deal."""
        return self.players == 3

    @property
    def count_limit(self) -> int:
        """The most pips one seat can hold at the end of a hand (69, 85, 118; 168 drawing)."""
        if self.boneyard:
            return SET_PIPS  # a seat can hold more tiles than it was dealt
        return TILE_SET.heaviest(self.tiles_each)

    # One hand on its own.

    def hand_errors(self, hand: JamaicanHand) -> tuple[JamaicanError, ...]:
        """What is wrong with the hand as the form sent it, whatever the set's score."""
        code = JamaicanErrorCode
        errors: list[JamaicanError] = []
        went_out = hand.went_out
        if went_out is None and not hand.counts:
            errors.append(JamaicanError(code.NO_RESULT))
        elif went_out is not None and not self._is_seat(went_out):
            errors.append(JamaicanError(code.UNKNOWN_SEAT, seat=seat_or_none(went_out)))
            went_out = None
        if went_out is not None or hand.counts:
            errors += self._count_errors(hand, went_out, required=hand.went_out is None)
        if hand.key and not self.key_counts_two:
            errors.append(JamaicanError(code.KEY_NOT_COUNTED))
        elif hand.key and hand.went_out is None:
            errors.append(JamaicanError(code.KEY_ON_BLOCKED))
        return tuple(errors)

    def _count_errors(
        self, hand: JamaicanHand, went_out: int | None, required: bool
    ) -> list[JamaicanError]:
        """Each count given: whole, possible, and not more than the set together. On a blocked
        hand every seat's count is needed; when a seat went out the others' are not asked."""
        code = JamaicanErrorCode
        errors = [
            JamaicanError(code.UNKNOWN_SEAT, seat=seat_or_none(seat))
            for seat in hand.counts
            if not self._is_seat(seat)
        ]
        limit, total = self.count_limit, 0
        for seat in range(self.players):
            if seat not in hand.counts:
                if required:
                    errors.append(JamaicanError(code.MISSING_COUNT, seat=seat))
                continue
            value = hand.counts[seat]
            problem = count_problem(value, limit, went_out=seat == went_out)
            if problem is None:
                total += value
                continue
            error_code = _COUNT_CODES[problem]
            too_many = error_code is code.TOO_MANY_PIPS
            errors.append(JamaicanError(error_code, seat=seat, limit=limit if too_many else None))
        if total > SET_PIPS:
            errors.append(JamaicanError(code.TOTAL_TOO_MANY, limit=SET_PIPS))
        return errors

    def hand_winner(self, hand: JamaicanHand) -> int | None:
        """The side that wins a valid hand; None: a tie, the hand is played again."""
        if hand.went_out is not None:
            return self.side_of(hand.went_out)
        counts = [hand.counts[seat] for seat in range(self.players)]
        lightest = [seat for seat, count in enumerate(counts) if count == min(counts)]
        sides = {self.side_of(seat) for seat in lightest}
        if len(sides) > 1:
            return None  # level lightest hands on different sides
        if len(lightest) > 1 and self.partners_level is PartnersLevel.REPLAY:
            return None
        return sides.pop()

    def _is_seat(self, value: object) -> bool:
        return is_whole(value) and 0 <= value < self.players  # type: ignore[operator]


# --- Presets ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class JamaicanPreset:
    """A named way to play: who can sit down, and the switches it sets."""

    key: str
    partner_options: tuple[bool, ...]  # True: partner; False: cut-throat
    format: SetFormat = SetFormat.SIX_LOVE
    target: int = 6
    tie_replay: TieReplay = TieReplay.RISES
    one_all_play_two: bool = True
    key_counts_two: bool = True

    def player_options(self, partner: bool) -> tuple[int, ...]:
        if partner not in self.partner_options:
            return ()
        return (PARTNER_PLAYERS,) if partner else tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))

    def rules(self, partner: bool, players: int, boneyard: bool = False) -> JamaicanRules:
        """The preset's rules for this table (raises InvalidJamaican for a table it has not)."""
        if partner not in self.partner_options:
            raise ValueError(f"{self.key} is not played {'in' if partner else 'without'} pairs")
        return JamaicanRules(
            partner=partner,
            players=players,
            boneyard=boneyard,
            format=self.format,
            target=self.target,
            tie_replay=self.tie_replay,
            one_all_play_two=self.one_all_play_two,
            key_counts_two=self.key_counts_two,
        )


JAMAICAN_PRESETS: dict[str, JamaicanPreset] = {
    preset.key: preset
    for preset in (
        JamaicanPreset("jamaican_partner", partner_options=(True,)),
        JamaicanPreset("jamaican_cut_throat", partner_options=(False,)),
        # One-all is not played in a straight six: the switch is off, not merely ignored.
        JamaicanPreset(
            "straight_six",
            partner_options=(True, False),
            format=SetFormat.FIRST_TO_SIX,
            one_all_play_two=False,
        ),
    )
}
