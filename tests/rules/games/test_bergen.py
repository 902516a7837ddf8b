"""Bergen: a point (two under its house rule) for winning a hand, ties, doubles lose the count."""

import pytest

from scorekeeper.rules import (
    Ending,
    ErrorCode,
    Hand,
    HouseRules,
    InvalidHand,
    ReasonCode,
    make_game,
    needed_seats,
    score_hand,
    validate_hand,
)


def bergen(partnership=False, **rules):
    house = HouseRules(target=15 if partnership else 10, capicu_bonus=0, **rules)
    return make_game("bergen", 4, partnership=partnership, rules=house)


def test_bergen_ignores_ties_to_the_leaders():
    # Seats 0 and 1 level at 4 while seat 2, holding a double, would be lighter at 2.
    game = bergen(ties_to_leaders=True, doubles_lose_count=True)
    hand = Hand(Ending.BLOCKED, pips={0: 4, 1: 4, 2: 2, 3: 9}, holding_doubles={2})

    assert validate_hand(game, hand) == ()
    assert score_hand(game, hand, led_by=0).void


def test_bergen_going_out_scores_one_without_any_counts():
    assert needed_seats(bergen(), Ending.WENT_OUT, 2) == ()
    assert score_hand(bergen(), Hand(Ending.WENT_OUT, went_out=2)).side_points == (0, 0, 1, 0)


def test_bergen_going_out_pays_two_under_a_won_hand_pays_two():
    result = score_hand(bergen(won_hand_pays_two=True), Hand(Ending.WENT_OUT, went_out=2))

    assert result.points == 2


def test_bergen_a_blocked_hand_won_pays_two_under_a_won_hand_pays_two():
    # The published variant that pays 2 pays it for any hand won, blocked or gone out.
    game = bergen(partnership=True, won_hand_pays_two=True)
    result = score_hand(game, Hand(Ending.BLOCKED, pips={0: 2, 1: 5, 2: 3, 3: 6}))

    assert (result.side, result.points, result.side_points) == (0, 2, (2, 0))


def test_bergen_blocked_pays_the_lighter_pair_one_point():
    result = score_hand(
        bergen(partnership=True), Hand(Ending.BLOCKED, pips={0: 3, 1: 4, 2: 9, 3: 5})
    )

    assert (result.side_points, result.winning_seat) == ((0, 1), 1)


def test_bergen_blocked_tie_scores_nothing():
    result = score_hand(bergen(), Hand(Ending.BLOCKED, pips={0: 3, 1: 3, 2: 9, 3: 5}))

    assert result.void


def test_bergen_doubles_lose_the_count_to_a_hand_without_one():
    hand = Hand(Ending.BLOCKED, pips={0: 2, 1: 6, 2: 9, 3: 5}, holding_doubles={0, 2})

    result = score_hand(bergen(doubles_lose_count=True), hand)

    assert (result.winning_seat, result.reason.code) == (3, ReasonCode.LIGHTEST_WITHOUT_DOUBLE)


def test_bergen_doubles_do_not_matter_when_every_hand_holds_one():
    hand = Hand(Ending.BLOCKED, pips={0: 2, 1: 6}, holding_doubles={0, 1})
    game = make_game("bergen", 2, rules=HouseRules(target=10, doubles_lose_count=True))

    assert score_hand(game, hand).winning_seat == 0


def test_holding_doubles_is_refused_unless_the_table_plays_that_rule():
    hand = Hand(Ending.BLOCKED, pips={0: 2, 1: 6, 2: 9, 3: 5}, holding_doubles={0})

    with pytest.raises(InvalidHand) as refused:
        score_hand(bergen(), hand)

    assert [error.code for error in refused.value.errors] == [ErrorCode.DOUBLES_NOT_ASKED]
