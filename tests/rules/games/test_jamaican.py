"""Jamaican partnership and cut-throat through the one play_match: RULES.md's twelve worked
examples, each rule on its own, the presets, and every refusal of the hand form as ErrorCodes.

Partner: Alice 0 and Cara 2 (side 0) against Ben 1 and Dev 3 (side 1).
Cut-throat: Ann 0, Bo 1, Cy 2, Dee 3, each their own side.
"""

from dataclasses import replace

import pytest

from scorekeeper import rules
from scorekeeper.rules import (
    Ending,
    ErrorCode,
    Hand,
    HandError,
    HandMark,
    InvalidHand,
    PartnersLevel,
    ReasonCode,
    Scoring,
    SetFormat,
    TieReplay,
    make_game,
    play_match,
    validate_hand,
)

ALICE, BEN, CARA, DEV = range(4)
ANN, BO, CY, DEE = range(4)
US, THEM = 0, 1  # Alice and Cara; Ben and Dev


def partner(**switches):
    """Four in pairs, the Jamaican partner preset with these switches."""
    return jamaican("jamaican_partner", 4, **switches)


def cut_throat(players, **switches):
    return jamaican("jamaican_cut_throat", players, **switches)


def jamaican(preset, seats, *, draws=False, **switches):
    house = replace(rules.preset_named(preset).rules, **switches)
    game = make_game(preset, seats, rules=house)
    return replace(game, tiles_each=7, draws=True) if draws else game


PARTNER = partner()
CUT_THROAT_FOUR = cut_throat(4)
CUT_THROAT_THREE = cut_throat(3)
CUT_THROAT_TWO = cut_throat(2)


def out(seat, key=False):
    return Hand(Ending.WENT_OUT, went_out=seat, key=key)


def blocked(*counts, **inputs):
    return Hand(Ending.BLOCKED, pips=dict(enumerate(counts)), **inputs)


TIE = blocked(8, 8, 15, 20)


def play(game, *hands):
    """The match after these hands, from love all."""
    return play_match(game, hands)[1]


def last(game, *hands):
    """The last hand's result."""
    return play_match(game, hands)[0][-1]


def codes(errors):
    return [error.code for error in errors]


def refused(game, *hands):
    """The codes the last of these hands is refused with."""
    with pytest.raises(InvalidHand) as caught:
        play_match(game, hands)
    return codes(caught.value.errors)


def marks(result):
    return result.reason.marks


# --- The worked examples ------------------------------------------------------------------------


def test_example_1_a_blocked_hand_goes_to_the_lightest_hand_not_the_lightest_pair():
    results, state = play_match(PARTNER, [blocked(4, 9, 27, 11)])

    assert results[0].side == US  # 31 pips against 20, but Alice holds the fewest
    assert (results[0].winning_seat, results[0].reason.code) == (ALICE, ReasonCode.LIGHTEST_HAND)
    assert state.totals == (1, 0)
    assert state.carried.poses == US
    assert state.next_leader == ALICE


def test_example_1_the_block_game_blocked_hand_is_one_game_not_33_points():
    assert play(PARTNER, blocked(9, 15, 3, 9)).totals == (1, 0)


def test_example_2_the_last_side_on_love_winning_bruks_the_score_to_love_all():
    assert play(PARTNER, out(ALICE), out(CARA), out(ALICE)).totals == (3, 0)

    results, state = play_match(PARTNER, [out(ALICE), out(CARA), out(ALICE), out(BEN)])

    assert state.totals == (0, 0)
    assert marks(results[-1]) == (HandMark.BRUK,)
    assert results[-1].side_points == (-3, 0)  # Ben and Dev score nothing
    assert (state.carried.poses, state.next_leader) == (None, None)  # the double six poses
    assert state.carried.bruks == 1


def test_example_3_one_all_play_two():
    results, one_all = play_match(PARTNER, [out(ALICE), out(DEV)])
    assert one_all.totals == (1, 1)
    assert marks(results[-1]) == (HandMark.ONE_ALL,)
    assert (one_all.carried.worth, one_all.carried.poses) == (2, None)

    results, state = play_match(PARTNER, [out(ALICE), out(DEV), out(BEN)])

    assert results[-1].reason.played_for == 2
    assert state.totals == (0, 2)
    assert (state.carried.poses, state.next_leader) == (THEM, BEN)


def test_example_3_without_one_all_play_two_the_one_all_is_an_ordinary_bruk():
    results, state = play_match(partner(one_all_play_two=False), [out(ALICE), out(DEV)])

    assert state.totals == (0, 0)
    assert marks(results[-1]) == (HandMark.BRUK,)
    assert (state.carried.bruks, state.carried.worth) == (1, 1)


def test_example_4_a_tie_is_replayed_for_two_and_the_double_six_poses():
    results, state = play_match(PARTNER, [TIE])

    assert results[0].side is None
    assert results[0].reason.code is ReasonCode.VOID_TIE
    assert marks(results[0]) == (HandMark.TIE,)
    assert results[0].reason.replay_for == 2
    assert state.totals == (0, 0)
    assert (state.carried.worth, state.carried.poses, state.next_leader) == (2, None, None)


@pytest.mark.parametrize(
    ("tie_replay", "after_two_ties", "games"),
    [
        (TieReplay.RISES, 3, (3, 0)),
        (TieReplay.FLAT_2, 2, (2, 0)),
        (TieReplay.NO_PREMIUM, 1, (1, 0)),
    ],
)
def test_example_4_a_second_tie_by_the_tie_replay_rule(tie_replay, after_two_ties, games):
    game = partner(tie_replay=tie_replay)

    results, state = play_match(game, [TIE, TIE])
    assert state.carried.worth == results[-1].reason.replay_for == after_two_ties
    assert play(game, TIE, TIE, out(CARA)).totals == games


def test_example_5_the_leaders_lose_the_replay_love_all():
    state = play(PARTNER, out(ALICE), out(ALICE), TIE, out(BEN))

    assert state.totals == (0, 0)
    assert state.carried.bruks == 1


def test_example_6_level_partners_win_the_hand_and_bruk_the_leaders():
    results, state = play_match(PARTNER, [*[out(ALICE)] * 5, blocked(10, 3, 12, 3)])

    assert results[-1].side == THEM
    assert results[-1].reason.tied_seats == (BEN, DEV)
    assert state.totals == (0, 0)
    assert state.carried.bruks == 1


def test_example_6_under_partners_level_replay_level_partners_tie():
    game = partner(partners_level=PartnersLevel.REPLAY)

    results, state = play_match(game, [*[out(ALICE)] * 5, blocked(10, 3, 12, 3)])

    assert marks(results[-1]) == (HandMark.TIE,)
    assert state.totals == (5, 0)
    assert state.carried.worth == 2


def test_example_7_a_key_at_love_all_is_worth_two():
    result = last(PARTNER, out(CARA, key=True))

    assert result.reason.played_for == 2
    assert marks(result) == (HandMark.KEY,)
    assert result.side_points == (2, 0)


def test_example_7_a_key_in_the_one_all_hand_is_still_two():
    results, state = play_match(PARTNER, [out(ALICE), out(DEV), out(BEN, key=True)])

    assert results[-1].reason.played_for == 2
    assert state.totals == (0, 2)


def test_example_7_after_two_ties_a_key_is_worth_the_hand_three():
    results, state = play_match(PARTNER, [TIE, TIE, out(ALICE, key=True)])

    assert results[-1].reason.played_for == 3
    assert state.totals == (3, 0)


def test_example_8_six_hands_running_win_the_set_six_love():
    state = play(PARTNER, *[out(ALICE), out(CARA)] * 3)

    assert state.totals == (6, 0)
    assert state.winners == (US,)
    assert state.carried.six_love_to == PARTNER.kind.six_love_to(state) == (THEM,)
    assert (state.ended_after, state.next_leader, state.carried.poses) == (5, None, None)


def test_example_8_a_seventh_hand_is_refused():
    assert refused(PARTNER, *[out(ALICE)] * 6, out(ALICE)) == [ErrorCode.MATCH_OVER]


def test_example_8_a_key_at_five_love_makes_seven_love_and_wins():
    state = play(PARTNER, *[out(ALICE)] * 5, out(ALICE, key=True))

    assert state.totals == (7, 0)
    assert state.winners == (US,)
    assert state.carried.six_love_to == (THEM,)


def test_example_9_first_to_six_has_no_bruk_and_a_six_one_is_not_six_love():
    game = partner(set_format=SetFormat.FIRST_TO_SIX)
    assert play(game, out(ALICE), out(BEN)).totals == (1, 1)

    state = play(game, out(ALICE), out(BEN), *[out(CARA)] * 5)

    assert state.totals == (6, 1)
    assert state.winners == (US,)
    assert state.carried.six_love_to == ()


def test_example_10_cut_throat_bruk_when_everyone_has_won_then_six_love_to_two():
    game = CUT_THROAT_FOUR
    hands = [out(ANN), out(ANN)]
    assert play(game, *hands).totals == (2, 0, 0, 0)
    hands.append(out(BO))
    assert play(game, *hands).totals == (2, 1, 0, 0)
    hands.append(out(CY))
    assert play(game, *hands).totals == (2, 1, 1, 0)
    hands.append(out(DEE))
    bruk = play(game, *hands)
    assert bruk.totals == (0, 0, 0, 0)
    assert (bruk.carried.poses, bruk.carried.bruks) == (None, 1)
    hands += [out(ANN)] * 4
    assert play(game, *hands).totals == (4, 0, 0, 0)
    hands.append(out(BO))
    assert play(game, *hands).totals == (4, 1, 0, 0)

    state = play(game, *hands, out(ANN), out(ANN))

    assert state.totals == (6, 1, 0, 0)
    assert state.winners == (ANN,)
    assert state.carried.six_love_to == (CY, DEE)


def test_example_11_cut_throat_one_all_then_the_winner_of_the_two_hand_has_two():
    results, one_all = play_match(CUT_THROAT_FOUR, [out(ANN), out(BO), out(CY), out(DEE)])
    assert one_all.totals == (1, 1, 1, 1)
    assert marks(results[-1]) == (HandMark.ONE_ALL,)
    assert one_all.carried.worth == 2

    state = play(CUT_THROAT_FOUR, out(ANN), out(BO), out(CY), out(DEE), out(CY))

    assert state.totals == (0, 0, 2, 0)


def test_example_12_three_level_lightest_hands_of_three_players_tie():
    results, state = play_match(CUT_THROAT_THREE, [blocked(7, 7, 12)])

    assert marks(results[0]) == (HandMark.TIE,)
    assert results[0].reason.tied_seats == (ANN, BO)
    assert state.carried.worth == 2


def test_example_12_nine_tiles_hold_at_most_85():
    assert CUT_THROAT_THREE.tiles_each == 9
    assert validate_hand(CUT_THROAT_THREE, blocked(85, 0, 0)) == ()
    assert validate_hand(CUT_THROAT_THREE, blocked(86, 0, 0)) == (
        HandError(ErrorCode.TOO_MANY_PIPS, seat=ANN, limit=85),
    )


# --- Each rule on its own -----------------------------------------------------------------------


def test_a_set_starts_at_love_all_with_the_double_six():
    state = play(CUT_THROAT_THREE)

    assert state.totals == (0, 0, 0)
    assert (state.carried.worth, state.carried.poses, state.next_leader) == (1, None, None)


def test_under_double_six_every_hand_the_winner_does_not_pose():
    state = play(partner(double_six_every_hand=True), out(ALICE))

    assert (state.carried.poses, state.next_leader) == (None, None)


def test_in_cut_throat_the_winner_poses():
    state = play(CUT_THROAT_THREE, out(CY))

    assert (state.carried.poses, state.next_leader) == (CY, CY)


def test_a_win_that_leaves_another_side_on_love_adds_in_cut_throat():
    # Bo holds a game already: his win adds while Cy and Dee are still on love.
    assert play(CUT_THROAT_FOUR, out(ANN), out(BO), out(BO)).totals == (1, 2, 0, 0)


def test_a_tie_in_the_one_all_hand_raises_it_and_its_winner_goes_to_three():
    state = play(PARTNER, out(ALICE), out(DEV), TIE)
    assert (state.totals, state.carried.worth, state.carried.one_all) == ((1, 1), 3, True)

    results, state = play_match(PARTNER, [out(ALICE), out(DEV), TIE, out(CARA)])

    assert state.totals == (3, 0)
    assert results[-1].side_points == (2, -1)  # Alice and Cara 1 to 3, Ben and Dev 1 to love


def test_a_replay_worth_two_won_by_the_last_side_on_love_at_one_nil_is_one_all():
    state = play(PARTNER, out(ALICE), TIE, out(BEN))

    assert (state.totals, state.carried.worth, state.carried.one_all) == ((1, 1), 2, True)


def test_a_value_drops_back_to_one_after_the_hand_someone_wins():
    assert play(PARTNER, TIE, out(ALICE)).carried.worth == 1


def test_in_cut_throat_level_lightest_hands_are_always_a_tie():
    assert last(CUT_THROAT_FOUR, blocked(3, 9, 3, 20)).side is None


def test_first_to_six_ignores_one_all_and_adds_every_win():
    game = cut_throat(3, set_format=SetFormat.FIRST_TO_SIX)

    assert play(game, out(ANN), out(BO), out(CY)).totals == (1, 1, 1)


def test_a_first_to_six_win_with_every_other_side_on_love_is_six_love():
    game = partner(set_format=SetFormat.FIRST_TO_SIX, target=1)

    assert play(game, out(BEN)).carried.six_love_to == (US,)


def test_a_target_of_ten_plays_on_past_six():
    state = play(partner(target=10), *[out(ALICE)] * 6)

    assert state.totals == (6, 0)
    assert not state.finished


def test_correcting_a_hand_reopens_the_set():
    hands = [out(ALICE)] * 6
    assert play(PARTNER, *hands).finished

    corrected = play(PARTNER, *hands[:5], out(BEN))

    assert corrected.totals == (0, 0)
    assert not corrected.finished


def test_the_settled_results_tally_to_the_same_set():
    hands = [out(ALICE), TIE, out(BEN), out(DEV, key=True), blocked(1, 2, 3, 4), out(CARA)]
    results, state = play_match(PARTNER, hands)

    assert rules.tally(PARTNER, results) == state


def test_a_hand_scored_alone_then_added_is_settled_against_the_set():
    before = play(PARTNER, out(ALICE), out(ALICE))
    alone = rules.score_hand(PARTNER, out(BEN))
    assert alone.side_points == (0, 1)  # as the first hand of a set

    after = rules.advance(PARTNER, before, alone)

    assert after.totals == (0, 0)
    assert after.carried.bruks == 1


def test_counts_beside_a_seat_that_went_out_decide_nothing():
    hand = Hand(Ending.WENT_OUT, went_out=BEN, pips={ALICE: 0, CARA: 0, DEV: 40})

    assert last(PARTNER, hand).side == THEM


# --- The presets --------------------------------------------------------------------------------


def test_the_partner_preset_is_four_in_pairs_six_love_to_six_with_keys():
    preset = rules.preset_named("jamaican_partner")

    assert preset.seat_options == (4,)
    assert (PARTNER.partnership, PARTNER.tiles_each, PARTNER.scoring) == (True, 7, "jamaican")
    house = PARTNER.rules
    assert (house.set_format, house.target, house.tie_replay) == (
        SetFormat.SIX_LOVE,
        6,
        TieReplay.RISES,
    )
    assert house.one_all_play_two and house.key_counts_two and PARTNER.counts_keys
    assert house.partners_level is PartnersLevel.PAIR_WINS
    assert not house.double_six_every_hand


def test_the_cut_throat_preset_deals_14_9_and_7():
    deals = [(make_game("jamaican_cut_throat", n).tiles_each, n) for n in (2, 3, 4)]

    assert deals == [(14, 2), (9, 3), (7, 4)]
    assert not make_game("jamaican_cut_throat", 4).partnership


@pytest.mark.parametrize(
    ("key", "asked", "seats", "in_pairs"),
    [
        ("jamaican_cut_throat", True, 4, False),  # cut-throat: each for themselves, asked or not
        ("jamaican_partner", False, 4, True),  # partner: in pairs, asked or not
        ("straight_six", True, 4, True),  # either way: as the table asks
        ("straight_six", False, 4, False),
        ("straight_six", True, 3, False),  # partners are four
        ("caribbean", False, 4, False),  # a block game's partners are the table's to say
    ],
)
def test_a_jamaican_presets_seating_is_its_own_and_straight_six_asks(key, asked, seats, in_pairs):
    preset = rules.preset_named(key)

    assert preset.in_pairs(seats, asked) is in_pairs
    assert preset.asks_partners is (key in ("straight_six", "caribbean"))
    assert preset.seats_pairs is (key != "jamaican_cut_throat")


def test_straight_six_is_first_to_six_in_pairs_or_cut_throat():
    pairs = make_game("straight_six", 4)
    three = make_game("straight_six", 3)

    assert pairs.partnership and not three.partnership
    assert three.rules.set_format is SetFormat.FIRST_TO_SIX
    assert not three.rules.one_all_play_two
    assert (three.rules.target, three.rules.tie_replay, three.counts_keys) == (
        6,
        TieReplay.RISES,
        True,
    )


def test_the_presets_are_found_and_offered_by_the_setup():
    keys = {"jamaican_partner", "jamaican_cut_throat", "straight_six"}

    assert {preset.key for preset in rules.find_game(Scoring.JAMAICAN).presets} == keys
    assert keys <= set(rules.PRESETS)
    assert rules.find_game("jamaican").offered


def test_stored_switches_arrive_as_plain_values():
    house = rules.HouseRules(
        set_format="first_to_six", tie_replay="flat_2", partners_level="replay"
    )

    assert house.set_format is SetFormat.FIRST_TO_SIX
    assert house.tie_replay is TieReplay.FLAT_2
    assert house.partners_level is PartnersLevel.REPLAY


# --- What the hand form refuses -----------------------------------------------------------------


def test_a_hand_with_no_result_is_refused():
    assert codes(validate_hand(PARTNER, Hand(Ending.WENT_OUT))) == [ErrorCode.NO_WINNER]


def test_a_count_for_the_seat_that_went_out_is_refused():
    hand = Hand(Ending.WENT_OUT, went_out=BEN, pips={BEN: 5})

    assert validate_hand(PARTNER, hand) == (HandError(ErrorCode.PIPS_FOR_WINNER, seat=BEN),)


def test_a_nought_for_the_seat_that_went_out_is_harmless():
    assert validate_hand(PARTNER, Hand(Ending.WENT_OUT, went_out=BEN, pips={BEN: 0})) == ()


def test_a_blocked_hand_missing_a_count_is_refused():
    hand = Hand(Ending.BLOCKED, pips={ALICE: 4, BEN: 9, CARA: 27})

    assert validate_hand(PARTNER, hand) == (HandError(ErrorCode.MISSING_PIPS, seat=DEV),)


def test_a_negative_count_is_refused():
    assert validate_hand(PARTNER, blocked(4, -1, 27, 11)) == (
        HandError(ErrorCode.NEGATIVE_PIPS, seat=BEN),
    )


@pytest.mark.parametrize("value", [2.5, "3", True, None])
def test_a_count_that_is_not_a_whole_number_is_refused(value):
    assert codes(validate_hand(PARTNER, blocked(4, value, 27, 11))) == [ErrorCode.NOT_WHOLE]


@pytest.mark.parametrize(
    ("game", "limit"), [(PARTNER, 69), (CUT_THROAT_THREE, 85), (CUT_THROAT_TWO, 118)]
)
def test_more_than_a_hand_of_that_size_can_hold_is_refused(game, limit):
    noughts = [0] * (game.seats - 1)
    assert validate_hand(game, blocked(limit, *noughts)) == ()

    errors = validate_hand(game, blocked(limit + 1, *noughts))

    assert errors == (HandError(ErrorCode.TOO_MANY_PIPS, seat=0, limit=limit),)


def test_all_hands_together_more_than_the_set_is_refused():
    assert validate_hand(PARTNER, blocked(60, 60, 48, 0)) == ()

    errors = validate_hand(PARTNER, blocked(60, 60, 49, 0))

    assert errors == (HandError(ErrorCode.TOTAL_TOO_MANY, limit=168),)


def test_with_a_boneyard_a_hand_may_hold_more_than_it_was_dealt_and_the_set_bounds_all():
    game = cut_throat(2, draws=True)
    assert validate_hand(game, blocked(150, 18)) == ()

    assert codes(validate_hand(game, blocked(169, 0))) == [ErrorCode.TOO_MANY_PIPS]
    assert codes(validate_hand(game, blocked(150, 19))) == [ErrorCode.TOTAL_TOO_MANY]


def test_a_seat_not_at_the_table_is_refused():
    assert validate_hand(PARTNER, out(4)) == (HandError(ErrorCode.UNKNOWN_SEAT, seat=4),)
    assert codes(validate_hand(CUT_THROAT_THREE, blocked(1, 2, 3, 4))) == [ErrorCode.UNKNOWN_SEAT]


def test_a_key_on_a_blocked_hand_is_refused():
    assert codes(validate_hand(PARTNER, blocked(4, 9, 27, 11, key=True))) == [
        ErrorCode.KEY_ON_BLOCKED
    ]


def test_a_key_on_a_tied_hand_is_refused():
    assert refused(PARTNER, blocked(8, 8, 15, 20, key=True)) == [ErrorCode.KEY_ON_BLOCKED]


def test_a_key_where_the_table_does_not_count_keys_is_refused():
    game = partner(key_counts_two=False)

    assert codes(validate_hand(game, out(ALICE, key=True))) == [ErrorCode.KEY_NOT_COUNTED]


def test_a_key_in_a_game_without_keys_is_refused():
    block = make_game("caribbean", 4, rules=rules.HouseRules(key_counts_two=True))
    hand = Hand(Ending.WENT_OUT, went_out=ALICE, pips={BEN: 5, CARA: 3, DEV: 9}, key=True)

    assert codes(validate_hand(block, hand)) == [ErrorCode.KEY_NOT_COUNTED]


def test_the_inputs_no_jamaican_hand_has_are_refused():
    pooled = Hand(Ending.WENT_OUT, went_out=ALICE, pooled=12)
    capicu = replace(out(ALICE), capicu=True)

    assert ErrorCode.POOLED_NOT_OFFERED in codes(validate_hand(PARTNER, pooled))
    assert codes(validate_hand(PARTNER, capicu)) == [ErrorCode.CAPICU_NOT_OFFERED]


def test_a_refused_hand_changes_nothing():
    before = play(PARTNER, out(ALICE))

    with pytest.raises(InvalidHand):
        rules.play_hand(PARTNER, before, blocked(4, 9, 27))

    assert rules.play_hand(PARTNER, before, out(CARA))[1].totals == (2, 0)


# --- What the setup refuses ---------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3])
def test_partner_play_with_other_than_four_seats_is_refused(seats):
    with pytest.raises(ValueError, match="partnership needs exactly 4"):
        rules.Game(seats=seats, partnership=True, scoring=Scoring.JAMAICAN)


@pytest.mark.parametrize("seats", [1, 5])
def test_cut_throat_with_other_than_two_to_four_is_refused(seats):
    with pytest.raises(ValueError, match="2 to 4 seats"):
        rules.Game(seats=seats, partnership=False, scoring=Scoring.JAMAICAN)


@pytest.mark.parametrize("target", [0, -6, 1.5, "6", True])
def test_a_target_that_is_not_a_whole_number_from_one_is_refused(target):
    with pytest.raises(ValueError, match="target"):
        partner(target=target)


def test_a_target_of_one_is_accepted_and_one_game_wins():
    assert play(cut_throat(3, target=1), out(BO)).winners == (BO,)


def test_a_boneyard_with_more_than_two_players_is_refused():
    assert cut_throat(2, draws=True).draws

    with pytest.raises(ValueError, match="only two"):
        cut_throat(3, draws=True)


def test_a_set_other_than_double_six_is_refused():
    with pytest.raises(ValueError, match="double-six"):
        replace(PARTNER, tile_set=rules.TileSet.DOUBLE_NINE, tiles_each=7)
