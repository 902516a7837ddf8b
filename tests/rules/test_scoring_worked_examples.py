"""The worked examples of RULES.md for All Fives and Bergen."""

import pytest

from scorekeeper.rules import Ending, Hand, HouseRules, Rounding, make_game, score_hand
from scorekeeper.scoring_games import Header, Play, ScoringHand, play_scoring_match

ANN, BO, CY, DEE = range(4)
HAND_ONE_PLAYS = (Play(ANN, 10), Play(BO, 15), Play(ANN, 5), Play(CY, 20))
DEE_OUT = Hand(Ending.WENT_OUT, went_out=DEE, pips={ANN: 7, BO: 12, CY: 4})
BLOCKED = Hand(Ending.BLOCKED, pips={ANN: 3, BO: 9, CY: 14, DEE: 6})


def all_fives(partnership: bool = False, **rules):
    target = 250 if partnership else 200
    house = HouseRules(target=target, capicu_bonus=0, **rules)
    return make_game("all_fives", 4, partnership=partnership, rules=house)


def test_all_fives_hand_one_totals_each_for_themselves():
    _, state = play_scoring_match(all_fives(), [ScoringHand(HAND_ONE_PLAYS, DEE_OUT)])

    assert state.totals == (15, 15, 20, 25)
    assert not state.finished


@pytest.mark.parametrize(
    ("rounding", "points"),
    [(Rounding.NEAREST_FIVE, 25), (Rounding.EACH_HAND, 20), (Rounding.EXACT, 23)],
)
def test_all_fives_going_out_pays_the_count_by_the_rounding_rule(rounding, points):
    assert score_hand(all_fives(rounding=rounding), DEE_OUT).points == points


def test_all_fives_blocked_pays_the_lightest_hand_the_others_count_rounded():
    result = score_hand(all_fives(), BLOCKED)

    assert (result.winning_seat, result.points) == (ANN, 30)


def test_all_fives_blocked_pays_the_difference_under_its_house_rule():
    result = score_hand(all_fives(blocked_pays_difference=True), BLOCKED)

    assert (result.winning_seat, result.points) == (ANN, 25)


def test_all_fives_in_pairs_going_out_pays_only_the_opponents_count():
    scored, state = play_scoring_match(
        all_fives(partnership=True), [ScoringHand(HAND_ONE_PLAYS, DEE_OUT)]
    )

    assert scored[0].end.points == 10  # Ann 7 + Cy 4 = 11, rounded to 10
    # Ann and Cy: 10 + 5 + 20 during play; Bo and Dee: 15 during play and 10 at the end.
    assert state.totals == (35, 25)


def test_bergen_worked_example_each_for_themselves():
    game = make_game("bergen", 4, partnership=False)
    hand = ScoringHand(
        (Play(ANN, Header.DOUBLE), Play(BO, Header.TRIPLE)),
        Hand(Ending.WENT_OUT, went_out=CY),
    )

    _, state = play_scoring_match(game, [hand])

    assert state.totals == (2, 3, 1, 0)
