"""The worked examples of RULES.md, as written: Alice 0, Ben 1, Cara 2, Dev 3."""

from hands import caribbean

from scorekeeper.rules import (
    CountRule,
    Ending,
    Hand,
    ReasonCode,
    play_match,
    score_hand,
    tally,
)

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
