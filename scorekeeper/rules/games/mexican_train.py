"""Mexican Train: a round game through the one path; a round is a Hand, checked and scored as one.

Who went out is the hand's `went_out` (a blocked round: Ending.BLOCKED), the counts its `pips`,
and the player left holding the double blank its `holding_doubles` (under `double blank
counts` 25 or 50). Each player is a side; the result credits each their points.
"""

from __future__ import annotations

from dataclasses import replace

from ..game import Deal, Game, Preset
from ..hand import Ending, ErrorCode, Hand, HandError
from ..house import CountRule, HouseRules
from ..match import MatchState
from ..mexican_train import MexicanTrainRules, Round, RoundErrorCode, score_round, validate_round
from ..result import Credit, HandResult, PointKind, Reason, ReasonCode
from ..tiles import TileSet
from ..tournament_format import Format
from .base import GameKind, Scoring

# The round's refusals in the words of every game's (the others have the same name).
_CODES = {
    RoundErrorCode.PIPS_FOR_WENT_OUT: ErrorCode.PIPS_FOR_WINNER,
    RoundErrorCode.GAME_OVER: ErrorCode.MATCH_OVER,
}


def error_code(code: RoundErrorCode) -> ErrorCode:
    """The ErrorCode a round's refusal is given as."""
    return _CODES.get(code) or ErrorCode(code.value)


def as_round(hand: Hand) -> Round:
    """The round the hand reports (the double blank's holder, if one seat is given)."""
    went_out = hand.went_out if hand.ending is Ending.WENT_OUT else None
    holders = sorted(hand.holding_doubles, key=str)
    return Round(went_out, dict(hand.pips), holders[0] if len(holders) == 1 else None)


def round_errors(game: Game, hand: Hand, number: int | None) -> list[HandError]:
    """Every reason the round cannot be scored, in the form's order."""
    if number is None:
        raise ValueError("a round game's hand is checked with its round's number")
    errors = _ending_errors(game, hand)
    errors += [
        HandError(error_code(error.code), error.seat, error.limit)
        for error in validate_round(game.round_rules, game.seats, number, as_round(hand))
    ]
    if len(hand.holding_doubles) > 1:
        errors.append(HandError(ErrorCode.DOUBLE_BLANK_TWO_HOLDERS))
    return errors


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


def score(game: Game, hand: Hand, led_by: int | None, number: int | None = None) -> HandResult:
    """Each player's points for the round: their count, and the double blank's house value."""
    scored = score_round(game.round_rules, game.seats, number, as_round(hand))  # type: ignore[arg-type]
    credits = [Credit(seat, PointKind.COUNT, pips) for seat, pips in enumerate(scored.pips) if pips]
    if scored.double_blank_points:
        credits.append(
            Credit(scored.double_blank, PointKind.DOUBLE_BLANK, scored.double_blank_points)
        )  # type: ignore[arg-type]
    code = ReasonCode.ROUND_BLOCKED if scored.blocked else ReasonCode.WENT_OUT
    counted = tuple(
        (seat, pips) for seat, pips in enumerate(scored.pips) if seat != scored.went_out
    )
    reason = Reason(code, CountRule.EVERY_HAND, scored.went_out, None, counted, 0, led_by=led_by)
    return HandResult(
        scored.went_out, scored.went_out, None, reason, game.side_count, tuple(credits)
    )


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
    scored_on_the_phone = False
    tournament_formats = (Format.ROUND_GAME,)

    def hand_errors(self, game: Game, hand: Hand, number: int | None) -> list[HandError]:
        return round_errors(game, hand, number)

    def score(self, game: Game, hand: Hand, led_by: int | None, number: int | None) -> HandResult:
        return score(game, hand, led_by, number)

    def target(self, game: Game) -> int | None:
        return None

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
