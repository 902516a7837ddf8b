"""Bonuses some tables pay: each its own credit, to the side RULES.md names."""

import pytest
from hands import CUBAN, DOMINICAN, PR500, caribbean

from scorekeeper.rules import (
    Credit,
    Ending,
    Hand,
    HouseRules,
    PointKind,
    make_game,
    play_match,
    score_hand,
)


def went_out(seat, **inputs):
    return Hand(
        Ending.WENT_OUT, went_out=seat, pips={s: 5 for s in range(4) if s != seat}, **inputs
    )


VOID = Hand(Ending.BLOCKED, pips={0: 4, 1: 5, 2: 5, 3: 4})  # lighter pair: 9 against 9


def kinds(result):
    return {(credit.side, credit.kind): credit.points for credit in result.credits}


def test_a_plain_hand_is_one_count_credit():
    result = score_hand(caribbean(), went_out(1))

    assert result.credits == (Credit(1, PointKind.COUNT, 15),)


def test_capicu_is_its_own_credit():
    result = score_hand(caribbean(), went_out(1, capicu=True))

    assert kinds(result) == {(1, PointKind.COUNT): 15, (1, PointKind.CAPICU): 25}


def test_chuchazo_pays_the_winners():
    result = score_hand(PR500, went_out(2, chuchazo=True), number=5)

    assert kinds(result) == {(0, PointKind.COUNT): 15, (0, PointKind.CHUCHAZO): 100}
    assert result.points == 115


def test_chuchazo_and_capicu_can_both_apply():
    result = score_hand(PR500, went_out(2, chuchazo=True, capicu=True), number=5)

    assert result.points == 15 + 100 + 100


@pytest.mark.parametrize(("number", "bonus"), [(1, 100), (2, 75), (3, 50), (4, 25)])
def test_first_hands_pay_by_the_hands_number(number, bonus):
    result = score_hand(PR500, went_out(1), number=number)

    assert kinds(result)[(1, PointKind.FIRST_HANDS)] == bonus


def test_the_fifth_hand_pays_no_first_hands_bonus():
    assert PointKind.FIRST_HANDS not in {
        c.kind for c in score_hand(PR500, went_out(1), number=5).credits
    }


def test_a_void_hand_takes_a_number_and_pays_nothing():
    results, state = play_match(PR500, [VOID, went_out(1)])

    assert results[0].credits == ()
    assert kinds(results[1])[(1, PointKind.FIRST_HANDS)] == 75
    assert state.totals == (0, 15 + 75)


def test_first_hands_need_the_hands_number():
    with pytest.raises(ValueError):
        score_hand(PR500, went_out(1))


def test_pase_corrido_pays_the_side_that_made_the_play_each_time():
    result = score_hand(DOMINICAN, went_out(0, pases_corridos={1: 2}))

    assert kinds(result) == {(0, PointKind.COUNT): 15, (1, PointKind.PASE_CORRIDO): 50}
    assert result.side_points == (15, 50)


def test_pase_corrido_for_both_sides_in_one_hand():
    result = score_hand(DOMINICAN, went_out(0, pases_corridos={0: 1, 1: 1}))

    assert result.side_points == (15 + 25, 25)


def test_a_void_hand_still_pays_pase_corrido():
    pase_corrido = caribbean(pase_corrido_bonus=25)
    hand = Hand(Ending.BLOCKED, pips={0: 4, 1: 4, 2: 9, 3: 9}, pases_corridos={0: 1})

    result = score_hand(pase_corrido, hand)

    assert result.void
    assert result.side_points == (25, 0)


def test_pase_de_salida_pays_the_side_that_led():
    hand = went_out(0, pase_de_salida=True, led_a_double=True)

    result = score_hand(CUBAN, hand, led_by=3)

    assert kinds(result)[(1, PointKind.PASE_DE_SALIDA)] == 20
    assert result.side == 0


def test_a_void_hand_still_pays_pase_de_salida():
    hand = Hand(
        Ending.BLOCKED, pips={0: 9, 1: 9, 2: 20, 3: 20}, pase_de_salida=True, led_a_double=True
    )
    cuban_void = make_game("cuban", 4, rules=HouseRules(pase_de_salida_bonus=20, capicu_bonus=0))

    result = score_hand(cuban_void, hand, led_by=2)

    assert result.void
    assert result.side_points == (20, 0)


def test_pase_de_salida_uses_the_leader_the_table_told():
    hand = went_out(0, pase_de_salida=True, led_a_double=True, led_by=1)

    assert score_hand(CUBAN, hand).side_points == (15, 20)


def test_the_winners_points_are_their_credits_in_the_hand():
    result = score_hand(DOMINICAN, went_out(0, pases_corridos={0: 1, 1: 1}))

    assert result.points == 15 + 25
