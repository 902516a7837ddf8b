"""The All Fives and Bergen presets: their deals, partnership at four and their targets."""

import pytest

from scorekeeper.rules import PRESETS, Scoring, TileSet, make_game


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
    assert game.scores_during_play


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
