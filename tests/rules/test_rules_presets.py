"""Presets, games built from them, and the games the rules refuse."""

import pytest

from scorekeeper.rules import (
    PRESETS,
    Game,
    HouseRules,
    TileSet,
    make_game,
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
