"""The kinds of game: every Scoring has its row, and each game asks for what its rules need."""

import pytest

from scorekeeper.rules import (
    ALL_PRESETS,
    DEFAULT_SCORING,
    KINDS,
    Game,
    HouseRules,
    Scoring,
    is_round_preset,
    make_game,
)


def test_every_kind_of_game_has_a_row():
    assert set(KINDS) == set(Scoring)


@pytest.mark.parametrize("key", sorted(ALL_PRESETS))
def test_a_preset_and_its_game_are_of_the_same_kind(key):
    preset = ALL_PRESETS[key]
    seats = preset.seat_options[0]

    assert make_game(key, seats).kind == preset.kind == KINDS[preset.scoring]


def test_only_the_scoring_games_take_plays():
    takes = {
        key
        for key, preset in ALL_PRESETS.items()
        if make_game(key, preset.seat_options[0]).takes_plays
    }

    assert takes == {"all_fives", "bergen"}


def test_only_bergen_under_its_switch_asks_who_holds_a_double():
    on = HouseRules(target=10, capicu_bonus=0, doubles_lose_count=True)

    assert make_game("bergen", 2, rules=on).asks_doubles
    assert not make_game("bergen", 2).asks_doubles
    assert not make_game("all_fives", 2, rules=on).asks_doubles


def test_a_block_game_offers_capicu_and_pools_counts_a_scoring_game_does_not():
    block, fives = make_game("caribbean", 4), make_game("all_fives", 4)

    assert block.offers_capicu and block.pools_went_out_count and block.blocked_counts_single_hands
    assert not (fives.offers_capicu or fives.pools_went_out_count)
    assert not fives.blocked_counts_single_hands


def test_only_a_game_that_ends_during_play_keeps_the_win_unsaid_before_a_save():
    assert make_game("caribbean", 4).foretells_the_win
    assert not make_game("bergen", 4).foretells_the_win
    assert make_game("bergen", 4).play_headers and not make_game("all_fives", 4).play_headers


def test_only_the_round_game_plays_rounds():
    rounds = {key for key, preset in ALL_PRESETS.items() if preset.plays_rounds}
    games = {
        key
        for key, preset in ALL_PRESETS.items()
        if make_game(key, preset.seat_options[0]).lowest_wins
    }

    assert rounds == games == {"mexican_train", "mexican_train_nine"}


def test_a_key_names_a_round_game_old_unknown_and_missing_keys_do_not():
    assert is_round_preset("mexican_train_nine")
    assert not is_round_preset("caribbean")
    assert not is_round_preset("double_nine")  # an old key: now the Cuban game
    assert not is_round_preset("no_such_game")
    assert not is_round_preset(None)


def test_the_phone_scores_every_kind_but_the_round_game():
    on_the_phone = {
        key
        for key, preset in ALL_PRESETS.items()
        if make_game(key, preset.seat_options[0]).scored_on_the_phone
    }

    assert on_the_phone == set(ALL_PRESETS) - {"mexican_train", "mexican_train_nine"}


def test_a_stored_scoring_reads_back_its_kind():
    assert Scoring("mexican_train").kind.plays_rounds
    assert Scoring("bergen").kind == KINDS[Scoring.BERGEN]


def test_a_game_that_names_no_kind_is_a_block_game():
    assert Game(seats=2, partnership=False).scoring is DEFAULT_SCORING is Scoring.BLOCK


@pytest.mark.parametrize("scoring", list(Scoring))
def test_every_kind_fits_a_tournament_format_and_only_round_games_seat_tables(scoring):
    kind = KINDS[scoring]

    assert kind.tournament_formats
    assert all(format.seats_tables == kind.plays_rounds for format in kind.tournament_formats)
