"""The block games: who wins a blocked hand's count, and how many points the winners score."""

import itertools
from dataclasses import replace

import pytest

from scorekeeper import rules
from scorekeeper.rules import (
    BlockedRule,
    CountRule,
    Ending,
    Hand,
    HouseRules,
    ReasonCode,
    make_game,
    score_hand,
)

from ..hands import blocked, caribbean

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


WENT_OUT = Hand(Ending.WENT_OUT, went_out=1, pips={0: 10, 2: 20, 3: 7})


def test_all_other_hands_counts_the_partners_pips_too():
    result = score_hand(caribbean(), WENT_OUT)

    assert result.points == 37
    assert result.side == 1
    assert result.reason.counted == ((0, 10), (2, 20), (3, 7))


def test_opponents_only_leaves_out_the_partners_pips():
    result = score_hand(caribbean(count_rule=CountRule.OPPONENTS_ONLY), WENT_OUT)

    assert result.points == 30
    assert result.reason.counted == ((0, 10), (2, 20))


def test_opponents_only_does_not_need_the_partners_count():
    game = caribbean(count_rule=CountRule.OPPONENTS_ONLY)

    assert score_hand(game, Hand(Ending.WENT_OUT, went_out=1, pips={0: 10, 2: 20})).points == 30


def test_every_hand_counts_the_winners_own_hand_when_blocked():
    game = caribbean(count_rule=CountRule.EVERY_HAND)

    result = score_hand(game, Hand(Ending.BLOCKED, pips={0: 9, 1: 15, 2: 3, 3: 9}))

    assert result.points == 36
    assert result.reason.counted == ((0, 9), (1, 15), (2, 3), (3, 9))


def test_every_hand_counts_the_winner_as_empty_when_went_out():
    result = score_hand(caribbean(count_rule=CountRule.EVERY_HAND), WENT_OUT)

    assert result.points == 37
    assert result.reason.counted == ((0, 10), (1, 0), (2, 20), (3, 7))


def test_went_out_is_the_reason_and_the_winner_leads():
    result = score_hand(caribbean(), WENT_OUT, led_by=0)

    assert result.reason.code is ReasonCode.WENT_OUT
    assert result.reason.winning_pips is None
    assert result.winning_seat == result.next_leader == 1


def test_only_the_winning_side_scores():
    assert score_hand(caribbean(), WENT_OUT).side_points == (0, 37)


def test_capicu_pays_the_default_25():
    result = score_hand(
        caribbean(), Hand(Ending.WENT_OUT, went_out=0, pips={1: 5, 2: 0, 3: 0}, capicu=True)
    )

    assert result.points == 30
    assert result.reason.capicu_bonus == 25


def test_capicu_pays_the_tables_bonus():
    game = caribbean(capicu_bonus=30)

    result = score_hand(
        game, Hand(Ending.WENT_OUT, went_out=0, pips={1: 5, 2: 0, 3: 0}, capicu=True)
    )

    assert result.points == 35


def test_no_capicu_no_bonus():
    result = score_hand(caribbean(), Hand(Ending.WENT_OUT, went_out=0, pips={1: 5, 2: 0, 3: 0}))

    assert result.reason.capicu_bonus == 0
    assert result.points == 5


def test_winners_zero_count_is_accepted():
    result = score_hand(
        caribbean(), Hand(Ending.WENT_OUT, went_out=0, pips={0: 0, 1: 5, 2: 4, 3: 1})
    )

    assert result.points == 10


def test_unplayed_double_six_is_12_points_for_the_other_side():
    result = score_hand(caribbean(), Hand(Ending.WENT_OUT, went_out=0, pips={1: 12, 2: 0, 3: 0}))

    assert result.points == 12


def test_all_other_hands_is_opponents_only_without_partnership():
    hand = Hand(Ending.WENT_OUT, went_out=2, pips={0: 8, 1: 11})
    points = {
        rule: score_hand(make_game("standard", 3, rules=HouseRules(count_rule=rule)), hand).points
        for rule in (CountRule.ALL_OTHER_HANDS, CountRule.OPPONENTS_ONLY)
    }

    assert points == {CountRule.ALL_OTHER_HANDS: 19, CountRule.OPPONENTS_ONLY: 19}


def test_two_seats_each_for_themselves():
    result = score_hand(make_game("standard", 2), Hand(Ending.WENT_OUT, went_out=1, pips={0: 23}))

    assert result.side == 1
    assert result.side_points == (0, 23)


def test_three_seats_each_for_themselves():
    result = score_hand(make_game("standard", 3), Hand(Ending.BLOCKED, pips={0: 9, 1: 4, 2: 7}))

    assert result.side == 1
    assert result.points == 16
    assert result.side_points == (0, 16, 0)


def test_house_rules_accept_stored_strings():
    rules = HouseRules(count_rule="opponents_only", blocked_rule="lighter_pair")

    assert rules.count_rule is CountRule.OPPONENTS_ONLY


def test_hand_accepts_the_ending_as_a_stored_string():
    assert Hand("went_out", went_out=0, pips={1: 3}).ending is Ending.WENT_OUT


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
