"""Mexican Train: a round game through the one path; a round is a Hand, checked and scored as one.

Who went out is the hand's `went_out` (a blocked round: Ending.BLOCKED), the counts its `pips`,
and the player left holding the double blank its `holding_doubles` (under `double blank
counts` 25 or 50). Each player is a side; the result credits each their points. The set's
rounds, engines and deals are the table's `Game.round_rules` (rules/mexican_train.py).
"""

from __future__ import annotations

from dataclasses import replace

from ..base import is_whole, seat_or_none
from ..game import Deal, Game, Preset
from ..hand import Ending, ErrorCode, Hand, HandError, count_error
from ..house import CountRule, HouseRules
from ..match import MatchState
from ..mexican_train import MIN_PLAYERS, MexicanTrainRules
from ..result import Credit, HandResult, PointKind, Reason, ReasonCode
from ..tiles import TileSet
from ..tournament_format import Format
from .base import GameKind, Scoring

# --- Who can play -----------------------------------------------------------------------------


def players_error(rules: MexicanTrainRules, players: object) -> HandError | None:
    """What is wrong with this number of players for the set, if anything."""
    most = rules.player_options[-1]
    if not is_whole(players) or players < MIN_PLAYERS:  # type: ignore[operator]
        return HandError(ErrorCode.TOO_FEW_PLAYERS, limit=MIN_PLAYERS)
    if players > most:  # type: ignore[operator]
        return HandError(ErrorCode.TOO_MANY_PLAYERS, limit=most)
    return None


# --- One round: why it may be refused ---------------------------------------------------------


def round_errors(game: Game, hand: Hand, number: int | None) -> list[HandError]:
    """Every reason the round cannot be scored, in the form's order."""
    errors = _ending_errors(game, hand)
    error = _number_error(game, number)
    if error is not None:
        errors.append(error)
    else:
        errors += _counts_errors(game, hand, number)  # type: ignore[arg-type]
        holder = _holder(hand)
        if holder is not None:
            errors += _double_blank_errors(game, number, holder, _went_out(hand))  # type: ignore[arg-type]
    if len(hand.holding_doubles) > 1:
        errors.append(HandError(ErrorCode.DOUBLE_BLANK_TWO_HOLDERS))
    return errors


def round_count_errors(
    game: Game, number: int | None, seat: int | None, pips: object, *, went_out: bool
) -> list[HandError]:
    """What is wrong with one player's own count for round `number` (a seat's page): a count,
    or that they went out (then no count, or 0), checked as the round's check checks it."""
    error = _number_error(game, number)
    if error is not None:
        return [error]
    if pips is None:
        return [] if went_out else [HandError(ErrorCode.MISSING_PIPS, seat=seat)]
    limit = game.round_rules.max_pips(number)  # type: ignore[arg-type]
    error = count_error(limit, seat, pips, went_out=went_out)
    return [] if error is None else [error]


def _number_error(game: Game, number: int | None) -> HandError | None:
    """A round the game has not: before the first, or after the last."""
    if number is None:
        raise ValueError("a round game's hand is checked with its round's number")
    if not is_whole(number) or number < 1:
        return HandError(ErrorCode.NOT_A_ROUND)
    if number > game.round_rules.rounds:
        return HandError(ErrorCode.MATCH_OVER, limit=game.round_rules.rounds)
    return None


def _went_out(hand: Hand) -> int | None:
    """Who went out of the round (None: it blocked, or nobody was named)."""
    return hand.went_out if hand.ending is Ending.WENT_OUT else None


def _holder(hand: Hand) -> int | None:
    """The one seat left holding the double blank (None: nobody, or more than one named)."""
    return next(iter(hand.holding_doubles)) if len(hand.holding_doubles) == 1 else None


def _ending_errors(game: Game, hand: Hand) -> list[HandError]:
    """How the round ended, and the inputs no round has (a capicú, pooled or pair counts)."""
    errors = []
    if hand.ending is Ending.WENT_OUT and hand.went_out is None:
        errors.append(HandError(ErrorCode.NO_WINNER))
    if hand.ending is Ending.BLOCKED and hand.went_out is not None:
        errors.append(HandError(ErrorCode.WINNER_ON_BLOCKED, seat=None))
    if hand.capicu:
        errors.append(HandError(ErrorCode.CAPICU_NOT_OFFERED))
    if hand.pooled is not None:
        errors.append(HandError(ErrorCode.POOLED_NOT_OFFERED))
    if hand.pair_pips:
        errors.append(HandError(ErrorCode.PAIRS_NOT_OFFERED))
    return errors


def _counts_errors(game: Game, hand: Hand, number: int) -> list[HandError]:
    """Who went out is at the table; each count given where needed, whole, possible, and
    not too many together (the set less the round's engine)."""
    errors = []
    went_out = _went_out(hand)
    if went_out is not None and not game.has_seat(went_out):
        errors.append(HandError(ErrorCode.UNKNOWN_SEAT, seat=seat_or_none(went_out)))
        went_out = None
    errors += [
        HandError(ErrorCode.UNKNOWN_SEAT, seat=seat_or_none(seat))
        for seat in hand.pips
        if not game.has_seat(seat)
    ]
    limit = game.round_rules.max_pips(number)
    total = 0
    for seat in range(game.seats):
        if seat not in hand.pips:
            if seat != went_out:
                errors.append(HandError(ErrorCode.MISSING_PIPS, seat=seat))
            continue
        error = count_error(limit, seat, hand.pips[seat], went_out=seat == went_out)
        if error is None:
            total += hand.pips[seat]
        else:
            errors.append(error)
    if total > limit:
        errors.append(HandError(ErrorCode.TOTAL_TOO_MANY, limit=limit))
    return errors


def _double_blank_errors(
    game: Game, number: int, holder: object, went_out: int | None
) -> list[HandError]:
    """The one seat left holding the double blank: asked, not the engine, at the table, and
    not who went out."""
    if not game.round_rules.asks_double_blank:
        return [HandError(ErrorCode.DOUBLE_BLANK_NOT_ASKED)]
    if game.round_rules.engine(number) == 0:
        # The double blank starts the last round: it lies on the table, in nobody's hand.
        return [HandError(ErrorCode.DOUBLE_BLANK_IS_ENGINE)]
    if not game.has_seat(holder):
        return [HandError(ErrorCode.DOUBLE_BLANK_UNKNOWN_SEAT, seat=seat_or_none(holder))]
    if holder == went_out:
        return [HandError(ErrorCode.DOUBLE_BLANK_WENT_OUT, seat=holder)]  # type: ignore[arg-type]
    return []


# --- Scoring one round ------------------------------------------------------------------------


def score(game: Game, hand: Hand, led_by: int | None, number: int | None = None) -> HandResult:
    """Each player's points for a valid round: their count, and the double blank's house
    value for who was left holding it."""
    went_out = _went_out(hand)
    pips = tuple(hand.pips.get(seat, 0) for seat in range(game.seats))
    credits = [Credit(seat, PointKind.COUNT, count) for seat, count in enumerate(pips) if count]
    holder = _holder(hand)
    if holder is not None and game.round_rules.double_blank_counts:
        credits.append(Credit(holder, PointKind.DOUBLE_BLANK, game.round_rules.double_blank_counts))
    code = ReasonCode.ROUND_BLOCKED if went_out is None else ReasonCode.WENT_OUT
    counted = tuple((seat, count) for seat, count in enumerate(pips) if seat != went_out)
    reason = Reason(code, CountRule.EVERY_HAND, went_out, None, counted, 0, led_by=led_by)
    return HandResult(went_out, went_out, None, reason, game.side_count, tuple(credits))


def winners_of(totals: tuple[int, ...]) -> tuple[int, ...]:
    """The seats on the lowest total."""
    lowest = min(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == lowest)


def winners(game: Game, totals: tuple[int, ...], outs: tuple[int, ...]) -> tuple[int, ...]:
    """The lowest totals share the win, or under `ties to most outs` those who went out most."""
    level = winners_of(totals)
    if game.rules.ties_to_most_outs and len(level) > 1:
        most = max(outs[seat] for seat in level)
        level = tuple(seat for seat in level if outs[seat] == most)
    return level


def round_game_deals(tile_set: TileSet) -> dict[int, Deal]:
    """Mexican Train's deal for each number of players the set is dealt to (the rest drawn)."""
    rules = MexicanTrainRules(tile_set)
    return {players: Deal(rules.tiles_each(players), True) for players in rules.player_options}


def mexican_train(key: str, tile_set: TileSet) -> Preset:
    """Mexican Train with this set: each for themselves, no capicú."""
    rules = HouseRules(capicu_bonus=0)
    return Preset(
        key, tile_set, round_game_deals(tile_set), rules=rules, scoring=Scoring.MEXICAN_TRAIN
    )


PRESETS: tuple[Preset, ...] = (
    # Each for themselves, 2-8 players with double-twelve (2-4 with double-nine).
    mexican_train("mexican_train", TileSet.DOUBLE_TWELVE),
    mexican_train("mexican_train_nine", TileSet.DOUBLE_NINE),
)


class MexicanTrain(GameKind):
    """Mexican Train: a round a double, each for themselves, no target; the lowest sum wins."""

    scoring = Scoring.MEXICAN_TRAIN
    presets = PRESETS
    unit = "round"
    sheet = "rounds"
    has_target = False
    plays_in_pairs = False
    ending = "rounds"
    counts_outs = True
    counts_from_seats = True
    records = "rounds"
    scored_on_the_phone = False
    tournament_formats = (Format.ROUND_GAME,)
    own_switches = ("first_engine", "double_blank_counts", "ties_to_most_outs")

    def check_seats(self, game: Game) -> None:
        """The players the set is dealt to: 2 to 8 with double-twelve, 2 to 4 with double-nine."""
        if players_error(game.round_rules, game.seats) is not None:
            raise ValueError(f"Mexican Train is not played by {game.seats!r} with this set")

    def hand_errors(self, game: Game, hand: Hand, number: int | None) -> list[HandError]:
        return round_errors(game, hand, number)

    def score(self, game: Game, hand: Hand, led_by: int | None, number: int | None) -> HandResult:
        return score(game, hand, led_by, number)

    def target(self, game: Game) -> int | None:
        return None

    def offers_shutout_double(self, house: HouseRules) -> bool:
        """Never: the lowest total wins, so a winner cannot hold the others on nought."""
        return False

    def winners(
        self,
        game: Game,
        totals: tuple[int, ...],
        outs: tuple[int, ...],
        played: int,
        won: int | None,
    ) -> tuple[int, ...]:
        """After the last round, the lowest totals (or, under that rule, who went out most)."""
        return winners(game, totals, outs) if played >= game.round_rules.rounds else ()

    def time_up(self, state: MatchState) -> MatchState:
        """The clock ends the game after the round in play: its totals stand, the lowest
        winning (level lowest: shared)."""
        if state.finished or not state.hands_played:
            return state
        level = winners_of(state.totals)
        return replace(
            state,
            winner_side=level[0],
            co_winners=level[1:],
            ended_after=state.hands_played - 1,
            next_leader=None,
        )
