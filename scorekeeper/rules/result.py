"""What a hand scored and why: the reason codes, the points by kind, and the result."""

from __future__ import annotations

from collections.abc import Iterable
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
    # Mexican Train: a round nobody went out of, where everyone counts.
    ROUND_BLOCKED = "round_blocked"


class HandMark(StrEnum):
    """What a Jamaican sheet marks on a hand besides the games after it."""

    KEY = "key"  # won by going out on a key
    TIE = "tie"  # nobody won: the replay is worth the reason's `replay_for`
    BRUK = "bruk"  # the last side on love won: love all
    ONE_ALL = "one_all"  # one game each: the next hand is played for two


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
    # Jamaican (each hand a game): the sheet's marks, what a won hand was played for (in games),
    # and what the replay after a tie is worth.
    marks: tuple[HandMark, ...] = ()
    played_for: int | None = None
    replay_for: int | None = None


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
    # Mexican Train: what the double blank adds for the player left holding it (25 or 50).
    DOUBLE_BLANK = "double_blank"


@dataclass(frozen=True, slots=True)
class Credit:
    """Points of one kind credited to one side in a hand."""

    side: int
    kind: PointKind
    points: int


@dataclass(frozen=True, slots=True)
class Play:
    """A score made during play (All Fives, Bergen): the seat it is credited to, and its points."""

    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class HandResult:
    """What one hand scored, for whom, and who leads the next.

    Its score is kept in one form, its credits (plays first, then the end's): each side's
    points, the winner's and the plays' are all derived from them.
    """

    side: int | None
    winning_seat: int | None
    next_leader: int | None  # None: whoever holds the double leads
    # None: a scoring game's hand that the match ended during play (no end was entered).
    reason: Reason | None
    sides: int  # how many sides score: the length of side_points
    credits: tuple[Credit, ...] = ()
    led_by: int | None = None  # who led the hand, as far as the sheet and the table know
    plays: tuple[Play, ...] = ()  # the scores made during play, in order (none in a block game)

    @property
    def side_points(self) -> tuple[int, ...]:
        """Everything the hand credited to each side: several sides may score in one hand."""
        return _by_side(self.sides, self.credits)

    @property
    def play_points(self) -> tuple[int, ...]:
        """What the plays credited to each side."""
        return _by_side(self.sides, (c for c in self.credits if c.kind is PointKind.PLAY))

    @property
    def end_credits(self) -> tuple[Credit, ...]:
        """The credits of the hand's end: its count and bonuses, the plays left out."""
        return tuple(credit for credit in self.credits if credit.kind is not PointKind.PLAY)

    @property
    def points(self) -> int:
        """What the end of the hand paid the side that won it (0 on a void or without an end)."""
        if self.side is None:
            return 0
        return sum(
            c.points for c in self.credits if c.side == self.side and c.kind is not PointKind.PLAY
        )

    @property
    def ended(self) -> bool:
        """Whether the hand's end was entered (a match may end during a hand's play)."""
        return self.reason is not None

    @property
    def void(self) -> bool:
        """Whether nobody won the hand: a void (replayed) or drawn blocked hand, or no end."""
        return self.side is None


def _by_side(sides: int, credits: Iterable[Credit]) -> tuple[int, ...]:
    points = [0] * sides
    for credit in credits:
        points[credit.side] += credit.points
    return tuple(points)


def credits_of(side: int | None, *parts: tuple[PointKind, int]) -> tuple[Credit, ...]:
    """The credits of one side, of each kind that paid something (none for no side)."""
    if side is None:
        return ()
    return tuple(Credit(side, kind, points) for kind, points in parts if points)
