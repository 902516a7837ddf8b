"""Scoring rules for domino block games: pure Python, no Django."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import IntEnum, StrEnum
from functools import cache, cached_property

__all__ = [
    "LEGACY_PRESETS",
    "PRESETS",
    "BlockedRule",
    "CountRule",
    "Credit",
    "Deal",
    "Ending",
    "ErrorCode",
    "Game",
    "Hand",
    "HandError",
    "HandResult",
    "HouseRules",
    "InvalidHand",
    "InvalidTiles",
    "LeadRule",
    "MatchState",
    "PointKind",
    "Preset",
    "Reason",
    "ReasonCode",
    "Scoring",
    "SeriesRules",
    "SeriesState",
    "Tile",
    "TileError",
    "TileErrorCode",
    "TileSet",
    "advance",
    "check_can_add",
    "count_tiles",
    "is_shutout",
    "make_game",
    "needed_seats",
    "normalise",
    "play_match",
    "preset_named",
    "score_hand",
    "series_advance",
    "series_tally",
    "tally",
    "tile_pips",
    "validate_hand",
]

# A tile is normalised as (high, low) so that each tile of a set has exactly one spelling.
Tile = tuple[int, int]


# --- Tiles and sets -------------------------------------------------------------------------


class TileSet(IntEnum):
    """A set of dominoes, named by (and valued as) its highest number."""

    DOUBLE_SIX = 6
    DOUBLE_NINE = 9
    DOUBLE_TWELVE = 12

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile of the set once, as (high, low)."""
        return _tiles_of(self.value)

    @property
    def tile_count(self) -> int:
        """How many tiles the set holds (28, 55, 91)."""
        return len(_tiles_of(self.value))

    @property
    def total_pips(self) -> int:
        """The pips on all tiles of the set together (168, 495, 1092)."""
        return _heaviest_of(self.value)[-1]

    def heaviest(self, tiles: int) -> int:
        """The pips on the heaviest `tiles` tiles of the set (the whole set past its size)."""
        sums = _heaviest_of(self.value)
        return sums[max(0, min(tiles, len(sums) - 1))]


@cache
def _tiles_of(top: int) -> tuple[Tile, ...]:
    return tuple((high, low) for high in range(top + 1) for low in range(high + 1))


@cache
def _heaviest_of(top: int) -> tuple[int, ...]:
    # Prefix sums of the tiles sorted heaviest first: entry n is the heaviest hand of n tiles.
    sums = [0]
    for pips in sorted((high + low for high, low in _tiles_of(top)), reverse=True):
        sums.append(sums[-1] + pips)
    return tuple(sums)


def tile_pips(tile: Tile) -> int:
    """The pips on one tile: both halves, so a double counts twice its number."""
    high, low = tile
    return high + low


def normalise(tile: Iterable[int]) -> Tile:
    """The tile as (high, low), refusing anything but two whole non-negative numbers."""
    halves = tuple(tile)
    if len(halves) != 2 or not all(_is_whole(half) and half >= 0 for half in halves):
        raise ValueError(f"not a domino: {tile!r}")
    first, second = halves
    return (first, second) if first >= second else (second, first)


class TileErrorCode(StrEnum):
    NOT_IN_SET = "not_in_set"
    CLAIMED_TWICE = "claimed_twice"
    UNKNOWN_SEAT = "unknown_seat"


@dataclass(frozen=True, slots=True)
class TileError:
    code: TileErrorCode
    seat: int | None = None
    tile: Tile | None = None


class _Refused(ValueError):
    """Carries every reason something was refused, in `.errors`."""

    def __init__(self, errors: Iterable) -> None:
        self.errors = tuple(errors)
        super().__init__(", ".join(str(error.code) for error in self.errors))


class InvalidTiles(_Refused):
    """The tiles given for the hands cannot all be real: see `.errors`."""

    errors: tuple[TileError, ...]


def count_tiles(game: Game, hands: Mapping[int, Iterable[Tile]]) -> dict[int, int]:
    """Pips per seat from the tiles each hand holds (refuses tiles off the set or held twice)."""
    errors: list[TileError] = []
    top = game.tile_set.value
    seen: set[Tile] = set()
    counts: dict[int, int] = {}
    known = {seat: tiles for seat, tiles in hands.items() if game.has_seat(seat)}
    for seat in hands:
        if not game.has_seat(seat):
            errors.append(TileError(TileErrorCode.UNKNOWN_SEAT, seat=_seat_or_none(seat)))
    # Seat order, so a tile held twice is always blamed on the later seat.
    for seat in sorted(known):
        pips = 0
        for raw in known[seat]:
            try:
                tile = normalise(raw)
            except (TypeError, ValueError):
                errors.append(TileError(TileErrorCode.NOT_IN_SET, seat=seat, tile=raw))
                continue
            if tile[0] > top:
                errors.append(TileError(TileErrorCode.NOT_IN_SET, seat=seat, tile=tile))
            elif tile in seen:
                errors.append(TileError(TileErrorCode.CLAIMED_TWICE, seat=seat, tile=tile))
            else:
                seen.add(tile)
                pips += tile[0] + tile[1]
        counts[seat] = pips
    if errors:
        raise InvalidTiles(errors)
    return counts


# --- The game a table plays ---------------------------------------------------------------


class Scoring(StrEnum):
    BLOCK = "block"
    # The scoring games score during play too; their scorers live in scoring_games.py.
    ALL_FIVES = "all_fives"
    BERGEN = "bergen"


class CountRule(StrEnum):
    ALL_OTHER_HANDS = "all_other_hands"
    OPPONENTS_ONLY = "opponents_only"
    EVERY_HAND = "every_hand"


class BlockedRule(StrEnum):
    LIGHTEST_HAND = "lightest_hand"
    LIGHTER_PAIR = "lighter_pair"


class Ending(StrEnum):
    WENT_OUT = "went_out"
    BLOCKED = "blocked"


class LeadRule(StrEnum):
    """Who leads the next hand: the seat that won this one, or the next seat in turn."""

    WINNER_LEADS = "winner_leads"
    TURN_PASSES = "turn_passes"


class Rounding(StrEnum):
    """How All Fives rounds the count at the end of a hand to a multiple of five."""

    NEAREST_FIVE = "nearest_five"
    EACH_HAND = "each_hand"
    EXACT = "exact"


@dataclass(frozen=True)
class HouseRules:
    """The switches on which tables differ; checked by the Game that uses them."""

    target: int = 200
    capicu_bonus: int = 25
    count_rule: CountRule = CountRule.ALL_OTHER_HANDS
    blocked_rule: BlockedRule = BlockedRule.LIGHTEST_HAND
    # Scoring games (All Fives, Bergen)
    rounding: Rounding = Rounding.NEAREST_FIVE
    blocked_pays_difference: bool = False
    going_out_pays_two: bool = False
    doubles_lose_count: bool = False

    # Regional rules (lead, blocked additions, bonuses)
    lead_rule: LeadRule = LeadRule.WINNER_LEADS
    ties_to_leaders: bool = False
    blocker_against_next: bool = False
    chuchazo_bonus: int = 0
    pase_corrido_bonus: int = 0
    pase_de_salida_bonus: int = 0
    pase_de_salida_on_double_only: bool = False
    first_hands_bonus: tuple[int, ...] = ()  # paid for winning hands 1, 2, 3... in order

    def __post_init__(self) -> None:
        # Stored choices arrive as plain strings; an unknown one raises ValueError here.
        object.__setattr__(self, "count_rule", CountRule(self.count_rule))
        object.__setattr__(self, "blocked_rule", BlockedRule(self.blocked_rule))
        object.__setattr__(self, "lead_rule", LeadRule(self.lead_rule))
        object.__setattr__(self, "first_hands_bonus", tuple(self.first_hands_bonus))
        object.__setattr__(self, "rounding", Rounding(self.rounding))


@dataclass(frozen=True)
class Game:
    """Who plays with which tiles under which house rules: everything scoring depends on."""

    seats: int
    partnership: bool
    tile_set: TileSet = TileSet.DOUBLE_SIX
    tiles_each: int = 7
    draws: bool = False
    rules: HouseRules = HouseRules()
    scoring: Scoring = Scoring.BLOCK

    def __post_init__(self) -> None:
        object.__setattr__(self, "tile_set", TileSet(self.tile_set))
        object.__setattr__(self, "scoring", Scoring(self.scoring))
        if not _is_whole(self.seats) or not 2 <= self.seats <= 4:
            raise ValueError(f"a table has 2 to 4 seats, not {self.seats!r}")
        if self.partnership and self.seats != 4:
            raise ValueError("partnership needs exactly 4 seats")
        if not _is_whole(self.tiles_each) or self.tiles_each < 1:
            raise ValueError(f"each seat is dealt at least one tile, not {self.tiles_each!r}")
        if self.tiles_each * self.seats > self.tile_set.tile_count:
            raise ValueError(
                f"{self.seats} x {self.tiles_each} tiles is more than the "
                f"{self.tile_set.tile_count} in the set"
            )
        if not _is_whole(self.rules.target) or self.rules.target <= 0:
            raise ValueError(f"the target must be a positive number, not {self.rules.target!r}")
        if not _is_whole(self.rules.capicu_bonus) or self.rules.capicu_bonus < 0:
            raise ValueError(f"the capicu bonus cannot be {self.rules.capicu_bonus!r}")
        _check_regional_rules(self.rules)

    @cached_property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side, in seat order: partners sit opposite."""
        if self.partnership:
            return ((0, 2), (1, 3))
        return tuple((seat,) for seat in range(self.seats))

    @property
    def side_count(self) -> int:
        """How many sides score: columns on the score sheet."""
        return len(self.sides)

    def has_seat(self, seat: object) -> bool:
        """Whether `seat` is a seat index at this table."""
        return _is_whole(seat) and 0 <= seat < self.seats  # type: ignore[operator]

    def side_of(self, seat: int) -> int:
        """The side the seat scores for."""
        if not self.has_seat(seat):
            raise ValueError(f"no seat {seat!r} at this table")
        return self._side_by_seat[seat]

    def partner_of(self, seat: int) -> int | None:
        """The seat opposite in partnership play, else None."""
        if not self.has_seat(seat):
            raise ValueError(f"no seat {seat!r} at this table")
        return (seat + 2) % 4 if self.partnership else None

    @cached_property
    def max_pips_in_hand(self) -> int:
        """The most pips one hand can hold at the end of a hand: its heaviest possible tiles."""
        # Without drawing a hand only ever holds what it was dealt. With drawing it can also
        # take the whole boneyard, but never another seat's tiles: that bound is exact for
        # what one hand can hold, tighter than the whole set's pips and still never wrong.
        most_tiles = self.tiles_each
        if self.draws:
            most_tiles += self.tile_set.tile_count - self.seats * self.tiles_each
        return self.tile_set.heaviest(most_tiles)

    def max_pips_in_hands(self, hands: int) -> int:
        """The most pips `hands` hands can hold together: the heaviest tiles they can hold."""
        # Never more than the set: past its size heaviest() is the whole set's pips.
        most_tiles = hands * self.tiles_each
        if self.draws:
            most_tiles += self.tile_set.tile_count - self.seats * self.tiles_each
        return self.tile_set.heaviest(most_tiles)

    @property
    def offers_capicu(self) -> bool:
        """Whether the hand form offers a capicu: only when a block game pays a bonus."""
        return self.scoring is Scoring.BLOCK and self.rules.capicu_bonus > 0

    @property
    def scores_during_play(self) -> bool:
        """Whether points are scored during the hand (All Fives, Bergen), not only at its end."""
        return self.scoring is not Scoring.BLOCK

    # Regional rules: what the hand form asks, only when the table's rules need it.

    @property
    def offers_chuchazo(self) -> bool:
        return self.rules.chuchazo_bonus > 0

    @property
    def offers_pase_corrido(self) -> bool:
        return self.rules.pase_corrido_bonus > 0

    @property
    def offers_pase_de_salida(self) -> bool:
        return self.rules.pase_de_salida_bonus > 0

    @property
    def counts_blocked_by_pair(self) -> bool:
        """Whether a blocked hand can be given as each pair's pips together (two numbers).

        Enough under `lighter pair` when the points need no single hand (`every hand` or
        `opponents only`) and nobody needs the winning seat: the lead passes in turn, and no
        regional rule compares single hands (blocker against the next) or gives a tie to the
        leaders' lighter hand.
        """
        house = self.rules
        return (
            self.partnership
            and self.scoring is Scoring.BLOCK
            and house.blocked_rule is BlockedRule.LIGHTER_PAIR
            and house.count_rule in (CountRule.EVERY_HAND, CountRule.OPPONENTS_ONLY)
            and house.lead_rule is LeadRule.TURN_PASSES
            and not house.ties_to_leaders
            and not house.blocker_against_next
        )

    @property
    def asks_blocker(self) -> bool:
        """Whether a blocked hand needs who played the blocking tile."""
        return self.rules.blocker_against_next

    def asks_leader(self, led_by: int | None) -> bool:
        """Whether the hand form asks who led: not known yet, and a rule of the table needs it."""
        return led_by is None and (
            self.rules.ties_to_leaders
            or self.offers_pase_de_salida
            or self.rules.lead_rule is LeadRule.TURN_PASSES
        )

    @property
    def pase_corrido_limit(self) -> int:
        """At most one pase corrido per tile played: the tiles in play."""
        if self.draws:
            return self.tile_set.tile_count
        return self.seats * self.tiles_each

    # Lookups that score_hand needs on every hand, computed once per Game.

    @cached_property
    def _side_by_seat(self) -> tuple[int, ...]:
        by_seat = [0] * self.seats
        for side, seats in enumerate(self.sides):
            for seat in seats:
                by_seat[seat] = side
        return tuple(by_seat)

    @cached_property
    def _needed_by_winner(self) -> tuple[tuple[int, ...], ...]:
        # The counts a went-out hand needs: those the count rule adds up, less the winner's own.
        by_seat = self._side_by_seat
        if self.scoring is Scoring.BERGEN:
            # Going out scores a point whatever the others hold.
            return ((),) * self.seats
        if self.rules.count_rule is CountRule.OPPONENTS_ONLY or self.scores_during_play:
            # All Fives always counts the other sides' hands only.
            return tuple(
                tuple(s for s in range(self.seats) if by_seat[s] != by_seat[winner])
                for winner in range(self.seats)
            )
        return tuple(
            tuple(s for s in range(self.seats) if s != winner) for winner in range(self.seats)
        )

    @cached_property
    def _counted_by_winner(self) -> tuple[tuple[int, ...], ...]:
        if self.rules.count_rule is CountRule.EVERY_HAND:
            return (tuple(range(self.seats)),) * self.seats
        return self._needed_by_winner

    @cached_property
    def _zero_points(self) -> tuple[int, ...]:
        return (0,) * self.side_count


# --- Presets ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """How many tiles each seat is dealt, and whether the boneyard is drawn from."""

    tiles_each: int
    draws: bool = False


@dataclass(frozen=True)
class Preset:
    """A common way to play: the set, and the deal for each number of seats it allows."""

    key: str
    tile_set: TileSet
    deals: Mapping[int, Deal] = field(hash=False)
    partnership: bool = False  # the default with 4 seats; never with fewer
    rules: HouseRules = HouseRules()  # every switch of the way to play, target included
    scoring: Scoring = Scoring.BLOCK
    # A scoring game's own targets: (each for themselves, in partnership); None: the table's.
    targets: tuple[int, int] | None = None

    def default_rules(self, partnership: bool) -> HouseRules:
        """The house rules this preset starts from (a scoring game's own target)."""
        if self.targets is None:
            return self.rules
        return HouseRules(target=self.targets[partnership], capicu_bonus=0)

    @property
    def seat_options(self) -> tuple[int, ...]:
        """The numbers of seats this preset can be played with, smallest first."""
        return tuple(sorted(self.deals))

    def deal_for(self, seats: int) -> Deal:
        """The deal with this many seats (ValueError if the preset does not allow it)."""
        try:
            return self.deals[seats]
        except (KeyError, TypeError):
            raise ValueError(f"{self.key!r} is not played with {seats!r} seats") from None


PAIRS_DOUBLE_SIX = {4: Deal(7)}
EACH_DOUBLE_SIX = {2: Deal(7), 3: Deal(5), 4: Deal(5, draws=True)}

# RULES.md's table of ways to play: each preset sets every switch; the setup keeps them all
# editable. The scoring games (All Fives, Bergen) add theirs beside these.
PRESETS: dict[str, Preset] = {
    "caribbean": Preset("caribbean", TileSet.DOUBLE_SIX, PAIRS_DOUBLE_SIX, partnership=True),
    "puerto_rico_500": Preset(
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
    "dominican": Preset(
        "dominican",
        TileSet.DOUBLE_SIX,
        PAIRS_DOUBLE_SIX,
        partnership=True,
        rules=HouseRules(
            blocked_rule=BlockedRule.LIGHTER_PAIR, ties_to_leaders=True, pase_corrido_bonus=25
        ),
    ),
    "cuban": Preset(
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
    "spanish": Preset(
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
    "double_twelve": Preset(
        "double_twelve", TileSet.DOUBLE_TWELVE, {4: Deal(15)}, partnership=True
    ),
    "pub_block": Preset(
        "pub_block",
        TileSet.DOUBLE_SIX,
        EACH_DOUBLE_SIX,
        rules=HouseRules(target=100, capicu_bonus=0),
    ),
    # Scoring games (All Fives, Bergen): draw games, in pairs with four.
    "all_fives": Preset(
        "all_fives",
        TileSet.DOUBLE_SIX,
        {2: Deal(7, draws=True), 3: Deal(5, draws=True), 4: Deal(5, draws=True)},
        partnership=True,
        scoring=Scoring.ALL_FIVES,
        targets=(200, 250),
    ),
    "bergen": Preset(
        "bergen",
        TileSet.DOUBLE_SIX,
        {2: Deal(6, draws=True), 3: Deal(6, draws=True), 4: Deal(5, draws=True)},
        partnership=True,
        scoring=Scoring.BERGEN,
        targets=(10, 15),
    ),
}
# Keys that stored matches and old links still carry, and the preset each now means.
LEGACY_PRESETS: dict[str, str] = {"double_nine": "cuban", "standard": "pub_block"}


def make_game(
    preset: str,
    seats: int,
    *,
    partnership: bool | None = None,
    rules: HouseRules | None = None,
) -> Game:
    """Build a Game from a preset for this many seats (partnership: the preset's, at 4 seats).

    Without `rules`, the preset's own house rules.
    """
    # The deal follows the preset and the number of seats; partnership is a
    # separate choice that any preset allows at 4 seats (a partnership preset played each for
    # themselves keeps its set and deal). Game refuses partnership with fewer seats.
    chosen = preset_named(preset)
    deal = chosen.deal_for(seats)
    if partnership is None:
        partnership = chosen.partnership and seats == 4
    return Game(
        seats=seats,
        partnership=partnership,
        tile_set=chosen.tile_set,
        tiles_each=deal.tiles_each,
        draws=deal.draws,
        rules=chosen.default_rules(partnership) if rules is None else rules,
        scoring=chosen.scoring,
    )


def preset_named(key: str) -> Preset:
    """The preset with this key, or the one an old key now means (ValueError if none)."""
    try:
        return PRESETS[LEGACY_PRESETS.get(key, key)]
    except (KeyError, TypeError):
        raise ValueError(f"unknown preset {key!r}") from None


# --- One hand: what the table reports, and why it may be refused ------------------------------


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
    # Bergen under `doubles lose the count`: the seats whose hand holds a double.
    holding_doubles: frozenset[int] = frozenset()

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


@dataclass(frozen=True, slots=True)
class HandError:
    code: ErrorCode
    seat: int | None = None
    limit: int | None = None


class InvalidHand(_Refused):
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


def validate_hand(game: Game, hand: Hand, led_by: int | None = None) -> tuple[HandError, ...]:
    """Every reason the hand cannot be scored, in field order; empty when it can.

    `led_by` is who the sheet knows led the hand (None: not known, as on the first hand).
    """
    errors: list[HandError] = []
    went_out, needed = _check_ending(game, hand, errors)
    _check_pips(game, hand, went_out, needed, errors)
    if hand.capicu:
        if hand.ending is Ending.BLOCKED:
            errors.append(HandError(ErrorCode.CAPICU_ON_BLOCKED))
        if not game.offers_capicu:
            errors.append(HandError(ErrorCode.CAPICU_NOT_OFFERED))
    errors.extend(_regional_errors(game, hand, led_by, counts_valid=not errors))
    errors += _doubles_errors(game, hand)
    return tuple(errors)


def _check_ending(
    game: Game, hand: Hand, errors: list[HandError]
) -> tuple[int | None, tuple[int, ...] | None]:
    """The seat that went out and the seats whose pips are needed, as far as they are known."""
    went_out = hand.went_out
    if hand.ending is not Ending.WENT_OUT:
        if went_out is not None:
            errors.append(HandError(ErrorCode.WINNER_ON_BLOCKED, seat=_seat_or_none(went_out)))
        return None, tuple(range(game.seats))
    # None for the needed seats: not known, so no count can be called missing.
    if not _is_whole(went_out):
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
    seats = game.seats
    given: dict[int, object] = {}
    unknown: list[object] = []
    for seat, value in hand.pips.items():
        if _is_whole(seat) and 0 <= seat < seats:
            given[seat] = value
        else:
            unknown.append(seat)
    total = 0
    for seat in range(seats):
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
        errors.append(HandError(ErrorCode.UNKNOWN_SEAT, seat=_seat_or_none(seat)))
    if total > game.tile_set.total_pips:
        errors.append(HandError(ErrorCode.TOTAL_TOO_MANY, limit=game.tile_set.total_pips))
    if hand.pooled is not None:
        errors.extend(_pooled_errors(game, hand, needed))
    if hand.pair_pips:
        errors.extend(_pair_errors(game, hand))


def _seat_pips_error(
    game: Game, seat: int, value: object, went_out: int | None
) -> HandError | None:
    """What is wrong with one seat's pips, if anything."""
    limit = game.max_pips_in_hand
    if not _is_whole(value):
        return HandError(ErrorCode.NOT_WHOLE, seat=seat)
    if value < 0:  # type: ignore[operator]
        return HandError(ErrorCode.NEGATIVE_PIPS, seat=seat)
    if seat == went_out and value != 0:
        # The seat that went out holds nothing; a 0 for it is harmless and accepted.
        return HandError(ErrorCode.PIPS_FOR_WINNER, seat=seat)
    if value > limit:  # type: ignore[operator]
        return HandError(ErrorCode.TOO_MANY_PIPS, seat=seat, limit=limit)
    return None


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
    if any(not _is_whole(side) or not 0 <= side < game.side_count for side in hand.pair_pips):
        errors.append(HandError(ErrorCode.PAIR_UNKNOWN_SIDE))
    limit = game.max_pips_in_hands(2)
    total = 0
    for side in range(game.side_count):
        value = hand.pair_pips.get(side)
        if value is None:
            errors.append(HandError(ErrorCode.PAIR_MISSING, seat=side))
        elif not _is_whole(value):
            errors.append(HandError(ErrorCode.PAIR_NOT_WHOLE, seat=side))
        elif value < 0:
            errors.append(HandError(ErrorCode.PAIR_NEGATIVE, seat=side))
        elif value > limit:
            errors.append(HandError(ErrorCode.PAIR_TOO_MANY, seat=side, limit=limit))
        else:
            total += value
    most = game.max_pips_in_hands(game.seats)
    if total > most:
        errors.append(HandError(ErrorCode.TOTAL_TOO_MANY, limit=most))
    return errors


def _pooled_errors(game: Game, hand: Hand, needed: tuple[int, ...] | None) -> list[HandError]:
    """A pooled count: only for a went-out hand, alone, and no more than its hands can hold."""
    errors: list[HandError] = []
    if game.scoring is not Scoring.BLOCK:
        # A scoring game rounds and compares the hands one by one.
        errors.append(HandError(ErrorCode.POOLED_NOT_OFFERED))
    if hand.ending is Ending.BLOCKED:
        errors.append(HandError(ErrorCode.POOLED_ON_BLOCKED))
    if any(value != 0 or seat != hand.went_out for seat, value in hand.pips.items()):
        errors.append(HandError(ErrorCode.POOLED_WITH_PIPS))
    value = hand.pooled
    if not _is_whole(value):
        errors.append(HandError(ErrorCode.NOT_WHOLE))
    elif value < 0:  # type: ignore[operator]
        errors.append(HandError(ErrorCode.NEGATIVE_PIPS))
    elif hand.ending is Ending.WENT_OUT and needed is not None:
        limit = game.max_pips_in_hands(len(needed))
        if value > limit:  # type: ignore[operator]
            errors.append(HandError(ErrorCode.POOLED_TOO_MANY, limit=limit))
    return errors


def _doubles_errors(game: Game, hand: Hand) -> list[HandError]:
    """Bergen's `doubles lose the count`: who holds a double is asked only under that rule."""
    if not hand.holding_doubles:
        return []
    errors = []
    if not (game.scoring is Scoring.BERGEN and game.rules.doubles_lose_count):
        errors.append(HandError(ErrorCode.DOUBLES_NOT_ASKED))
    for seat in sorted(hand.holding_doubles, key=str):
        if not game.has_seat(seat):
            errors.append(HandError(ErrorCode.UNKNOWN_SEAT, seat=_seat_or_none(seat)))
    return errors


# --- Scoring one hand -------------------------------------------------------------------------


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


def score_hand(
    game: Game, hand: Hand, led_by: int | None = None, *, number: int | None = None
) -> HandResult:
    """Score one finished hand under the game's house rules (raises InvalidHand).

    `led_by` is who the sheet knows led (else the hand's own `led_by`, if the table said);
    `number` is the hand's number on the sheet, which the first-hands bonus pays by.
    """
    if led_by is not None and not game.has_seat(led_by):
        raise ValueError(f"no seat {led_by!r} at this table led the hand")
    errors = validate_hand(game, hand, led_by)
    if errors:
        raise InvalidHand(errors)
    try:
        scorer = _SCORERS[game.scoring]
    except KeyError:
        raise NotImplementedError(f"no scorer for {game.scoring}") from None
    leader = led_by if led_by is not None else hand.led_by
    return _with_regional_rules(game, hand, scorer(game, hand, leader), leader, number)


def _score_block(game: Game, hand: Hand, led_by: int | None) -> HandResult:
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
            return HandResult(None, 0, None, led_by, reason, game._zero_points)
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
    side_points = list(game._zero_points)
    side_points[side] = points
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
    return HandResult(side, points, winning_seat, winning_seat, reason, tuple(side_points))


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
        return HandResult(None, 0, None, led_by, reason, game._zero_points)
    side = totals.index(lightest)
    if count_rule is CountRule.EVERY_HAND:
        counted_pairs = tuple(range(game.side_count))
    else:  # opponents only: Game.counts_blocked_by_pair allows no other
        counted_pairs = tuple(other for other in range(game.side_count) if other != side)
    points = sum(totals[other] for other in counted_pairs)
    # Which hand of the pair was lighter is not known, nor needed (the lead passes in turn):
    # the pair's first seat stands for the side.
    winning_seat = game.sides[side][0]
    side_points = list(game._zero_points)
    side_points[side] = points
    reason = Reason(
        ReasonCode.LIGHTER_PAIR, count_rule, winning_seat, lightest, (), 0, led_by=led_by,
        pair_pips=totals, counted_pairs=counted_pairs,
    )  # fmt: skip
    return HandResult(side, points, winning_seat, winning_seat, reason, tuple(side_points))


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


_SCORERS: dict[Scoring, Callable[[Game, Hand, int | None], HandResult]] = {
    Scoring.BLOCK: _score_block,
    # scoring_games.py adds Scoring.ALL_FIVES and Scoring.BERGEN when it is imported (below).
}
# Whether a blocked hand of a scoring game is a tie that nobody wins without a known leader:
# scoring_games.py adds its games (a block game's ties are _blocked_winner's).
_TIES: dict[Scoring, Callable[[Game, Hand], bool]] = {}


# --- The match ------------------------------------------------------------------------------


@dataclass(frozen=True)
class MatchState:
    """The score sheet: the totals, and whether (and when) the line was reached."""

    totals: tuple[int, ...]
    winner_side: int | None
    ended_after: int | None
    next_leader: int | None  # None: whoever holds the double (first hand, void first hands)
    hands_played: int
    target: int | None = None  # set by tally and advance; a state rebuilt from storage may omit it

    @property
    def finished(self) -> bool:
        """Whether a side has reached the target: no further hand can be added."""
        return self.winner_side is not None

    def to_target(self, side: int) -> int:
        """Points the side still needs to reach the target (0 once reached)."""
        if self.target is None:
            raise ValueError("this match state was built without its target")
        return max(0, self.target - self.totals[side])


def tally(game: Game, results: Sequence[HandResult]) -> MatchState:
    """Running totals and the end at the line from scored hands (MATCH_OVER if one follows it)."""
    state = MatchState(
        totals=game._zero_points,
        winner_side=None,
        ended_after=None,
        next_leader=None,
        hands_played=0,
        target=game.rules.target,
    )
    for result in results:
        state = advance(game, state, result)
    return state


def advance(game: Game, state: MatchState, result: HandResult) -> MatchState:
    """The match after one more scored hand (raises InvalidHand(MATCH_OVER) once it has ended)."""
    check_can_add(game, state)
    if len(result.side_points) != len(state.totals):
        raise ValueError(
            f"the hand scores {len(result.side_points)} sides, the match has {len(state.totals)}"
        )
    totals = tuple(
        total + points for total, points in zip(state.totals, result.side_points, strict=True)
    )
    target = game.rules.target
    best = max(totals)
    # Only one side scores in a block hand; should several pass the line in one hand (scoring
    # games), the highest total wins, and of level totals the side listed first.
    finished = best >= target
    return MatchState(
        totals=totals,
        winner_side=totals.index(best) if finished else None,
        ended_after=state.hands_played if finished else None,
        # A finished match has no next hand: a new one starts again with the double.
        next_leader=None if finished else result.next_leader,
        hands_played=state.hands_played + 1,
        target=target,
    )


def play_match(game: Game, hands: Sequence[Hand]) -> tuple[tuple[HandResult, ...], MatchState]:
    """Score a sequence of hands in order, chaining the leader, and tally them."""
    results: list[HandResult] = []
    led_by: int | None = None
    for number, hand in enumerate(hands, start=1):
        result = score_hand(game, hand, led_by, number=number)
        results.append(result)
        led_by = result.next_leader
    return tuple(results), tally(game, results)


def check_can_add(game: Game, state: MatchState) -> None:
    """Refuse another hand once the match has ended (raises InvalidHand(MATCH_OVER))."""
    if state.finished:
        raise InvalidHand((HandError(ErrorCode.MATCH_OVER),))


# --- Regional rules: lead, blocked additions, bonuses ------------------------------------------


def _check_regional_rules(house: HouseRules) -> None:
    bonuses = {
        "chuchazo": house.chuchazo_bonus,
        "pase corrido": house.pase_corrido_bonus,
        "pase de salida": house.pase_de_salida_bonus,
    }
    for index, value in enumerate(house.first_hands_bonus, start=1):
        bonuses[f"hand {index}"] = value
    for name, value in bonuses.items():
        if not _is_whole(value) or value < 0:
            raise ValueError(f"the {name} bonus cannot be {value!r}")


def _regional_errors(
    game: Game, hand: Hand, led_by: int | None, *, counts_valid: bool
) -> list[HandError]:
    """The regional inputs' refusals, in the hand form's order."""
    errors: list[HandError] = []
    leader = led_by
    if hand.led_by is not None:
        if game.has_seat(hand.led_by):
            leader = led_by if led_by is not None else hand.led_by
        else:
            errors.append(HandError(ErrorCode.LEADER_UNKNOWN_SEAT, seat=_seat_or_none(hand.led_by)))
    errors.extend(_blocker_errors(game, hand))
    if counts_valid and leader is None and _tie_needs_leader(game, hand):
        errors.append(HandError(ErrorCode.LEADER_NEEDED))
    if hand.chuchazo:
        if hand.ending is Ending.BLOCKED:
            errors.append(HandError(ErrorCode.CHUCHAZO_ON_BLOCKED))
        if not game.offers_chuchazo:
            errors.append(HandError(ErrorCode.CHUCHAZO_NOT_OFFERED))
    errors.extend(_pase_corrido_errors(game, hand.pases_corridos))
    if hand.pase_de_salida:
        errors.extend(_pase_de_salida_errors(game, hand, leader))
    return errors


def _blocker_errors(game: Game, hand: Hand) -> list[HandError]:
    asked = game.rules.blocker_against_next
    blocked = hand.ending is Ending.BLOCKED
    if hand.blocked_by is None:
        return [HandError(ErrorCode.BLOCKER_NEEDED)] if blocked and asked else []
    if not asked:
        return [HandError(ErrorCode.BLOCKER_NOT_ASKED)]
    if not blocked:
        return [HandError(ErrorCode.BLOCKER_NOT_BLOCKED)]
    if not game.has_seat(hand.blocked_by):
        return [HandError(ErrorCode.BLOCKER_UNKNOWN_SEAT, seat=_seat_or_none(hand.blocked_by))]
    return []


def _tie_needs_leader(game: Game, hand: Hand) -> bool:
    """Whether a blocked hand is a tie that only the side that led can win."""
    house = game.rules
    if hand.ending is not Ending.BLOCKED or not house.ties_to_leaders:
        return False
    if house.blocker_against_next:
        return False  # that rule never ties
    if game.scoring in _TIES:
        # The scoring games find a blocked hand's winner their own way (pairs by their total).
        return _TIES[game.scoring](game, hand)
    held = tuple(hand.pips[seat] for seat in range(game.seats))
    return _blocked_winner(game, held)[1] is None


def _pase_de_salida_errors(game: Game, hand: Hand, leader: int | None) -> list[HandError]:
    if not game.offers_pase_de_salida:
        return [HandError(ErrorCode.PASE_DE_SALIDA_NOT_OFFERED)]
    if game.rules.pase_de_salida_on_double_only and not hand.led_a_double:
        return [HandError(ErrorCode.PASE_DE_SALIDA_NOT_DOUBLE)]
    if leader is None:
        return [HandError(ErrorCode.LEADER_NEEDED)]
    return []


def _pase_corrido_errors(game: Game, times_by_side: Mapping[int, int]) -> list[HandError]:
    errors: list[HandError] = []
    limit = game.pase_corrido_limit
    for side, times in times_by_side.items():
        if not _is_whole(side) or not 0 <= side < game.side_count:
            errors.append(HandError(ErrorCode.PASE_CORRIDO_UNKNOWN_SIDE))
        elif not _is_whole(times) or times < 0:
            errors.append(HandError(ErrorCode.PASE_CORRIDO_NOT_WHOLE, seat=side))
        elif times and not game.offers_pase_corrido:
            errors.append(HandError(ErrorCode.PASE_CORRIDO_NOT_OFFERED, seat=side))
        elif times > limit:
            errors.append(HandError(ErrorCode.PASE_CORRIDO_TOO_MANY, seat=side, limit=limit))
    return errors


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


def _with_regional_rules(
    game: Game, hand: Hand, result: HandResult, leader: int | None, number: int | None
) -> HandResult:
    """The scorer's verdict with the table's bonuses credited and its lead rule applied."""
    house = game.rules
    credits = list(result.credits or _count_credits(result))
    if result.side is not None:
        if hand.chuchazo:
            credits.append(Credit(result.side, PointKind.CHUCHAZO, house.chuchazo_bonus))
        if house.first_hands_bonus:
            if number is None:
                raise ValueError("the first-hands bonus needs the hand's number")
            if 1 <= number <= len(house.first_hands_bonus) and house.first_hands_bonus[number - 1]:
                bonus = house.first_hands_bonus[number - 1]
                credits.append(Credit(result.side, PointKind.FIRST_HANDS, bonus))
    # These happened during play, so they count even when the hand is void.
    for side, times in sorted(hand.pases_corridos.items()):
        if times:
            points = times * house.pase_corrido_bonus
            credits.append(Credit(side, PointKind.PASE_CORRIDO, points))
    if hand.pase_de_salida and leader is not None:
        side = game._side_by_seat[leader]
        credits.append(Credit(side, PointKind.PASE_DE_SALIDA, house.pase_de_salida_bonus))
    side_points = list(game._zero_points)
    for credit in credits:
        side_points[credit.side] += credit.points
    if house.lead_rule is LeadRule.TURN_PASSES:
        next_leader = None if leader is None else (leader + 1) % game.seats
    else:
        next_leader = result.next_leader
    return replace(
        result,
        points=0 if result.side is None else side_points[result.side],
        next_leader=next_leader,
        side_points=tuple(side_points),
        credits=tuple(credits),
        led_by=leader,
    )


def _count_credits(result: HandResult) -> tuple[Credit, ...]:
    # A block scorer's points are the count plus any capicú bonus, all to the winning side.
    credits = []
    bonus = result.reason.capicu_bonus
    for side, points in enumerate(result.side_points):
        if not points:
            continue
        if bonus:
            credits.append(Credit(side, PointKind.CAPICU, bonus))
        if points - bonus:
            credits.append(Credit(side, PointKind.COUNT, points - bonus))
    return tuple(credits)


# --- Series: matches that count toward a longer game --------------------------------------------


@dataclass(frozen=True)
class SeriesRules:
    """First side to `first_to` match wins takes the series (None: an open series)."""

    first_to: int | None = 2  # best of three
    shutout_counts_double: bool = False

    def __post_init__(self) -> None:
        if self.first_to is not None and (not _is_whole(self.first_to) or self.first_to < 1):
            raise ValueError(f"a series is won with at least one match, not {self.first_to!r}")


@dataclass(frozen=True)
class SeriesState:
    """Match wins per side (a counted shutout twice), shutouts per side, and the winner."""

    wins: tuple[int, ...]
    shutouts: tuple[int, ...]
    winner_side: int | None = None
    matches: int = 0

    @property
    def finished(self) -> bool:
        return self.winner_side is not None


def is_shutout(totals: Sequence[int], winner_side: int | None) -> bool:
    """A match won while every other side still has 0 points (zapatero)."""
    if winner_side is None:
        return False
    return all(total == 0 for side, total in enumerate(totals) if side != winner_side)


def series_advance(
    series: SeriesRules, state: SeriesState, winner_side: int, shutout: bool
) -> SeriesState:
    """The series after one more finished match (ValueError once the series is won)."""
    if state.finished:
        raise ValueError("this series is already won: a new match starts a new series")
    if not _is_whole(winner_side) or not 0 <= winner_side < len(state.wins):
        raise ValueError(f"no side {winner_side!r} in this series")
    wins = list(state.wins)
    wins[winner_side] += 2 if shutout and series.shutout_counts_double else 1
    shutouts = list(state.shutouts)
    shutouts[winner_side] += 1 if shutout else 0
    won = series.first_to is not None and wins[winner_side] >= series.first_to
    return SeriesState(
        wins=tuple(wins),
        shutouts=tuple(shutouts),
        winner_side=winner_side if won else None,
        matches=state.matches + 1,
    )


def series_tally(
    series: SeriesRules, sides: int, outcomes: Iterable[tuple[int, bool]]
) -> SeriesState:
    """The series from its finished matches in order: (winning side, shutout) each."""
    state = SeriesState(wins=(0,) * sides, shutouts=(0,) * sides)
    for winner_side, shutout in outcomes:
        state = series_advance(series, state, winner_side, shutout)
    return state


# --- Small helpers ------------------------------------------------------------------------------


def _is_whole(value: object) -> bool:
    # bool is an int subclass, but True pips or seat True is a slip, not a number.
    return isinstance(value, int) and not isinstance(value, bool)


def _seat_or_none(value: object) -> int | None:
    return value if _is_whole(value) else None  # type: ignore[return-value]


# Scoring games (All Fives, Bergen): their module imports this one and registers its scorers.
from scorekeeper import scoring_games as _scoring_games  # noqa: E402, F401
