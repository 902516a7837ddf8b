"""The block games (and every regional way of them): the count at the end of a hand, and who
wins a blocked one."""

from __future__ import annotations

from ..game import Deal, Game, Preset
from ..hand import Ending, Hand
from ..house import BlockedRule, CountRule, HouseRules, LeadRule
from ..result import HandResult, PointKind, Reason, ReasonCode, credits_of
from ..tiles import TileSet
from .base import Scoring
from .counted import PipGame


def score(game: Game, hand: Hand, led_by: int | None, number: int | None = None) -> HandResult:
    pips = hand.pips
    count_rule = game.rules.count_rule
    if hand.ending is Ending.WENT_OUT:
        code = ReasonCode.WENT_OUT
        winning_seat: int = hand.went_out  # type: ignore[assignment]
        winning_pips = None
        bonus = game.rules.capicu_bonus if hand.capicu else 0
        tied: tuple[int, ...] = ()
        compared: tuple[int, ...] = ()
    elif hand.pair_pips:
        return _score_pairs(game, hand, led_by)
    else:
        held = tuple(pips[seat] for seat in range(game.seats))
        compared = ()
        if game.rules.blocker_against_next:
            code, seat, winning_pips, compared = _blocker_against_next(game, held, hand.blocked_by)
        else:
            code, seat, winning_pips, tied = _blocked_winner(game, held)
            if seat is None and game.rules.ties_to_leaders and led_by is not None:
                code, seat = _tie_to_leaders(game, held, code, tied, led_by)
        if seat is None:
            reason = Reason(code, count_rule, None, winning_pips, (), 0, tied, led_by)
            return HandResult(None, None, led_by, reason, game.side_count)
        winning_seat = seat
        bonus = 0
    # The seat that went out may have no count given: it holds nothing.
    if hand.pooled is not None:
        counted: tuple[tuple[int, int], ...] = ()
        points = bonus + hand.pooled
    else:
        counted = tuple((seat, pips.get(seat, 0)) for seat in game._counted_by_winner[winning_seat])
        points = bonus
        for _, held_pips in counted:
            points += held_pips
    side = game._side_by_seat[winning_seat]
    credits = credits_of(side, (PointKind.CAPICU, bonus), (PointKind.COUNT, points - bonus))
    tied = tied if code is ReasonCode.TIE_TO_LEADERS else ()
    reason = Reason(
        code,
        count_rule,
        winning_seat,
        winning_pips,
        counted,
        bonus,
        tied,
        led_by,
        compared,
        pooled=hand.pooled,
    )
    return HandResult(side, winning_seat, winning_seat, reason, game.side_count, credits)


def _score_pairs(game: Game, hand: Hand, led_by: int | None) -> HandResult:
    """A blocked hand given per pair: the lighter pair scores by the count rule."""
    totals = tuple(hand.pair_pips[side] for side in range(game.side_count))
    count_rule = game.rules.count_rule
    lightest = min(totals)
    if totals.count(lightest) > 1:
        reason = Reason(
            ReasonCode.DRAW_PAIRS, count_rule, None, lightest, (), 0, led_by=led_by,
            pair_pips=totals,
        )  # fmt: skip
        return HandResult(None, None, led_by, reason, game.side_count)
    side = totals.index(lightest)
    if count_rule is CountRule.EVERY_HAND:
        counted_pairs = tuple(range(game.side_count))
    else:  # opponents only: Game.counts_blocked_by_pair allows no other
        counted_pairs = tuple(other for other in range(game.side_count) if other != side)
    points = sum(totals[other] for other in counted_pairs)
    # Which hand of the pair was lighter is not known, nor needed (the lead passes in turn):
    # the pair's first seat stands for the side.
    winning_seat = game.sides[side][0]
    reason = Reason(
        ReasonCode.LIGHTER_PAIR, count_rule, winning_seat, lightest, (), 0, led_by=led_by,
        pair_pips=totals, counted_pairs=counted_pairs,
    )  # fmt: skip
    credits = credits_of(side, (PointKind.COUNT, points))
    return HandResult(side, winning_seat, winning_seat, reason, game.side_count, credits)


def _blocked_winner(
    game: Game, held: tuple[int, ...]
) -> tuple[ReasonCode, int | None, int, tuple[int, ...]]:
    """Who wins the count of a blocked hand: (code, winning seat or None, pips, tied seats)."""
    if game.partnership and game.rules.blocked_rule is BlockedRule.LIGHTER_PAIR:
        totals = [sum(held[seat] for seat in seats) for seats in game.sides]
        lightest = min(totals)
        if totals.count(lightest) > 1:
            return ReasonCode.DRAW_PAIRS, None, lightest, ()
        pair = game.sides[totals.index(lightest)]
        # min() keeps the first of level hands, and each pair is listed in seat order.
        return ReasonCode.LIGHTER_PAIR, min(pair, key=held.__getitem__), lightest, ()
    # Without partnership the lighter pair rule is the lightest hand rule: one hand per side.
    lightest = min(held)
    level = tuple(seat for seat, pips in enumerate(held) if pips == lightest)
    if len(level) > 1:
        by_seat = game._side_by_seat
        side = by_seat[level[0]]
        if any(by_seat[seat] != side for seat in level):
            return ReasonCode.VOID_TIE, None, lightest, level
    return ReasonCode.LIGHTEST_HAND, level[0], lightest, ()


def tie_without_leader(game: Game, hand: Hand) -> bool:
    """Whether a blocked hand's count is a tie the blocked rule voids (a void or a draw)."""
    held = tuple(hand.pips[seat] for seat in range(game.seats))
    return _blocked_winner(game, held)[1] is None


def _blocker_against_next(
    game: Game, held: tuple[int, ...], blocker: int | None
) -> tuple[ReasonCode, int, int, tuple[int, ...]]:
    """The blocker's hand against the next seat's: the lighter wins, a tie goes to the blocker."""
    assert blocker is not None  # validate_hand asks for it
    following = (blocker + 1) % game.seats
    seat = following if held[following] < held[blocker] else blocker
    return ReasonCode.BLOCKER_VS_NEXT, seat, held[seat], (blocker, following)


def _tie_to_leaders(
    game: Game, held: tuple[int, ...], code: ReasonCode, tied: tuple[int, ...], leader: int
) -> tuple[ReasonCode, int | None]:
    """The side that led wins a tie the blocked rule would void, with its lighter hand."""
    side = game._side_by_seat[leader]
    if code is ReasonCode.VOID_TIE and all(game._side_by_seat[seat] != side for seat in tied):
        # A tie between other sides is not the leaders' to win (only without partnership).
        return code, None
    seats = game.sides[side]
    lightest = min(held[seat] for seat in seats)
    seat = leader if held[leader] == lightest else min(seats, key=held.__getitem__)
    return ReasonCode.TIE_TO_LEADERS, seat


PAIRS_DOUBLE_SIX = {4: Deal(7)}
EACH_DOUBLE_SIX = {2: Deal(7), 3: Deal(5), 4: Deal(5, draws=True)}

# RULES.md's table of ways to play: each preset sets every switch; the setup keeps them all
# editable. The scoring games (All Fives, Bergen) add theirs beside these.
PRESETS: tuple[Preset, ...] = (
    Preset("caribbean", TileSet.DOUBLE_SIX, PAIRS_DOUBLE_SIX, partnership=True),
    Preset(
        "puerto_rico_500",
        TileSet.DOUBLE_SIX,
        PAIRS_DOUBLE_SIX,
        partnership=True,
        rules=HouseRules(
            target=500,
            capicu_bonus=100,
            blocked_rule=BlockedRule.LIGHTER_PAIR,
            chuchazo_bonus=100,
            first_hands_bonus=(100, 75, 50, 25),
        ),
    ),
    Preset(
        "dominican",
        TileSet.DOUBLE_SIX,
        PAIRS_DOUBLE_SIX,
        partnership=True,
        rules=HouseRules(
            blocked_rule=BlockedRule.LIGHTER_PAIR, ties_to_leaders=True, pase_corrido_bonus=25
        ),
    ),
    Preset(
        "cuban",
        TileSet.DOUBLE_NINE,
        {4: Deal(10)},
        partnership=True,
        rules=HouseRules(
            target=100,
            capicu_bonus=0,
            ties_to_leaders=True,
            pase_de_salida_bonus=20,
            pase_de_salida_on_double_only=True,
        ),
    ),
    Preset(
        "spanish",
        TileSet.DOUBLE_SIX,
        PAIRS_DOUBLE_SIX,
        partnership=True,
        rules=HouseRules(
            target=300,
            capicu_bonus=0,
            count_rule=CountRule.EVERY_HAND,
            blocked_rule=BlockedRule.LIGHTER_PAIR,
            lead_rule=LeadRule.TURN_PASSES,
        ),
    ),
    Preset("double_twelve", TileSet.DOUBLE_TWELVE, {4: Deal(15)}, partnership=True),
    Preset(
        "pub_block",
        TileSet.DOUBLE_SIX,
        EACH_DOUBLE_SIX,
        rules=HouseRules(target=100, capicu_bonus=0),
    ),
)


class Block(PipGame):
    """The block game: nothing scores during play; the hand's winner takes the count."""

    scoring = Scoring.BLOCK
    block_switches = True
    presets = PRESETS

    def score(self, game: Game, hand: Hand, led_by: int | None, number: int | None) -> HandResult:
        return score(game, hand, led_by, number)

    def tie_without_leader(self, game: Game, hand: Hand) -> bool:
        return tie_without_leader(game, hand)

    def needed_by_winner(self, game: Game, winner: int) -> tuple[int, ...]:
        if game.rules.count_rule is CountRule.OPPONENTS_ONLY:
            mine = game.side_of(winner)
            return tuple(seat for seat in range(game.seats) if game.side_of(seat) != mine)
        return super().needed_by_winner(game, winner)
