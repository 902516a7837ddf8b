"""Tournament standings and draws: RULES.md's worked example and each tie-break."""

import pytest

from scorekeeper.tournaments.rules.tournament import (
    Award,
    Draw,
    Format,
    Result,
    ResultKind,
    TournamentRules,
    standings,
)
from scorekeeper.tournaments.rules.tournament_draw import draw_round, pair_nearest

A, B, C, D = "ABCD"
ROUND_1 = [Result.played(A, B, 212, 150), Result.played(C, D, 205, 90)]
DRAW_1 = Draw(tables=(((A,), (B,)), ((C,), (D,))))


def lines(entrants, results):
    return [(s.entrant, s.wins, s.efectividad) for s in standings(entrants, results)]


def places(entrants, results):
    return [(s.place, s.entrant) for s in standings(entrants, results)]


# --- RULES.md's worked example (Swiss, four pairs, to 200) ----------------------------------


def test_worked_example_standings_after_round_1():
    assert lines("ABCD", ROUND_1) == [(C, 1, 115), (A, 1, 62), (B, 0, -62), (D, 0, -115)]


def test_worked_example_round_2_pairs_c_with_a_and_b_with_d():
    draw = draw_round(Format.SWISS, "ABCD", ROUND_1, [DRAW_1], seed=2)

    assert draw.tables == (((C,), (A,)), ((B,), (D,)))
    assert draw.byes == ()


def test_worked_example_standings_after_round_2():
    round_2 = [Result.played(A, C, 230, 180), Result.played(D, B, 201, 199)]

    assert lines("ABCD", ROUND_1 + round_2) == [
        (A, 2, 112),
        (C, 1, 65),
        (D, 1, -113),
        (B, 0, -64),
    ]


# --- Standings: each tie-break in its turn --------------------------------------------------


def test_wins_come_before_efectividad():
    results = [Result.played(A, B, 200, 199), Result.played(C, D, 10, 200)]

    # A has +1 and one win; D has +190 and one win too, B (-1) has none: B is still above C.
    assert lines("ABCD", results) == [(D, 1, 190), (A, 1, 1), (B, 0, -1), (C, 0, -190)]


def test_efectividad_breaks_level_wins():
    results = [Result.played(A, B, 200, 150), Result.played(C, D, 200, 100)]

    assert [s.entrant for s in standings("ABCD", results)] == [C, A, B, D]


def test_level_on_wins_and_efectividad_the_one_who_won_their_match_goes_first():
    # X beat Y, lost to Q; Y beat P. X and Y: one win, efectividad 0; Y has more points for.
    results = [
        Result.played("X", "Y", 200, 190),
        Result.played("X", "Q", 190, 200),
        Result.played("Y", "P", 210, 200),
    ]

    table = standings(["P", "Q", "X", "Y"], results)

    assert [s.entrant for s in table] == ["Q", "X", "Y", "P"]
    assert (table[1].points_for, table[2].points_for) == (390, 400)
    assert (table[1].head_to_head, table[2].head_to_head) == (1, 0)


def test_head_to_head_counts_only_matches_among_the_level():
    # X, Y and Z all have one win and efectividad 0. X beat Y; Y and Z beat no level entrant,
    # so they go by points for (Z 410, Y 400), though X has the fewest (390).
    results = [
        Result.played("X", "Y", 200, 190),
        Result.played("S", "X", 200, 190),
        Result.played("Y", "P", 210, 200),
        Result.played("Z", "Q", 230, 210),
        Result.played("R", "Z", 200, 180),
    ]

    assert places("PQRSXYZ", results) == [
        (1, "R"),
        (2, "S"),
        (3, "X"),
        (4, "Z"),
        (5, "Y"),
        (6, "P"),
        (7, "Q"),
    ]


def test_points_for_break_what_is_left():
    results = [Result.played(A, B, 200, 100), Result.played(C, D, 300, 200)]

    assert [s.entrant for s in standings("ABCD", results)] == [C, A, D, B]


def test_entrants_level_on_everything_share_the_place_and_the_next_place_skips():
    results = [
        Result.played(A, B, 200, 100),
        Result.played(C, D, 200, 100),
        Result.played("E", "F", 150, 200),
    ]

    assert places("ABCDEF", results) == [
        (1, A),
        (1, C),
        (3, "F"),
        (4, "E"),
        (5, B),
        (5, D),
    ]


def test_entrants_with_no_results_share_the_place_after_everyone_who_scored():
    assert places("ABC", [Result.played(A, B, 200, 0)]) == [(1, A), (2, C), (3, B)]


def test_a_bye_counts_as_the_win_it_was_given():
    rules = TournamentRules(target=200)
    results = [Result.played(A, B, 200, 180), rules.bye_result(C)]

    table = standings("ABC", results)

    assert [(s.entrant, s.wins, s.points_for, s.points_against) for s in table] == [
        (C, 1, 100, 0),
        (A, 1, 200, 180),
        (B, 0, 180, 200),
    ]
    assert table[0].played == 1


def test_a_forfeit_scores_what_the_director_set():
    rules = TournamentRules(target=300, forfeit=Award(points_for=150, points_against=20))
    result = rules.forfeit_result(A, B)

    assert result.kind is ResultKind.FORFEIT
    assert lines("AB", [result]) == [(A, 1, 130), (B, 0, -130)]


def test_forfeit_and_bye_default_to_a_win_with_half_the_target_against_0():
    rules = TournamentRules(format=Format.ROUND_ROBIN, target=150)

    assert rules.forfeit_award == rules.bye_award == Award(75, 0, win=True)
    assert rules.forfeit_result(A, B).totals == (75, 0)
    assert rules.bye_result(A) == Result(((A,), ()), (75, 0), 0, ResultKind.BYE)


def test_a_bye_that_is_no_win_gives_points_only():
    rules = TournamentRules(bye=Award(points_for=50, win=False))

    assert lines("A", [rules.bye_result(A)]) == [(A, 0, 50)]


def test_in_an_individual_event_each_player_takes_their_sides_result():
    results = [Result.played((1, 3), (2, 4), 210, 120)]

    table = standings([1, 2, 3, 4], results)

    assert [(s.place, s.entrant, s.wins, s.efectividad) for s in table] == [
        (1, 1, 1, 90),
        (1, 3, 1, 90),
        (3, 2, 0, -90),
        (3, 4, 0, -90),
    ]


def test_partners_level_with_each_other_did_not_play_against_each_other():
    # Players 1 and 3 won together; neither gains a head-to-head win over the other.
    table = standings([1, 2, 3, 4], [Result.played((1, 3), (2, 4), 200, 100)])

    assert [s.head_to_head for s in table] == [0, 0, 0, 0]


def test_a_level_match_needs_its_winner_named():
    with pytest.raises(ValueError):
        Result.played(A, B, 200, 200)
    assert Result.played(A, B, 200, 200, winner=1).winner == 1


@pytest.mark.parametrize(
    "sides, totals, winner",
    [
        (((A,), (A,)), (200, 100), 0),
        (((A,), ()), (200, 100), 0),
        (((A,), (B,)), (200, -1), 0),
        (((A,), (B,)), (200, 100), 2),
        (((A,), (B,)), (200, 100), None),
    ],
)
def test_a_result_that_cannot_be_is_refused(sides, totals, winner):
    with pytest.raises(ValueError):
        Result(sides, totals, winner)


# --- Draws ----------------------------------------------------------------------------------


def test_round_robin_of_four_meets_everyone_once_in_three_rounds():
    draws = [draw_round(Format.ROUND_ROBIN, "ABCD", [], [None] * n, seed=0) for n in range(3)]

    met = sorted("".join(sorted(a + b)) for d in draws for (a,), (b,) in d.tables)
    assert met == ["AB", "AC", "AD", "BC", "BD", "CD"]


def test_round_robin_of_five_gives_each_one_bye():
    draws = [draw_round(Format.ROUND_ROBIN, "ABCDE", [], [None] * n, seed=0) for n in range(5)]

    assert sorted(bye for d in draws for bye in d.byes) == list("ABCDE")


def test_round_1_of_a_swiss_is_drawn_from_its_seed():
    field = list(range(16))
    first = draw_round(Format.SWISS, field, [], [], seed=11)

    assert first == draw_round(Format.SWISS, field, [], [], seed=11)
    others = {draw_round(Format.SWISS, field, [], [], seed=s).tables for s in range(5)}
    assert len(others) > 1


def test_swiss_passes_over_the_nearest_one_already_met():
    # The worked example's round 3: the standings run A, C, D, B, but A has met C (round 2),
    # so A takes D; C and B have not met.
    round_2 = [Result.played(A, C, 230, 180), Result.played(D, B, 201, 199)]
    draw_2 = Draw(tables=(((C,), (A,)), ((B,), (D,))))

    draw = draw_round(Format.SWISS, "ABCD", ROUND_1 + round_2, [DRAW_1, draw_2], seed=0)

    assert draw.tables == (((A,), (D,)), ((C,), (B,)))


def test_swiss_bye_goes_to_the_lowest_who_has_not_had_one():
    # After two rounds the standings run A, B, D, C, E; E and D have had the bye: C gets it.
    rules = TournamentRules()
    results = [
        Result.played(A, B, 200, 100),
        Result.played(C, D, 200, 150),
        rules.bye_result("E"),
        Result.played(A, C, 200, 100),
        Result.played(B, "E", 200, 0),
        rules.bye_result(D),
    ]
    draws = [
        Draw(tables=(((A,), (B,)), ((C,), (D,))), byes=("E",)),
        Draw(tables=(((A,), (C,)), ((B,), ("E",))), byes=(D,)),
    ]
    assert [s.entrant for s in standings("ABCDE", results)] == [A, B, D, C, "E"]

    assert draw_round(Format.SWISS, "ABCDE", results, draws, seed=0).byes == (C,)


def test_swiss_draws_late_entrants_and_leaves_the_withdrawn_out():
    draw = draw_round(Format.SWISS, ["A", "C", "D", "L"], ROUND_1, [DRAW_1], seed=0)

    assert sorted(draw.seated()) == ["A", "C", "D", "L"]
    assert draw.byes == ()


def test_rotating_partners_round_2_changes_every_partner():
    players = list(range(8))
    first = draw_round(Format.ROTATING_PARTNERS, players, [], [], seed=3)
    results = [Result.played(*table, 200, 100) for table in first.tables]

    second = draw_round(Format.ROTATING_PARTNERS, players, results, [first], seed=3)

    partners = lambda draw: {frozenset(side) for table in draw.tables for side in table}  # noqa: E731
    assert not partners(first) & partners(second)
    assert sorted(second.seated()) == players


def test_rotating_partners_seats_the_top_four_together_from_round_2():
    players = list(range(8))
    first = Draw(tables=(((0, 4), (1, 5)), ((2, 6), (3, 7))))
    results = [Result.played((0, 4), (1, 5), 200, 100), Result.played((2, 6), (3, 7), 200, 150)]

    second = draw_round(Format.ROTATING_PARTNERS, players, results, [first], seed=0)

    # Standings: 0 and 4 (+100), 2 and 6 (+50), 3 and 7, 1 and 5.
    assert {p for side in second.tables[0] for p in side} == {0, 4, 2, 6}


def test_pair_nearest_takes_the_next_one_down_that_leaves_the_rest_a_pairing():
    met = {frozenset("AB"), frozenset("CD")}

    pairs = pair_nearest("ABCD", lambda a, b: frozenset((a, b)) in met)

    assert pairs == [(A, C), (B, D)]


def test_pair_nearest_allows_a_repeat_only_when_nothing_else_fits():
    pairs = pair_nearest("AB", lambda a, b: 1)

    assert pairs == [(A, B)]


def test_rotating_partners_seats_pairs_who_have_not_met_before_the_nearest():
    # No results yet, so the standings keep the order given. Round 1 made 0 and 2 opponents,
    # and 1 and 3: the fresh partners (0, 1) and (2, 3) go to different tables.
    first = Draw(tables=(((0, 4), (2, 6)), ((1, 5), (3, 7))))

    second = draw_round(Format.ROTATING_PARTNERS, list(range(8)), [], [first], seed=0)

    assert second.tables == (((0, 1), (4, 5)), ((2, 3), (6, 7)))


def test_a_draw_that_seats_someone_twice_is_refused():
    with pytest.raises(ValueError):
        Draw(tables=(((A,), (B,)),), byes=(A,))
    with pytest.raises(ValueError):
        Draw(tables=(((A,), ()),))
