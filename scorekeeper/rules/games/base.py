"""What every game answers: the questions the rest of the code asks a game, never its kind.

One class per game (block.py, all_fives.py, bergen.py, mexican_train.py) subclasses GameKind,
sets its class attributes and overrides the questions where it differs, as python-chess's
variants do. A subclass with a `scoring` key joins the registry (keys.py) as it is defined;
GAMES and find_game() read it. Code outside this package asks the game (`game.kind.unit`,
`game.kind.fits(format)`, `game.kind.score(...)`), never which game it is.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from ..base import is_whole
from ..result import HandMark
from ..tournament_format import KNOCKOUT_FORMATS, PAIRS_FORMATS, Format
from .keys import _REGISTRY, Scoring

if TYPE_CHECKING:  # the table's Game and a hand's types name these; nothing here builds them
    from ..game import Game, Preset
    from ..hand import Hand, HandError
    from ..house import HouseRules
    from ..match import MatchState
    from ..result import HandResult, Play


class GameKind:
    """One game: what it asks of the table, how a hand is checked and scored, how a match ends.

    Class attributes say what the game is; the methods answer for a table's Game (its seats,
    set and house rules). An instance holds no state: one per game, shared.
    """

    scoring: ClassVar[Scoring]
    # Its ways to play (each game's module lists them).
    presets: ClassVar[tuple[Preset, ...]]
    # The words key of one unit of play: "hand" (Hand 3, Save hand) or "round" (Round 3).
    unit: ClassVar[str] = "hand"
    # The shape of its score sheet and scoreboard (the templates and builders of that name):
    # "points" (a total a side), "plays" (points during play + at the end), "rounds".
    sheet: ClassVar[str] = "points"
    # Points are scored during the hand (a play strip; a hand stays open while it is played).
    scores_plays: ClassVar[bool] = False
    # The block games' switches apply: capicú, the regional bonuses and rules, one pooled count.
    block_switches: ClassVar[bool] = False
    # The hand form can say before a save that the hand wins the match (a game that ends at
    # the line during play has said so as the points were entered).
    foretells_the_win: ClassVar[bool] = True
    # A play is a header (a double- or triple-header) rather than a number of points.
    plays_are_headers: ClassVar[bool] = False
    # A blocked hand may ask who holds a double (under `doubles lose the count`).
    doubles_can_lose_count: ClassVar[bool] = False
    # A match ends at a target (else after a fixed number of rounds, the lowest total winning).
    has_target: ClassVar[bool] = True
    # Four players may sit as two pairs of partners (else each plays for themselves).
    plays_in_pairs: ClassVar[bool] = True
    # How a match ends, the key of what the hand form says of it: "target" (a side reaches the
    # line, or leads when time is up) or "rounds" (after the last round, the lowest winning).
    ending: ClassVar[str] = "target"
    # The match keeps, beside the totals, how many hands each side went out of (a tie rule
    # reads it: Mexican Train's `ties to most outs`).
    counts_outs: ClassVar[bool] = False
    # Each player can post their own count from their phone (a seat link), and the scorer's
    # form starts from the counts posted for the open hand.
    counts_from_seats: ClassVar[bool] = False
    # The shape of a finished match's side records (statistics/records.py builds each): "sides"
    # (won, hands, shutouts, points of a side to a target) or "rounds" (a player's rounds, the
    # pips counted against them, the rounds they went out, their total).
    records: ClassVar[str] = "sides"
    # The statistics' counts only this game keeps beside its records shape's, by their column
    # key (models/records.py counts each; the statistics page shows each where it is played):
    # "keys" (hands its side won on a key), "ties" (hands tied at its table and replayed).
    own_counts: ClassVar[tuple[str, ...]] = ()
    # The statistics' columns that mean nothing in this game, by key: a table that plays it does
    # not show them unless one of its records counts one (an earlier match of another game).
    meaningless_counts: ClassVar[tuple[str, ...]] = ()
    # The phone scores its hands while they wait for signal (static/js/score.js knows it).
    scored_on_the_phone: ClassVar[bool] = True
    # The tournament formats that can seat it: a game to a target is two sides a table; a
    # round game seats players each for themselves and ranks them by their lowest sum.
    tournament_formats: ClassVar[tuple[Format, ...]] = PAIRS_FORMATS + KNOCKOUT_FORMATS
    # The setup lists its presets (False while the game's screens are not built).
    offered: ClassVar[bool] = True
    # A hand won by going out may be a key (the table's `key counts 2` says whether it counts).
    has_keys: ClassVar[bool] = False
    # The pips left in the hands score: the setup asks who counts, the blocked hand's rule, the
    # capicú, the lead and the block games' bonuses (a game counted in games won does not).
    pips_score: ClassVar[bool] = True
    # The setup's buttons beside "usual" for the target: the lines its tables play to, in its
    # own unit (points; games won).
    target_buttons: ClassVar[tuple[int, ...]] = (100, 150, 200, 500)
    # The HouseRules switches and the Hand fields that only this game reads, by name.
    own_switches: ClassVar[tuple[str, ...]] = ()
    own_hand_fields: ClassVar[tuple[str, ...]] = ()

    @property
    def summary(self) -> str:
        """The shape of a finished match's summary (includes/summary_<shape>.html): by default
        its unit's ("hand": who led, capicús, the biggest hand; "round")."""
        return self.unit

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "scoring" in cls.__dict__:
            _REGISTRY[cls.scoring] = cls()

    def __repr__(self) -> str:
        return f"<{type(self).__name__}>"

    @property
    def most_players(self) -> int:
        """The most players any table of this game seats (with the biggest set it is played)."""
        return max(preset.most_players for preset in self.presets)

    # --- Tournaments and standings ----------------------------------------------------------

    @property
    def family(self) -> str:
        """The game family a club rates as one (each family its own rating): by default the
        game's key, so every preset of a game (all the block games) shares one."""
        return str(self.scoring)

    def fits(self, format: Format) -> bool:
        """Whether a tournament of this format can seat this game."""
        return Format(format) in self.tournament_formats

    def preset_formats(self, preset: Preset) -> tuple[Format, ...]:
        """The tournament formats that can seat this preset of the game: by default, all the
        game's (a game whose presets are played in pairs or each for themselves says which)."""
        return self.tournament_formats

    @property
    def best(self) -> Callable[[tuple[int, ...]], int]:
        """The better of totals: max where the highest wins, min where the lowest does."""
        return max if self.has_target else min

    def shut_out(self, house: HouseRules, totals: tuple[int, ...], winner: int) -> tuple[int, ...]:
        """The sides a won match shut out, each taking a shutout (its winner gave one): every
        other side when all of them are still on nought (RULES.md "Series"), else none."""
        others = tuple(side for side in range(len(totals)) if side != winner)
        return others if all(totals[side] == 0 for side in others) else ()

    def offers_shutout_double(self, house: HouseRules) -> bool:
        """Whether a series may count a shutout as two wins (RULES.md "Series"): yes, unless
        every set the game's rules give would be one."""
        return True

    def marks(self, house: HouseRules) -> tuple[HandMark, ...]:
        """The marks a hand of this game can carry under these rules (a summary counts only
        these): by default every one, which a game whose hands carry none counts as 0."""
        return tuple(HandMark)

    def leader(self, totals: tuple[int, ...]) -> int:
        """The side ahead on these totals (the first of level sides)."""
        return totals.index(self.best(totals))

    # --- The table -----------------------------------------------------------------------------

    def check_seats(self, game: Game) -> None:
        """Refuse a table this game is not played at (ValueError): 2 to 4 seats."""
        if not is_whole(game.seats) or not 2 <= game.seats <= 4:
            raise ValueError(f"a table has 2 to 4 seats, not {game.seats!r}")

    # --- A hand ------------------------------------------------------------------------------

    def hand_errors(self, game: Game, hand: Hand, number: int | None) -> list[HandError]:
        """The game's own refusals of a hand's end and counts (before the regional inputs')."""
        raise NotImplementedError

    def later_errors(self, game: Game, hand: Hand) -> list[HandError]:
        """The game's own refusals checked after the regional inputs' (none by default)."""
        return []

    def score(self, game: Game, hand: Hand, led_by: int | None, number: int | None) -> HandResult:
        """What one valid hand scores (scoring.score_hand checks it first)."""
        raise NotImplementedError

    def tie_without_leader(self, game: Game, hand: Hand) -> bool:
        """Whether a blocked hand is a tie that nobody wins without a known leader."""
        return False

    def needed_by_winner(self, game: Game, winner: int) -> tuple[int, ...]:
        """The counts a went-out hand needs: those the count rule adds up, less the winner's."""
        return tuple(seat for seat in range(game.seats) if seat != winner)

    def won_hand_points(self, game: Game) -> int | None:
        """What winning a hand pays where it pays a set number of points (None: it pays the
        pips counted, as most games do)."""
        return None

    # --- Scores during play -----------------------------------------------------------------

    def play_amounts(self, game: Game) -> tuple[int, ...]:
        """Every score one play can make, smallest first (none where nothing scores in play)."""
        return ()

    def play_errors(self, game: Game, play: Play) -> list[HandError]:
        """Why this score during play cannot be credited (its seat is checked by the caller)."""
        raise NotImplementedError

    # --- The match --------------------------------------------------------------------------

    def target(self, game: Game) -> int | None:
        """The total that ends a match (None: it ends after its last round)."""
        return game.rules.target

    def winners(
        self,
        game: Game,
        totals: tuple[int, ...],
        outs: tuple[int, ...],
        played: int,
        won: int | None,
    ) -> tuple[int, ...]:
        """Who won once this hand is in (none yet: empty), the first the winner.

        A game to a target ends when a side reaches it: of the sides one hand took past it
        (a bonus can pay the side that lost the hand), the highest total; level, the hand's
        winner, else the side listed first.
        """
        best = max(totals)
        if best < game.rules.target:
            return ()
        if won is not None and totals[won] == best:
            return (won,)
        return (totals.index(best),)

    def start(self, game: Game) -> object:
        """What the game carries from hand to hand besides the totals, before the first hand
        (MatchState.carried; None: nothing)."""
        return None

    def settle(
        self, game: Game, state: MatchState, result: HandResult
    ) -> tuple[HandResult, object]:
        """The hand's result as the match stands before it, and what the game carries to the
        next hand. It must give the same again for a result it has settled (a stored result is
        settled once more as the match is tallied). By default: as scored, nothing carried."""
        return result, state.carried

    def time_up(self, state: MatchState) -> MatchState:
        """The match as the clock ends it after the hand just entered: the side ahead wins.

        Level sides play on (one more hand, and again while they stay level); a match already
        won is as it was.
        """
        if state.finished or not state.hands_played:
            return state
        ahead = max(state.totals)
        if state.totals.count(ahead) > 1:
            return state
        return replace(
            state, winner_side=state.totals.index(ahead), ended_after=state.hands_played - 1
        )
