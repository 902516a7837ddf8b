"""Mexican Train: RULES.md's worked example as written, and each rule on its own.

Ann 0, Bo 1, Cy 2, Dee 3.
"""

import pytest

from scorekeeper.rules import TileSet, make_game, tally
from scorekeeper.rules.mexican_train import (
    InvalidRound,
    MexicanTrainRules,
    Round,
    RoundError,
    RoundErrorCode,
    needed_seats,
    players_error,
    score_round,
    validate_round,
)

from .hands import play_rounds

ANN, BO, CY, DEE = range(4)
TWELVE = MexicanTrainRules()
NINE = MexicanTrainRules(TileSet.DOUBLE_NINE)

ROUND_1 = Round(went_out=ANN, pips={BO: 23, CY: 7, DEE: 41})
# Rounds 2 to 13 that bring the worked example's totals: Ann 112, Bo 140, Cy 112, Dee 230.
LATER_ROUNDS = (
    Round(went_out=CY, pips={ANN: 22, BO: 7, DEE: 19}),
    Round(went_out=ANN, pips={BO: 10, CY: 15, DEE: 20}),
    *[Round(pips={ANN: 9, BO: 10, CY: 9, DEE: 15})] * 10,
)
GAME = (ROUND_1, *LATER_ROUNDS)


def codes(errors):
    return [error.code for error in errors]


# --- The worked example -----------------------------------------------------------------------


def test_ann_going_out_scores_0_and_the_others_their_pips():
    result = score_round(TWELVE, 4, 1, ROUND_1)

    assert result.points == (0, 23, 7, 41)


def test_the_double_blank_counting_0_adds_nothing_to_dee():
    result = score_round(TWELVE, 4, 1, ROUND_1)

    assert result.points[DEE] == 41
    assert result.double_blank_points == 0


def test_the_double_blank_counting_50_makes_dee_91():
    rules = MexicanTrainRules(double_blank_counts=50)
    entry = Round(went_out=ANN, pips={BO: 23, CY: 7, DEE: 41}, double_blank=DEE)

    result = score_round(rules, 4, 1, entry)

    assert result.points == (0, 23, 7, 91)
    assert result.pips == (0, 23, 7, 41)
    assert (result.double_blank, result.double_blank_points) == (DEE, 50)


def test_the_double_blank_counting_25_makes_dee_66():
    rules = MexicanTrainRules(double_blank_counts=25)
    entry = Round(went_out=ANN, pips={BO: 23, CY: 7, DEE: 41}, double_blank=DEE)

    assert score_round(rules, 4, 1, entry).points[DEE] == 66


# --- The deal, the rounds and the engines -----------------------------------------------------


@pytest.mark.parametrize(
    ("players", "tiles"), [(2, 15), (3, 15), (4, 15), (5, 12), (6, 12), (7, 10), (8, 10)]
)
def test_double_twelve_deals_by_the_number_of_players(players, tiles):
    assert TWELVE.tiles_each(players) == tiles


@pytest.mark.parametrize("players", [2, 3, 4])
def test_double_nine_deals_10_each_to_two_to_four_players(players):
    assert NINE.tiles_each(players) == 10


def test_one_player_is_too_few():
    assert players_error(TWELVE, 1) == RoundError(RoundErrorCode.TOO_FEW_PLAYERS, limit=2)


def test_nine_players_are_too_many_for_double_twelve():
    assert players_error(TWELVE, 9) == RoundError(RoundErrorCode.TOO_MANY_PLAYERS, limit=8)


def test_five_players_are_too_many_for_double_nine():
    with pytest.raises(InvalidRound) as refused:
        NINE.tiles_each(5)

    assert refused.value.errors == (RoundError(RoundErrorCode.TOO_MANY_PLAYERS, limit=4),)


def test_a_number_of_players_that_is_not_whole_is_refused():
    assert players_error(TWELVE, 2.5).code is RoundErrorCode.TOO_FEW_PLAYERS


def test_the_player_options_follow_the_set():
    assert TWELVE.player_options == (2, 3, 4, 5, 6, 7, 8)
    assert NINE.player_options == (2, 3, 4)


def test_double_twelve_plays_13_rounds_from_the_double_twelve_to_the_double_blank():
    assert TWELVE.rounds == 13
    assert TWELVE.engine(1) == 12
    assert TWELVE.engine(13) == 0


def test_double_nine_plays_10_rounds():
    assert NINE.rounds == 10
    assert NINE.engines == (9, 8, 7, 6, 5, 4, 3, 2, 1, 0)


def test_a_shorter_game_starts_at_a_lower_double():
    rules = MexicanTrainRules(first_engine=6)

    assert rules.rounds == 7
    assert rules.engines == (6, 5, 4, 3, 2, 1, 0)


def test_a_round_the_game_has_not_has_no_engine():
    with pytest.raises(ValueError):
        TWELVE.engine(14)


def test_the_first_engine_must_be_a_double_of_the_set():
    with pytest.raises(ValueError):
        MexicanTrainRules(TileSet.DOUBLE_NINE, first_engine=10)


def test_double_six_is_not_a_mexican_train_set():
    with pytest.raises(ValueError):
        MexicanTrainRules(TileSet.DOUBLE_SIX)


@pytest.mark.parametrize("value", [10, -25, 100, True])
def test_the_double_blank_counts_only_0_25_or_50(value):
    with pytest.raises(ValueError):
        MexicanTrainRules(double_blank_counts=value)


def test_stored_choices_arrive_as_plain_values():
    rules = MexicanTrainRules(tile_set=9, first_engine=4)

    assert rules.tile_set is TileSet.DOUBLE_NINE
    assert rules.rounds == 5


def test_a_hand_holds_at_most_the_sets_pips_less_the_engine():
    assert TWELVE.max_pips(1) == 1092 - 24
    assert TWELVE.max_pips(13) == 1092
    assert NINE.max_pips(1) == 495 - 18


def test_every_count_is_needed_but_the_one_who_went_out():
    assert needed_seats(4, BO) == (ANN, CY, DEE)
    assert needed_seats(4, None) == (ANN, BO, CY, DEE)


# --- What validation refuses ------------------------------------------------------------------


def test_a_missing_count_is_refused():
    errors = validate_round(TWELVE, 4, 1, Round(went_out=ANN, pips={BO: 23, CY: 7}))

    assert errors == (RoundError(RoundErrorCode.MISSING_PIPS, seat=DEE),)


def test_a_blocked_round_needs_every_count():
    errors = validate_round(TWELVE, 4, 1, Round(pips={BO: 23, CY: 7, DEE: 41}))

    assert errors == (RoundError(RoundErrorCode.MISSING_PIPS, seat=ANN),)


@pytest.mark.parametrize("value", [2.5, "7", None, True])
def test_a_count_that_is_not_whole_is_refused(value):
    errors = validate_round(TWELVE, 4, 1, Round(went_out=ANN, pips={BO: 23, CY: value, DEE: 41}))

    assert errors == (RoundError(RoundErrorCode.NOT_WHOLE, seat=CY),)


def test_a_count_below_0_is_refused():
    errors = validate_round(TWELVE, 4, 1, Round(went_out=ANN, pips={BO: 23, CY: -1, DEE: 41}))

    assert errors == (RoundError(RoundErrorCode.NEGATIVE_PIPS, seat=CY),)


def test_a_count_above_the_sets_pips_less_the_engine_is_refused():
    errors = validate_round(TWELVE, 2, 1, Round(went_out=ANN, pips={BO: 1069}))

    assert errors == (RoundError(RoundErrorCode.TOO_MANY_PIPS, seat=BO, limit=1068),)


def test_a_count_of_the_sets_pips_less_the_engine_is_accepted():
    assert validate_round(TWELVE, 2, 1, Round(went_out=ANN, pips={BO: 1068})) == ()


def test_counts_together_above_the_sets_pips_less_the_engine_are_refused():
    errors = validate_round(TWELVE, 3, 1, Round(went_out=ANN, pips={BO: 600, CY: 600}))

    assert errors == (RoundError(RoundErrorCode.TOTAL_TOO_MANY, limit=1068),)


def test_the_one_who_went_out_holds_nothing():
    errors = validate_round(TWELVE, 4, 1, Round(went_out=ANN, pips={ANN: 5, BO: 2, CY: 7, DEE: 4}))

    assert errors == (RoundError(RoundErrorCode.PIPS_FOR_WENT_OUT, seat=ANN),)


def test_a_0_for_the_one_who_went_out_is_accepted():
    assert validate_round(TWELVE, 3, 1, Round(went_out=ANN, pips={ANN: 0, BO: 2, CY: 7})) == ()


def test_going_out_from_a_seat_not_at_the_table_is_refused():
    errors = validate_round(TWELVE, 2, 1, Round(went_out=5, pips={ANN: 3, BO: 2}))

    assert errors == (RoundError(RoundErrorCode.UNKNOWN_SEAT, seat=5),)


def test_a_count_for_a_seat_not_at_the_table_is_refused():
    errors = validate_round(TWELVE, 2, 1, Round(pips={ANN: 3, BO: 2, CY: 4}))

    assert errors == (RoundError(RoundErrorCode.UNKNOWN_SEAT, seat=CY),)


def test_who_holds_the_double_blank_is_asked_only_under_the_house_rule():
    errors = validate_round(TWELVE, 2, 1, Round(went_out=ANN, pips={BO: 2}, double_blank=BO))

    assert errors == (RoundError(RoundErrorCode.DOUBLE_BLANK_NOT_ASKED),)


def test_the_double_blank_held_at_a_seat_not_at_the_table_is_refused():
    rules = MexicanTrainRules(double_blank_counts=25)

    errors = validate_round(rules, 2, 1, Round(went_out=ANN, pips={BO: 2}, double_blank=CY))

    assert errors == (RoundError(RoundErrorCode.DOUBLE_BLANK_UNKNOWN_SEAT, seat=CY),)


def test_the_one_who_went_out_cannot_hold_the_double_blank():
    rules = MexicanTrainRules(double_blank_counts=25)

    errors = validate_round(rules, 2, 1, Round(went_out=ANN, pips={BO: 2}, double_blank=ANN))

    assert errors == (RoundError(RoundErrorCode.DOUBLE_BLANK_WENT_OUT, seat=ANN),)


def test_nobody_holds_the_double_blank_when_it_is_the_engine():
    rules = MexicanTrainRules(double_blank_counts=25)

    errors = validate_round(rules, 2, 13, Round(went_out=ANN, pips={BO: 2}, double_blank=BO))

    assert errors == (RoundError(RoundErrorCode.DOUBLE_BLANK_IS_ENGINE),)


def test_nobody_left_holding_the_double_blank_scores_nothing_for_it():
    rules = MexicanTrainRules(double_blank_counts=50)

    result = score_round(rules, 2, 1, Round(went_out=ANN, pips={BO: 2}))

    assert result.points == (0, 2)
    assert result.double_blank is None


def test_a_round_after_the_last_is_refused():
    errors = validate_round(NINE, 2, 11, Round(went_out=ANN, pips={BO: 2}))

    assert errors == (RoundError(RoundErrorCode.GAME_OVER, limit=10),)


def test_round_0_is_refused():
    errors = validate_round(NINE, 2, 0, Round(went_out=ANN, pips={BO: 2}))

    assert errors == (RoundError(RoundErrorCode.NOT_A_ROUND),)


def test_a_round_for_a_table_the_set_cannot_deal_to_is_refused():
    errors = validate_round(NINE, 5, 1, Round(went_out=ANN, pips={}))

    assert codes(errors) == [RoundErrorCode.TOO_MANY_PLAYERS]


def test_scoring_a_refused_round_raises_with_every_reason():
    entry = Round(went_out=ANN, pips={ANN: 4, BO: -2})

    with pytest.raises(InvalidRound) as refused:
        score_round(TWELVE, 3, 1, entry)

    assert codes(refused.value.errors) == [
        RoundErrorCode.PIPS_FOR_WENT_OUT,
        RoundErrorCode.NEGATIVE_PIPS,
        RoundErrorCode.MISSING_PIPS,
    ]


# --- Scoring, and the tally on the one path (play_match) --------------------------------------


def test_a_blocked_round_scores_every_players_pips():
    result = score_round(TWELVE, 3, 2, Round(pips={ANN: 4, BO: 0, CY: 12}))

    assert result.points == (4, 0, 12)
    assert result.blocked


def test_the_result_names_its_rounds_engine():
    assert score_round(TWELVE, 2, 3, Round(went_out=BO, pips={ANN: 4})).engine == 10


def test_the_game_is_not_over_before_its_last_round():
    _, state = play_rounds(TWELVE, 4, GAME[:12])

    assert not state.finished
    assert state.winners == ()
    assert state.hands_played == 12


def test_the_totals_run_round_by_round_before_the_end():
    _, state = play_rounds(TWELVE, 4, GAME[:2])

    assert state.totals == (22, 30, 7, 60)
    assert (state.finished, state.target) == (False, None)


def test_a_blocked_round_counts_no_out():
    _, state = play_rounds(NINE, 2, [Round(pips={ANN: 3, BO: 4})])

    assert state.outs == (0, 0)


def test_level_players_who_went_out_as_often_still_share_the_win():
    rules = MexicanTrainRules(first_engine=0, ties_to_most_outs=True)

    _, state = play_rounds(rules, 3, [Round(pips={ANN: 5, BO: 5, CY: 8})])

    assert state.winners == (ANN, BO)


def test_a_round_of_another_table_size_is_not_tallied():
    results, _ = play_rounds(TWELVE, 3, [Round(0, {1: 3, 2: 4})])

    with pytest.raises(ValueError):
        tally(make_game("mexican_train", 2), results)
