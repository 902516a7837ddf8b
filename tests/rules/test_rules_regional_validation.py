"""What the hand form must refuse under the regional rules: a code for each, nothing scored."""

import pytest
from hands import CUBAN, DOMINICAN, PR500, caribbean

from scorekeeper.rules import (
    Ending,
    ErrorCode,
    Game,
    Hand,
    HouseRules,
    validate_hand,
)

CARIBBEAN = caribbean()
BLOCKER = caribbean(blocker_against_next=True)


def went_out(**inputs):
    return Hand(Ending.WENT_OUT, went_out=0, pips={1: 5, 2: 5, 3: 5}, **inputs)


def blocked(**inputs):
    return Hand(Ending.BLOCKED, pips={0: 3, 1: 5, 2: 6, 3: 7}, **inputs)


def codes(game, hand, led_by=None):
    return [error.code for error in validate_hand(game, hand, led_by)]


def test_chuchazo_is_refused_where_the_table_does_not_pay_it():
    assert codes(CARIBBEAN, went_out(chuchazo=True)) == [ErrorCode.CHUCHAZO_NOT_OFFERED]


def test_chuchazo_needs_someone_to_go_out():
    assert codes(PR500, blocked(chuchazo=True)) == [ErrorCode.CHUCHAZO_ON_BLOCKED]


def test_pase_corrido_is_refused_where_the_table_does_not_pay_it():
    assert codes(CARIBBEAN, went_out(pases_corridos={1: 1})) == [ErrorCode.PASE_CORRIDO_NOT_OFFERED]


def test_no_pase_corrido_is_fine_anywhere():
    assert codes(CARIBBEAN, went_out(pases_corridos={1: 0})) == []


@pytest.mark.parametrize(
    ("times", "code"),
    [
        ({2: 1}, ErrorCode.PASE_CORRIDO_UNKNOWN_SIDE),
        ({1: -1}, ErrorCode.PASE_CORRIDO_NOT_WHOLE),
        ({1: 1.5}, ErrorCode.PASE_CORRIDO_NOT_WHOLE),
        ({1: 29}, ErrorCode.PASE_CORRIDO_TOO_MANY),
    ],
    ids=["no_such_side", "negative", "fraction", "more_than_tiles"],
)
def test_pase_corrido_times_must_be_real(times, code):
    assert codes(DOMINICAN, went_out(pases_corridos=times)) == [code]


def test_pase_de_salida_is_refused_where_the_table_does_not_pay_it():
    assert codes(CARIBBEAN, went_out(pase_de_salida=True), led_by=1) == [
        ErrorCode.PASE_DE_SALIDA_NOT_OFFERED
    ]


def test_cuban_pase_de_salida_needs_a_double_lead():
    assert codes(CUBAN, went_out(pase_de_salida=True), led_by=1) == [
        ErrorCode.PASE_DE_SALIDA_NOT_DOUBLE
    ]


def test_pase_de_salida_needs_to_know_who_led():
    hand = went_out(pase_de_salida=True, led_a_double=True)

    assert codes(CUBAN, hand) == [ErrorCode.LEADER_NEEDED]


def test_the_leader_told_must_be_a_seat_at_the_table():
    assert codes(CARIBBEAN, went_out(led_by=4)) == [ErrorCode.LEADER_UNKNOWN_SEAT]


def test_blocker_against_next_needs_the_blocker():
    assert codes(BLOCKER, blocked()) == [ErrorCode.BLOCKER_NEEDED]


def test_the_blocker_must_be_a_seat_at_the_table():
    assert codes(BLOCKER, blocked(blocked_by=7)) == [ErrorCode.BLOCKER_UNKNOWN_SEAT]


def test_a_blocker_is_refused_when_someone_went_out():
    assert codes(BLOCKER, went_out(blocked_by=1)) == [ErrorCode.BLOCKER_NOT_BLOCKED]


def test_a_blocker_is_refused_where_the_table_does_not_ask():
    assert codes(CARIBBEAN, blocked(blocked_by=1)) == [ErrorCode.BLOCKER_NOT_ASKED]


def test_a_tie_without_a_leader_is_asked_only_when_the_counts_are_valid():
    hand = Hand(Ending.BLOCKED, pips={0: 4, 1: 4, 2: 10})

    assert codes(DOMINICAN, hand) == [ErrorCode.MISSING_PIPS]


@pytest.mark.parametrize(
    "house",
    [
        HouseRules(chuchazo_bonus=-1),
        HouseRules(pase_corrido_bonus=2.5),
        HouseRules(pase_de_salida_bonus=True),
        HouseRules(first_hands_bonus=(100, -75)),
    ],
    ids=["chuchazo", "pase_corrido", "pase_de_salida", "first_hands"],
)
def test_a_bonus_must_be_a_whole_number_not_below_zero(house):
    with pytest.raises(ValueError):
        Game(seats=4, partnership=True, rules=house)


def test_an_unknown_lead_rule_is_refused():
    with pytest.raises(ValueError):
        HouseRules(lead_rule="loser_leads")
