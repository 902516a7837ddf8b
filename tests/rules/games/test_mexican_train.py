"""Mexican Train through the one play_match, as every other game: RULES.md's worked example,
its refusals as ErrorCodes.

Ann 0, Bo 1, Cy 2, Dee 3.
"""

import pytest
from hypothesis import settings

from scorekeeper import rules
from scorekeeper.rules import (
    Ending,
    ErrorCode,
    Hand,
    InvalidHand,
    PointKind,
    TileSet,
    play_match,
    round_count_errors,
    validate_hand,
)

from ..hands import train
from ..test_mexican_train import GAME

ANN, BO, CY, DEE = range(4)
MODEST = settings(max_examples=150, deadline=None)


ROUND_1 = Hand(Ending.WENT_OUT, went_out=ANN, pips={BO: 23, CY: 7, DEE: 41})


def test_the_presets_deal_as_rules_md_says():
    assert [train(n).tiles_each for n in (2, 4, 5, 6, 7, 8)] == [15, 15, 12, 12, 10, 10]
    nine = train(3, "mexican_train_nine")
    assert (nine.tile_set, nine.tiles_each, nine.rounds) == (TileSet.DOUBLE_NINE, 10, 10)
    assert (train().rounds, train(first_engine=6).rounds) == (13, 7)
    with pytest.raises(ValueError, match="not played"):
        train(5, "mexican_train_nine")


def test_round_one_of_the_worked_example_credits_each_player_their_count():
    results, state = play_match(train(), [ROUND_1])

    assert results[0].side_points == (0, 23, 7, 41)
    assert state.totals == (0, 23, 7, 41)
    assert not state.finished
    assert state.target is None


def test_the_double_blank_at_50_makes_dee_91():
    hand = Hand(Ending.WENT_OUT, went_out=ANN, pips={BO: 23, CY: 7, DEE: 41}, holding_doubles={DEE})
    results, _ = play_match(train(double_blank_counts=50), [hand])

    assert results[0].side_points == (0, 23, 7, 91)
    assert rules.Credit(DEE, PointKind.DOUBLE_BLANK, 50) in results[0].credits


def test_after_13_rounds_ann_and_cy_share_the_win():
    _, state = play_match(train(), list(GAME))

    assert state.totals == (112, 140, 112, 230)
    assert (state.finished, state.hands_played) == (True, 13)
    assert state.winners == (ANN, CY)


def test_under_ties_to_most_outs_ann_who_went_out_twice_wins_alone():
    _, state = play_match(train(ties_to_most_outs=True), list(GAME))

    assert state.winners == (ANN,)
    assert state.outs == (2, 0, 1, 0)


def test_nothing_follows_the_last_round():
    hands = list(GAME)
    with pytest.raises(InvalidHand) as refused:
        play_match(train(), [*hands, ROUND_1])

    assert [error.code for error in refused.value.errors] == [ErrorCode.MATCH_OVER]


def test_a_round_is_added_with_play_hand_and_advance():
    game = train()
    result, state = rules.play_hand(game, rules.tally(game, ()), ROUND_1)
    assert state.totals == (0, 23, 7, 41)
    # The same result added to the empty sheet with advance.
    assert rules.advance(game, rules.tally(game, ()), result) == state


def test_a_count_over_the_set_less_the_engine_is_refused_with_its_limit():
    game = train()
    hand = Hand(Ending.BLOCKED, pips={ANN: 0, BO: 1069, CY: 0, DEE: 0})

    errors = validate_hand(game, hand, number=1)

    # 1,092 pips in double-twelve, less the double twelve's 24 on the table.
    assert [(error.code, error.seat, error.limit) for error in errors] == [
        (ErrorCode.TOO_MANY_PIPS, BO, 1068)
    ]


def test_the_round_refusals_in_every_games_codes():
    game = train(double_blank_counts=25)
    missing = Hand(Ending.WENT_OUT, went_out=ANN, pips={BO: 3, CY: 4})
    out_holds = Hand(Ending.WENT_OUT, went_out=ANN, pips={ANN: 5, BO: 3, CY: 4, DEE: 1})
    blank_on_engine = Hand(Ending.BLOCKED, pips=dict.fromkeys(range(4), 1), holding_doubles={BO})
    two_holders = Hand(Ending.BLOCKED, pips=dict.fromkeys(range(4), 1), holding_doubles={BO, CY})

    def codes(hand, number=1):
        return [error.code for error in validate_hand(game, hand, number=number)]

    assert codes(missing) == [ErrorCode.MISSING_PIPS]
    assert codes(out_holds) == [ErrorCode.PIPS_FOR_WINNER]
    assert codes(blank_on_engine, number=13) == [ErrorCode.DOUBLE_BLANK_IS_ENGINE]
    assert codes(two_holders) == [ErrorCode.DOUBLE_BLANK_TWO_HOLDERS]
    assert codes(Hand(Ending.WENT_OUT, went_out=ANN, pips={1: 1, 2: 1, 3: 1}, capicu=True)) == [
        ErrorCode.CAPICU_NOT_OFFERED
    ]
    assert codes(ROUND_1, number=14) == [ErrorCode.MATCH_OVER]


def test_the_double_blank_is_asked_only_under_its_house_rule():
    hand = Hand(Ending.BLOCKED, pips=dict.fromkeys(range(4), 1), holding_doubles={BO})

    errors = validate_hand(train(), hand, number=1)

    assert [error.code for error in errors] == [ErrorCode.DOUBLE_BLANK_NOT_ASKED]


# --- One player's own count (a seat's page), checked as the round's check checks it ---------


def count_codes(pips, *, went_out=False, number=1, **house):
    return [
        error.code
        for error in round_count_errors(train(**house), number, BO, pips, went_out=went_out)
    ]


def test_a_players_count_in_range_is_taken():
    assert count_codes(1068) == []
    assert count_codes(None, went_out=True) == []
    assert count_codes(0, went_out=True) == []


def test_a_players_count_is_held_to_the_set_less_the_rounds_engine():
    errors = round_count_errors(train(), 3, BO, 1073, went_out=False)

    assert [(error.code, error.seat, error.limit) for error in errors] == [
        (ErrorCode.TOO_MANY_PIPS, BO, 1072)
    ]


def test_a_player_who_went_out_gives_no_count():
    assert count_codes(12, went_out=True) == [ErrorCode.PIPS_FOR_WINNER]


def test_a_player_who_did_not_go_out_gives_a_count():
    assert count_codes(None) == [ErrorCode.MISSING_PIPS]


@pytest.mark.parametrize(
    ("pips", "code"),
    [(-1, ErrorCode.NEGATIVE_PIPS), (2.5, ErrorCode.NOT_WHOLE), ("7", ErrorCode.NOT_WHOLE)],
)
def test_a_players_count_that_no_hand_can_hold_is_refused(pips, code):
    assert count_codes(pips) == [code]


def test_a_players_count_for_a_round_after_the_last_is_refused():
    assert count_codes(3, number=14) == [ErrorCode.MATCH_OVER]
