"""The worked examples of RULES.md, as written: block games, then All Fives and Bergen."""

import pytest

from scorekeeper.rules import (
    CountRule,
    Ending,
    Hand,
    Header,
    HouseRules,
    Play,
    PlayedHand,
    ReasonCode,
    Rounding,
    make_game,
    play_match,
    score_hand,
    tally,
)

from .hands import caribbean

ALICE, BEN, CARA, DEV = range(4)
ALICE_AND_CARA, BEN_AND_DEV = 0, 1

BLOCKED = Hand(Ending.BLOCKED, pips={ALICE: 9, BEN: 15, CARA: 3, DEV: 9})


def test_cara_wins_the_blocked_count_with_the_lightest_hand():
    result = score_hand(caribbean(), BLOCKED)

    assert result.winning_seat == CARA
    assert result.side == ALICE_AND_CARA
    assert result.reason.code is ReasonCode.LIGHTEST_HAND
    assert result.reason.winning_pips == 3


def test_blocked_hand_pays_33_counting_all_other_hands():
    result = score_hand(caribbean(), BLOCKED)

    assert result.points == 33
    assert result.reason.counted == ((ALICE, 9), (BEN, 15), (DEV, 9))


def test_blocked_hand_pays_24_counting_opponents_only():
    game = caribbean(count_rule=CountRule.OPPONENTS_ONLY)

    result = score_hand(game, BLOCKED)

    assert result.points == 24
    assert result.reason.counted == ((BEN, 15), (DEV, 9))


def test_cara_leads_after_winning_the_blocked_count():
    assert score_hand(caribbean(), BLOCKED).next_leader == CARA


MATCH = (
    Hand(Ending.WENT_OUT, went_out=DEV, pips={ALICE: 10, BEN: 12, CARA: 9}, capicu=True),
    Hand(Ending.WENT_OUT, went_out=ALICE, pips={BEN: 20, CARA: 10, DEV: 14}),
    BLOCKED,
    Hand(Ending.WENT_OUT, went_out=CARA, pips={ALICE: 8, BEN: 16, DEV: 14}),
)


def test_dev_going_out_with_a_capicu_pays_ben_and_dev_56():
    results, _ = play_match(caribbean(), MATCH[:1])

    assert results[0].side == BEN_AND_DEV
    assert results[0].points == 56
    assert results[0].reason.capicu_bonus == 25


def test_match_to_200_runs_44_77_115_for_alice_and_cara():
    game = caribbean()
    results, _ = play_match(game, MATCH)

    running = [tally(game, results[:n]).totals for n in range(1, 5)]
    assert running == [(0, 56), (44, 56), (77, 56), (115, 56)]


def test_match_to_200_goes_on_115_to_56():
    _, state = play_match(caribbean(), MATCH)

    assert state.totals == (115, 56)
    assert not state.finished
    assert state.winner_side is None


def test_cara_leads_hand_5():
    _, state = play_match(caribbean(), MATCH)

    assert state.next_leader == CARA
    assert state.hands_played == 4


ANN, BO, CY, DEE = range(4)
HAND_ONE_PLAYS = (Play(ANN, 10), Play(BO, 15), Play(ANN, 5), Play(CY, 20))
DEE_OUT = Hand(Ending.WENT_OUT, went_out=DEE, pips={ANN: 7, BO: 12, CY: 4})
ALL_FIVES_BLOCKED = Hand(Ending.BLOCKED, pips={ANN: 3, BO: 9, CY: 14, DEE: 6})


def all_fives(partnership: bool = False, **rules):
    target = 250 if partnership else 200
    house = HouseRules(target=target, capicu_bonus=0, **rules)
    return make_game("all_fives", 4, partnership=partnership, rules=house)


def test_all_fives_hand_one_totals_each_for_themselves():
    _, state = play_match(all_fives(), [PlayedHand(HAND_ONE_PLAYS, DEE_OUT)])

    assert state.totals == (15, 15, 20, 25)
    assert not state.finished


@pytest.mark.parametrize(
    ("rounding", "points"),
    [(Rounding.NEAREST_FIVE, 25), (Rounding.EACH_HAND, 20), (Rounding.EXACT, 23)],
)
def test_all_fives_going_out_pays_the_count_by_the_rounding_rule(rounding, points):
    assert score_hand(all_fives(rounding=rounding), DEE_OUT).points == points


def test_all_fives_blocked_pays_the_lightest_hand_the_others_count_rounded():
    result = score_hand(all_fives(), ALL_FIVES_BLOCKED)

    assert (result.winning_seat, result.points) == (ANN, 30)


def test_all_fives_blocked_pays_the_difference_under_its_house_rule():
    result = score_hand(all_fives(blocked_pays_difference=True), ALL_FIVES_BLOCKED)

    assert (result.winning_seat, result.points) == (ANN, 25)


def test_all_fives_in_pairs_going_out_pays_only_the_opponents_count():
    scored, state = play_match(all_fives(partnership=True), [PlayedHand(HAND_ONE_PLAYS, DEE_OUT)])

    assert scored[0].points == 10  # Ann 7 + Cy 4 = 11, rounded to 10
    # Ann and Cy: 10 + 5 + 20 during play; Bo and Dee: 15 during play and 10 at the end.
    assert state.totals == (35, 25)


def test_bergen_worked_example_each_for_themselves():
    game = make_game("bergen", 4, partnership=False)
    hand = PlayedHand(
        (Play(ANN, Header.DOUBLE), Play(BO, Header.TRIPLE)),
        Hand(Ending.WENT_OUT, went_out=CY),
    )

    _, state = play_match(game, [hand])

    assert state.totals == (2, 3, 1, 0)


# The same examples through the one play_match, where a hand is its plays and its end.


def test_all_fives_worked_example_through_the_one_play_match():
    results, state = play_match(all_fives(), [PlayedHand(HAND_ONE_PLAYS, DEE_OUT)])

    assert state.totals == (15, 15, 20, 25)
    # Dee's end: Ann 7 + Bo 12 + Cy 4 = 23, to the nearest five 25; the plays kept apart.
    assert (results[0].side, results[0].points) == (DEE, 25)
    assert results[0].play_points == (15, 15, 20, 0)


def test_all_fives_in_pairs_through_the_one_play_match():
    results, state = play_match(all_fives(partnership=True), [PlayedHand(HAND_ONE_PLAYS, DEE_OUT)])

    assert results[0].points == 10
    assert state.totals == (35, 25)


def test_bergen_worked_example_through_the_one_play_match():
    game = make_game("bergen", 4, partnership=False)
    hand = PlayedHand(
        (Play(ANN, Header.DOUBLE), Play(BO, Header.TRIPLE)), Hand(Ending.WENT_OUT, went_out=CY)
    )

    results, state = play_match(game, [hand])

    assert state.totals == (2, 3, 1, 0)
    assert results[0].side_points == (2, 3, 1, 0)
