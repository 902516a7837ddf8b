"""What the hand form must refuse: every error, each naming its seat; and a pooled count."""

import pytest

from scorekeeper import rules
from scorekeeper.rules import (
    CountRule,
    Ending,
    ErrorCode,
    Hand,
    HandError,
    HouseRules,
    InvalidHand,
    make_game,
    needed_seats,
    score_hand,
    validate_hand,
)

from .hands import caribbean

CARIBBEAN = caribbean()


def went_out(winner, capicu=False, **pips):
    return Hand(Ending.WENT_OUT, went_out=winner, pips=_seats(pips), capicu=capicu)


def blocked(went_out=None, capicu=False, **pips):
    return Hand(Ending.BLOCKED, went_out=went_out, pips=_seats(pips), capicu=capicu)


def _seats(pips):
    return {int(name[1:]): value for name, value in pips.items()}  # s0=9 -> {0: 9}


def test_a_legal_hand_has_no_errors():
    assert validate_hand(CARIBBEAN, went_out(0, s1=5, s2=6, s3=7)) == ()


def test_went_out_without_a_winner_is_refused():
    assert validate_hand(CARIBBEAN, went_out(None, s0=1, s1=5, s2=6, s3=7)) == (
        HandError(ErrorCode.NO_WINNER),
    )


def test_a_winner_that_is_not_a_seat_number_is_no_winner():
    assert validate_hand(CARIBBEAN, went_out(True, s0=1, s2=6, s3=7)) == (
        HandError(ErrorCode.NO_WINNER),
    )


def test_winner_not_at_the_table_is_an_unknown_seat():
    assert validate_hand(CARIBBEAN, went_out(4, s0=1, s1=5, s2=6, s3=7)) == (
        HandError(ErrorCode.UNKNOWN_SEAT, seat=4),
    )


def test_pips_for_a_seat_not_at_the_table_are_refused():
    hand = Hand(Ending.WENT_OUT, went_out=0, pips={1: 5, 2: 6, 3: 7, 4: 2, -1: 3})

    assert validate_hand(CARIBBEAN, hand) == (
        HandError(ErrorCode.UNKNOWN_SEAT, seat=4),
        HandError(ErrorCode.UNKNOWN_SEAT, seat=-1),
    )


def test_blocked_hand_with_a_winner_is_refused():
    assert validate_hand(CARIBBEAN, blocked(2, s0=9, s1=15, s2=3, s3=9)) == (
        HandError(ErrorCode.WINNER_ON_BLOCKED, seat=2),
    )


def test_missing_count_names_its_seat():
    assert validate_hand(CARIBBEAN, went_out(0, s1=5, s3=7)) == (
        HandError(ErrorCode.MISSING_PIPS, seat=2),
    )


def test_blocked_hand_needs_every_count():
    assert validate_hand(CARIBBEAN, blocked(s0=9, s1=15, s2=3)) == (
        HandError(ErrorCode.MISSING_PIPS, seat=3),
    )


def test_opponents_only_needs_no_count_from_the_partner():
    game = caribbean(count_rule=CountRule.OPPONENTS_ONLY)

    assert validate_hand(game, went_out(0, s1=5, s3=7)) == ()


def test_non_whole_pips_are_refused():
    assert validate_hand(CARIBBEAN, went_out(0, s1=5.0, s2="6", s3=True)) == (
        HandError(ErrorCode.NOT_WHOLE, seat=1),
        HandError(ErrorCode.NOT_WHOLE, seat=2),
        HandError(ErrorCode.NOT_WHOLE, seat=3),
    )


def test_negative_pips_are_refused():
    assert validate_hand(CARIBBEAN, went_out(0, s1=-1, s2=6, s3=7)) == (
        HandError(ErrorCode.NEGATIVE_PIPS, seat=1),
    )


def test_pips_for_the_seat_that_went_out_are_refused():
    assert validate_hand(CARIBBEAN, went_out(0, s0=4, s1=5, s2=6, s3=7)) == (
        HandError(ErrorCode.PIPS_FOR_WINNER, seat=0),
    )


@pytest.mark.parametrize("preset", list(rules.ALL_PRESETS))
def test_in_every_game_who_went_out_holds_no_count_but_0(preset):
    game = make_game(preset, 4)
    counts = dict.fromkeys(needed_seats(game, Ending.WENT_OUT, 0), 3)

    assert validate_hand(game, Hand(Ending.WENT_OUT, 0, {**counts, 0: 5}), number=1) == (
        HandError(ErrorCode.PIPS_FOR_WINNER, seat=0),
    )
    assert validate_hand(game, Hand(Ending.WENT_OUT, 0, {**counts, 0: 0}), number=1) == ()


def test_more_than_the_heaviest_hand_is_refused_with_the_limit():
    assert validate_hand(CARIBBEAN, went_out(0, s1=70, s2=6, s3=69)) == (
        HandError(ErrorCode.TOO_MANY_PIPS, seat=1, limit=69),
    )


def test_more_than_the_set_holds_is_refused_with_the_limit():
    # Four hands each under 69 can still claim more pips than a double-six set has.
    game = make_game("standard", 4)  # draws: one hand may hold up to 13 tiles

    assert validate_hand(game, blocked(s0=60, s1=60, s2=30, s3=20)) == (
        HandError(ErrorCode.TOTAL_TOO_MANY, limit=168),
    )


def test_capicu_on_a_blocked_hand_is_refused():
    assert validate_hand(CARIBBEAN, blocked(capicu=True, s0=9, s1=15, s2=3, s3=9)) == (
        HandError(ErrorCode.CAPICU_ON_BLOCKED),
    )


def test_capicu_is_refused_when_the_table_pays_no_bonus():
    game = caribbean(capicu_bonus=0)

    assert validate_hand(game, went_out(0, capicu=True, s1=5, s2=6, s3=7)) == (
        HandError(ErrorCode.CAPICU_NOT_OFFERED),
    )


def test_every_error_is_reported_in_field_order():
    hand = Hand(Ending.BLOCKED, went_out=1, pips={0: -2, 1: 2.5, 3: 80, 9: 1}, capicu=True)

    assert [error.code for error in validate_hand(CARIBBEAN, hand)] == [
        ErrorCode.WINNER_ON_BLOCKED,
        ErrorCode.NEGATIVE_PIPS,
        ErrorCode.NOT_WHOLE,
        ErrorCode.MISSING_PIPS,
        ErrorCode.TOO_MANY_PIPS,
        ErrorCode.UNKNOWN_SEAT,
        ErrorCode.CAPICU_ON_BLOCKED,
    ]


def test_no_missing_counts_are_claimed_while_the_winner_is_unknown():
    assert validate_hand(CARIBBEAN, went_out(None)) == (HandError(ErrorCode.NO_WINNER),)


def test_score_hand_raises_with_every_error():
    with pytest.raises(InvalidHand) as raised:
        score_hand(CARIBBEAN, went_out(0, s0=3, s1=-1, s2=6, s3=7))

    assert raised.value.errors == (
        HandError(ErrorCode.PIPS_FOR_WINNER, seat=0),
        HandError(ErrorCode.NEGATIVE_PIPS, seat=1),
    )


def test_invalid_hand_is_a_value_error():
    assert issubclass(InvalidHand, ValueError)


def test_led_by_must_be_a_seat_at_the_table():
    with pytest.raises(ValueError):
        score_hand(CARIBBEAN, went_out(0, s1=5, s2=6, s3=7), led_by=4)


def test_needed_seats_went_out_are_every_other_seat():
    assert needed_seats(CARIBBEAN, Ending.WENT_OUT, 1) == (0, 2, 3)


def test_needed_seats_opponents_only_are_the_other_pair():
    game = caribbean(count_rule=CountRule.OPPONENTS_ONLY)

    assert needed_seats(game, Ending.WENT_OUT, 1) == (0, 2)


def test_needed_seats_opponents_only_without_partnership_are_every_other_seat():
    game = make_game("standard", 3, rules=HouseRules(count_rule=CountRule.OPPONENTS_ONLY))

    assert needed_seats(game, Ending.WENT_OUT, 1) == (0, 2)


def test_needed_seats_blocked_are_every_seat_whatever_the_count_rule():
    game = caribbean(count_rule=CountRule.OPPONENTS_ONLY)

    assert needed_seats(game, Ending.BLOCKED) == (0, 1, 2, 3)


def test_needed_seats_before_the_winner_is_chosen_are_every_seat():
    assert needed_seats(CARIBBEAN, Ending.WENT_OUT) == (0, 1, 2, 3)


def test_needed_seats_refuses_a_winner_not_at_the_table():
    with pytest.raises(ValueError):
        needed_seats(CARIBBEAN, Ending.WENT_OUT, 5)


POOLED_CARIBBEAN = rules.make_game("caribbean", 4)


def pooled(winner, total, capicu=False, pips=None):
    return rules.Hand(
        rules.Ending.WENT_OUT, went_out=winner, pooled=total, capicu=capicu, pips=pips or {}
    )


def test_a_pooled_count_scores_that_many_for_the_winners():
    result = rules.score_hand(POOLED_CARIBBEAN, pooled(3, 31))
    assert (result.side, result.points, result.next_leader) == (1, 31, 3)


def test_a_pooled_count_adds_the_capicu_bonus():
    assert rules.score_hand(POOLED_CARIBBEAN, pooled(3, 31, capicu=True)).points == 56


def test_a_pooled_count_scores_as_the_same_hands_counted_one_by_one():
    one_by_one = rules.Hand(rules.Ending.WENT_OUT, went_out=0, pips={1: 15, 2: 3, 3: 9})
    assert (
        rules.score_hand(POOLED_CARIBBEAN, pooled(0, 27)).points
        == rules.score_hand(POOLED_CARIBBEAN, one_by_one).points
    )


def test_the_reason_keeps_the_pooled_count_and_no_seat_counts():
    reason = rules.score_hand(POOLED_CARIBBEAN, pooled(1, 40)).reason
    assert (reason.pooled, reason.counted) == (40, ())


def test_three_hands_of_seven_double_six_tiles_hold_at_most_153():
    # The 21 heaviest tiles: the whole set (168) less the 7 lightest (15).
    assert rules.validate_hand(POOLED_CARIBBEAN, pooled(0, 153)) == ()
    assert rules.validate_hand(POOLED_CARIBBEAN, pooled(0, 154)) == (
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
    assert rules.validate_hand(POOLED_CARIBBEAN, pooled(0, -1)) == (
        rules.HandError(rules.ErrorCode.NEGATIVE_PIPS),
    )


@pytest.mark.parametrize("total", [2.5, "12", True])
def test_a_pooled_count_that_is_not_a_whole_number_is_refused(total):
    assert rules.validate_hand(POOLED_CARIBBEAN, pooled(0, total)) == (
        rules.HandError(rules.ErrorCode.NOT_WHOLE),
    )


def test_a_pooled_count_needs_no_count_per_seat():
    errors = rules.validate_hand(POOLED_CARIBBEAN, pooled(2, 0))
    assert not any(e.code is rules.ErrorCode.MISSING_PIPS for e in errors)


def test_a_pooled_count_and_counts_per_seat_together_are_refused():
    assert rules.validate_hand(POOLED_CARIBBEAN, pooled(0, 20, pips={1: 5})) == (
        rules.HandError(rules.ErrorCode.POOLED_WITH_PIPS),
    )


def test_a_zero_for_the_seat_that_went_out_is_harmless_beside_a_pooled_count():
    assert rules.validate_hand(POOLED_CARIBBEAN, pooled(0, 20, pips={0: 0})) == ()


def test_a_count_for_the_seat_that_went_out_beside_a_pooled_count_is_refused_once():
    # It was refused twice, once as a count beside the total: the form showed both.
    assert rules.validate_hand(POOLED_CARIBBEAN, pooled(0, 20, pips={0: 5})) == (
        rules.HandError(rules.ErrorCode.PIPS_FOR_WINNER, seat=0),
    )


def test_a_blocked_hand_cannot_be_pooled():
    hand = rules.Hand(rules.Ending.BLOCKED, pooled=30)
    with pytest.raises(rules.InvalidHand) as refused:
        rules.score_hand(POOLED_CARIBBEAN, hand)
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
