"""Jamaican partnership and cut-throat: RULES.md's twelve worked examples, each on its own, and
every refusal of the hand form and the setup.

Partner: Alice 0 and Cara 2 (side 0) against Ben 1 and Dev 3 (side 1).
Cut-throat: Ann 0, Bo 1, Cy 2, Dee 3, each their own side.
"""

import pytest

from scorekeeper.rules.jamaican import (
    JAMAICAN_PRESETS,
    InvalidJamaican,
    JamaicanError,
    JamaicanErrorCode,
    JamaicanHand,
    JamaicanRules,
    PartnersLevel,
    SetFormat,
    TieReplay,
    setup_errors,
)
from scorekeeper.rules.jamaican_set import (
    DOUBLE_SIX,
    HandMark,
    Pose,
    PoseKind,
    play_hand,
    replay_set,
    set_state,
    start_set,
)

ALICE, BEN, CARA, DEV = range(4)
ANN, BO, CY, DEE = range(4)
US, THEM = 0, 1  # Alice and Cara; Ben and Dev
PARTNER = JamaicanRules()
CUT_THROAT_FOUR = JamaicanRules(partner=False, players=4)
CUT_THROAT_THREE = JamaicanRules(partner=False, players=3)
CUT_THROAT_TWO = JamaicanRules(partner=False, players=2)
Code = JamaicanErrorCode


def out(seat, key=False, number=None):
    return JamaicanHand(went_out=seat, key=key, number=number)


def blocked(*counts, **inputs):
    return JamaicanHand(counts=dict(enumerate(counts)), **inputs)


def play(rules, *hands):
    """The set after these hands, from love all."""
    return set_state(rules, replay_set(rules, hands))


def last(rules, *hands):
    """The last hand's result."""
    return replay_set(rules, hands)[-1]


def codes(errors):
    return [error.code for error in errors]


def refused(rules, hands, hand):
    """The codes a hand is refused with after these hands."""
    with pytest.raises(InvalidJamaican) as caught:
        play_hand(rules, play(rules, *hands), hand)
    return codes(caught.value.errors)


# --- The worked examples ------------------------------------------------------------------------


def test_example_1_a_blocked_hand_goes_to_the_lightest_hand_not_the_lightest_pair():
    result = last(PARTNER, blocked(4, 9, 27, 11))

    assert result.winner_side == US  # 31 pips against 20, but Alice holds the fewest
    assert result.games == (1, 0)
    assert result.state.pose == Pose(PoseKind.WINNER, US)


def test_example_1_the_block_game_blocked_hand_is_one_game_not_33_points():
    assert play(PARTNER, blocked(9, 15, 3, 9)).games == (1, 0)


def test_example_2_the_last_side_on_love_winning_bruks_the_score_to_love_all():
    assert play(PARTNER, out(ALICE), out(CARA), out(ALICE)).games == (3, 0)

    result = last(PARTNER, out(ALICE), out(CARA), out(ALICE), out(BEN))

    assert result.games == (0, 0)
    assert result.marks == (HandMark.BRUK,)
    assert result.state.pose == DOUBLE_SIX
    assert result.state.bruks == 1


def test_example_3_one_all_play_two():
    one_all = last(PARTNER, out(ALICE), out(DEV))
    assert one_all.games == (1, 1)
    assert one_all.marks == (HandMark.ONE_ALL,)
    assert one_all.state.worth == 2
    assert one_all.state.pose == DOUBLE_SIX

    result = last(PARTNER, out(ALICE), out(DEV), out(BEN))

    assert result.worth == 2
    assert result.games == (0, 2)
    assert result.state.pose == Pose(PoseKind.WINNER, THEM)


def test_example_3_without_one_all_play_two_the_one_all_is_an_ordinary_bruk():
    rules = JamaicanRules(one_all_play_two=False)

    state = play(rules, out(ALICE), out(DEV))

    assert state.games == (0, 0)
    assert state.bruks == 1
    assert state.worth == 1


def test_example_4_a_tie_is_replayed_for_two_and_the_double_six_poses():
    result = last(PARTNER, blocked(8, 8, 15, 20))

    assert result.winner_side is None
    assert result.marks == (HandMark.TIE,)
    assert result.games == (0, 0)
    assert result.state.worth == 2
    assert result.state.pose == DOUBLE_SIX


@pytest.mark.parametrize(
    ("tie_replay", "after_two_ties", "games"),
    [
        (TieReplay.RISES, 3, (3, 0)),
        (TieReplay.FLAT_2, 2, (2, 0)),
        (TieReplay.NO_PREMIUM, 1, (1, 0)),
    ],
)
def test_example_4_a_second_tie_by_the_tie_replay_rule(tie_replay, after_two_ties, games):
    rules = JamaicanRules(tie_replay=tie_replay)
    tie = blocked(8, 8, 15, 20)

    assert play(rules, tie, tie).worth == after_two_ties
    assert play(rules, tie, tie, out(CARA)).games == games


def test_example_5_the_leaders_lose_the_replay_love_all():
    state = play(PARTNER, out(ALICE), out(ALICE), blocked(8, 8, 15, 20), out(BEN))

    assert state.games == (0, 0)
    assert state.bruks == 1


def test_example_6_level_partners_win_the_hand_and_bruk_the_leaders():
    five_love = [out(ALICE)] * 5

    state = play(PARTNER, *five_love, blocked(10, 3, 12, 3))

    assert state.games == (0, 0)
    assert state.bruks == 1


def test_example_6_under_partners_level_replay_level_partners_tie():
    rules = JamaicanRules(partners_level=PartnersLevel.REPLAY)

    result = last(rules, *[out(ALICE)] * 5, blocked(10, 3, 12, 3))

    assert result.marks == (HandMark.TIE,)
    assert result.games == (5, 0)
    assert result.state.worth == 2


def test_example_7_a_key_at_love_all_is_worth_two():
    result = last(PARTNER, out(CARA, key=True))

    assert result.worth == 2
    assert result.marks == (HandMark.KEY,)
    assert result.games == (2, 0)


def test_example_7_a_key_in_the_one_all_hand_is_still_two():
    result = last(PARTNER, out(ALICE), out(DEV), out(BEN, key=True))

    assert result.worth == 2
    assert result.games == (0, 2)


def test_example_7_after_two_ties_a_key_is_worth_the_hand_three():
    tie = blocked(8, 8, 15, 20)

    result = last(PARTNER, tie, tie, out(ALICE, key=True))

    assert result.worth == 3
    assert result.games == (3, 0)


def test_example_8_six_hands_running_win_the_set_six_love():
    state = play(PARTNER, *[out(ALICE), out(CARA)] * 3)

    assert state.games == (6, 0)
    assert state.winner_side == US
    assert state.six_love_to == (THEM,)
    assert state.pose is None


def test_example_8_a_seventh_hand_is_refused():
    codes_ = refused(PARTNER, [out(ALICE)] * 6, out(ALICE))

    assert codes_ == [Code.SET_OVER]


def test_example_8_a_key_at_five_love_makes_seven_love_and_wins():
    state = play(PARTNER, *[out(ALICE)] * 5, out(ALICE, key=True))

    assert state.games == (7, 0)
    assert state.winner_side == US
    assert state.six_love


def test_example_9_first_to_six_has_no_bruk_and_a_six_one_is_not_six_love():
    rules = JamaicanRules(format=SetFormat.FIRST_TO_SIX)
    assert play(rules, out(ALICE), out(BEN)).games == (1, 1)

    state = play(rules, out(ALICE), out(BEN), *[out(CARA)] * 5)

    assert state.games == (6, 1)
    assert state.winner_side == US
    assert not state.six_love


def test_example_10_cut_throat_bruk_when_everyone_has_won_then_six_love_to_two():
    rules = CUT_THROAT_FOUR
    hands = [out(ANN), out(ANN)]
    assert play(rules, *hands).games == (2, 0, 0, 0)
    hands.append(out(BO))
    assert play(rules, *hands).games == (2, 1, 0, 0)
    hands.append(out(CY))
    assert play(rules, *hands).games == (2, 1, 1, 0)
    hands.append(out(DEE))
    bruk = set_state(rules, replay_set(rules, hands))
    assert bruk.games == (0, 0, 0, 0)
    assert bruk.pose == DOUBLE_SIX
    hands += [out(ANN)] * 4
    assert play(rules, *hands).games == (4, 0, 0, 0)
    hands.append(out(BO))
    assert play(rules, *hands).games == (4, 1, 0, 0)

    state = play(rules, *hands, out(ANN), out(ANN))

    assert state.games == (6, 1, 0, 0)
    assert state.winner_side == ANN
    assert state.six_love_to == (CY, DEE)


def test_example_11_cut_throat_one_all_then_the_winner_of_the_two_hand_has_two():
    one_all = last(CUT_THROAT_FOUR, out(ANN), out(BO), out(CY), out(DEE))
    assert one_all.games == (1, 1, 1, 1)
    assert one_all.marks == (HandMark.ONE_ALL,)
    assert one_all.state.worth == 2

    state = play(CUT_THROAT_FOUR, out(ANN), out(BO), out(CY), out(DEE), out(CY))

    assert state.games == (0, 0, 2, 0)


def test_example_12_three_level_lightest_hands_of_three_players_tie():
    result = last(CUT_THROAT_THREE, blocked(7, 7, 12))

    assert result.marks == (HandMark.TIE,)
    assert result.state.worth == 2


def test_example_12_nine_tiles_hold_at_most_85():
    assert CUT_THROAT_THREE.hand_errors(blocked(85, 0, 0)) == ()
    assert CUT_THROAT_THREE.hand_errors(blocked(86, 0, 0)) == (
        JamaicanError(Code.TOO_MANY_PIPS, seat=ANN, limit=85),
    )


# --- Each rule on its own -----------------------------------------------------------------------


def test_a_set_starts_at_love_all_with_the_double_six():
    state = start_set(CUT_THROAT_THREE)

    assert state.games == (0, 0, 0)
    assert state.worth == 1
    assert state.pose == DOUBLE_SIX


def test_under_double_six_every_hand_the_winner_does_not_pose():
    rules = JamaicanRules(double_six_every_hand=True)

    assert play(rules, out(ALICE)).pose == DOUBLE_SIX


def test_a_win_that_leaves_another_side_on_love_adds_in_cut_throat():
    # Bo holds a game already: his win adds while Cy and Dee are still on love.
    assert play(CUT_THROAT_FOUR, out(ANN), out(BO), out(BO)).games == (1, 2, 0, 0)


def test_a_tie_in_the_one_all_hand_raises_it_and_its_winner_goes_to_three():
    tie = blocked(8, 8, 15, 20)

    state = play(PARTNER, out(ALICE), out(DEV), tie)
    assert (state.games, state.worth, state.one_all) == ((1, 1), 3, True)

    assert play(PARTNER, out(ALICE), out(DEV), tie, out(CARA)).games == (3, 0)


def test_a_replay_worth_two_won_by_the_last_side_on_love_at_one_nil_is_one_all():
    state = play(PARTNER, out(ALICE), blocked(8, 8, 15, 20), out(BEN))

    assert (state.games, state.worth, state.one_all) == ((1, 1), 2, True)


def test_a_value_drops_back_to_one_after_the_hand_someone_wins():
    assert play(PARTNER, blocked(8, 8, 15, 20), out(ALICE)).worth == 1


def test_in_cut_throat_level_lightest_hands_are_always_a_tie():
    assert last(CUT_THROAT_FOUR, blocked(3, 9, 3, 20)).winner_side is None


def test_first_to_six_ignores_one_all_and_adds_every_win():
    rules = JamaicanRules(partner=False, players=3, format=SetFormat.FIRST_TO_SIX)

    assert play(rules, out(ANN), out(BO), out(CY)).games == (1, 1, 1)


def test_a_first_to_six_win_with_every_other_side_on_love_is_six_love():
    rules = JamaicanRules(format=SetFormat.FIRST_TO_SIX, target=1)

    assert play(rules, out(BEN)).six_love_to == (US,)


def test_a_target_of_ten_plays_on_past_six():
    state = play(JamaicanRules(target=10), *[out(ALICE)] * 6)

    assert state.games == (6, 0)
    assert not state.finished


def test_correcting_a_hand_reopens_the_set():
    hands = [out(ALICE)] * 6
    assert play(PARTNER, *hands).finished

    corrected = play(PARTNER, *hands[:5], out(BEN))

    assert corrected.games == (0, 0)
    assert not corrected.finished


def test_replaying_a_set_names_the_first_hand_that_cannot_stand():
    with pytest.raises(InvalidJamaican) as caught:
        replay_set(PARTNER, [*[out(ALICE)] * 6, out(BEN)])

    assert caught.value.number == 7
    assert codes(caught.value.errors) == [Code.SET_OVER]


def test_deals_by_players():
    assert PARTNER.tiles_each == 7
    assert CUT_THROAT_FOUR.tiles_each == 7
    assert (CUT_THROAT_THREE.tiles_each, CUT_THROAT_THREE.double_blank_out) == (9, True)
    assert (CUT_THROAT_TWO.tiles_each, CUT_THROAT_TWO.double_blank_out) == (14, False)
    assert JamaicanRules(partner=False, players=2, boneyard=True).tiles_each == 7


def test_partner_sides_are_seats_opposite():
    assert (PARTNER.seats_of(US), PARTNER.seats_of(THEM)) == ((ALICE, CARA), (BEN, DEV))
    assert CUT_THROAT_THREE.seats_of(BO) == (BO,)


def test_stored_switches_arrive_as_plain_values():
    rules = JamaicanRules(format="first_to_six", tie_replay="flat_2", partners_level="replay")

    assert rules.format is SetFormat.FIRST_TO_SIX
    assert rules.tie_replay is TieReplay.FLAT_2
    assert rules.partners_level is PartnersLevel.REPLAY


# --- The presets --------------------------------------------------------------------------------


def test_the_partner_preset_is_four_in_pairs_six_love_to_six_with_keys():
    preset = JAMAICAN_PRESETS["jamaican_partner"]

    assert preset.player_options(True) == (4,)
    assert preset.player_options(False) == ()
    assert preset.rules(True, 4) == JamaicanRules()


def test_the_cut_throat_preset_is_two_to_four_each_for_themselves():
    preset = JAMAICAN_PRESETS["jamaican_cut_throat"]

    assert preset.player_options(False) == (2, 3, 4)
    assert preset.rules(False, 3) == CUT_THROAT_THREE
    with pytest.raises(ValueError):
        preset.rules(True, 4)


def test_straight_six_is_first_to_six_in_pairs_or_cut_throat():
    preset = JAMAICAN_PRESETS["straight_six"]
    rules = preset.rules(False, 2)

    assert preset.partner_options == (True, False)
    assert rules.format is SetFormat.FIRST_TO_SIX
    assert (rules.target, rules.tie_replay, rules.key_counts_two) == (6, TieReplay.RISES, True)


# --- What the hand form refuses -----------------------------------------------------------------


def test_a_hand_with_no_result_is_refused():
    assert codes(PARTNER.hand_errors(JamaicanHand())) == [Code.NO_RESULT]


def test_a_count_for_the_seat_that_went_out_is_refused():
    hand = JamaicanHand(went_out=BEN, counts={BEN: 5})

    assert PARTNER.hand_errors(hand) == (JamaicanError(Code.COUNT_FOR_WENT_OUT, seat=BEN),)


def test_a_nought_for_the_seat_that_went_out_is_harmless():
    assert PARTNER.hand_errors(JamaicanHand(went_out=BEN, counts={BEN: 0})) == ()


def test_counts_beside_a_seat_that_went_out_are_checked_but_decide_nothing():
    hand = JamaicanHand(went_out=BEN, counts={ALICE: 0, CARA: 0, DEV: 40})
    assert PARTNER.hand_errors(hand) == ()
    assert last(PARTNER, hand).winner_side == THEM

    wrong = JamaicanHand(went_out=BEN, counts={ALICE: -2})

    assert PARTNER.hand_errors(wrong) == (JamaicanError(Code.NEGATIVE_COUNT, seat=ALICE),)


def test_a_blocked_hand_missing_a_count_is_refused():
    hand = JamaicanHand(counts={ALICE: 4, BEN: 9, CARA: 27})

    assert PARTNER.hand_errors(hand) == (JamaicanError(Code.MISSING_COUNT, seat=DEV),)


def test_a_negative_count_is_refused():
    assert PARTNER.hand_errors(blocked(4, -1, 27, 11)) == (
        JamaicanError(Code.NEGATIVE_COUNT, seat=BEN),
    )


@pytest.mark.parametrize("value", [2.5, "3", True, None])
def test_a_count_that_is_not_a_whole_number_is_refused(value):
    assert codes(PARTNER.hand_errors(blocked(4, value, 27, 11))) == [Code.NOT_WHOLE]


@pytest.mark.parametrize(
    ("rules", "limit"), [(PARTNER, 69), (CUT_THROAT_THREE, 85), (CUT_THROAT_TWO, 118)]
)
def test_more_than_a_hand_of_that_size_can_hold_is_refused(rules, limit):
    counts = [0] * rules.players
    assert rules.hand_errors(blocked(limit, *counts[1:])) == ()

    errors = rules.hand_errors(blocked(limit + 1, *counts[1:]))

    assert errors == (JamaicanError(Code.TOO_MANY_PIPS, seat=0, limit=limit),)


def test_all_hands_together_more_than_the_set_is_refused():
    assert PARTNER.hand_errors(blocked(60, 60, 48, 0)) == ()

    errors = PARTNER.hand_errors(blocked(60, 60, 49, 0))

    assert errors == (JamaicanError(Code.TOTAL_TOO_MANY, limit=168),)


def test_with_a_boneyard_only_the_set_bounds_a_hand():
    rules = JamaicanRules(partner=False, players=2, boneyard=True)
    assert rules.hand_errors(blocked(150, 18)) == ()

    assert codes(rules.hand_errors(blocked(169, 0))) == [Code.TOO_MANY_PIPS]
    assert codes(rules.hand_errors(blocked(150, 19))) == [Code.TOTAL_TOO_MANY]


def test_a_seat_not_at_the_table_is_refused():
    assert PARTNER.hand_errors(out(4)) == (JamaicanError(Code.UNKNOWN_SEAT, seat=4),)
    assert codes(CUT_THROAT_THREE.hand_errors(blocked(1, 2, 3, 4))) == [Code.UNKNOWN_SEAT]


def test_a_key_on_a_blocked_hand_is_refused():
    assert codes(PARTNER.hand_errors(blocked(4, 9, 27, 11, key=True))) == [Code.KEY_ON_BLOCKED]


def test_a_key_on_a_tied_hand_is_refused():
    assert refused(PARTNER, [], blocked(8, 8, 15, 20, key=True)) == [Code.KEY_ON_BLOCKED]


def test_a_key_where_the_table_does_not_count_keys_is_refused():
    rules = JamaicanRules(key_counts_two=False)

    assert codes(rules.hand_errors(out(ALICE, key=True))) == [Code.KEY_NOT_COUNTED]


def test_a_second_copy_of_a_hand_already_recorded_is_refused():
    hands = [out(ALICE, number=1), out(BEN, number=2)]

    assert refused(PARTNER, hands, out(BEN, number=2)) == [Code.ALREADY_RECORDED]


def test_a_second_copy_of_the_winning_hand_is_answered_as_recorded_not_set_over():
    hands = [out(ALICE, number=number) for number in range(1, 7)]

    assert refused(PARTNER, hands, out(ALICE, number=6)) == [Code.ALREADY_RECORDED]


def test_a_hand_that_skips_a_number_is_refused():
    assert refused(PARTNER, [out(ALICE)], out(BEN, number=3)) == [Code.NOT_NEXT_HAND]


def test_a_refused_hand_changes_nothing():
    state = play(PARTNER, out(ALICE))

    with pytest.raises(InvalidJamaican):
        play_hand(PARTNER, state, blocked(4, 9, 27))

    assert play_hand(PARTNER, state, out(CARA)).games == (2, 0)


# --- What the setup refuses ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5])
def test_partner_play_with_other_than_four_seats_is_refused(players):
    assert codes(setup_errors(True, players, 6)) == [Code.PARTNER_NOT_FOUR]
    with pytest.raises(InvalidJamaican):
        JamaicanRules(partner=True, players=players)


@pytest.mark.parametrize(
    ("players", "code"),
    [(1, Code.TOO_FEW_PLAYERS), (0, Code.TOO_FEW_PLAYERS), (5, Code.TOO_MANY_PLAYERS)],
)
def test_cut_throat_with_other_than_two_to_four_is_refused(players, code):
    assert codes(setup_errors(False, players, 6)) == [code]


@pytest.mark.parametrize("target", [0, -6, 1.5, "6", True])
def test_a_target_that_is_not_a_whole_number_from_one_is_refused(target):
    assert codes(setup_errors(True, 4, target)) == [Code.BAD_TARGET]
    with pytest.raises(InvalidJamaican):
        JamaicanRules(target=target)


def test_a_target_of_one_is_accepted():
    assert setup_errors(False, 3, 1) == ()


def test_a_boneyard_with_more_than_two_players_is_refused():
    assert codes(setup_errors(False, 3, 6, boneyard=True)) == [Code.BONEYARD_NOT_TWO]
