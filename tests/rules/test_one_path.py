"""The one play_match: a hand is its plays (none in a block game) and its end, for every game.

Property tests: it gives what the step-by-step path gives (a play at a time with advance, an
end with score_hand and advance, as the models add them), for block and scoring games alike.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import rules
from scorekeeper.rules import (
    Ending,
    Hand,
    HouseRules,
    InvalidHand,
    Play,
    PlayedHand,
    make_game,
    play_amounts,
    play_match,
)

from .test_properties import games, real_hands

MODEST = settings(max_examples=150, deadline=None)


@st.composite
def scoring_games(draw):
    preset = draw(st.sampled_from(("all_fives", "bergen")))
    seats = draw(st.sampled_from((2, 3, 4)))
    partnership = seats == 4 and draw(st.booleans())
    target = draw(st.integers(min_value=5, max_value=120 if preset == "all_fives" else 12))
    house = HouseRules(target=target, capicu_bonus=0)
    return make_game(preset, seats, partnership=partnership, rules=house)


@st.composite
def scoring_hands(draw, game: rules.Game):
    amounts = st.sampled_from(play_amounts(game))
    seats = st.integers(min_value=0, max_value=game.seats - 1)
    plays = draw(st.lists(st.builds(Play, seats, amounts), max_size=4))
    return PlayedHand(tuple(plays), draw(real_hands(game)))


def step_by_step(game, hands):
    """What the table can enter of these hands, scored a play and an end at a time."""
    state = rules.tally(game, ())
    entered, expected = [], []
    for hand in hands:
        if state.finished:
            break
        plays, points = [], list(game._zero_points)
        for play in hand.plays:
            state = rules.advance(game, state, play)
            plays.append(play)
            points[game.side_of(play.seat)] += play.points
            if state.finished:
                break
        end = None
        if not state.finished:
            end = rules.score_hand(game, hand.end, state.next_leader, number=len(entered) + 1)
            state = rules.advance(game, state, end)
            points = [a + b for a, b in zip(points, end.side_points, strict=True)]
        entered.append(PlayedHand(tuple(plays), hand.end if end else None))
        expected.append((tuple(points), end))
    return entered, expected, state


@MODEST
@given(st.data())
def test_a_scoring_game_through_play_match_scores_as_step_by_step(data):
    game = data.draw(scoring_games())
    hands = data.draw(st.lists(scoring_hands(game), min_size=1, max_size=6))
    entered, expected, state = step_by_step(game, hands)

    results, one_state = play_match(game, entered)

    assert one_state == state
    for result, (side_points, end) in zip(results, expected, strict=True):
        assert result.side_points == side_points
        assert result.ended == (end is not None)
        if end is not None:
            assert result.end_credits == end.credits
            assert (result.side, result.points, result.next_leader) == (
                end.side,
                end.points,
                end.next_leader,
            )
    # And the results tally to the same sheet.
    assert rules.tally(game, results) == state


@MODEST
@given(st.data())
def test_a_block_game_through_play_match_scores_as_hand_by_hand(data):
    game = data.draw(games(target=st.integers(min_value=1, max_value=150)))
    hands = data.draw(st.lists(real_hands(game), min_size=1, max_size=6))
    state, expected, entered = rules.tally(game, ()), [], []
    for hand in hands:
        if state.finished:
            break
        result = rules.score_hand(game, hand, state.next_leader, number=len(entered) + 1)
        state = rules.advance(game, state, result)
        entered.append(hand)
        expected.append(result)

    results, one_state = play_match(game, entered)

    assert results == tuple(expected)
    assert one_state == state
    # A bare Hand and a hand of no plays are the same hand.
    assert play_match(game, [PlayedHand(end=hand) for hand in entered]) == (results, one_state)


def test_a_play_that_reaches_the_target_ends_the_match_and_the_hand():
    game = make_game("bergen", 2, rules=HouseRules(target=3, capicu_bonus=0))
    results, state = play_match(game, [PlayedHand((Play(0, 2), Play(1, 3)))])

    assert (state.winner_side, state.totals, state.hands_played) == (1, (2, 3), 1)
    assert not results[0].ended
    assert results[0].credits == (
        rules.Credit(0, rules.PointKind.PLAY, 2),
        rules.Credit(1, rules.PointKind.PLAY, 3),
    )


def test_nothing_of_a_hand_is_entered_after_a_play_ends_the_match():
    game = make_game("bergen", 2, rules=HouseRules(target=3, capicu_bonus=0))
    hand = PlayedHand((Play(1, 3),), Hand(Ending.WENT_OUT, went_out=0))
    try:
        play_match(game, [hand])
    except InvalidHand as refused:
        assert [error.code for error in refused.errors] == [rules.ErrorCode.MATCH_OVER]
    else:
        raise AssertionError("the end after the winning play was scored")


def test_advance_adds_one_play_or_one_hand():
    game = make_game("all_fives", 2, rules=HouseRules(target=200, capicu_bonus=0))
    state = rules.advance(game, rules.tally(game, ()), Play(0, 15))
    result = rules.score_hand(game, Hand(Ending.WENT_OUT, went_out=1, pips={0: 12}))
    state = rules.advance(game, state, result)

    assert (state.totals, state.hands_played) == ((15, 10), 1)
