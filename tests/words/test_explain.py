"""The explanations: every kind of game has its words, chosen by the kind the rules name."""

from scorekeeper import rules
from scorekeeper.words import explain


def test_every_kind_of_game_offered_has_its_rules_summary():
    offered = {key for key, game in rules.GAMES.items() if game.offered}

    assert set(explain.SUMMARIES) == offered


def test_every_game_that_scores_plays_says_its_end():
    scores_plays = {key for key, game in rules.GAMES.items() if game.scores_plays}

    assert set(explain.END_SENTENCES) == scores_plays


def test_each_kind_summarises_its_own_rules():
    house = rules.HouseRules(target=150, capicu_bonus=0, won_hand_pays_two=True)

    assert "capicú" in explain.rules_summary(house)
    assert "pays 2" in explain.rules_summary(house, rules.Scoring.BERGEN)
    assert "nearest five" in explain.rules_summary(house, rules.Scoring.ALL_FIVES)
    assert "lowest total" in explain.rules_summary(house, rules.Scoring.MEXICAN_TRAIN)
    assert "to 10, 15 in pairs" in explain.rules_summary(house, rules.Scoring.BERGEN, (10, 15))
