"""Scores during play in All Fives and Bergen: what is credited, what is refused."""

import pytest

from scorekeeper.rules import (
    Ending,
    ErrorCode,
    Hand,
    HouseRules,
    InvalidHand,
    Play,
    PlayedHand,
    TileSet,
    advance,
    make_game,
    play_amounts,
    play_bound,
    play_match,
    play_side_points,
    tally,
    validate_play,
)


def codes(errors):
    return [error.code for error in errors]


@pytest.mark.parametrize(
    ("tile_set", "bound"),
    [(TileSet.DOUBLE_SIX, 45), (TileSet.DOUBLE_NINE, 70), (TileSet.DOUBLE_TWELVE, 95)],
)
def test_all_fives_play_bound_is_four_ends_of_the_set_down_to_a_five(tile_set, bound):
    game = make_game("all_fives", 2)
    game = type(game)(2, False, tile_set, 7, True, game.rules, game.scoring)

    assert play_bound(game) == bound


def test_all_fives_offers_every_five_up_to_the_bound():
    assert play_amounts(make_game("all_fives", 3)) == (5, 10, 15, 20, 25, 30, 35, 40, 45)


def test_bergen_offers_the_double_and_triple_header():
    assert play_amounts(make_game("bergen", 3)) == (2, 3)


def test_a_block_game_offers_no_scores_during_play():
    game = make_game("caribbean", 4)

    assert play_amounts(game) == ()
    assert codes(validate_play(game, Play(0, 5))) == [ErrorCode.NO_PLAY_SCORES]


@pytest.mark.parametrize(
    ("points", "code"),
    [
        (7, ErrorCode.PLAY_NOT_FIVES),
        (0, ErrorCode.PLAY_OUT_OF_RANGE),
        (-5, ErrorCode.PLAY_OUT_OF_RANGE),
        (50, ErrorCode.PLAY_OUT_OF_RANGE),
        (5.0, ErrorCode.NOT_WHOLE),
        (True, ErrorCode.NOT_WHOLE),
    ],
)
def test_all_fives_refuses_a_play_score_off_the_fives_or_out_of_bounds(points, code):
    assert codes(validate_play(make_game("all_fives", 2), Play(0, points))) == [code]


def test_all_fives_out_of_range_error_carries_the_bound():
    (error,) = validate_play(make_game("all_fives", 2), Play(0, 50))

    assert error.limit == 45


@pytest.mark.parametrize("points", [1, 4, 5, 2.0])
def test_bergen_refuses_anything_but_a_header(points):
    errors = validate_play(make_game("bergen", 2), Play(1, points))

    assert codes(errors) == [ErrorCode.PLAY_NOT_HEADER]


@pytest.mark.parametrize("seat", [-1, 4, None, "1"])
def test_a_play_for_an_unknown_seat_is_refused(seat):
    assert codes(validate_play(make_game("all_fives", 4), Play(seat, 10))) == [
        ErrorCode.UNKNOWN_SEAT
    ]


def test_a_play_score_goes_to_the_side_of_the_seat_credited():
    game = make_game("all_fives", 4)  # in pairs: seats 1 and 3 are side 1

    assert play_side_points(game, Play(3, 15)) == (0, 15)


def test_play_side_points_raises_for_a_refused_play():
    with pytest.raises(InvalidHand) as refused:
        play_side_points(make_game("all_fives", 4), Play(0, 12))

    assert codes(refused.value.errors) == [ErrorCode.PLAY_NOT_FIVES]


def test_a_play_reaching_the_target_ends_the_match_at_once():
    game = make_game("all_fives", 2, rules=HouseRules(target=20, capicu_bonus=0))
    state = advance(game, tally(game, ()), Play(1, 15))
    state = advance(game, state, Play(1, 5))

    assert (state.winner_side, state.ended_after, state.hands_played) == (1, 0, 1)


def test_a_play_short_of_the_target_leaves_the_hand_open():
    game = make_game("all_fives", 2, rules=HouseRules(target=20, capicu_bonus=0))
    state = advance(game, tally(game, ()), Play(1, 15))

    assert (state.totals, state.finished, state.hands_played) == ((0, 15), False, 0)


def test_nothing_is_accepted_after_a_play_ended_the_match():
    game = make_game("bergen", 2, rules=HouseRules(target=3, capicu_bonus=0))
    hands = [PlayedHand((Play(0, 3),), Hand(Ending.WENT_OUT, went_out=1))]

    with pytest.raises(InvalidHand) as refused:
        play_match(game, hands)

    assert codes(refused.value.errors) == [ErrorCode.MATCH_OVER]


def test_a_hand_ended_by_the_match_is_scored_without_an_end():
    game = make_game("bergen", 2, rules=HouseRules(target=3, capicu_bonus=0))

    scored, state = play_match(game, [PlayedHand((Play(0, 2), Play(0, 3)))])

    assert (scored[0].ended, state.totals, state.winner_side) == (False, (5, 0), 0)


def test_an_open_hand_cannot_be_followed_by_another_hand():
    game = make_game("bergen", 2)
    hands = [PlayedHand((Play(0, 2),)), PlayedHand((Play(1, 2),))]

    with pytest.raises(InvalidHand) as refused:
        play_match(game, hands)

    assert codes(refused.value.errors) == [ErrorCode.HAND_NOT_ENDED]


def test_several_sides_are_credited_in_one_hand():
    game = make_game("all_fives", 3)
    hand = PlayedHand(
        (Play(0, 10), Play(1, 5)), Hand(Ending.WENT_OUT, went_out=2, pips={0: 5, 1: 5})
    )

    scored, _ = play_match(game, [hand])

    assert scored[0].side_points == (10, 5, 10)
