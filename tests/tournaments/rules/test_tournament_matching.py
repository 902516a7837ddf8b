"""The blossom matching finds the same pairing as trying every pairing top down."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.tournaments.rules.tournament_matching import Matching, nearest_perfect_matching


def first_pairing_by_trying_all(neighbours, left):
    """The lexicographically first perfect matching of `left`, by plain backtracking."""
    if not left:
        return []
    top, *rest = left
    for partner in sorted(neighbours[top]):
        if partner in rest:
            found = first_pairing_by_trying_all(neighbours, [v for v in rest if v != partner])
            if found is not None:
                return [(top, partner), *found]
    return None


@st.composite
def graphs(draw):
    size = draw(st.integers(min_value=0, max_value=7)) * 2
    pairs = [(a, b) for a in range(size) for b in range(a + 1, size)]
    edges = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    neighbours = [[] for _ in range(size)]
    for a, b in edges:
        neighbours[a].append(b)
        neighbours[b].append(a)
    return neighbours


@settings(max_examples=400, deadline=None)
@given(graphs())
def test_the_blossom_search_finds_the_first_pairing_top_down(neighbours):
    expected = first_pairing_by_trying_all(neighbours, list(range(len(neighbours))))

    assert nearest_perfect_matching(neighbours) == expected


def test_an_odd_cycle_is_no_dead_end():
    # A triangle 0-1-2 with a tail 2-3, 3-4, 4-5 and 0-5: only 0-1, 2-3, 4-5 pairs them, and a
    # search that cannot see through the triangle gives up.
    neighbours = [[1, 2, 5], [0, 2], [0, 1, 3], [2, 4], [3, 5], [4, 0]]

    assert Matching(neighbours).is_perfect()
    assert nearest_perfect_matching(neighbours) == [(0, 1), (2, 3), (4, 5)]
