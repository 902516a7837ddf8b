"""Properties of the draw over random tournaments: repeats, byes, seats and the seed."""

import random
from collections import Counter
from itertools import combinations, product

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.tournament_format import PAIRS_FORMATS
from scorekeeper.tournaments.rules.tournament import Format, Result, TournamentRules
from scorekeeper.tournaments.rules.tournament_draw import draw_round

MODEST = settings(max_examples=60, deadline=None)
RULES = TournamentRules()
SEEDS = st.integers(min_value=0, max_value=2**32)


def play(draw, rng):
    """Random results for every table of a draw, and the bye as the rules score it."""
    results = [RULES.bye_result(bye) for bye in draw.byes]
    for first, second in draw.tables:
        won, lost = rng.randint(200, 260), rng.randint(0, 199)
        totals = (won, lost) if rng.random() < 0.5 else (lost, won)
        results.append(Result.played(first, second, *totals))
    return results


def tournament(format, size, rounds, seed):
    """Draws `rounds` rounds of `size` entrants, playing each one out at random."""
    rng = random.Random(seed)
    field = list(range(size))
    results, draws = [], []
    for number in range(rounds):
        draws.append(draw_round(format, field, results, draws, seed=f"{seed}-{number}"))
        results += play(draws[-1], rng)
    return draws


def opponents(draw):
    return [
        frozenset(meeting) for first, second in draw.tables for meeting in product(first, second)
    ]


def partners(draw):
    return [
        frozenset(pair) for table in draw.tables for side in table for pair in combinations(side, 2)
    ]


@st.composite
def swiss_fields(draw):
    """A Swiss of 2 to 40 pairs over as many rounds as a draw without a repeat surely exists."""
    size = draw(st.integers(min_value=2, max_value=40))
    return size, draw(st.integers(min_value=1, max_value=size // 2)), draw(SEEDS)


@st.composite
def rotating_fields(draw):
    """Rotating partners, 4 to 40 players, for as many rounds as fresh partners surely exist."""
    size = draw(st.integers(min_value=4, max_value=40))
    playing = size - size % 4
    return size, draw(st.integers(min_value=1, max_value=playing // 2)), draw(SEEDS)


@MODEST
@given(swiss_fields())
def test_swiss_never_pairs_two_that_met_while_it_can_be_helped(field):
    draws = tournament(Format.SWISS, *field)

    meetings = Counter(meeting for draw in draws for meeting in opponents(draw))
    assert max(meetings.values()) == 1


@MODEST
@given(rotating_fields())
def test_rotating_partners_never_repeat_a_partner_while_it_can_be_helped(field):
    draws = tournament(Format.ROTATING_PARTNERS, *field)

    assert max(Counter(pair for draw in draws for pair in partners(draw)).values()) == 1


@MODEST
@given(st.integers(min_value=2, max_value=24))
def test_round_robin_meets_every_other_entrant_exactly_once(size):
    rounds = size - 1 if size % 2 == 0 else size
    draws = tournament(Format.ROUND_ROBIN, size, rounds, seed=0)

    meetings = Counter(meeting for draw in draws for meeting in opponents(draw))
    assert set(meetings) == {frozenset(pair) for pair in combinations(range(size), 2)}
    assert set(meetings.values()) == {1}
    assert sorted(bye for draw in draws for bye in draw.byes) == (
        list(range(size)) if size % 2 else []
    )


@MODEST
@given(
    st.sampled_from(PAIRS_FORMATS),
    st.integers(min_value=4, max_value=30),
    st.integers(min_value=1, max_value=12),
    SEEDS,
)
def test_nobody_has_a_second_bye_before_everyone_had_one(format, size, rounds, seed):
    byes = Counter()
    for draw in tournament(format, size, rounds, seed):
        for bye in draw.byes:
            assert byes[bye] == min(byes[entrant] for entrant in range(size))
            byes[bye] += 1


@MODEST
@given(
    st.sampled_from(PAIRS_FORMATS),
    st.integers(min_value=4, max_value=30),
    st.integers(min_value=1, max_value=8),
    SEEDS,
)
def test_every_entrant_sits_exactly_once_a_round_or_has_the_bye(format, size, rounds, seed):
    for draw in tournament(format, size, rounds, seed):
        assert sorted([*draw.seated(), *draw.byes]) == list(range(size))
        assert all(len(side) == format.side_size for table in draw.tables for side in table)
        assert len(draw.byes) < (2 if format is not Format.ROTATING_PARTNERS else 4)


@MODEST
@given(st.sampled_from(PAIRS_FORMATS), st.integers(min_value=4, max_value=30), SEEDS)
def test_the_same_seed_and_state_draw_the_same_round(format, size, seed):
    draws = tournament(format, size, 3, seed)
    field = list(range(size))
    rng = random.Random(seed)
    results = [result for draw in draws[:2] for result in play(draw, rng)]

    again = [draw_round(format, field, results, draws[:2], seed="again") for _ in range(2)]

    assert again[0] == again[1]
    assert tournament(format, size, 3, seed) == draws


@MODEST
@given(st.sampled_from(PAIRS_FORMATS), st.integers(min_value=8, max_value=30), SEEDS)
def test_late_entrants_are_drawn_and_the_withdrawn_are_not(format, size, seed):
    draws = tournament(format, size, 2, seed)
    rng = random.Random(seed)
    results = [result for draw in draws for result in play(draw, rng)]
    field = [entrant for entrant in range(size) if entrant != 0] + [size, size + 1]

    draw = draw_round(format, field, results, draws, seed=seed)

    assert sorted([*draw.seated(), *draw.byes]) == sorted(field)
