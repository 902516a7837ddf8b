"""The games: one class each, found by key, and each asks for what its rules need."""

import ast
import dataclasses
from pathlib import Path

import pytest

import scorekeeper.rules
from scorekeeper.rules import (
    ALL_PRESETS,
    DEFAULT_SCORING,
    GAMES,
    PRESETS,
    ROUND_PRESETS,
    Format,
    Game,
    GameKind,
    HouseRules,
    Scoring,
    find_game,
    make_game,
    plays_to_a_target,
    preset_named,
)

PACKAGE = Path(scorekeeper.rules.__file__).parent


def test_every_key_has_its_game_and_the_lookup_finds_it():
    assert set(GAMES) == set(Scoring)
    for key, game in GAMES.items():
        assert isinstance(game, GameKind)
        assert find_game(key) is find_game(str(key)) is game
        assert game.scoring is key


def test_a_key_no_game_has_is_refused():
    with pytest.raises(ValueError, match="no game"):
        find_game("dominoes_on_the_moon")


@pytest.mark.parametrize("key", sorted(ALL_PRESETS))
def test_a_preset_belongs_to_the_game_that_lists_it(key):
    preset = ALL_PRESETS[key]
    seats = preset.seat_options[0]

    assert make_game(key, seats).kind is preset.kind is find_game(preset.scoring)
    assert preset in preset.kind.presets


def test_every_game_lists_presets_and_no_key_is_listed_twice():
    keys = [preset.key for game in GAMES.values() for preset in game.presets]

    assert all(game.presets for game in GAMES.values())
    assert len(keys) == len(set(keys)) == len(ALL_PRESETS)


def test_only_the_scoring_games_score_plays():
    takes = {
        key
        for key, preset in ALL_PRESETS.items()
        if make_game(key, preset.seat_options[0]).scores_plays
    }

    assert takes == {"all_fives", "bergen"}


def test_only_bergen_under_its_switch_asks_who_holds_a_double():
    on = HouseRules(target=10, capicu_bonus=0, doubles_lose_count=True)

    assert make_game("bergen", 2, rules=on).asks_who_holds_doubles
    assert not make_game("bergen", 2).asks_who_holds_doubles
    assert not make_game("all_fives", 2, rules=on).asks_who_holds_doubles


def test_a_block_game_offers_capicu_and_pools_counts_a_scoring_game_does_not():
    block, fives = make_game("caribbean", 4), make_game("all_fives", 4)

    assert block.offers_capicu and block.pools_went_out_count and block.blocked_counts_single_hands
    assert not (fives.offers_capicu or fives.pools_went_out_count)
    assert not fives.blocked_counts_single_hands


def test_only_a_game_that_ends_during_play_keeps_the_win_unsaid_before_a_save():
    assert make_game("caribbean", 4).foretells_the_win
    assert not make_game("bergen", 4).foretells_the_win
    assert make_game("bergen", 4).play_headers and not make_game("all_fives", 4).play_headers


def test_only_the_round_game_has_no_target_and_counts_rounds():
    no_target = {key for key, preset in ALL_PRESETS.items() if not preset.has_target}
    rounds = {
        key
        for key, preset in ALL_PRESETS.items()
        if make_game(key, preset.seat_options[0]).unit == "round"
    }

    assert no_target == rounds == {"mexican_train", "mexican_train_nine"}
    assert make_game("mexican_train", 5).rounds == 13
    assert make_game("caribbean", 4).rounds is None


def test_a_key_plays_to_a_target_unless_it_names_a_round_game():
    assert not plays_to_a_target("mexican_train_nine")
    assert plays_to_a_target("caribbean")
    assert plays_to_a_target("double_nine")  # an old key: now the Cuban game
    assert plays_to_a_target("no_such_game")
    assert plays_to_a_target(None)


def test_the_phone_scores_every_game_but_the_round_game_and_the_jamaican_set():
    on_the_phone = {
        key
        for key, preset in ALL_PRESETS.items()
        if make_game(key, preset.seat_options[0]).scored_on_the_phone
    }
    jamaican = {"jamaican_partner", "jamaican_cut_throat", "straight_six"}

    assert on_the_phone == set(ALL_PRESETS) - {"mexican_train", "mexican_train_nine"} - jamaican


def test_a_game_names_only_real_fields_as_its_own():
    switches = {field.name for field in dataclasses.fields(HouseRules)}
    hand_fields = {field.name for field in dataclasses.fields(scorekeeper.rules.Hand)}

    for game in GAMES.values():
        assert set(game.own_switches) <= switches
        assert set(game.own_hand_fields) <= hand_fields
    assert "key" in find_game("jamaican").own_hand_fields


def test_the_setup_lists_only_the_offered_games_presets():
    offered = {key for key, preset in ALL_PRESETS.items() if preset.kind.offered}

    assert set(PRESETS) | set(ROUND_PRESETS) == offered == set(ALL_PRESETS)
    assert preset_named("straight_six").kind is find_game("jamaican")


def test_a_stored_scoring_reads_back_its_game():
    assert Scoring("mexican_train").kind.unit == "round"
    assert Scoring("bergen").kind is GAMES[Scoring.BERGEN]


def test_a_game_that_names_no_kind_is_a_block_game():
    assert Game(seats=2, partnership=False).scoring is DEFAULT_SCORING is Scoring.BLOCK


@pytest.mark.parametrize("scoring", list(Scoring))
def test_every_game_fits_a_tournament_format_and_a_round_game_only_tables(scoring):
    """A round game seats only tables of players; a game to a target fits pairs, and may seat
    tables of players each for themselves (Jamaican cut-throat). Each preset fits some of its
    game's formats."""
    game = GAMES[scoring]

    assert game.tournament_formats
    if not game.has_target:
        assert all(format.seats_tables for format in game.tournament_formats)
    else:
        assert any(not format.seats_tables for format in game.tournament_formats)
    assert all(game.fits(format) == (format in game.tournament_formats) for format in Format)
    for preset in game.presets:
        assert preset.tournament_formats
        assert set(preset.tournament_formats) <= set(game.tournament_formats)


def test_the_better_total_is_the_highest_to_a_target_and_the_lowest_in_rounds():
    assert find_game("block").leader((120, 95)) == 0
    assert find_game("mexican_train").leader((40, 12, 30)) == 1


def test_no_rules_module_imports_django():
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(name.split(".")[0] == "django" for name in names), path.name
