"""Blocked hands under `ties go to the leaders` and `blocker against the next hand`."""

import pytest
from hands import blocked, caribbean

from scorekeeper.rules import (
    BlockedRule,
    CountRule,
    Ending,
    Hand,
    HouseRules,
    InvalidHand,
    ReasonCode,
    make_game,
    score_hand,
)

LEADERS = caribbean(ties_to_leaders=True)
PAIRS_LEADERS = caribbean(ties_to_leaders=True, blocked_rule=BlockedRule.LIGHTER_PAIR)
BLOCKER = caribbean(blocker_against_next=True)


def test_a_tie_for_the_lightest_hand_goes_to_the_side_that_led():
    result = score_hand(LEADERS, blocked(4, 4, 10, 12), led_by=3)

    assert result.side == 1
    assert result.reason.code is ReasonCode.TIE_TO_LEADERS
    assert result.reason.tied_seats == (0, 1)


def test_the_leaders_winning_seat_is_their_lighter_hand():
    # Seat 3 led, but its partner in seat 1 holds the level lightest hand.
    assert score_hand(LEADERS, blocked(4, 4, 10, 12), led_by=3).winning_seat == 1


def test_the_leader_wins_the_count_when_the_pairs_hands_are_level():
    assert score_hand(LEADERS, blocked(4, 4, 10, 4), led_by=3).winning_seat == 3


def test_the_leaders_score_all_other_hands():
    assert score_hand(LEADERS, blocked(4, 4, 10, 12), led_by=0).points == 4 + 10 + 12


def test_a_drawn_lighter_pair_goes_to_the_side_that_led():
    result = score_hand(PAIRS_LEADERS, blocked(5, 6, 7, 6), led_by=1)

    assert (result.side, result.winning_seat) == (1, 1)
    assert result.points == 5 + 7 + 6


def test_leaders_win_the_tie_and_lead_the_next_hand():
    assert score_hand(LEADERS, blocked(4, 4, 10, 12), led_by=3).next_leader == 1


def test_without_the_rule_a_tie_stays_void():
    assert score_hand(caribbean(), blocked(4, 4, 10, 12), led_by=3).void


def test_a_clear_lightest_hand_wins_as_usual_under_the_rule():
    result = score_hand(LEADERS, blocked(3, 4, 10, 12), led_by=1)

    assert (result.winning_seat, result.reason.code) == (0, ReasonCode.LIGHTEST_HAND)


def test_each_for_themselves_a_tie_between_others_stays_void():
    each = make_game("pub_block", 3, rules=HouseRules(ties_to_leaders=True))
    hand = Hand(Ending.BLOCKED, pips={0: 9, 1: 4, 2: 4})

    assert score_hand(each, hand, led_by=0).void


def test_the_blocker_wins_against_a_heavier_next_hand():
    result = score_hand(BLOCKER, blocked(8, 9, 1, 1, blocked_by=0))

    assert (result.winning_seat, result.side) == (0, 0)
    assert result.reason.code is ReasonCode.BLOCKER_VS_NEXT
    assert result.reason.compared_seats == (0, 1)


def test_the_next_seat_wins_with_the_lighter_hand():
    assert score_hand(BLOCKER, blocked(8, 7, 1, 1, blocked_by=0)).winning_seat == 1


def test_a_tie_between_blocker_and_next_goes_to_the_blocker():
    assert score_hand(BLOCKER, blocked(8, 8, 1, 1, blocked_by=0)).winning_seat == 0


def test_the_seat_after_the_last_is_the_first():
    result = score_hand(BLOCKER, blocked(6, 1, 1, 9, blocked_by=3))

    assert result.reason.compared_seats == (3, 0)
    assert result.winning_seat == 0


def test_blocker_against_next_points_follow_the_count_rule():
    opponents = caribbean(blocker_against_next=True, count_rule=CountRule.OPPONENTS_ONLY)

    assert score_hand(opponents, blocked(8, 9, 1, 2, blocked_by=0)).points == 9 + 2


def test_a_tie_needs_the_leader_when_nobody_knows_who_led():
    with pytest.raises(InvalidHand) as refused:
        score_hand(LEADERS, blocked(4, 4, 10, 12))

    assert [error.code for error in refused.value.errors] == ["leader_needed"]


def test_the_table_can_say_who_led_a_first_hand_tie():
    assert score_hand(LEADERS, blocked(4, 4, 10, 12, led_by=2)).side == 0
