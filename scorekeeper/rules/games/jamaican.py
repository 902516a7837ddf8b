"""Jamaican partnership and cut-throat: each hand is a game for the side that wins it, and the set
(the match) goes to the side that wins six (RULES.md "Jamaican partnership and cut-throat").

A hand is a rules.Hand: who went out (and whether on a key), or, when the line blocked, each
seat's own count; pips only decide a blocked hand and never score. The match's totals are the
games won: a won hand credits each side the change in its games (a bruk takes every side back
to love), and what the set carries between hands (the next hand's worth, the one-all hand, who
poses, the bruks, who was given six-love) is a JamaicanState in MatchState.carried.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..game import Deal, Game, Preset
from ..hand import Ending, Hand
from ..house import HouseRules, PartnersLevel, SetFormat, TieReplay
from ..result import Credit, HandMark, HandResult, PointKind, Reason, ReasonCode
from ..tiles import TileSet
from ..tournament_format import KNOCKOUT_FORMATS, MIN_TABLE_SIZE, PAIRS_FORMATS, Format
from .base import Scoring
from .counted import PipGame

if TYPE_CHECKING:
    from ..match import MatchState

KEY_WORTH = 2  # a key hand is worth 2, or the hand's own worth if that is more
ONE_ALL_WORTH = 2  # one-all, play two

# Cut-throat deals by players: 14 each for two, 9 for three (the double blank taken out), 7
# for four. Two players may by agreement deal 7 each and draw: Game(tiles_each=7, draws=True).
CUT_THROAT_DEALS = {2: Deal(14), 3: Deal(9), 4: Deal(7)}
# What the Jamaican presets agree on: six-love to 6, tie replay rises, one-all play two, level
# partners win, keys counted, the winner poses; no capicú.
JAMAICAN_RULES = HouseRules(target=6, capicu_bonus=0, key_counts_two=True)

PRESETS = (
    # Partner and cut-throat are their seating: four players of a cut-throat set are each for
    # themselves, whatever the table's partners switch said for the game before.
    Preset(
        "jamaican_partner",
        TileSet.DOUBLE_SIX,
        {4: Deal(7)},
        partnership=True,
        rules=JAMAICAN_RULES,
        scoring=Scoring.JAMAICAN,
        own_seating=True,
    ),
    Preset(
        "jamaican_cut_throat",
        TileSet.DOUBLE_SIX,
        CUT_THROAT_DEALS,
        rules=JAMAICAN_RULES,
        scoring=Scoring.JAMAICAN,
        own_seating=True,
    ),
    # Either of the above as a straight race: one-all is not played, so the switch is off.
    Preset(
        "straight_six",
        TileSet.DOUBLE_SIX,
        CUT_THROAT_DEALS,
        partnership=True,
        rules=replace(JAMAICAN_RULES, set_format=SetFormat.FIRST_TO_SIX, one_all_play_two=False),
        scoring=Scoring.JAMAICAN,
    ),
)


@dataclass(frozen=True)
class JamaicanState:
    """What the set carries from one hand to the next besides the games (MatchState.totals)."""

    worth: int = 1  # what the next hand is worth (before a key)
    one_all: bool = False  # the next hand is the one-all hand: its winner to `worth`, others love
    poses: int | None = None  # the side that poses the next hand; None: the double six poses
    bruks: int = 0
    six_love_to: tuple[int, ...] = ()  # once the set is won: the sides given six-love


START = JamaicanState()


# --- Who wins a hand --------------------------------------------------------------------------


def lightest(game: Game, hand: Hand) -> tuple[int | None, int, tuple[int, ...]]:
    """A blocked hand: (the seat that wins it or None on a tie, the lightest count, the seats
    level on it). The single lightest hand wins for its side; level lightest hands on different
    sides tie, and of one pair win for it (a tie under `partners level: replay`)."""
    counts = [hand.pips[seat] for seat in range(game.seats)]
    least = min(counts)
    level = tuple(seat for seat, count in enumerate(counts) if count == least)
    sides = {game.side_of(seat) for seat in level}
    replay = len(level) > 1 and game.rules.partners_level is PartnersLevel.REPLAY
    return (None if len(sides) > 1 or replay else level[0]), least, level


def score(game: Game, hand: Hand, led_by: int | None, number: int | None = None) -> HandResult:
    """Who won one valid hand, settled as the first hand of a set (the match settles it again
    against the set as it stands)."""
    if hand.ending is Ending.WENT_OUT:
        seat, code, pips, level = hand.went_out, ReasonCode.WENT_OUT, None, ()
    else:
        seat, pips, level = lightest(game, hand)
        code = ReasonCode.VOID_TIE if seat is None else ReasonCode.LIGHTEST_HAND
    marks = (HandMark.KEY,) if hand.key else ()
    tied = level if len(level) > 1 else ()
    reason = Reason(
        code, game.rules.count_rule, seat, pips, (), 0, tied, led_by=led_by, marks=marks
    )
    side = None if seat is None else game.side_of(seat)
    result = HandResult(side, seat, seat, reason, game.side_count, (), led_by)
    return settle(game, game._zero_points, START, result)[0]


# --- The set ----------------------------------------------------------------------------------


def worth_after_tie(house: HouseRules, worth: int) -> int:
    """What the replay after a tie is worth, by the table's `tie replay` rule."""
    if house.tie_replay is TieReplay.RISES:
        return worth + 1
    if house.tie_replay is TieReplay.FLAT_2:
        return 2
    return worth


def games_after(
    house: HouseRules, games: tuple[int, ...], one_all: bool, side: int, worth: int
) -> tuple[tuple[int, ...], HandMark | None]:
    """The games per side once `side` wins a hand worth `worth`, and the bruk or one-all."""
    after = list(games)
    if house.set_format is SetFormat.FIRST_TO_SIX:
        after[side] += worth
        return tuple(after), None
    if one_all:
        # The one-all hand: its winner goes to what it was worth, every other side to love.
        return tuple(worth if other == side else 0 for other in range(len(games))), None
    others = [count for other, count in enumerate(games) if other != side]
    if games[side] == 0 and all(others):
        # The last side on love won: a bruk, unless every other side is on exactly one.
        if house.one_all_play_two and all(count == 1 for count in others):
            after[side] = 1
            return tuple(after), HandMark.ONE_ALL
        return (0,) * len(games), HandMark.BRUK
    after[side] += worth
    return tuple(after), None


def six_love_to(house: HouseRules, games: tuple[int, ...], winner: int) -> tuple[int, ...]:
    """The sides on love when `winner` took the set; in a straight six, only if all of them are."""
    on_love = tuple(side for side, count in enumerate(games) if count == 0 and side != winner)
    if house.set_format is SetFormat.FIRST_TO_SIX and len(on_love) < len(games) - 1:
        return ()
    return on_love


def settle(
    game: Game, games: tuple[int, ...], state: JamaicanState, result: HandResult
) -> tuple[HandResult, JamaicanState]:
    """The hand against the set as it stands (games won, what it carries): its credits (each
    side's change of games), its marks and worth, who poses next; and the set after it.

    Reads only who won the hand and whether on a key, so a settled result settles the same.
    """
    house, reason = game.rules, result.reason
    if reason is None:  # no end was entered: nothing to settle
        return result, state
    key = HandMark.KEY in reason.marks
    side = result.side
    if side is None:  # a tie: nobody scores, the replay is worth more, the double six poses
        replay = worth_after_tie(house, state.worth)
        reason = replace(reason, marks=(HandMark.TIE,), played_for=None, replay_for=replay)
        tied = replace(result, reason=reason, credits=(), next_leader=None)
        return tied, replace(state, worth=replay, poses=None)
    worth = max(KEY_WORTH, state.worth) if key else state.worth
    after, mark = games_after(house, games, state.one_all, side, worth)
    credits = tuple(
        Credit(other, PointKind.COUNT, now - before)
        for other, (before, now) in enumerate(zip(games, after, strict=True))
        if now != before
    )
    won = after[side] >= house.target
    poses = None if won or mark is not None or house.double_six_every_hand else side
    carried = JamaicanState(
        worth=ONE_ALL_WORTH if mark is HandMark.ONE_ALL else 1,
        one_all=mark is HandMark.ONE_ALL,
        poses=poses,
        bruks=state.bruks + (mark is HandMark.BRUK),
        six_love_to=six_love_to(house, after, side) if won else (),
    )
    marks = (*((HandMark.KEY,) if key else ()), *((mark,) if mark else ()))
    reason = replace(reason, marks=marks, played_for=worth, replay_for=None)
    leader = result.winning_seat if poses is not None else None
    return replace(result, reason=reason, credits=credits, next_leader=leader), carried


class Jamaican(PipGame):
    """Jamaican: each hand a game won (worth more after a tie, on one-all or on a key), the set
    to six with the bruk back to love all; pips only decide a blocked hand."""

    scoring = Scoring.JAMAICAN
    presets = PRESETS
    # A set is to six games, or to another number typed.
    target_buttons = (6,)
    has_keys = True
    own_switches = (
        "set_format",
        "tie_replay",
        "one_all_play_two",
        "partners_level",
        "key_counts_two",
        "double_six_every_hand",
    )
    own_hand_fields = ("key",)
    # Its statistics count the keys a side went out on and the hands tied (and replayed).
    own_counts = ("keys", "ties")
    # A set counts games, not pips: no points a hand, no capicú and no bonus.
    meaningless_counts = ("points_per_hand", "capicus", "bonuses")
    # Its sheet: the games won after each hand, with the marks bruk, one-all, tie and key.
    sheet = "games"
    # Its summary counts the set's marks, not points, leads or capicús.
    summary = "games"  # type: ignore[assignment]
    # Pips only decide a blocked hand: no count rule, capicú, lead or bonus to set up.
    pips_score = False
    # static/js/score.js does not know the Jamaican set.
    scored_on_the_phone = False

    # Tournaments: a partner preset in pairs (fixed or rotating, knockouts too); a cut-throat
    # one each for themselves at tables of players; straight six either way.
    tournament_formats = (*PAIRS_FORMATS, *KNOCKOUT_FORMATS, Format.ROUND_GAME)

    def preset_formats(self, preset: Preset) -> tuple[Format, ...]:
        """In pairs where the preset plays partner; at tables of players where it deals to as
        many as an event's table seats, each for themselves."""
        pairs = (*PAIRS_FORMATS, *KNOCKOUT_FORMATS) if preset.partnership else ()
        tables = (Format.ROUND_GAME,) if MIN_TABLE_SIZE in preset.deals else ()
        return (*pairs, *tables)

    def check_seats(self, game: Game) -> None:
        """2 to 4 seats, double-six only; only two players may deal 7 each and draw."""
        super().check_seats(game)
        if game.tile_set is not TileSet.DOUBLE_SIX:
            raise ValueError("Jamaican is played with the double-six set")
        if game.draws and game.seats != 2:
            raise ValueError("only two Jamaican players draw from a boneyard")

    def score(self, game: Game, hand: Hand, led_by: int | None, number: int | None) -> HandResult:
        return score(game, hand, led_by, number)

    def needed_by_winner(self, game: Game, winner: int) -> tuple[int, ...]:
        # Pips never score: when a seat went out nobody else's count is asked.
        return ()

    def start(self, game: Game) -> JamaicanState:
        return START

    def settle(
        self, game: Game, state: MatchState, result: HandResult
    ) -> tuple[HandResult, JamaicanState]:
        carried = state.carried if isinstance(state.carried, JamaicanState) else START
        return settle(game, state.totals, carried, result)

    def shut_out(self, house: HouseRules, totals: tuple[int, ...], winner: int) -> tuple[int, ...]:
        """A six-love given to each side still on love (in a straight six, only when all are):
        in cut-throat a set won 6, 1, 0, 0 gives six-love to the two players on love."""
        return six_love_to(house, totals, winner)

    def offers_shutout_double(self, house: HouseRules) -> bool:
        """Not with six-love, where every partner set is one; in a straight six, yes."""
        return house.set_format is SetFormat.FIRST_TO_SIX

    def marks(self, house: HouseRules) -> tuple[HandMark, ...]:
        """A tie always; a key where keys count; a bruk only in six-love, and one-all only
        where six-love plays it for two."""
        six_love = house.set_format is SetFormat.SIX_LOVE
        possible = {
            HandMark.TIE: True,
            HandMark.KEY: house.key_counts_two,
            HandMark.BRUK: six_love,
            HandMark.ONE_ALL: six_love and house.one_all_play_two,
        }
        return tuple(mark for mark, made in possible.items() if made)

    def six_love_to(self, state: MatchState) -> tuple[int, ...]:
        """The sides the set's winner gave six-love (none before the set is won)."""
        carried = state.carried
        return carried.six_love_to if isinstance(carried, JamaicanState) else ()
