"""Series: first to N match wins, or open; a shutout, and `a shutout counts double`."""

import pytest

from scorekeeper.rules import SeriesRules, is_shutout, series_advance, series_tally

BEST_OF_THREE = SeriesRules()
DOUBLE = SeriesRules(shutout_counts_double=True)


def test_best_of_three_is_the_default():
    assert BEST_OF_THREE.first_to == 2


def test_the_first_side_to_two_wins_takes_the_series():
    state = series_tally(BEST_OF_THREE, 2, [(0, False), (1, False), (0, False)])

    assert (state.wins, state.winner_side, state.matches) == ((2, 1), 0, 3)


def test_one_win_each_is_not_yet_a_series():
    assert not series_tally(BEST_OF_THREE, 2, [(0, False), (1, False)]).finished


def test_a_match_won_while_the_other_side_has_nothing_is_a_shutout():
    assert is_shutout((200, 0), 0)
    assert not is_shutout((200, 5), 0)


def test_no_winner_is_no_shutout():
    assert not is_shutout((0, 0), None)


def test_each_for_themselves_a_shutout_leaves_every_other_side_at_zero():
    assert is_shutout((0, 100, 0), 1)
    assert not is_shutout((0, 100, 10), 1)


def test_a_shutout_counts_once_without_the_house_rule():
    state = series_tally(BEST_OF_THREE, 2, [(1, True)])

    assert (state.wins, state.shutouts, state.finished) == ((0, 1), (0, 1), False)


def test_a_shutout_counts_double_under_the_house_rule():
    state = series_tally(DOUBLE, 2, [(1, True)])

    assert (state.wins, state.winner_side) == ((0, 2), 1)


def test_an_open_series_only_keeps_count():
    state = series_tally(SeriesRules(first_to=None), 2, [(0, False)] * 7)

    assert (state.wins, state.finished) == ((7, 0), False)


def test_no_match_counts_after_the_series_is_won():
    won = series_tally(BEST_OF_THREE, 2, [(0, False), (0, False)])

    with pytest.raises(ValueError):
        series_advance(BEST_OF_THREE, won, 1, False)


def test_a_series_needs_a_side_it_has():
    with pytest.raises(ValueError):
        series_tally(BEST_OF_THREE, 2, [(2, False)])


@pytest.mark.parametrize("first_to", [0, -1, 1.5])
def test_a_series_is_won_with_at_least_one_match(first_to):
    with pytest.raises(ValueError):
        SeriesRules(first_to=first_to)


def test_a_shared_win_is_a_match_win_for_each_who_shares_it():
    # Mexican Train: three of five players level on the lowest total.
    start = series_tally(BEST_OF_THREE, 5, [])
    state = series_advance(BEST_OF_THREE, start, 0, False, co_winners=(1, 3))

    assert (state.wins, state.finished) == ((1, 1, 0, 1, 0), False)


def test_sides_level_at_the_line_play_on_until_one_is_ahead():
    state = series_tally(BEST_OF_THREE, 3, [])
    state = series_advance(BEST_OF_THREE, state, 0, False, co_winners=(1,))
    state = series_advance(BEST_OF_THREE, state, 1, False, co_winners=(0,))

    assert (state.wins, state.finished) == ((2, 2, 0), False)
    state = series_advance(BEST_OF_THREE, state, 1, False)
    assert (state.wins, state.winner_side) == ((2, 3, 0), 1)


def test_a_shared_win_that_puts_one_side_alone_at_the_line_wins_it_the_series():
    state = series_tally(BEST_OF_THREE, 3, [(2, False)])
    state = series_advance(BEST_OF_THREE, state, 0, False, co_winners=(2,))

    assert (state.wins, state.winner_side) == ((1, 0, 2), 2)


def test_a_series_needs_every_side_sharing_a_win():
    with pytest.raises(ValueError):
        series_advance(BEST_OF_THREE, series_tally(BEST_OF_THREE, 2, []), 0, False, (2,))
