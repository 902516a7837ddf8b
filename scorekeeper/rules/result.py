"""What a hand scored and why: the reason codes, the points by kind, and the result."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .house import CountRule


class ReasonCode(StrEnum):
    WENT_OUT = "went_out"
    LIGHTEST_HAND = "lightest_hand"
    LIGHTER_PAIR = "lighter_pair"
    VOID_TIE = "void_tie"
    DRAW_PAIRS = "draw_pairs"
    TIE_TO_LEADERS = "tie_to_leaders"
    BLOCKER_VS_NEXT = "blocker_vs_next"
    # Bergen under `doubles lose the count`: the lightest hand without a double won.
    LIGHTEST_WITHOUT_DOUBLE = "lightest_without_double"


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a hand scored what it did, for the UI to put into words in any language."""

    code: ReasonCode
    count_rule: CountRule
    winning_seat: int | None
    # Blocked hands: the lightest hand's pips, or the winning pair's total; on a void or a draw
    # the level pips (or pair total) that tied. None when somebody went out.
    winning_pips: int | None
    counted: tuple[tuple[int, int], ...]  # (seat, pips) that were added up, in seat order
    capicu_bonus: int
    tied_seats: tuple[int, ...] = ()  # VOID_TIE, TIE_TO_LEADERS: the level lightest hands
    # Regional rules: who led the hand (if known), and the two hands BLOCKER_VS_NEXT compared
    # (the blocker's first).
    led_by: int | None = None
    compared_seats: tuple[int, ...] = ()
    pooled: int | None = None  # the counted hands' pips given together (then `counted` is empty)
    # A blocked hand given per pair: each side's pips together, in side order (then `counted`
    # is empty, and `counted_pairs` the sides whose pips were added up).
    pair_pips: tuple[int, ...] = ()
    counted_pairs: tuple[int, ...] = ()


class PointKind(StrEnum):
    """What a side's points in a hand were for: the score sheet keeps each kind apart."""

    # Block games credit the count and the capicú bonus; scoring games and regional bonuses
    # (points during play, chuchazo, pase corrido, first hands...) add kinds here.
    COUNT = "count"
    CAPICU = "capicu"
    # Regional rules (bonuses)
    CHUCHAZO = "chuchazo"
    PASE_CORRIDO = "pase_corrido"
    PASE_DE_SALIDA = "pase_de_salida"
    FIRST_HANDS = "first_hands"
    # Scoring games (All Fives, Bergen): everything a side scored during the hand's play.
    PLAY = "play"


@dataclass(frozen=True, slots=True)
class Credit:
    """Points of one kind credited to one side in a hand."""

    side: int
    kind: PointKind
    points: int


@dataclass(frozen=True, slots=True)
class HandResult:
    """What one hand scored, for whom, and who leads the next."""

    side: int | None
    points: int
    winning_seat: int | None
    next_leader: int | None  # None: whoever holds the double leads
    reason: Reason
    side_points: tuple[int, ...]  # what tallies add up: a scoring game may credit several sides
    # Each side's points by kind, adding up to side_points; empty from a scorer that leaves
    # them to score_hand.
    credits: tuple[Credit, ...] = ()
    led_by: int | None = None  # who led the hand, as far as the sheet and the table know

    @property
    def void(self) -> bool:
        """Whether nobody scored: a void (replayed) or drawn blocked hand."""
        return self.side is None
