"""All Fives: the end of a hand, who scores the count and what it is worth."""

import pytest

from scorekeeper.rules import (
    Ending,
    ErrorCode,
    Hand,
    HouseRules,
    ReasonCode,
    Rounding,
    make_game,
    nearest_five,
    needed_seats,
    score_hand,
    validate_hand,
)


@pytest.mark.parametrize(("pips", "rounded"), [(20, 20), (21, 20), (22, 20), (23, 25), (24, 25)])
def test_nearest_five_rounds_one_or_two_down_and_three_or_four_up(pips, rounded):
    assert nearest_five(pips) == rounded


def test_all_fives_blocked_with_level_lightest_hands_scores_nothing():
    game = make_game("all_fives", 3)
    result = score_hand(game, Hand(Ending.BLOCKED, pips={0: 4, 1: 4, 2: 9}))

    assert result.void
    assert (result.reason.code, result.reason.tied_seats) == (ReasonCode.VOID_TIE, (0, 1))


def test_all_fives_blocked_in_pairs_goes_to_the_lighter_pair():
    game = make_game("all_fives", 4)
    # Seat 0 is the lightest hand, but seats 1 and 3 together are the lighter pair.
    result = score_hand(game, Hand(Ending.BLOCKED, pips={0: 1, 1: 5, 2: 20, 3: 6}))

    assert (result.side, result.winning_seat, result.points) == (1, 1, 20)


def test_all_fives_blocked_in_pairs_with_level_pairs_scores_nothing():
    game = make_game("all_fives", 4)
    result = score_hand(game, Hand(Ending.BLOCKED, pips={0: 1, 1: 5, 2: 10, 3: 6}))

    assert result.void
    assert result.reason.code is ReasonCode.DRAW_PAIRS


def test_all_fives_ignores_ties_to_the_leaders():
    # A block games' switch (RULES.md, Bergen): level pairs stay a draw whoever led.
    game = make_game("all_fives", 4, rules=HouseRules(target=250, ties_to_leaders=True))
    result = score_hand(game, Hand(Ending.BLOCKED, pips={0: 1, 1: 5, 2: 10, 3: 6}), 3)

    assert result.void
    assert result.reason.code is ReasonCode.DRAW_PAIRS


def test_all_fives_never_asks_who_led_a_tie():
    game = make_game("all_fives", 4, rules=HouseRules(target=250, ties_to_leaders=True))
    hand = Hand(Ending.BLOCKED, pips={0: 1, 1: 5, 2: 10, 3: 6})

    assert validate_hand(game, hand) == ()


def test_all_fives_ignores_blocker_against_the_next_hand():
    game = make_game("all_fives", 4, rules=HouseRules(target=250, blocker_against_next=True))
    hand = Hand(Ending.BLOCKED, pips={0: 1, 1: 5, 2: 10, 3: 7})

    assert not game.asks_blocker
    assert validate_hand(game, hand) == ()
    told = Hand(Ending.BLOCKED, pips=hand.pips, blocked_by=0)
    assert [error.code for error in validate_hand(game, told)] == [ErrorCode.BLOCKER_NOT_ASKED]
    assert (score_hand(game, hand).side, score_hand(game, hand).points) == (0, 10)


def test_all_fives_pays_none_of_the_block_games_bonuses():
    house = HouseRules(
        target=250, chuchazo_bonus=100, pase_corrido_bonus=25, pase_de_salida_bonus=20,
        pase_de_salida_on_double_only=True, first_hands_bonus=(100, 75),
    )  # fmt: skip
    game = make_game("all_fives", 4, rules=house)
    hand = Hand(Ending.WENT_OUT, went_out=0, pips={1: 5, 3: 5}, chuchazo=True)

    assert game.rules == HouseRules(target=250)
    assert not (game.offers_chuchazo or game.offers_pase_corrido or game.offers_pase_de_salida)
    assert [error.code for error in validate_hand(game, hand)] == [ErrorCode.CHUCHAZO_NOT_OFFERED]
    result = score_hand(game, Hand(Ending.WENT_OUT, went_out=0, pips={1: 5, 3: 5}), number=1)
    assert result.side_points == (10, 0)


def test_all_fives_tie_between_others_stays_void_when_the_leader_is_heavier():
    game = make_game("all_fives", 3, rules=HouseRules(target=200, ties_to_leaders=True))
    result = score_hand(game, Hand(Ending.BLOCKED, pips={0: 4, 1: 4, 2: 9}), 2)

    assert result.void


def test_all_fives_in_pairs_needs_only_the_opponents_counts():
    assert needed_seats(make_game("all_fives", 4), Ending.WENT_OUT, 1) == (0, 2)


def test_all_fives_going_out_leads_the_next_hand():
    result = score_hand(make_game("all_fives", 2), Hand(Ending.WENT_OUT, went_out=1, pips={0: 8}))

    assert (result.next_leader, result.points) == (1, 10)


def test_all_fives_end_count_is_limited_like_a_draw_game_hand():
    game = make_game("all_fives", 4)
    errors = validate_hand(game, Hand(Ending.BLOCKED, pips={0: 200, 1: 1, 2: 1, 3: 1}))

    assert [error.code for error in errors] == [ErrorCode.TOO_MANY_PIPS]
    assert errors[0].limit == game.max_pips_in_hand > 52


def test_a_scoring_game_never_takes_a_capicu():
    errors = validate_hand(
        make_game("all_fives", 2), Hand(Ending.WENT_OUT, went_out=0, pips={1: 5}, capicu=True)
    )

    assert [error.code for error in errors] == [ErrorCode.CAPICU_NOT_OFFERED]


def test_blocked_pays_the_difference_never_goes_below_zero():
    house = HouseRules(target=250, rounding=Rounding.EACH_HAND, blocked_pays_difference=True)
    game = make_game("all_fives", 4, rules=house)
    # Ann 3 and Cy 3 (6) block lighter than Bo 7 and Dee 0 (7); rounded, the others' hands are
    # 5 + 0 and their own 5 + 5: the difference pays nothing, it takes nothing away.
    result = score_hand(game, Hand(Ending.BLOCKED, pips={0: 3, 1: 7, 2: 3, 3: 0}))

    assert (result.side, result.points) == (0, 0)


def test_each_hand_to_the_nearest_five_rounds_the_winners_own_hands_before_taking_them_off():
    # RULES.md's blocked example, Ann 3, Bo 9, Cy 14, Dee 6: the others round to 10 + 15 + 5;
    # Ann's own 3 rounds to 5 before it is taken off, so 25 (27 if taken off unrounded).
    house = HouseRules(target=200, rounding=Rounding.EACH_HAND, blocked_pays_difference=True)
    game = make_game("all_fives", 4, partnership=False, rules=house)
    result = score_hand(game, Hand(Ending.BLOCKED, pips={0: 3, 1: 9, 2: 14, 3: 6}))

    assert (result.side, result.points) == (0, 25)
