"""The match: running totals, the end at the line, and who leads next."""

import pytest

from scorekeeper.rules import (
    Ending,
    ErrorCode,
    Hand,
    HandError,
    InvalidHand,
    MatchState,
    advance,
    check_can_add,
    make_game,
    play_match,
    score_hand,
    tally,
)

from .hands import caribbean

GAME = caribbean(target=100)


def out(winner, points):
    # All of it on the seat after the winner, which is always on the other side.
    return Hand(
        Ending.WENT_OUT,
        went_out=winner,
        pips={(winner + 1) % 4: points}
        | {seat: 0 for seat in range(4) if seat not in (winner, (winner + 1) % 4)},
    )


VOID = Hand(Ending.BLOCKED, pips={0: 4, 1: 4, 2: 9, 3: 9})


def test_no_hands_is_a_fresh_sheet():
    state = tally(GAME, [])

    assert state.totals == (0, 0)
    assert state.next_leader is None
    assert state.hands_played == 0
    assert not state.finished


def test_reaching_the_target_exactly_ends_the_match():
    _, state = play_match(GAME, [out(0, 60), out(2, 40)])

    assert state.finished
    assert state.winner_side == 0
    assert state.ended_after == 1
    assert state.totals == (100, 0)


def test_one_short_of_the_target_goes_on():
    _, state = play_match(GAME, [out(0, 60), out(2, 39)])

    assert not state.finished
    assert state.ended_after is None
    assert state.to_target(0) == 1


def test_to_target_is_zero_once_reached():
    _, state = play_match(GAME, [out(1, 69), out(3, 60)])

    assert state.to_target(1) == 0
    assert state.to_target(0) == 100


def test_a_hand_after_the_end_is_refused_by_tally():
    results, _ = play_match(GAME, [out(0, 69), out(0, 69)])
    extra = score_hand(GAME, out(1, 5))

    with pytest.raises(InvalidHand) as raised:
        tally(GAME, [*results, extra])

    assert raised.value.errors == (HandError(ErrorCode.MATCH_OVER),)


def test_a_hand_after_the_end_is_refused_by_play_match():
    with pytest.raises(InvalidHand):
        play_match(GAME, [out(0, 69), out(0, 69), out(1, 5)])


def test_check_can_add_refuses_a_finished_match():
    _, state = play_match(GAME, [out(0, 69), out(0, 69)])

    with pytest.raises(InvalidHand) as raised:
        check_can_add(GAME, state)

    assert raised.value.errors == (HandError(ErrorCode.MATCH_OVER),)


def test_check_can_add_allows_a_match_that_goes_on():
    _, state = play_match(GAME, [out(0, 69)])

    assert check_can_add(GAME, state) is None


def test_void_hand_keeps_the_leader_and_the_totals():
    results, state = play_match(GAME, [out(1, 20), VOID])

    assert results[1].next_leader == 1
    assert state.next_leader == 1
    assert [tally(GAME, results[:n]).totals for n in (1, 2)] == [(0, 20), (0, 20)]


def test_void_first_hand_leaves_the_lead_to_the_double():
    _, state = play_match(GAME, [VOID])

    assert state.next_leader is None
    assert state.hands_played == 1


def test_finished_match_has_no_next_leader():
    _, state = play_match(GAME, [out(0, 69), out(2, 69)])

    assert state.next_leader is None


def test_tally_refuses_results_for_another_number_of_sides():
    result = score_hand(
        make_game("standard", 3), Hand(Ending.WENT_OUT, went_out=0, pips={1: 1, 2: 1})
    )

    with pytest.raises(ValueError):
        tally(GAME, [result])


def in_play(totals, *, next_leader, hands_played) -> MatchState:
    """A match as stored between hands, nobody at the line yet."""
    return MatchState(
        totals=totals,
        winner_side=None,
        ended_after=None,
        next_leader=next_leader,
        hands_played=hands_played,
    )


def test_advance_adds_one_hand_to_a_stored_state():
    stored = in_play((40, 30), next_leader=2, hands_played=3)

    state = advance(GAME, stored, score_hand(GAME, out(1, 25), led_by=2))

    assert state.totals == (40, 55)
    assert state.hands_played == 4
    assert state.next_leader == 1
    assert state.to_target(1) == 45


def test_advance_ends_the_match_at_the_line():
    stored = in_play((90, 30), next_leader=0, hands_played=5)

    state = advance(GAME, stored, score_hand(GAME, out(2, 10)))

    assert (state.winner_side, state.ended_after, state.next_leader) == (0, 5, None)


def test_advance_refuses_a_hand_after_the_end():
    _, state = play_match(GAME, [out(0, 69), out(0, 69)])

    with pytest.raises(InvalidHand):
        advance(GAME, state, score_hand(GAME, out(1, 5)))


def test_advance_agrees_with_tally():
    results, _ = play_match(GAME, [out(1, 20), VOID, out(0, 33), out(3, 12)])
    state = tally(GAME, [])
    for result in results:
        state = advance(GAME, state, result)

    assert state == tally(GAME, results)


def test_to_target_needs_the_target():
    stored = in_play((0, 0), next_leader=None, hands_played=0)

    with pytest.raises(ValueError):
        stored.to_target(0)


# Pase corrido pays the side that made the play, not the winners: one hand can take both
# sides to the target. Seat 1 goes out against 10 + 10 + 10; the other side made `times`.
BONUS_TO_LOSERS = caribbean(target=30, pase_corrido_bonus=15)


def both_to_the_target(times):
    return Hand(Ending.WENT_OUT, went_out=1, pips={0: 10, 2: 10, 3: 10}, pases_corridos={0: times})


def test_level_sides_taken_to_the_target_by_one_hand_go_to_the_side_that_won_it():
    _, state = play_match(BONUS_TO_LOSERS, [both_to_the_target(2)])

    assert state.totals == (30, 30)
    assert state.winner_side == 1


def test_the_higher_total_still_wins_when_one_hand_takes_both_sides_to_the_target():
    _, state = play_match(BONUS_TO_LOSERS, [both_to_the_target(3)])

    assert state.totals == (45, 30)
    assert state.winner_side == 0
