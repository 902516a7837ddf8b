"""Who wins the count of a blocked hand, under each blocked rule."""

import pytest
from hands import blocked, caribbean

from scorekeeper.rules import (
    BlockedRule,
    HouseRules,
    ReasonCode,
    make_game,
    score_hand,
)

LIGHTER_PAIR = HouseRules(blocked_rule=BlockedRule.LIGHTER_PAIR)


def test_level_lightest_hands_of_different_pairs_void_the_hand():
    result = score_hand(caribbean(), blocked(4, 4, 10, 12))

    assert result.void
    assert result.side is None
    assert result.points == 0
    assert result.side_points == (0, 0)
    assert result.reason.code is ReasonCode.VOID_TIE
    assert result.reason.tied_seats == (0, 1)


def test_seat_that_led_a_void_hand_leads_it_again():
    assert score_hand(caribbean(), blocked(4, 4, 10, 12), led_by=3).next_leader == 3


def test_void_first_hand_is_led_again_by_whoever_holds_the_double():
    assert score_hand(caribbean(), blocked(4, 4, 10, 12)).next_leader is None


def test_level_lightest_hands_of_one_pair_win_for_that_pair():
    result = score_hand(caribbean(), blocked(10, 5, 12, 5))

    assert result.side == 1
    assert result.winning_seat == 1
    assert result.reason.code is ReasonCode.LIGHTEST_HAND
    assert result.points == 10 + 12 + 5


def test_lighter_pair_wins_with_fewer_pips_together():
    # Seat 1 holds the single lightest hand, but seats 0 and 2 hold fewer together.
    result = score_hand(make_game("caribbean", 4, rules=LIGHTER_PAIR), blocked(6, 2, 6, 20))

    assert result.side == 0
    assert result.reason.code is ReasonCode.LIGHTER_PAIR
    assert result.reason.winning_pips == 12


def test_lighter_hand_of_the_winning_pair_is_the_winning_seat():
    result = score_hand(make_game("caribbean", 4, rules=LIGHTER_PAIR), blocked(7, 2, 5, 20))

    assert result.winning_seat == 2
    assert result.next_leader == 2


def test_level_hands_of_the_winning_pair_give_the_first_seat():
    result = score_hand(make_game("caribbean", 4, rules=LIGHTER_PAIR), blocked(5, 2, 5, 20))

    assert result.winning_seat == 0


def test_equal_pair_totals_are_a_draw():
    result = score_hand(make_game("caribbean", 4, rules=LIGHTER_PAIR), blocked(6, 2, 6, 10))

    assert result.void
    assert result.reason.code is ReasonCode.DRAW_PAIRS
    assert result.reason.winning_pips == 12
    assert result.side_points == (0, 0)


def test_drawn_pairs_hand_is_led_again_by_the_same_seat():
    game = make_game("caribbean", 4, rules=LIGHTER_PAIR)

    assert score_hand(game, blocked(6, 2, 6, 10), led_by=1).next_leader == 1


def test_lighter_pair_without_partnership_is_the_lightest_hand():
    game = make_game("standard", 3, rules=LIGHTER_PAIR)

    result = score_hand(game, blocked(9, 4, 7))

    assert result.winning_seat == 1
    assert result.reason.code is ReasonCode.LIGHTEST_HAND
    assert result.points == 16


@pytest.mark.parametrize("rules", [HouseRules(), LIGHTER_PAIR], ids=["lightest", "pair"])
def test_equal_lowest_hands_without_partnership_void_the_hand(rules):
    result = score_hand(make_game("standard", 3, rules=rules), blocked(4, 9, 4))

    assert result.reason.code is ReasonCode.VOID_TIE
    assert result.reason.tied_seats == (0, 2)


def test_blocked_hand_pays_no_capicu_bonus():
    result = score_hand(caribbean(), blocked(9, 15, 3, 9))

    assert result.reason.capicu_bonus == 0
