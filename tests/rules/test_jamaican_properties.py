"""Properties of the Jamaican set over random tables, switches and hands: the module agrees with
a small reference of RULES.md written here from the words, not from the module."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.jamaican import (
    InvalidJamaican,
    JamaicanErrorCode,
    JamaicanHand,
    JamaicanRules,
    PartnersLevel,
    SetFormat,
    TieReplay,
)
from scorekeeper.rules.jamaican_set import (
    DOUBLE_SIX,
    HandMark,
    PoseKind,
    play_hand,
    replay_set,
    set_state,
    start_set,
)

MODEST = settings(max_examples=150, deadline=None)
# (partner, players, boneyard): every way to sit down.
SEATINGS = (
    (True, 4, False),
    (False, 4, False),
    (False, 3, False),
    (False, 2, False),
    (False, 2, True),
)
SWITCHES = list(
    itertools.product(
        SetFormat, TieReplay, (True, False), PartnersLevel, (True, False), (True, False)
    )
)


def make_rules(seating, switches, target):
    partner, players, boneyard = seating
    set_format, tie_replay, one_all, partners_level, keys, double_six = switches
    return JamaicanRules(
        partner=partner,
        players=players,
        boneyard=boneyard,
        format=set_format,
        target=target,
        tie_replay=tie_replay,
        one_all_play_two=one_all,
        partners_level=partners_level,
        key_counts_two=keys,
        double_six_every_hand=double_six,
    )


# --- The reference: RULES.md read aloud ----------------------------------------------------------


def reference(rules, hands):
    """Games, bruks, winner, six-love and each next pose of a set, straight from the words."""
    partner = rules.partner
    team = [seat % 2 if partner else seat for seat in range(rules.players)]
    n_sides = 2 if partner else rules.players
    games = [0] * n_sides
    worth, playing_two, bruks, winner = 1, False, 0, None
    poses = []
    for hand in hands:
        assert winner is None, "the strategy stops at the set's end"
        # Who wins the hand.
        if hand.went_out is not None:
            won = team[hand.went_out]
        else:
            lightest = min(hand.counts.values())
            holders = [seat for seat, count in hand.counts.items() if count == lightest]
            their_sides = {team[seat] for seat in holders}
            one_pair = len(their_sides) == 1
            pair_wins = rules.partners_level == PartnersLevel.PAIR_WINS
            won = their_sides.pop() if one_pair and (len(holders) == 1 or pair_wins) else None
        if won is None:
            # A tie: nobody scores, the replay is worth more (or not), the double six poses.
            if rules.tie_replay == TieReplay.RISES:
                worth = worth + 1
            elif rules.tie_replay == TieReplay.FLAT_2:
                worth = 2
            poses.append("double six")
            continue
        value = max(2, worth) if hand.key else worth
        double_six_next = False
        if rules.format == SetFormat.FIRST_TO_SIX:
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
                if rules.one_all_play_two and everyone_else_on_one:
                    games[won] = 1
                    playing_two = True
                else:
                    games = [0] * n_sides
                    bruks += 1
                double_six_next = True
            else:
                games[won] += value
        worth = 2 if playing_two else 1
        if games[won] >= rules.target:
            winner = won
            poses.append(None)
        elif double_six_next or rules.double_six_every_hand:
            poses.append("double six")
        else:
            poses.append(won)
    six_love_to = ()
    if winner is not None:
        losers = [side for side in range(n_sides) if side != winner]
        on_love = tuple(side for side in losers if games[side] == 0)
        if rules.format == SetFormat.SIX_LOVE or len(on_love) == len(losers):
            six_love_to = on_love
    return tuple(games), bruks, winner, six_love_to, poses


def pose_words(pose):
    if pose is None:
        return None
    return "double six" if pose == DOUBLE_SIX else pose.side


# --- Random hands --------------------------------------------------------------------------------


def random_hand(rng, rules):
    """A valid hand: mostly somebody out (sometimes on a key), often blocked on small counts
    so that level lightest hands come up."""
    if rng.random() < 0.6:
        key = rules.key_counts_two and rng.random() < 0.2
        return JamaicanHand(went_out=rng.randrange(rules.players), key=key)
    return JamaicanHand(counts={seat: rng.randint(0, 4) for seat in range(rules.players)})


def random_set(rng, rules, most=60):
    """Hands until the set is won (or `most` hands), by the module's own refusal to go on."""
    hands, state = [], start_set(rules)
    while len(hands) < most and not state.finished:
        hands.append(random_hand(rng, rules))
        state = play_hand(rules, state, hands[-1]).state
    return hands


@st.composite
def tables(draw):
    seating = draw(st.sampled_from(SEATINGS))
    switches = draw(st.sampled_from(SWITCHES))
    return make_rules(seating, switches, draw(st.integers(1, 10)))


@st.composite
def sets(draw):
    rules = draw(tables())
    return rules, random_set(draw(st.randoms(use_true_random=False)), rules)


def check_against_reference(rules, hands):
    results = replay_set(rules, hands)
    state = set_state(rules, results)
    games, bruks, winner, six_love_to, poses = reference(rules, hands)

    assert state.games == games
    assert state.bruks == bruks
    assert state.winner_side == winner
    assert state.six_love_to == six_love_to
    assert [pose_words(result.state.pose) for result in results] == poses


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
            rules = make_rules(seating, switches, target)
            for _ in range(3):
                check_against_reference(rules, random_set(rng, rules))


@MODEST
@given(sets())
def test_a_six_love_set_is_always_won_with_another_side_on_love(played):
    rules, hands = played
    state = set_state(rules, replay_set(rules, hands))
    if not state.finished or rules.format is not SetFormat.SIX_LOVE:
        return

    assert state.six_love_to
    assert all(state.games[side] == 0 for side in state.six_love_to)


@MODEST
@given(sets())
def test_replaying_fewer_hands_gives_the_set_as_it_stood_then(played):
    rules, hands = played
    results = replay_set(rules, hands)

    for count in range(len(hands)):
        assert set_state(rules, replay_set(rules, hands[:count])) == (
            results[count - 1].state if count else set_state(rules, ())
        )


@MODEST
@given(sets())
def test_the_double_six_poses_after_a_tie_a_bruk_and_a_one_all(played):
    rules, hands = played

    for result in replay_set(rules, hands):
        if {HandMark.TIE, HandMark.BRUK, HandMark.ONE_ALL} & set(result.marks):
            assert result.state.pose == DOUBLE_SIX
        elif result.state.pose is not None and not rules.double_six_every_hand:
            assert result.state.pose.kind is PoseKind.WINNER
            assert result.state.pose.side == result.winner_side


@MODEST
@given(sets())
def test_no_hand_is_taken_once_the_set_is_won(played):
    rules, hands = played
    state = set_state(rules, replay_set(rules, hands))
    if not state.finished:
        return

    with pytest.raises(InvalidJamaican) as caught:
        replay_set(rules, [*hands, JamaicanHand(went_out=0)])

    assert [error.code for error in caught.value.errors] == [JamaicanErrorCode.SET_OVER]


@MODEST
@given(tables(), st.data())
def test_counts_within_the_limits_are_accepted_and_one_over_is_refused(rules, data):
    limit = min(rules.count_limit, 168)
    counts = data.draw(
        st.lists(st.integers(0, limit), min_size=rules.players, max_size=rules.players)
    )
    hand = JamaicanHand(counts=dict(enumerate(counts)))
    codes = {error.code for error in rules.hand_errors(hand)}

    assert (JamaicanErrorCode.TOTAL_TOO_MANY in codes) == (sum(counts) > 168)
    assert codes <= {JamaicanErrorCode.TOTAL_TOO_MANY}
    seat = data.draw(st.integers(0, rules.players - 1))
    heavier = JamaicanHand(counts={**hand.counts, seat: limit + 1})
    assert JamaicanErrorCode.TOO_MANY_PIPS in {e.code for e in rules.hand_errors(heavier)}
