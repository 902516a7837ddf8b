"""The regional rules: the lead, blocked-hand additions, bonuses, and what their inputs refuse."""

import pytest

from scorekeeper.rules import (
    BlockedRule,
    CountRule,
    Credit,
    Ending,
    ErrorCode,
    Game,
    Hand,
    HouseRules,
    InvalidHand,
    LeadRule,
    PointKind,
    ReasonCode,
    make_game,
    play_match,
    score_hand,
    validate_hand,
)

from .hands import CUBAN, DOMINICAN, PR500, blocked, caribbean

WINNER = make_game("caribbean", 4)
TURN = make_game("caribbean", 4, rules=HouseRules(lead_rule=LeadRule.TURN_PASSES))


def went_out_of(seat):
    return Hand(Ending.WENT_OUT, went_out=seat, pips={s: 5 for s in range(4) if s != seat})


VOID_LEAD = Hand(Ending.BLOCKED, pips={0: 4, 1: 4, 2: 9, 3: 9})


def test_winner_leads_the_next_hand():
    assert score_hand(WINNER, went_out_of(2), led_by=1).next_leader == 2


def test_turn_passes_to_the_seat_after_the_leader_whoever_won():
    assert score_hand(TURN, went_out_of(2), led_by=1).next_leader == 2
    assert score_hand(TURN, went_out_of(0), led_by=1).next_leader == 2


def test_turn_passes_round_the_table_from_the_last_seat_to_the_first():
    assert score_hand(TURN, went_out_of(0), led_by=3).next_leader == 0


def test_turn_passes_after_a_void_hand_too():
    assert score_hand(TURN, VOID_LEAD, led_by=2).next_leader == 3


def test_turn_passes_without_a_known_leader_leaves_the_next_to_the_double():
    assert score_hand(TURN, went_out_of(0)).next_leader is None


def test_the_table_tells_who_led_the_first_hand():
    hand = Hand(Ending.WENT_OUT, went_out=0, pips={1: 5, 2: 5, 3: 5}, led_by=2)

    result = score_hand(TURN, hand)

    assert (result.led_by, result.next_leader) == (2, 3)


def test_the_sheets_known_leader_wins_over_what_the_hand_says():
    hand = Hand(Ending.WENT_OUT, went_out=0, pips={1: 5, 2: 5, 3: 5}, led_by=2)

    assert score_hand(TURN, hand, led_by=0).next_leader == 1


def test_a_match_under_turn_passes_goes_round_the_table():
    first = Hand(Ending.WENT_OUT, went_out=1, pips={0: 5, 2: 5, 3: 5}, led_by=3)

    results, state = play_match(TURN, [first, went_out_of(1), went_out_of(1), went_out_of(1)])

    assert [result.led_by for result in results] == [3, 0, 1, 2]
    assert state.next_leader == 3


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


def test_ties_go_to_the_leaders_only_when_the_side_that_led_is_among_the_level_hands():
    # RULES.md: each for themselves, a tie between two seats that did not lead stays void.
    each = make_game("pub_block", 3, rules=HouseRules(ties_to_leaders=True))
    hand = Hand(Ending.BLOCKED, pips={0: 9, 1: 4, 2: 4})

    assert score_hand(each, hand, led_by=0).void
    won = score_hand(each, hand, led_by=2)
    assert (won.side, won.reason.code) == (2, ReasonCode.TIE_TO_LEADERS)


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


def went_out(seat, **inputs):
    return Hand(
        Ending.WENT_OUT, went_out=seat, pips={s: 5 for s in range(4) if s != seat}, **inputs
    )


VOID_PAIRS = Hand(Ending.BLOCKED, pips={0: 4, 1: 5, 2: 5, 3: 4})  # lighter pair: 9 against 9


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
    results, state = play_match(PR500, [VOID_PAIRS, went_out(1)])

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


CARIBBEAN = caribbean()
ASKS_BLOCKER = caribbean(blocker_against_next=True)


def seat_0_went_out(**inputs):
    return Hand(Ending.WENT_OUT, went_out=0, pips={1: 5, 2: 5, 3: 5}, **inputs)


def blocked_hand(**inputs):
    return Hand(Ending.BLOCKED, pips={0: 3, 1: 5, 2: 6, 3: 7}, **inputs)


def codes(game, hand, led_by=None):
    return [error.code for error in validate_hand(game, hand, led_by)]


def test_chuchazo_is_refused_where_the_table_does_not_pay_it():
    assert codes(CARIBBEAN, seat_0_went_out(chuchazo=True)) == [ErrorCode.CHUCHAZO_NOT_OFFERED]


def test_chuchazo_needs_someone_to_go_out():
    assert codes(PR500, blocked_hand(chuchazo=True)) == [ErrorCode.CHUCHAZO_ON_BLOCKED]


def test_pase_corrido_is_refused_where_the_table_does_not_pay_it():
    refused = [ErrorCode.PASE_CORRIDO_NOT_OFFERED]
    assert codes(CARIBBEAN, seat_0_went_out(pases_corridos={1: 1})) == refused


def test_no_pase_corrido_is_fine_anywhere():
    assert codes(CARIBBEAN, seat_0_went_out(pases_corridos={1: 0})) == []


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
    assert codes(DOMINICAN, seat_0_went_out(pases_corridos=times)) == [code]


def test_pase_de_salida_is_refused_where_the_table_does_not_pay_it():
    assert codes(CARIBBEAN, seat_0_went_out(pase_de_salida=True), led_by=1) == [
        ErrorCode.PASE_DE_SALIDA_NOT_OFFERED
    ]


def test_cuban_pase_de_salida_needs_a_double_lead():
    assert codes(CUBAN, seat_0_went_out(pase_de_salida=True), led_by=1) == [
        ErrorCode.PASE_DE_SALIDA_NOT_DOUBLE
    ]


def test_pase_de_salida_needs_to_know_who_led():
    hand = seat_0_went_out(pase_de_salida=True, led_a_double=True)

    assert codes(CUBAN, hand) == [ErrorCode.LEADER_NEEDED]


def test_the_leader_told_must_be_a_seat_at_the_table():
    assert codes(CARIBBEAN, seat_0_went_out(led_by=4)) == [ErrorCode.LEADER_UNKNOWN_SEAT]


def test_blocker_against_next_needs_the_blocker():
    assert codes(ASKS_BLOCKER, blocked_hand()) == [ErrorCode.BLOCKER_NEEDED]


def test_the_blocker_must_be_a_seat_at_the_table():
    assert codes(ASKS_BLOCKER, blocked_hand(blocked_by=7)) == [ErrorCode.BLOCKER_UNKNOWN_SEAT]


def test_a_blocker_is_refused_when_someone_went_out():
    assert codes(ASKS_BLOCKER, seat_0_went_out(blocked_by=1)) == [ErrorCode.BLOCKER_NOT_BLOCKED]


def test_a_blocker_is_refused_where_the_table_does_not_ask():
    assert codes(CARIBBEAN, blocked_hand(blocked_by=1)) == [ErrorCode.BLOCKER_NOT_ASKED]


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
