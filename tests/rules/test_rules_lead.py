"""The lead rule: who leads the next hand, and the leader the table tells on a first hand."""

from scorekeeper.rules import Ending, Hand, HouseRules, LeadRule, make_game, play_match, score_hand

WINNER = make_game("caribbean", 4)
TURN = make_game("caribbean", 4, rules=HouseRules(lead_rule=LeadRule.TURN_PASSES))


def went_out(seat):
    return Hand(Ending.WENT_OUT, went_out=seat, pips={s: 5 for s in range(4) if s != seat})


VOID = Hand(Ending.BLOCKED, pips={0: 4, 1: 4, 2: 9, 3: 9})


def test_winner_leads_the_next_hand():
    assert score_hand(WINNER, went_out(2), led_by=1).next_leader == 2


def test_turn_passes_to_the_seat_after_the_leader_whoever_won():
    assert score_hand(TURN, went_out(2), led_by=1).next_leader == 2
    assert score_hand(TURN, went_out(0), led_by=1).next_leader == 2


def test_turn_passes_round_the_table_from_the_last_seat_to_the_first():
    assert score_hand(TURN, went_out(0), led_by=3).next_leader == 0


def test_turn_passes_after_a_void_hand_too():
    assert score_hand(TURN, VOID, led_by=2).next_leader == 3


def test_turn_passes_without_a_known_leader_leaves_the_next_to_the_double():
    assert score_hand(TURN, went_out(0)).next_leader is None


def test_the_table_tells_who_led_the_first_hand():
    hand = Hand(Ending.WENT_OUT, went_out=0, pips={1: 5, 2: 5, 3: 5}, led_by=2)

    result = score_hand(TURN, hand)

    assert (result.led_by, result.next_leader) == (2, 3)


def test_the_sheets_known_leader_wins_over_what_the_hand_says():
    hand = Hand(Ending.WENT_OUT, went_out=0, pips={1: 5, 2: 5, 3: 5}, led_by=2)

    assert score_hand(TURN, hand, led_by=0).next_leader == 1


def test_a_match_under_turn_passes_goes_round_the_table():
    first = Hand(Ending.WENT_OUT, went_out=1, pips={0: 5, 2: 5, 3: 5}, led_by=3)

    results, state = play_match(TURN, [first, went_out(1), went_out(1), went_out(1)])

    assert [result.led_by for result in results] == [3, 0, 1, 2]
    assert state.next_leader == 3
