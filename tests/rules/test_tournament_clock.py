"""The round clock: at time up the side ahead wins; level sides play one more hand."""

from scorekeeper import rules

BLOCK, ROUNDS = rules.find_game("block"), rules.find_game("mexican_train")


def state(totals, winner=None, hands=3):
    return rules.MatchState(
        totals=totals,
        winner_side=winner,
        ended_after=None if winner is None else hands - 1,
        next_leader=None,
        hands_played=hands,
        target=200,
    )


def test_the_side_ahead_wins_when_time_is_up():
    ended = BLOCK.time_up(state((120, 95)))
    assert (ended.winner_side, ended.ended_after, ended.totals) == (0, 2, (120, 95))
    assert BLOCK.time_up(state((40, 95))).winner_side == 1


def test_level_sides_play_on():
    assert not BLOCK.time_up(state((100, 100))).finished


def test_a_match_not_begun_or_already_won_is_left_as_it_was():
    assert not BLOCK.time_up(state((0, 0), hands=0)).finished
    won = state((210, 30), winner=0)
    assert BLOCK.time_up(won) == won


def test_a_round_game_ends_after_the_round_in_play_with_its_totals_standing():
    ended = ROUNDS.time_up(state((40, 12, 12, 30), hands=5))

    assert (ended.winner_side, ended.co_winners, ended.ended_after) == (1, (2,), 4)
    assert ended.totals == (40, 12, 12, 30)
