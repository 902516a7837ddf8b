"""Mexican Train: RULES.md's worked example as written, and each rule on its own, each round
checked and scored through the one path (rules.validate_hand, rules.score_hand, play_match) as
every game's hand is.

Ann 0, Bo 1, Cy 2, Dee 3.
"""

import pytest

from scorekeeper.rules import (
    Credit,
    Ending,
    ErrorCode,
    HandError,
    InvalidHand,
    MexicanTrainRules,
    PointKind,
    TileSet,
    make_game,
    needed_seats,
    players_error,
    score_hand,
    tally,
    validate_hand,
)

from .hands import a_round, play_rounds, train

ANN, BO, CY, DEE = range(4)
TWELVE = MexicanTrainRules()
NINE = MexicanTrainRules(TileSet.DOUBLE_NINE)

ROUND_1 = a_round(went_out=ANN, pips={BO: 23, CY: 7, DEE: 41})
# Rounds 2 to 13 that bring the worked example's totals: Ann 112, Bo 140, Cy 112, Dee 230.
LATER_ROUNDS = (
    a_round(went_out=CY, pips={ANN: 22, BO: 7, DEE: 19}),
    a_round(went_out=ANN, pips={BO: 10, CY: 15, DEE: 20}),
    *[a_round(pips={ANN: 9, BO: 10, CY: 9, DEE: 15})] * 10,
)
GAME = (ROUND_1, *LATER_ROUNDS)


def codes(errors):
    return [error.code for error in errors]


def check(hand, players=4, number=1, **house):
    """The refusals of a round at a double-twelve table of this many players."""
    return validate_hand(train(players, **house), hand, number=number)


def check_nine(hand, players=2, number=1):
    """The refusals of a round at a double-nine table."""
    return validate_hand(train(players, "mexican_train_nine"), hand, number=number)


# --- The worked example -----------------------------------------------------------------------


def test_ann_going_out_scores_0_and_the_others_their_pips():
    result = score_hand(train(), ROUND_1, number=1)

    assert result.side_points == (0, 23, 7, 41)


def test_the_double_blank_counting_0_adds_nothing_to_dee():
    result = score_hand(train(), ROUND_1, number=1)

    assert result.side_points[DEE] == 41
    assert all(credit.kind != PointKind.DOUBLE_BLANK for credit in result.credits)


def test_the_double_blank_counting_50_makes_dee_91():
    entry = a_round(went_out=ANN, pips={BO: 23, CY: 7, DEE: 41}, double_blank=DEE)

    result = score_hand(train(double_blank_counts=50), entry, number=1)

    assert result.side_points == (0, 23, 7, 91)
    assert Credit(DEE, PointKind.COUNT, 41) in result.credits
    assert Credit(DEE, PointKind.DOUBLE_BLANK, 50) in result.credits


def test_the_double_blank_counting_25_makes_dee_66():
    entry = a_round(went_out=ANN, pips={BO: 23, CY: 7, DEE: 41}, double_blank=DEE)

    assert score_hand(train(double_blank_counts=25), entry, number=1).side_points[DEE] == 66


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
    assert players_error(TWELVE, 1) == HandError(ErrorCode.TOO_FEW_PLAYERS, limit=2)


def test_nine_players_are_too_many_for_double_twelve():
    assert players_error(TWELVE, 9) == HandError(ErrorCode.TOO_MANY_PLAYERS, limit=8)


def test_five_players_are_too_many_for_double_nine():
    assert players_error(NINE, 5) == HandError(ErrorCode.TOO_MANY_PLAYERS, limit=4)
    with pytest.raises(ValueError):
        NINE.tiles_each(5)


def test_a_number_of_players_that_is_not_whole_is_refused():
    assert players_error(TWELVE, 2.5).code is ErrorCode.TOO_FEW_PLAYERS


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
    assert needed_seats(train(), Ending.WENT_OUT, BO) == (ANN, CY, DEE)
    assert needed_seats(train(), Ending.BLOCKED) == (ANN, BO, CY, DEE)


# --- What validation refuses ------------------------------------------------------------------


def test_a_missing_count_is_refused():
    errors = check(a_round(went_out=ANN, pips={BO: 23, CY: 7}))

    assert errors == (HandError(ErrorCode.MISSING_PIPS, seat=DEE),)


def test_a_blocked_round_needs_every_count():
    errors = check(a_round(pips={BO: 23, CY: 7, DEE: 41}))

    assert errors == (HandError(ErrorCode.MISSING_PIPS, seat=ANN),)


@pytest.mark.parametrize("value", [2.5, "7", None, True])
def test_a_count_that_is_not_whole_is_refused(value):
    errors = check(a_round(went_out=ANN, pips={BO: 23, CY: value, DEE: 41}))

    assert errors == (HandError(ErrorCode.NOT_WHOLE, seat=CY),)


def test_a_count_below_0_is_refused():
    errors = check(a_round(went_out=ANN, pips={BO: 23, CY: -1, DEE: 41}))

    assert errors == (HandError(ErrorCode.NEGATIVE_PIPS, seat=CY),)


def test_a_count_above_the_sets_pips_less_the_engine_is_refused():
    errors = check(a_round(went_out=ANN, pips={BO: 1069}), players=2)

    assert errors == (HandError(ErrorCode.TOO_MANY_PIPS, seat=BO, limit=1068),)


def test_a_count_of_the_sets_pips_less_the_engine_is_accepted():
    assert check(a_round(went_out=ANN, pips={BO: 1068}), players=2) == ()


def test_counts_together_above_the_sets_pips_less_the_engine_are_refused():
    errors = check(a_round(went_out=ANN, pips={BO: 600, CY: 600}), players=3)

    assert errors == (HandError(ErrorCode.TOTAL_TOO_MANY, limit=1068),)


def test_the_one_who_went_out_holds_nothing():
    errors = check(a_round(went_out=ANN, pips={ANN: 5, BO: 2, CY: 7, DEE: 4}))

    assert errors == (HandError(ErrorCode.PIPS_FOR_WINNER, seat=ANN),)


def test_a_0_for_the_one_who_went_out_is_accepted():
    assert check(a_round(went_out=ANN, pips={ANN: 0, BO: 2, CY: 7}), players=3) == ()


def test_going_out_from_a_seat_not_at_the_table_is_refused():
    errors = check(a_round(went_out=5, pips={ANN: 3, BO: 2}), players=2)

    assert errors == (HandError(ErrorCode.UNKNOWN_SEAT, seat=5),)


def test_a_count_for_a_seat_not_at_the_table_is_refused():
    errors = check(a_round(pips={ANN: 3, BO: 2, CY: 4}), players=2)

    assert errors == (HandError(ErrorCode.UNKNOWN_SEAT, seat=CY),)


def test_who_holds_the_double_blank_is_asked_only_under_the_house_rule():
    errors = check(a_round(went_out=ANN, pips={BO: 2}, double_blank=BO), players=2)

    assert errors == (HandError(ErrorCode.DOUBLE_BLANK_NOT_ASKED),)


def test_the_double_blank_held_at_a_seat_not_at_the_table_is_refused():
    entry = a_round(went_out=ANN, pips={BO: 2}, double_blank=CY)

    errors = check(entry, players=2, double_blank_counts=25)

    assert errors == (HandError(ErrorCode.DOUBLE_BLANK_UNKNOWN_SEAT, seat=CY),)


def test_the_one_who_went_out_cannot_hold_the_double_blank():
    entry = a_round(went_out=ANN, pips={BO: 2}, double_blank=ANN)

    errors = check(entry, players=2, double_blank_counts=25)

    assert errors == (HandError(ErrorCode.DOUBLE_BLANK_WENT_OUT, seat=ANN),)


def test_nobody_holds_the_double_blank_when_it_is_the_engine():
    entry = a_round(went_out=ANN, pips={BO: 2}, double_blank=BO)

    errors = check(entry, players=2, number=13, double_blank_counts=25)

    assert errors == (HandError(ErrorCode.DOUBLE_BLANK_IS_ENGINE),)


def test_nobody_left_holding_the_double_blank_scores_nothing_for_it():
    game = train(2, double_blank_counts=50)

    result = score_hand(game, a_round(went_out=ANN, pips={BO: 2}), number=1)

    assert result.side_points == (0, 2)
    assert all(credit.kind != PointKind.DOUBLE_BLANK for credit in result.credits)


def test_a_round_after_the_last_is_refused():
    errors = check_nine(a_round(went_out=ANN, pips={BO: 2}), number=11)

    assert errors == (HandError(ErrorCode.MATCH_OVER, limit=10),)


def test_round_0_is_refused():
    errors = check_nine(a_round(went_out=ANN, pips={BO: 2}), number=0)

    assert errors == (HandError(ErrorCode.NOT_A_ROUND),)


def test_a_table_the_set_cannot_deal_to_is_refused():
    with pytest.raises(ValueError, match="not played"):
        train(5, "mexican_train_nine")


def test_scoring_a_refused_round_raises_with_every_reason():
    entry = a_round(went_out=ANN, pips={ANN: 4, BO: -2})

    with pytest.raises(InvalidHand) as refused:
        score_hand(train(3), entry, number=1)

    assert codes(refused.value.errors) == [
        ErrorCode.PIPS_FOR_WINNER,
        ErrorCode.NEGATIVE_PIPS,
        ErrorCode.MISSING_PIPS,
    ]


# --- Scoring, and the tally on the one path (play_match) --------------------------------------


def test_a_blocked_round_scores_every_players_pips():
    result = score_hand(train(3), a_round(pips={ANN: 4, BO: 0, CY: 12}), number=2)

    assert result.side_points == (4, 0, 12)
    assert result.winning_seat is None


def test_a_round_is_checked_against_its_own_engine():
    # Round 3 starts with the double ten: 1,092 pips less its 20.
    errors = check(a_round(went_out=BO, pips={ANN: 1073}), players=2, number=3)

    assert errors == (HandError(ErrorCode.TOO_MANY_PIPS, seat=ANN, limit=1072),)


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
    _, state = play_rounds(NINE, 2, [a_round(pips={ANN: 3, BO: 4})])

    assert state.outs == (0, 0)


def test_level_players_who_went_out_as_often_still_share_the_win():
    rules = MexicanTrainRules(first_engine=0, ties_to_most_outs=True)

    _, state = play_rounds(rules, 3, [a_round(pips={ANN: 5, BO: 5, CY: 8})])

    assert state.winners == (ANN, BO)


def test_a_round_of_another_table_size_is_not_tallied():
    results, _ = play_rounds(TWELVE, 3, [a_round(0, {1: 3, 2: 4})])

    with pytest.raises(ValueError):
        tally(make_game("mexican_train", 2), results)
