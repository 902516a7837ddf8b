"""The game a table plays (seats, set, deal, house rules, scoring) and the presets that set it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

from .base import is_whole
from .house import BlockedRule, CountRule, HouseRules, LeadRule, check_bonuses
from .kind import DEFAULT_SCORING, KINDS, Kind, Scoring
from .mexican_train import MexicanTrainRules, players_error
from .tiles import TileSet
from .tournament_format import Format


@dataclass(frozen=True)
class Game:
    """Who plays with which tiles under which house rules: everything scoring depends on."""

    seats: int
    partnership: bool
    tile_set: TileSet = TileSet.DOUBLE_SIX
    tiles_each: int = 7
    draws: bool = False
    rules: HouseRules = HouseRules()  # noqa: RUF009 (frozen: one shared default is safe)
    scoring: Scoring = DEFAULT_SCORING

    def __post_init__(self) -> None:
        object.__setattr__(self, "tile_set", TileSet(self.tile_set))
        object.__setattr__(self, "scoring", Scoring(self.scoring))
        if not self.kind.block_switches:
            # A scoring game ignores the block games' regional switches, so that a table stored
            # with one on (the setup offered them once) scores as RULES.md says.
            object.__setattr__(self, "rules", self.rules.without_block_switches())
        if self.kind.plays_rounds:
            if players_error(self.round_rules, self.seats) is not None:
                raise ValueError(f"Mexican Train is not played by {self.seats!r} with this set")
        elif not is_whole(self.seats) or not 2 <= self.seats <= 4:
            raise ValueError(f"a table has 2 to 4 seats, not {self.seats!r}")
        if self.partnership and self.seats != 4:
            raise ValueError("partnership needs exactly 4 seats")
        if not is_whole(self.tiles_each) or self.tiles_each < 1:
            raise ValueError(f"each seat is dealt at least one tile, not {self.tiles_each!r}")
        if self.tiles_each * self.seats > self.tile_set.tile_count:
            raise ValueError(
                f"{self.seats} x {self.tiles_each} tiles is more than the "
                f"{self.tile_set.tile_count} in the set"
            )
        if not is_whole(self.rules.target) or self.rules.target <= 0:
            raise ValueError(f"the target must be a positive number, not {self.rules.target!r}")
        if not is_whole(self.rules.capicu_bonus) or self.rules.capicu_bonus < 0:
            raise ValueError(f"the capicu bonus cannot be {self.rules.capicu_bonus!r}")
        check_bonuses(self.rules)

    @cached_property
    def round_rules(self) -> MexicanTrainRules:
        """A round game's rules: its set, rounds and switches (ValueError if it cannot be)."""
        house = self.rules
        return MexicanTrainRules(
            self.tile_set, house.first_engine, house.double_blank_counts, house.ties_to_most_outs
        )

    @property
    def rounds(self) -> int | None:
        """How many rounds a round game has (None: a game played to its target)."""
        if not self.kind.plays_rounds:
            return None
        return self.round_rules.rounds

    def asks_double_blank(self, number: int | None) -> bool:
        """Whether round `number` asks who holds the double blank: a round game whose house rule
        gives it points, and not in the round the double blank starts."""
        if self.rounds is None or not self.round_rules.asks_double_blank:
            return False
        if number is None or not 1 <= number <= self.rounds:
            return False
        return self.round_rules.engine(number) != 0

    @property
    def lowest_wins(self) -> bool:
        """Whether the lowest total wins (a round game), not the first to the target."""
        return self.rounds is not None

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
        return is_whole(seat) and 0 <= seat < self.seats  # type: ignore[operator]

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
    def kind(self) -> Kind:
        """What this kind of game asks of the table (kind.py)."""
        return KINDS[self.scoring]

    @property
    def scored_on_the_phone(self) -> bool:
        """Whether the phone can score this game's hands while they wait for signal (score.js
        knows every kind but the round game's)."""
        return self.kind.scored_on_the_phone

    @property
    def takes_plays(self) -> bool:
        """Whether points are scored during the hand (All Fives, Bergen), not only at its end."""
        return self.kind.takes_plays

    @property
    def foretells_the_win(self) -> bool:
        """Whether the hand form says before a save that the hand wins the match."""
        return self.kind.foretells_the_win

    @property
    def offers_capicu(self) -> bool:
        """Whether the hand form offers a capicu: only when a block game pays a bonus."""
        return self.kind.block_switches and self.rules.capicu_bonus > 0

    @property
    def pools_went_out_count(self) -> bool:
        """Whether a went-out hand's counts may be given as one number (a block game's)."""
        return self.kind.block_switches

    @property
    def asks_doubles(self) -> bool:
        """Whether a blocked hand asks who holds a double (Bergen, `doubles lose the count`)."""
        return self.kind.doubles_can_lose_count and self.rules.doubles_lose_count

    @property
    def play_headers(self) -> bool:
        """Whether a play is a header (double or triple), not a number of points."""
        return self.kind.plays_are_headers

    @property
    def blocked_counts_single_hands(self) -> bool:
        """Whether a blocked hand in partnership may need each single hand's count (a block
        game's rules compare hands); the hand form says why it asks every hand."""
        return self.partnership and self.kind.block_switches

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
            and self.kind.block_switches
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
        if self.rules.count_rule is CountRule.OPPONENTS_ONLY or self.takes_plays:
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
    # Every switch of the way to play, target included (frozen: one shared default is safe).
    rules: HouseRules = HouseRules()  # noqa: RUF009
    scoring: Scoring = DEFAULT_SCORING
    # A scoring game's own targets: (each for themselves, in partnership); None: the table's.
    targets: tuple[int, int] | None = None

    @property
    def kind(self) -> Kind:
        """What this kind of game asks of the table (kind.py)."""
        return KINDS[self.scoring]

    @property
    def plays_rounds(self) -> bool:
        """Whether this is a round game (Mexican Train): more names, its own switches."""
        return self.kind.plays_rounds

    @property
    def tournament_formats(self) -> tuple[Format, ...]:
        """The tournament formats that can seat this game (kind.py)."""
        return self.kind.tournament_formats

    @property
    def has_target(self) -> bool:
        """Whether a match ends at a target (a round game ends after its last round)."""
        return not self.plays_rounds

    @property
    def most_players(self) -> int:
        """The most seats one table of this game can have."""
        return self.seat_options[-1]

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


def round_game_deals(tile_set: TileSet) -> dict[int, Deal]:
    """Mexican Train's deal for each number of players the set is dealt to (the rest drawn)."""
    rules = MexicanTrainRules(tile_set)
    return {players: Deal(rules.tiles_each(players), True) for players in rules.player_options}


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


# The round games (Mexican Train), beside the ways to play that the setup offers today: they
# join PRESETS once the models and setup have their names (rules.preset_named finds them now).
def mexican_train(key: str, tile_set: TileSet) -> Preset:
    """Mexican Train with this set: each for themselves, no capicú."""
    rules = HouseRules(capicu_bonus=0)
    return Preset(
        key, tile_set, round_game_deals(tile_set), rules=rules, scoring=Scoring.MEXICAN_TRAIN
    )


ROUND_PRESETS: dict[str, Preset] = {
    # Each for themselves, 2-8 players with double-twelve (2-4 with double-nine).
    "mexican_train": mexican_train("mexican_train", TileSet.DOUBLE_TWELVE),
    "mexican_train_nine": mexican_train("mexican_train_nine", TileSet.DOUBLE_NINE),
}
# Every preset the rules know.
ALL_PRESETS: dict[str, Preset] = {**PRESETS, **ROUND_PRESETS}
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
        return ALL_PRESETS[LEGACY_PRESETS.get(key, key)]
    except (KeyError, TypeError):
        raise ValueError(f"unknown preset {key!r}") from None


def is_round_preset(key: str | None) -> bool:
    """Whether `key` (perhaps an old key, perhaps none or unknown) names a round game."""
    try:
        return preset_named(key).plays_rounds  # type: ignore[arg-type]
    except ValueError:
        return False
