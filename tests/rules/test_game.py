"""The game a table plays: presets, games built from them, and the games the rules refuse."""

import pytest

from scorekeeper.rules import (
    LEGACY_PRESETS,
    PRESETS,
    BlockedRule,
    CountRule,
    Game,
    HouseRules,
    LeadRule,
    Scoring,
    TileSet,
    make_game,
    preset_named,
    usual_preset,
)


def test_presets_are_listed_in_order_with_caribbean_first():
    assert list(PRESETS) == [
        "caribbean",
        "puerto_rico_500",
        "dominican",
        "cuban",
        "spanish",
        "double_twelve",
        "pub_block",
        "all_fives",
        "bergen",
        "jamaican_partner",
        "jamaican_cut_throat",
        "straight_six",
    ]


@pytest.mark.parametrize(
    ("preset", "tile_set", "tiles_each", "max_pips"),
    [
        ("caribbean", TileSet.DOUBLE_SIX, 7, 69),
        ("cuban", TileSet.DOUBLE_NINE, 10, 152),
        ("double_twelve", TileSet.DOUBLE_TWELVE, 15, 304),
    ],
)
def test_partnership_presets(preset, tile_set, tiles_each, max_pips):
    game = make_game(preset, 4)

    assert game.partnership
    assert (game.tile_set, game.tiles_each, game.draws) == (tile_set, tiles_each, False)
    assert game.max_pips_in_hand == max_pips
    assert PRESETS[preset].seat_options == (4,)


@pytest.mark.parametrize(
    ("seats", "tiles_each", "draws"), [(2, 7, False), (3, 5, False), (4, 5, True)]
)
def test_standard_deals(seats, tiles_each, draws):
    game = make_game("standard", seats)

    assert not game.partnership
    assert (game.tile_set, game.tiles_each, game.draws) == (TileSet.DOUBLE_SIX, tiles_each, draws)


def test_seven_double_six_tiles_hold_at_most_69():
    assert make_game("standard", 2).max_pips_in_hand == 69


def test_five_double_six_tiles_hold_at_most_52():
    assert make_game("standard", 3).max_pips_in_hand == 52


def test_a_draw_hand_may_hold_its_deal_and_the_whole_boneyard():
    # 5 dealt + 8 in the boneyard: the 13 heaviest double-six tiles.
    assert make_game("standard", 4).max_pips_in_hand == TileSet.DOUBLE_SIX.heaviest(13) == 112


def test_partnership_preset_played_each_for_themselves():
    game = make_game("double_nine", 4, partnership=False)

    assert not game.partnership
    assert game.sides == ((0,), (1,), (2,), (3,))
    assert game.tiles_each == 10


def test_make_game_uses_the_given_house_rules():
    rules = HouseRules(target=500, capicu_bonus=0)

    assert make_game("caribbean", 4, rules=rules).rules is rules


def test_make_game_refuses_an_unknown_preset():
    with pytest.raises(ValueError):
        make_game("sevens", 4)


@pytest.mark.parametrize(("preset", "seats"), [("caribbean", 3), ("standard", 5), ("standard", 1)])
def test_make_game_refuses_seats_the_preset_does_not_allow(preset, seats):
    with pytest.raises(ValueError):
        make_game(preset, seats)


def test_make_game_refuses_partnership_without_four_seats():
    with pytest.raises(ValueError):
        make_game("standard", 3, partnership=True)


def test_partnership_sides_pair_opposite_seats():
    game = make_game("caribbean", 4)

    assert game.sides == ((0, 2), (1, 3))
    assert game.side_count == 2
    assert [game.side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert [game.partner_of(seat) for seat in range(4)] == [2, 3, 0, 1]


def test_each_seat_is_its_own_side_without_partnership():
    game = make_game("standard", 3)

    assert game.sides == ((0,), (1,), (2,))
    assert game.side_of(2) == 2
    assert game.partner_of(2) is None


def test_side_of_refuses_a_seat_not_at_the_table():
    with pytest.raises(ValueError):
        make_game("standard", 3).side_of(3)


def test_capicu_is_offered_only_with_a_bonus():
    assert make_game("caribbean", 4).offers_capicu
    assert not make_game("caribbean", 4, rules=HouseRules(capicu_bonus=0)).offers_capicu


@pytest.mark.parametrize(
    "kwargs",
    [
        {"seats": 1, "partnership": False},
        {"seats": 5, "partnership": False},
        {"seats": 3, "partnership": True},
        {"seats": 4, "partnership": False, "tiles_each": 8},
        {"seats": 2, "partnership": False, "rules": HouseRules(target=0)},
        {"seats": 2, "partnership": False, "rules": HouseRules(capicu_bonus=-5)},
    ],
    ids=["one_seat", "five_seats", "pairs_of_three", "too_many_tiles", "target_0", "bonus_-5"],
)
def test_game_refuses_impossible_tables(kwargs):
    with pytest.raises(ValueError):
        Game(**kwargs)


def test_any_positive_target_is_allowed():
    assert Game(seats=2, partnership=False, rules=HouseRules(target=1)).rules.target == 1


def test_caribbean_park_is_todays_default_rules():
    assert PRESETS["caribbean"].rules == HouseRules()


def test_puerto_rico_500():
    assert PRESETS["puerto_rico_500"].rules == HouseRules(
        target=500,
        capicu_bonus=100,
        blocked_rule=BlockedRule.LIGHTER_PAIR,
        chuchazo_bonus=100,
        first_hands_bonus=(100, 75, 50, 25),
    )


def test_dominican():
    assert PRESETS["dominican"].rules == HouseRules(
        blocked_rule=BlockedRule.LIGHTER_PAIR, ties_to_leaders=True, pase_corrido_bonus=25
    )


def test_cuban_plays_double_nine_to_100_with_pase_de_salida_on_a_double():
    preset = PRESETS["cuban"]

    assert (preset.tile_set, preset.deal_for(4).tiles_each) == (TileSet.DOUBLE_NINE, 10)
    assert preset.rules == HouseRules(
        target=100,
        capicu_bonus=0,
        ties_to_leaders=True,
        pase_de_salida_bonus=20,
        pase_de_salida_on_double_only=True,
    )


def test_spanish_tournament_passes_the_lead_and_counts_every_hand():
    assert PRESETS["spanish"].rules == HouseRules(
        target=300,
        capicu_bonus=0,
        count_rule=CountRule.EVERY_HAND,
        blocked_rule=BlockedRule.LIGHTER_PAIR,
        lead_rule=LeadRule.TURN_PASSES,
    )


def test_double_twelve_in_pairs():
    preset = PRESETS["double_twelve"]

    assert (preset.tile_set, preset.deal_for(4).tiles_each) == (TileSet.DOUBLE_TWELVE, 15)
    assert preset.rules == HouseRules()


def test_pub_block_is_each_for_themselves_to_100_without_capicu():
    preset = PRESETS["pub_block"]

    assert not preset.partnership
    assert preset.seat_options == (2, 3, 4)
    assert preset.rules == HouseRules(target=100, capicu_bonus=0)


def test_a_game_from_a_preset_takes_its_rules():
    assert make_game("puerto_rico_500", 4).rules.target == 500


@pytest.mark.parametrize(("old", "new"), [("double_nine", "cuban"), ("standard", "pub_block")])
def test_old_keys_still_open_a_preset(old, new):
    assert LEGACY_PRESETS[old] == new
    assert preset_named(old) is PRESETS[new]


def test_standard_still_deals_as_before():
    assert make_game("standard", 4).draws


def test_an_unknown_preset_key_is_refused():
    with pytest.raises(ValueError):
        preset_named("chinchon")


@pytest.mark.parametrize(
    ("preset", "seats", "tiles_each"),
    [
        ("all_fives", 2, 7),
        ("all_fives", 3, 5),
        ("all_fives", 4, 5),
        ("bergen", 2, 6),
        ("bergen", 3, 6),
        ("bergen", 4, 5),
    ],
)
def test_scoring_game_deals_are_double_six_draw_games(preset, seats, tiles_each):
    game = make_game(preset, seats)

    assert (game.tile_set, game.tiles_each, game.draws) == (TileSet.DOUBLE_SIX, tiles_each, True)


@pytest.mark.parametrize(
    ("preset", "scoring"), [("all_fives", Scoring.ALL_FIVES), ("bergen", Scoring.BERGEN)]
)
def test_scoring_game_presets_score_during_play(preset, scoring):
    game = make_game(preset, 3)

    assert game.scoring is scoring
    assert game.scores_plays


@pytest.mark.parametrize(("preset", "seats"), [("all_fives", 4), ("bergen", 4)])
def test_scoring_games_are_played_in_pairs_with_four(preset, seats):
    assert make_game(preset, seats).partnership
    assert not make_game(preset, 3).partnership


@pytest.mark.parametrize(
    ("preset", "seats", "partnership", "target"),
    [
        ("all_fives", 3, False, 200),
        ("all_fives", 4, False, 200),
        ("all_fives", 4, True, 250),
        ("bergen", 2, False, 10),
        ("bergen", 4, True, 15),
    ],
)
def test_scoring_game_presets_bring_their_own_target(preset, seats, partnership, target):
    game = make_game(preset, seats, partnership=partnership)

    assert game.rules.target == target
    assert not game.offers_capicu


def test_block_presets_keep_the_table_target():
    assert PRESETS["caribbean"].default_rules(True).target == 200


@pytest.mark.parametrize(
    ("seats", "preset"), [(2, "pub_block"), (3, "pub_block"), (4, "caribbean"), (1, "caribbean")]
)
def test_the_usual_game_for_the_players_named(seats, preset):
    # The home page names only the players: the park game in pairs at four, standard dominoes
    # each for themselves with fewer; one player is no game (the setup says so at the names).
    assert usual_preset(seats).key == preset
