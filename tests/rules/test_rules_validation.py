"""What the hand form must refuse: every error, each naming its seat."""

import pytest
from hands import caribbean

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
