"""The explanations: every kind of game has its words, chosen by the kind the rules name."""

import pytest

from scorekeeper import rules
from scorekeeper.words import explain
from scorekeeper.words.games import GAME_WORDS, words_of

OFFERED = [game for game in rules.GAMES.values() if game.offered]


def test_every_game_offered_has_its_words():
    assert set(GAME_WORDS) == {str(game.scoring) for game in OFFERED}


@pytest.mark.parametrize("kind", OFFERED, ids=str)
def test_every_game_summarises_its_rules_and_explains_a_result(kind):
    words = words_of(kind)

    assert " · " in words.summary(rules.HouseRules(first_engine=9, capicu_bonus=25))
    assert hasattr(words, "explain_result")


def test_every_game_that_scores_plays_says_its_end():
    scores_plays = {str(key) for key, game in rules.GAMES.items() if game.scores_plays}

    assert {key for key, words in GAME_WORDS.items() if hasattr(words, "explain_end")} == (
        scores_plays
    )


def test_each_kind_summarises_its_own_rules():
    house = rules.HouseRules(target=150, capicu_bonus=0, won_hand_pays_two=True)

    assert "capicú" in explain.rules_summary(house)
    assert "pays 2" in explain.rules_summary(house, rules.Scoring.BERGEN)
    assert "nearest five" in explain.rules_summary(house, rules.Scoring.ALL_FIVES)
    assert "lowest total" in explain.rules_summary(house, rules.Scoring.MEXICAN_TRAIN)
    assert "to 10, 15 in pairs" in explain.rules_summary(house, rules.Scoring.BERGEN, (10, 15))
