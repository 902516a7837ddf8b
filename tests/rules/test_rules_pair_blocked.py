"""A blocked hand under `lighter pair` given as each pair's pips together, where that is enough."""

import itertools
from dataclasses import replace

import pytest

from scorekeeper import rules

SPANISH = rules.make_game("spanish", 4)  # lighter pair, every hand, turn passes


def game_with(count_rule, lead_rule, **more):
    house = rules.HouseRules(
        count_rule=count_rule,
        blocked_rule=rules.BlockedRule.LIGHTER_PAIR,
        lead_rule=lead_rule,
        **more,
    )
    return rules.make_game("caribbean", 4, rules=house)


def by_pair(first, second, **more):
    return rules.Hand(rules.Ending.BLOCKED, pair_pips={0: first, 1: second}, **more)


ENOUGH = {
    (rules.CountRule.EVERY_HAND, rules.LeadRule.TURN_PASSES): True,
    (rules.CountRule.OPPONENTS_ONLY, rules.LeadRule.TURN_PASSES): True,
    # The winner's own hand is left out of the count: only single hands tell it.
    (rules.CountRule.ALL_OTHER_HANDS, rules.LeadRule.TURN_PASSES): False,
    # The lighter hand of the winning pair leads next: pair totals do not say which.
    (rules.CountRule.EVERY_HAND, rules.LeadRule.WINNER_LEADS): False,
    (rules.CountRule.OPPONENTS_ONLY, rules.LeadRule.WINNER_LEADS): False,
    (rules.CountRule.ALL_OTHER_HANDS, rules.LeadRule.WINNER_LEADS): False,
}


@pytest.mark.parametrize(
    ("count_rule", "lead_rule"), list(itertools.product(rules.CountRule, rules.LeadRule))
)
def test_pair_totals_are_enough_only_where_no_single_hand_is_needed(count_rule, lead_rule):
    assert game_with(count_rule, lead_rule).counts_blocked_by_pair is ENOUGH[count_rule, lead_rule]


@pytest.mark.parametrize(
    ("count_rule", "lead_rule"), list(itertools.product(rules.CountRule, rules.LeadRule))
)
def test_pair_totals_are_refused_where_they_are_not_enough(count_rule, lead_rule):
    errors = rules.validate_hand(game_with(count_rule, lead_rule), by_pair(20, 31), led_by=0)
    offered = ENOUGH[count_rule, lead_rule]
    assert (rules.HandError(rules.ErrorCode.PAIRS_NOT_OFFERED) in errors) is not offered


def test_the_spanish_preset_takes_pair_totals():
    assert SPANISH.counts_blocked_by_pair


@pytest.mark.parametrize(
    "change",
    [
        {"blocked_rule": rules.BlockedRule.LIGHTEST_HAND},
        {"ties_to_leaders": True},
        {"blocker_against_next": True},
    ],
    ids=["lightest hand", "ties to the leaders", "blocker against the next"],
)
def test_rules_that_compare_single_hands_take_no_pair_totals(change):
    house = replace(rules.preset_named("spanish").rules, **change)
    assert not rules.make_game("spanish", 4, rules=house).counts_blocked_by_pair


def test_without_partnership_there_are_no_pairs():
    house = rules.preset_named("spanish").rules
    assert not rules.make_game("spanish", 4, partnership=False, rules=house).counts_blocked_by_pair


def test_every_hand_pays_both_pairs_to_the_lighter_pair():
    result = rules.score_hand(SPANISH, by_pair(31, 20), led_by=0)
    assert (result.side, result.points, result.side_points) == (1, 51, (0, 51))


def test_opponents_only_pays_the_losing_pairs_pips():
    game = game_with(rules.CountRule.OPPONENTS_ONLY, rules.LeadRule.TURN_PASSES)
    result = rules.score_hand(game, by_pair(20, 31), led_by=0)
    assert (result.side, result.points) == (0, 31)


def test_pair_totals_score_as_the_same_hands_counted_one_by_one():
    one_by_one = rules.Hand(rules.Ending.BLOCKED, pips={0: 9, 1: 15, 2: 3, 3: 9})
    pairs = rules.score_hand(SPANISH, by_pair(12, 24), led_by=2)
    hands = rules.score_hand(SPANISH, one_by_one, led_by=2)
    assert (pairs.side, pairs.points, pairs.next_leader) == (
        hands.side,
        hands.points,
        hands.next_leader,
    )


def test_level_pair_totals_are_a_draw():
    result = rules.score_hand(SPANISH, by_pair(18, 18), led_by=1)
    assert (result.side, result.points, result.reason.code) == (
        None,
        0,
        rules.ReasonCode.DRAW_PAIRS,
    )


def test_the_lead_still_passes_in_turn():
    assert rules.score_hand(SPANISH, by_pair(18, 30), led_by=3).next_leader == 0


def test_the_reason_keeps_the_pair_totals_and_what_was_counted():
    reason = rules.score_hand(SPANISH, by_pair(18, 30), led_by=0).reason
    assert (reason.code, reason.pair_pips, reason.counted_pairs, reason.counted) == (
        rules.ReasonCode.LIGHTER_PAIR,
        (18, 30),
        (0, 1),
        (),
    )


def test_two_hands_of_seven_double_six_tiles_hold_at_most_118():
    assert rules.validate_hand(SPANISH, by_pair(118, 0), led_by=0) == ()
    assert rules.validate_hand(SPANISH, by_pair(119, 0), led_by=0) == (
        rules.HandError(rules.ErrorCode.PAIR_TOO_MANY, seat=0, limit=118),
    )


def test_both_pairs_together_hold_no_more_than_the_set():
    assert rules.validate_hand(SPANISH, by_pair(118, 118), led_by=0) == (
        rules.HandError(rules.ErrorCode.TOTAL_TOO_MANY, limit=168),
    )


@pytest.mark.parametrize("value", [2.5, "12", True])
def test_a_pair_total_that_is_not_whole_is_refused_for_that_pair(value):
    assert rules.validate_hand(SPANISH, by_pair(10, value), led_by=0) == (
        rules.HandError(rules.ErrorCode.PAIR_NOT_WHOLE, seat=1),
    )


def test_a_negative_pair_total_is_refused():
    assert rules.validate_hand(SPANISH, by_pair(-1, 10), led_by=0) == (
        rules.HandError(rules.ErrorCode.PAIR_NEGATIVE, seat=0),
    )


def test_a_missing_pair_total_is_refused():
    hand = rules.Hand(rules.Ending.BLOCKED, pair_pips={0: 10})
    assert rules.validate_hand(SPANISH, hand, led_by=0) == (
        rules.HandError(rules.ErrorCode.PAIR_MISSING, seat=1),
    )


def test_a_pair_total_for_no_side_is_refused():
    hand = rules.Hand(rules.Ending.BLOCKED, pair_pips={0: 10, 1: 12, 2: 3})
    assert rules.HandError(rules.ErrorCode.PAIR_UNKNOWN_SIDE) in rules.validate_hand(
        SPANISH, hand, led_by=0
    )


def test_pair_totals_are_only_for_a_blocked_hand():
    hand = rules.Hand(rules.Ending.WENT_OUT, went_out=0, pair_pips={0: 0, 1: 12})
    assert rules.HandError(rules.ErrorCode.PAIRS_NOT_BLOCKED) in rules.validate_hand(
        SPANISH, hand, led_by=0
    )


def test_pair_totals_and_single_hands_together_are_refused():
    hand = by_pair(10, 12, pips={0: 5, 1: 6, 2: 5, 3: 6})
    assert rules.validate_hand(SPANISH, hand, led_by=0) == (
        rules.HandError(rules.ErrorCode.PAIRS_WITH_PIPS),
    )


def test_pair_totals_need_no_count_per_seat():
    assert not any(
        error.code is rules.ErrorCode.MISSING_PIPS
        for error in rules.validate_hand(SPANISH, by_pair(10, 12), led_by=0)
    )
