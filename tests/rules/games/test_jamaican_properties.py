"""Properties of the Jamaican set through the one play_match, over random tables, switches and
hands: the game agrees with a small reference of RULES.md written here from the words, not
from the game."""

import itertools
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import rules
from scorekeeper.rules import (
    Ending,
    ErrorCode,
    Hand,
    HandMark,
    InvalidHand,
    PartnersLevel,
    SetFormat,
    TieReplay,
    play_hand,
    play_match,
    tally,
    validate_hand,
)

MODEST = settings(max_examples=150, deadline=None)
# (preset, seats, boneyard): every way to sit down.
SEATINGS = (
    ("jamaican_partner", 4, False),
    ("jamaican_cut_throat", 4, False),
    ("jamaican_cut_throat", 3, False),
    ("jamaican_cut_throat", 2, False),
    ("jamaican_cut_throat", 2, True),
)
SWITCHES = list(
    itertools.product(
        SetFormat, TieReplay, (True, False), PartnersLevel, (True, False), (True, False)
    )
)


def make_table(seating, switches, target):
    preset, seats, boneyard = seating
    set_format, tie_replay, one_all, partners_level, keys, double_six = switches
    house = replace(
        rules.preset_named(preset).rules,
        set_format=set_format,
        target=target,
        tie_replay=tie_replay,
        one_all_play_two=one_all,
        partners_level=partners_level,
        key_counts_two=keys,
        double_six_every_hand=double_six,
    )
    game = rules.make_game(preset, seats, rules=house)
    return replace(game, tiles_each=7, draws=True) if boneyard else game


# --- The reference: RULES.md read aloud ----------------------------------------------------------


def reference(game, hands):
    """Games, bruks, winner, six-love and each next pose of a set, straight from the words."""
    house = game.rules
    team = [seat % 2 if game.partnership else seat for seat in range(game.seats)]
    n_sides = 2 if game.partnership else game.seats
    games = [0] * n_sides
    worth, playing_two, bruks, winner = 1, False, 0, None
    poses = []
    for hand in hands:
        assert winner is None, "the strategy stops at the set's end"
        # Who wins the hand.
        if hand.ending == Ending.WENT_OUT:
            won = team[hand.went_out]
        else:
            lightest = min(hand.pips.values())
            holders = [seat for seat, count in hand.pips.items() if count == lightest]
            their_sides = {team[seat] for seat in holders}
            one_pair = len(their_sides) == 1
            pair_wins = house.partners_level == PartnersLevel.PAIR_WINS
            won = their_sides.pop() if one_pair and (len(holders) == 1 or pair_wins) else None
        if won is None:
            # A tie: nobody scores, the replay is worth more (or not), the double six poses.
            if house.tie_replay == TieReplay.RISES:
                worth = worth + 1
            elif house.tie_replay == TieReplay.FLAT_2:
                worth = 2
            poses.append("double six")
            continue
        value = max(2, worth) if hand.key else worth
        double_six_next = False
        if house.set_format == SetFormat.FIRST_TO_SIX:
            games[won] += value
            playing_two = False
        elif playing_two:
            games = [value if side == won else 0 for side in range(n_sides)]
            playing_two = False
        else:
            on_love = [side for side in range(n_sides) if games[side] == 0]
            if on_love == [won]:
                everyone_else_on_one = all(
                    games[side] == 1 for side in range(n_sides) if side != won
                )
                if house.one_all_play_two and everyone_else_on_one:
                    games[won] = 1
                    playing_two = True
                else:
                    games = [0] * n_sides
                    bruks += 1
                double_six_next = True
            else:
                games[won] += value
        worth = 2 if playing_two else 1
        if games[won] >= house.target:
            winner = won
            poses.append(None)
        elif double_six_next or house.double_six_every_hand:
            poses.append("double six")
        else:
            poses.append(won)
    six_love_to = ()
    if winner is not None:
        losers = [side for side in range(n_sides) if side != winner]
        on_love = tuple(side for side in losers if games[side] == 0)
        if house.set_format == SetFormat.SIX_LOVE or len(on_love) == len(losers):
            six_love_to = on_love
    return tuple(games), bruks, winner, six_love_to, poses


def pose_words(state):
    if state.finished:
        return None
    return "double six" if state.carried.poses is None else state.carried.poses


# --- Random hands --------------------------------------------------------------------------------


def random_hand(rng, game):
    """A valid hand: mostly somebody out (sometimes on a key), often blocked on small counts
    so that level lightest hands come up."""
    if rng.random() < 0.6:
        key = game.rules.key_counts_two and rng.random() < 0.2
        return Hand(Ending.WENT_OUT, went_out=rng.randrange(game.seats), key=key)
    return Hand(Ending.BLOCKED, pips={seat: rng.randint(0, 4) for seat in range(game.seats)})


def random_set(rng, game, most=60):
    """Hands until the set is won (or `most` hands), by the game's own end."""
    hands, state = [], tally(game, ())
    while len(hands) < most and not state.finished:
        hands.append(random_hand(rng, game))
        state = play_hand(game, state, hands[-1])[1]
    return hands


@st.composite
def tables(draw):
    seating = draw(st.sampled_from(SEATINGS))
    switches = draw(st.sampled_from(SWITCHES))
    return make_table(seating, switches, draw(st.integers(1, 10)))


@st.composite
def sets(draw):
    game = draw(tables())
    return game, random_set(draw(st.randoms(use_true_random=False)), game)


def states(game, hands):
    """The match after each hand, through play_hand."""
    state, after = tally(game, ()), []
    for hand in hands:
        state = play_hand(game, state, hand)[1]
        after.append(state)
    return after


def check_against_reference(game, hands):
    _, state = play_match(game, hands)
    games, bruks, winner, six_love_to, poses = reference(game, hands)

    assert state.totals == games
    assert state.carried.bruks == bruks
    assert state.winner_side == winner
    assert state.carried.six_love_to == six_love_to
    assert [pose_words(after) for after in states(game, hands)] == poses


# --- Properties ----------------------------------------------------------------------------------


@MODEST
@given(sets())
def test_games_bruks_winner_and_poses_match_the_reference(played):
    check_against_reference(*played)


@pytest.mark.parametrize("seating", SEATINGS)
def test_every_combination_of_switches_matches_the_reference(seating):
    rng = random.Random(f"{seating}")
    for switches in SWITCHES:
        for target in (1, 2, 6):
            game = make_table(seating, switches, target)
            for _ in range(3):
                check_against_reference(game, random_set(rng, game))


@MODEST
@given(sets())
def test_a_six_love_set_is_always_won_with_another_side_on_love(played):
    game, hands = played
    _, state = play_match(game, hands)
    if not state.finished or game.rules.set_format is not SetFormat.SIX_LOVE:
        return

    assert state.carried.six_love_to
    assert all(state.totals[side] == 0 for side in state.carried.six_love_to)


@MODEST
@given(sets())
def test_the_settled_results_tally_to_the_same_set_at_every_hand(played):
    game, hands = played
    results, state = play_match(game, hands)

    assert tally(game, results) == state
    for count in range(len(hands)):
        assert tally(game, results[:count]) == play_match(game, hands[:count])[1]


@MODEST
@given(sets())
def test_the_double_six_poses_after_a_tie_a_bruk_and_a_one_all(played):
    game, hands = played
    results, _ = play_match(game, hands)

    for result, after in zip(results, states(game, hands), strict=True):
        if {HandMark.TIE, HandMark.BRUK, HandMark.ONE_ALL} & set(result.reason.marks):
            assert after.carried.poses is None
            assert after.next_leader is None
        elif not after.finished and not game.rules.double_six_every_hand:
            assert after.carried.poses == result.side
            assert after.next_leader == result.winning_seat


@MODEST
@given(sets())
def test_no_hand_is_taken_once_the_set_is_won(played):
    game, hands = played
    _, state = play_match(game, hands)
    if not state.finished:
        return

    with pytest.raises(InvalidHand) as caught:
        play_match(game, [*hands, Hand(Ending.WENT_OUT, went_out=0)])

    assert [error.code for error in caught.value.errors] == [ErrorCode.MATCH_OVER]


@MODEST
@given(tables(), st.data())
def test_counts_within_the_limits_are_accepted_and_one_over_is_refused(game, data):
    limit = min(game.max_pips_in_hand, 168)
    counts = data.draw(st.lists(st.integers(0, limit), min_size=game.seats, max_size=game.seats))
    hand = Hand(Ending.BLOCKED, pips=dict(enumerate(counts)))
    codes = {error.code for error in validate_hand(game, hand)}

    assert (ErrorCode.TOTAL_TOO_MANY in codes) == (sum(counts) > 168)
    assert codes <= {ErrorCode.TOTAL_TOO_MANY}
    seat = data.draw(st.integers(0, game.seats - 1))
    heavier = Hand(Ending.BLOCKED, pips={**hand.pips, seat: limit + 1})
    assert ErrorCode.TOO_MANY_PIPS in {e.code for e in validate_hand(game, heavier)}
