"""Why level entrants stand where they do: the tie-break RULES.md's order used, each format."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.tournaments.rules.tournament import Result, standings
from scorekeeper.tournaments.rules.tournament_tables import (
    TableResult,
    game_standings,
    target_standings,
)
from scorekeeper.tournaments.rules.tournament_ties import TieBreak, TieKey, tie_breaks

A, B, C, D = "ABCD"


def explained(lines):
    ties = tie_breaks(lines)
    return [(line.entrant, line.place, tie) for line, tie in zip(lines, ties, strict=True)]


# --- Pairs (RULES.md "Tournaments", Standings (1)-(5)) ---------------------------------------


def test_lines_alone_on_wins_need_no_tie_break():
    # RULES.md's worked example after round 2: A 2 wins, C and D 1, B 0.
    results = [
        Result.played(A, B, 212, 150),
        Result.played(C, D, 205, 90),
        Result.played(A, C, 230, 180),
        Result.played(D, B, 201, 199),
    ]
    assert explained(standings("ABCD", results)) == [
        (A, 1, None),
        (C, 2, TieBreak(TieKey.WINS, TieKey.DIFFERENCE, ahead=True)),
        (D, 3, TieBreak(TieKey.WINS, TieKey.DIFFERENCE)),
        (B, 4, None),
    ]


def test_level_on_wins_and_difference_head_to_head_decides():
    # A beat B; each lost once to an outsider by the same margin: level on 1 win and 0.
    results = [
        Result.played(A, B, 200, 100),
        Result.played(C, A, 200, 100),
        Result.played(B, D, 200, 100),
    ]
    lines = standings("ABCD", results)
    ties = dict((line.entrant, tie) for line, tie in zip(lines, tie_breaks(lines), strict=True))
    assert ties[A] == TieBreak(TieKey.WINS, TieKey.HEAD_TO_HEAD, ahead=True)
    assert ties[B] == TieBreak(TieKey.WINS, TieKey.HEAD_TO_HEAD)


def test_level_on_wins_difference_and_head_to_head_points_for_decide():
    results = [Result.played(A, C, 210, 200), Result.played(B, D, 110, 100)]
    assert explained(standings("ABCD", results))[:2] == [
        (A, 1, TieBreak(TieKey.WINS, TieKey.POINTS_FOR, ahead=True)),
        (B, 2, TieBreak(TieKey.WINS, TieKey.POINTS_FOR)),
    ]


def test_level_on_everything_the_place_is_shared_and_said_so():
    results = [Result.played(A, C, 200, 100), Result.played(B, D, 200, 100)]
    assert explained(standings("ABCD", results)) == [
        (A, 1, TieBreak(TieKey.WINS, None)),
        (B, 1, TieBreak(TieKey.WINS, None)),
        (C, 3, TieBreak(TieKey.WINS, None)),
        (D, 3, TieBreak(TieKey.WINS, None)),
    ]
    assert all(tie.shared for _entrant, _place, tie in explained(standings("ABCD", results)))


def test_three_level_on_wins_each_line_names_its_own_tie_break():
    # A, B and C each won once; A is ahead on difference, B and C share the rest.
    results = [
        Result.played(A, D, 250, 100),
        Result.played(B, D, 200, 100),
        Result.played(C, D, 200, 100),
    ]
    assert explained(standings("ABCD", results))[:3] == [
        (A, 1, TieBreak(TieKey.WINS, TieKey.DIFFERENCE, ahead=True)),
        (B, 2, TieBreak(TieKey.WINS, None)),
        (C, 2, TieBreak(TieKey.WINS, None)),
    ]


def test_the_standings_are_sorted_by_the_ranking_the_tie_breaks_read():
    results = [
        Result.played(A, B, 200, 100),
        Result.played(C, A, 200, 100),
        Result.played(B, D, 200, 100),
        Result.played(D, C, 200, 150),
    ]
    lines = standings("DCBA", results)
    assert [line.ranking() for line in lines] == sorted(line.ranking() for line in lines)


# --- Mexican Train events (RULES.md "Mexican Train events", Standings (1)-(4)) ---------------


def test_mexican_train_worked_example_ann_and_cy_share_second():
    rounds = [
        (
            TableResult(("Ann", "Bo", "Cy", "Dee"), (112, 140, 112, 230)),
            TableResult(("Eve", "Fay", "Gus", "Hal"), (95, 180, 201, 150)),
        )
    ]
    lines = explained(game_standings(("Ann", "Bo", "Cy", "Dee", "Eve"), rounds))
    assert lines[:4] == [
        ("Eve", 1, None),
        ("Ann", 2, TieBreak(TieKey.TOTAL, None)),
        ("Cy", 2, TieBreak(TieKey.TOTAL, None)),
        ("Bo", 4, None),
    ]


def test_mexican_train_level_totals_games_won_then_the_lowest_game_decide():
    rounds = [
        (TableResult(("Ann", "Bo", "Cy"), (10, 30, 50)),),
        (TableResult(("Ann", "Bo", "Cy"), (70, 50, 20)),),
        (TableResult(("Ann", "Bo", "Cy"), (20, 20, 30)),),
    ]
    # Round 3's shared lowest is a game won for Ann and for Bo.
    lines = game_standings(("Ann", "Bo", "Cy"), rounds)
    assert [(line.entrant, line.total, line.games_won, line.best) for line in lines] == [
        ("Ann", 100, 2, 10),
        ("Bo", 100, 1, 20),
        ("Cy", 100, 1, 20),
    ]
    assert tie_breaks(lines) == [
        TieBreak(TieKey.TOTAL, TieKey.GAMES_WON, ahead=True),
        TieBreak(TieKey.TOTAL, None),
        TieBreak(TieKey.TOTAL, None),
    ]


def test_mexican_train_the_lowest_game_breaks_level_totals_and_games_won():
    rounds = [
        (TableResult(("Ann", "Bo", "Cy"), (5, 40, 60)),),
        (TableResult(("Ann", "Bo", "Cy"), (55, 20, 30)),),
    ]
    # Ann and Bo: 60 each, one game won each; Ann's lowest game 5, Bo's 20.
    assert explained(game_standings(("Cy", "Bo", "Ann"), rounds)) == [
        ("Ann", 1, TieBreak(TieKey.TOTAL, TieKey.BEST, ahead=True)),
        ("Bo", 2, TieBreak(TieKey.TOTAL, TieKey.BEST)),
        ("Cy", 3, None),
    ]


# --- Tables to a target (Jamaican cut-throat): ranked as pairs are --------------------------


def test_cut_throat_level_on_wins_and_difference_head_to_head_decides():
    results = [
        TableResult(("Ann", "Bo", "Cy"), (6, 0, 0)),
        TableResult(("Ann", "Bo", "Cy"), (0, 6, 0)),
        TableResult(("Dee", "Bo", "Ann"), (6, 0, 0)),
        TableResult(("Ann", "Dee", "Cy"), (0, 0, 6)),
    ]
    # One win each; Bo and Cy both 6 for, 12 against, and Bo won the table Cy sat at.
    lines = target_standings("", results)
    assert [
        (line.entrant, line.wins, line.efectividad, line.head_to_head, tie)
        for line, tie in zip(lines, tie_breaks(lines), strict=True)
    ] == [
        ("Dee", 1, 0, 0, TieBreak(TieKey.WINS, TieKey.DIFFERENCE, ahead=True)),
        ("Bo", 1, -6, 1, TieBreak(TieKey.WINS, TieKey.HEAD_TO_HEAD, ahead=True)),
        ("Cy", 1, -6, 0, TieBreak(TieKey.WINS, TieKey.DIFFERENCE, ahead=True)),
        ("Ann", 1, -12, 0, TieBreak(TieKey.WINS, TieKey.DIFFERENCE)),
    ]


# --- Over random standings: the words always say what the order did --------------------------

MATCHES = st.lists(
    st.tuples(
        st.sampled_from("ABCDEF"),
        st.sampled_from("ABCDEF"),
        st.integers(min_value=0, max_value=3),
        st.integers(min_value=0, max_value=3),
    ).filter(lambda match: match[0] != match[1] and match[2] != match[3]),
    max_size=12,
)


def check_ties(lines) -> None:
    """Each tie-break names the first key its line differs on from its neighbour (never one it
    is level on), a shared place only between equal rankings, and none on a line alone."""
    for index, (line, tie) in enumerate(zip(lines, tie_breaks(lines), strict=True)):
        level = [
            other
            for other in lines[max(index - 1, 0) : index + 2]
            if other is not line and other.ranking()[0] == line.ranking()[0]
        ]
        assert (tie is None) == (not level)
        if tie is None:
            continue
        assert tie.level_on == line.ranking()[0][0]
        if tie.shared:
            assert any(other.place == line.place for other in level)
            continue
        other = lines[index + 1] if tie.ahead else lines[index - 1]
        upper, lower = (line, other) if tie.ahead else (other, line)
        keys = [key for key, _value in line.ranking()]
        at = keys.index(tie.decided_by)
        assert upper.ranking()[:at] == lower.ranking()[:at]
        assert upper.ranking()[at][1] < lower.ranking()[at][1]


@settings(max_examples=150, deadline=None)
@given(MATCHES)
def test_pairs_tie_breaks_say_what_the_order_did(matches):
    # Scores in tens: few values, so lines are often level on the first keys.
    results = [Result.played(a, b, 100 + 10 * x, 100 + 10 * y) for a, b, x, y in matches]
    check_ties(standings("ABCDEF", results))


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.lists(st.integers(min_value=0, max_value=3), min_size=3, max_size=3), max_size=4)
)
def test_mexican_train_tie_breaks_say_what_the_order_did(rounds):
    tables = [
        (TableResult(("Ann", "Bo", "Cy"), tuple(10 * t for t in totals)),) for totals in rounds
    ]
    check_ties(game_standings(("Ann", "Bo", "Cy", "Dee"), tables))
