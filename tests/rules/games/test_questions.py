"""The questions the rest of the code asks a game instead of which game it is."""

import pytest

from scorekeeper.rules import DEFAULT_SCORING, GAMES, Scoring, game_of_preset, make_game

ROUND_GAMES = {Scoring.MEXICAN_TRAIN}


@pytest.mark.parametrize("key", list(GAMES))
def test_a_game_ends_at_its_target_unless_it_is_played_in_rounds(key):
    assert GAMES[key].ending == ("rounds" if key in ROUND_GAMES else "target")


@pytest.mark.parametrize("key", list(GAMES))
def test_only_a_round_game_counts_who_went_out(key):
    assert GAMES[key].counts_outs == (key in ROUND_GAMES)


@pytest.mark.parametrize("key", list(GAMES))
def test_only_a_round_game_takes_counts_from_the_players_phones(key):
    assert GAMES[key].counts_from_seats == (key in ROUND_GAMES)


@pytest.mark.parametrize("key", list(GAMES))
def test_a_game_to_a_target_keeps_side_records_a_round_game_player_rounds(key):
    assert GAMES[key].records == ("rounds" if key in ROUND_GAMES else "sides")


@pytest.mark.parametrize("key", list(GAMES))
def test_each_game_names_the_shape_of_its_sheet(key):
    expected = {
        Scoring.BLOCK: "points",
        Scoring.ALL_FIVES: "plays",
        Scoring.BERGEN: "plays",
        Scoring.MEXICAN_TRAIN: "rounds",
        Scoring.JAMAICAN: "games",  # games won a side, with its marks
    }

    assert GAMES[key].sheet == expected[key]


@pytest.mark.parametrize("key", list(GAMES))
def test_a_game_that_scores_during_play_lists_what_a_play_can_score(key):
    preset = GAMES[key].presets[0]
    game = make_game(preset.key, preset.seat_options[0])

    assert bool(game.kind.play_amounts(game)) == (GAMES[key].sheet == "plays")


@pytest.mark.parametrize("key", list(GAMES))
def test_a_game_to_a_target_has_its_tables_target_a_round_game_none(key):
    preset = GAMES[key].presets[0]
    game = make_game(preset.key, preset.seat_options[0])

    expected = None if key in ROUND_GAMES else game.rules.target
    assert game.kind.target(game) == expected


@pytest.mark.parametrize("key", list(GAMES))
def test_only_a_round_game_is_played_each_for_themselves_by_four(key):
    assert GAMES[key].plays_in_pairs == (key not in ROUND_GAMES)


@pytest.mark.parametrize("key", list(GAMES))
def test_a_game_seats_at_most_what_its_biggest_way_to_play_deals_to(key):
    assert GAMES[key].most_players == (8 if key in ROUND_GAMES else 4)


def test_a_preset_key_names_its_game_and_an_unknown_key_the_default_game():
    assert game_of_preset("mexican_train_nine") is GAMES[Scoring.MEXICAN_TRAIN]
    assert game_of_preset("double_nine") is GAMES[Scoring.BLOCK]  # an old key: the Cuban game
    assert game_of_preset("no_such_game") is game_of_preset(None) is GAMES[DEFAULT_SCORING]


@pytest.mark.parametrize("key", sorted(ROUND_GAMES))
def test_a_round_game_has_no_shutout_to_count_double(key):
    # The lowest total wins: its winner never holds the others on nought.
    assert not any(GAMES[key].offers_shutout_double(preset.rules) for preset in GAMES[key].presets)
