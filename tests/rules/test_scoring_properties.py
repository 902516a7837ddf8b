"""Properties of All Fives and Bergen over random matches, entry by entry."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    Ending,
    ErrorCode,
    Hand,
    HouseRules,
    InvalidHand,
    Rounding,
    make_game,
    score_hand,
    tally,
)
from scorekeeper.scoring_games import (
    Play,
    ScoringHand,
    add_play,
    end_hand,
    nearest_five,
    play_amounts,
    play_scoring_match,
)

MODEST = settings(max_examples=150, deadline=None)


@st.composite
def scoring_games(draw):
    preset = draw(st.sampled_from(("all_fives", "bergen")))
    seats = draw(st.integers(min_value=2, max_value=4))
    top = 120 if preset == "all_fives" else 12
    rules = HouseRules(
        target=draw(st.integers(min_value=1, max_value=top)),
        capicu_bonus=0,
        rounding=draw(st.sampled_from(Rounding)),
        blocked_pays_difference=draw(st.booleans()),
        going_out_pays_two=draw(st.booleans()),
    )
    partnership = draw(st.booleans()) if seats == 4 else False
    return make_game(preset, seats, partnership=partnership, rules=rules)


@st.composite
def ends(draw, game):
    pips = {seat: draw(st.integers(min_value=0, max_value=30)) for seat in range(game.seats)}
    if draw(st.booleans()):
        return Hand(Ending.BLOCKED, pips=pips)
    went_out = draw(st.integers(min_value=0, max_value=game.seats - 1))
    return Hand(Ending.WENT_OUT, went_out=went_out, pips={**pips, went_out: 0})


@st.composite
def matches(draw):
    """A game and a stream of entries: ("play", Play) or ("end", Hand), in the order made."""
    game = draw(scoring_games())
    plays = st.builds(
        Play,
        st.integers(min_value=0, max_value=game.seats - 1),
        st.sampled_from(play_amounts(game)),
    )
    entries = []
    for _ in range(draw(st.integers(min_value=1, max_value=8))):
        entries += [("play", play) for play in draw(st.lists(plays, max_size=5))]
        entries.append(("end", draw(ends(game))))
    return game, entries


def run(game, entries):
    """Feed entries until the match ends: the state, the (side, points) credited, the rest."""
    state = tally(game, ())
    credited = []
    for index, (kind, entry) in enumerate(entries):
        if state.finished:
            return state, credited, entries[index:]
        if kind == "play":
            state = add_play(game, state, entry)
            credited.append((game.side_of(entry.seat), entry.points))
        else:
            result = score_hand(game, entry, led_by=state.next_leader)
            state = end_hand(game, state, result)
            if result.side is not None:
                credited.append((result.side, result.points))
    return state, credited, []


@MODEST
@given(matches())
def test_totals_equal_the_sum_of_every_credited_entry(match):
    game, entries = match
    state, credited, _ = run(game, entries)

    sums = [0] * game.side_count
    for side, points in credited:
        sums[side] += points
    assert state.totals == tuple(sums)


@MODEST
@given(matches())
def test_the_match_ends_on_the_first_entry_that_reaches_the_target(match):
    game, entries = match
    state, credited, _ = run(game, entries)

    sums = [0] * game.side_count
    reached_at = None
    for index, (side, points) in enumerate(credited):
        sums[side] += points
        if sums[side] >= game.rules.target:
            reached_at, reached_by = index, side
            break
    if reached_at is None:
        assert not state.finished
    else:
        assert reached_at == len(credited) - 1
        assert state.winner_side == reached_by


@MODEST
@given(matches())
def test_nothing_is_accepted_after_the_match_has_ended(match):
    game, entries = match
    state, _, rest = run(game, entries)

    for kind, entry in rest:
        try:
            if kind == "play":
                add_play(game, state, entry)
            else:
                end_hand(game, state, score_hand(game, entry))
        except InvalidHand as refused:
            assert [error.code for error in refused.errors] == [ErrorCode.MATCH_OVER]
        else:
            raise AssertionError("an entry was accepted after the match ended")


@MODEST
@given(matches())
def test_a_whole_match_scores_as_its_entries_one_by_one(match):
    game, entries = match
    state, _, rest = run(game, entries)
    taken = entries[: len(entries) - len(rest)]
    hands, plays = [], []
    for kind, entry in taken:
        if kind == "play":
            plays.append(entry)
        else:
            hands.append(ScoringHand(tuple(plays), entry))
            plays = []
    if plays:
        hands.append(ScoringHand(tuple(plays)))

    _, whole = play_scoring_match(game, hands)

    assert (whole.totals, whole.winner_side) == (state.totals, state.winner_side)


@MODEST
@given(
    st.lists(st.integers(min_value=0, max_value=8).map(lambda n: n * 5), min_size=4, max_size=4),
    st.integers(min_value=0, max_value=3),
    st.booleans(),
)
def test_rounding_rules_agree_when_every_hand_is_a_multiple_of_five(fives, out, blocked):
    pips = dict(enumerate(fives))
    if blocked:
        hand = Hand(Ending.BLOCKED, pips=pips)
    else:
        hand = Hand(Ending.WENT_OUT, went_out=out, pips={**pips, out: 0})
    points = set()
    for rounding in Rounding:
        for difference in (False, True):
            house = HouseRules(rounding=rounding, blocked_pays_difference=difference)
            game = make_game("all_fives", 4, partnership=False, rules=house)
            points.add((difference, score_hand(game, hand).points))

    assert len({p for d, p in points if d}) == 1 and len({p for d, p in points if not d}) == 1


@MODEST
@given(st.integers(min_value=0, max_value=1000))
def test_nearest_five_is_a_multiple_of_five_within_two_of_the_count(pips):
    rounded = nearest_five(pips)

    assert rounded % 5 == 0 and abs(rounded - pips) <= 2
