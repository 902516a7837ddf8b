"""The game a table plays (seats, set, deal, house rules, scoring) and the presets that set it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

from .base import is_whole
from .games.keys import DEFAULT_SCORING, Scoring, find_game
from .house import BlockedRule, CountRule, HouseRules, LeadRule, check_bonuses
from .mexican_train import MexicanTrainRules
from .result import HandMark
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
        self.kind.check_seats(self)
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
        if self.kind.has_target:
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
    def kind(self):  # -> games.base.GameKind (which reads this module: no import here)
        """The game played (games/): every question that differs between games goes to it."""
        return find_game(self.scoring)

    @property
    def unit(self) -> str:
        """The words key of one unit of play: "hand" or "round"."""
        return self.kind.unit

    @property
    def pips_score(self) -> bool:
        """Whether the pips left in the hands score (a set counted in games: they only decide
        a blocked hand)."""
        return self.kind.pips_score

    @property
    def summary(self) -> str:
        """The shape of a finished match's summary (the game says)."""
        return self.kind.summary

    @property
    def scored_on_the_phone(self) -> bool:
        """Whether the phone can score this game's hands while they wait for signal (score.js
        knows every kind but the round game's)."""
        return self.kind.scored_on_the_phone

    @property
    def scores_plays(self) -> bool:
        """Whether points are scored during the hand (All Fives, Bergen), not only at its end."""
        return self.kind.scores_plays

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
    def counts_keys(self) -> bool:
        """Whether a hand won by going out may be a key (Jamaican, `key counts 2`)."""
        return self.kind.has_keys and self.rules.key_counts_two

    @property
    def marks(self) -> tuple[HandMark, ...]:
        """The marks this table's hands can carry (a straight six: no bruk, no one-all)."""
        return self.kind.marks(self.rules)

    @property
    def asks_who_holds_doubles(self) -> bool:
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
        return tuple(self.kind.needed_by_winner(self, winner) for winner in range(self.seats))

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
    # Whether its seating is the way to play (Jamaican partner: in pairs; cut-throat: each for
    # themselves), not a default the table may change: then `partnership` always holds at 4.
    own_seating: bool = False

    @property
    def kind(self):  # -> games.base.GameKind (which reads this module: no import here)
        """The game this preset plays (games/)."""
        return find_game(self.scoring)

    @property
    def tournament_formats(self) -> tuple[Format, ...]:
        """The tournament formats that can seat this preset (its game says)."""
        return self.kind.preset_formats(self)

    @property
    def has_target(self) -> bool:
        """Whether a match ends at a target (a round game ends after its last round)."""
        return self.kind.has_target

    @property
    def most_players(self) -> int:
        """The most seats one table of this game can have."""
        return self.seat_options[-1]

    @property
    def seats_pairs(self) -> bool:
        """Whether four players may sit as partners (never in a cut-throat set)."""
        return self.kind.plays_in_pairs and (self.partnership or not self.own_seating)

    @property
    def asks_partners(self) -> bool:
        """Whether the table says if four players sit as partners (not where the preset's
        seating is its own)."""
        return self.kind.plays_in_pairs and not self.own_seating

    def in_pairs(self, seats: int, asked: bool) -> bool:
        """Whether this many players sit as partners when the table `asked` for it or not: only
        four, in a game that seats pairs, and as the preset seats them where that is its own."""
        wanted = self.partnership if self.own_seating else asked
        return wanted and seats == 4 and self.kind.plays_in_pairs

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
