"""One number for the hands that count: how a pooled count is scored and what it refuses."""

import pytest

from scorekeeper import rules

CARIBBEAN = rules.make_game("caribbean", 4)


def pooled(winner, total, capicu=False, pips=None):
    return rules.Hand(
        rules.Ending.WENT_OUT, went_out=winner, pooled=total, capicu=capicu, pips=pips or {}
    )


def test_a_pooled_count_scores_that_many_for_the_winners():
    result = rules.score_hand(CARIBBEAN, pooled(3, 31))
    assert (result.side, result.points, result.next_leader) == (1, 31, 3)


def test_a_pooled_count_adds_the_capicu_bonus():
    assert rules.score_hand(CARIBBEAN, pooled(3, 31, capicu=True)).points == 56


def test_a_pooled_count_scores_as_the_same_hands_counted_one_by_one():
    one_by_one = rules.Hand(rules.Ending.WENT_OUT, went_out=0, pips={1: 15, 2: 3, 3: 9})
    assert (
        rules.score_hand(CARIBBEAN, pooled(0, 27)).points
        == rules.score_hand(CARIBBEAN, one_by_one).points
    )


def test_the_reason_keeps_the_pooled_count_and_no_seat_counts():
    reason = rules.score_hand(CARIBBEAN, pooled(1, 40)).reason
    assert (reason.pooled, reason.counted) == (40, ())


def test_three_hands_of_seven_double_six_tiles_hold_at_most_153():
    # The 21 heaviest tiles: the whole set (168) less the 7 lightest (15).
    assert rules.validate_hand(CARIBBEAN, pooled(0, 153)) == ()
    assert rules.validate_hand(CARIBBEAN, pooled(0, 154)) == (
        rules.HandError(rules.ErrorCode.POOLED_TOO_MANY, limit=153),
    )


def test_opponents_only_pools_two_hands_so_the_limit_is_lower():
    game = rules.make_game(
        "caribbean", 4, rules=rules.HouseRules(count_rule=rules.CountRule.OPPONENTS_ONLY)
    )
    assert game.max_pips_in_hands(2) == 118
    assert rules.validate_hand(game, pooled(0, 119)) == (
        rules.HandError(rules.ErrorCode.POOLED_TOO_MANY, limit=118),
    )


def test_a_draw_game_pools_up_to_the_boneyard_but_never_past_the_set():
    game = rules.make_game("standard", 4)  # five each and eight in the boneyard
    assert game.max_pips_in_hands(3) == game.tile_set.heaviest(23)
    assert game.max_pips_in_hands(9) == game.tile_set.total_pips


def test_a_negative_pooled_count_is_refused():
    assert rules.validate_hand(CARIBBEAN, pooled(0, -1)) == (
        rules.HandError(rules.ErrorCode.NEGATIVE_PIPS),
    )


@pytest.mark.parametrize("total", [2.5, "12", True])
def test_a_pooled_count_that_is_not_a_whole_number_is_refused(total):
    assert rules.validate_hand(CARIBBEAN, pooled(0, total)) == (
        rules.HandError(rules.ErrorCode.NOT_WHOLE),
    )


def test_a_pooled_count_needs_no_count_per_seat():
    assert not any(
        e.code is rules.ErrorCode.MISSING_PIPS for e in rules.validate_hand(CARIBBEAN, pooled(2, 0))
    )


def test_a_pooled_count_and_counts_per_seat_together_are_refused():
    assert rules.validate_hand(CARIBBEAN, pooled(0, 20, pips={1: 5})) == (
        rules.HandError(rules.ErrorCode.POOLED_WITH_PIPS),
    )


def test_a_zero_for_the_seat_that_went_out_is_harmless_beside_a_pooled_count():
    assert rules.validate_hand(CARIBBEAN, pooled(0, 20, pips={0: 0})) == ()


def test_a_blocked_hand_cannot_be_pooled():
    hand = rules.Hand(rules.Ending.BLOCKED, pooled=30)
    with pytest.raises(rules.InvalidHand) as refused:
        rules.score_hand(CARIBBEAN, hand)
    assert rules.HandError(rules.ErrorCode.POOLED_ON_BLOCKED) in refused.value.errors


def test_a_pooled_count_takes_the_regional_bonuses_as_counts_per_seat_do():
    house = rules.HouseRules(chuchazo_bonus=100, pase_corrido_bonus=25, first_hands_bonus=(100, 75))
    game = rules.make_game("caribbean", 4, rules=house)
    taps = {"chuchazo": True, "pases_corridos": {1: 1}}
    one_by_one = rules.Hand(rules.Ending.WENT_OUT, went_out=1, pips={0: 10, 2: 12, 3: 8}, **taps)
    together = rules.Hand(rules.Ending.WENT_OUT, went_out=1, pooled=30, **taps)
    expected = rules.score_hand(game, one_by_one, 0, number=1)
    result = rules.score_hand(game, together, 0, number=1)
    assert (result.side, result.points, result.credits) == (
        expected.side,
        expected.points,
        expected.credits,
    )
