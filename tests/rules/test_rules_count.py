"""How many points the winning side scores, under each count rule and bonus."""

from hands import caribbean

from scorekeeper.rules import (
    CountRule,
    Ending,
    Hand,
    HouseRules,
    ReasonCode,
    make_game,
    score_hand,
)

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
