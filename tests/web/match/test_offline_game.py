"""The match page describes how it scores, for the phone to score hands waiting without signal."""

import json
import re

import pytest

from scorekeeper import rules
from scorekeeper.offline_game import offline_game, scores_offline


def described(client, match) -> dict:
    html = client.get(match.get_absolute_url()).content.decode()
    found = re.search(r'data-game="([^"]*)"', html)
    assert found, "the play area carries the match's description"
    return json.loads(found.group(1).replace("&quot;", '"'))


@pytest.mark.django_db
def test_it_gives_the_rules_and_the_sheet_as_it_stands(client, make_match, add_hand):
    match = make_match(target=80)
    add_hand(match, 0, {1: 10, 2: 5, 3: 7})
    game = described(client, match)
    assert game["offline"] is True
    assert game["target"] == 80
    assert game["totals"] == [22, 0]
    assert game["next_number"] == 2
    assert game["next_leader"] == 0
    assert game["sides"] == [[0, 2], [1, 3]]


@pytest.mark.django_db
def test_it_leaves_regional_bonuses_to_the_server(client, make_match):
    assert described(client, make_match(pase_corrido_bonus=25))["offline"] is False


@pytest.mark.parametrize(
    "switch",
    [
        {"ties_to_leaders": True},
        {"blocker_against_next": True},
        {"chuchazo_bonus": 100},
        {"pase_corrido_bonus": 25},
        {"pase_de_salida_bonus": 20},
        {"first_hands_bonus": (100, 75)},
    ],
)
def test_score_js_is_not_offered_what_it_does_not_score(switch):
    game = rules.Game(4, True, rules=rules.HouseRules(**switch))
    assert not scores_offline(game)
    assert scores_offline(rules.Game(4, True, rules=rules.HouseRules(lead_rule="turn_passes")))


def test_a_round_game_is_left_to_the_server():
    game = rules.make_game("mexican_train", 4)
    assert not scores_offline(game)


@pytest.mark.parametrize(
    ("preset", "house", "plays", "won", "doubles"),
    [
        ("caribbean", {"doubles_lose_count": True}, False, None, False),
        ("all_fives", {}, True, None, False),
        ("bergen", {}, True, 1, False),
        ("bergen", {"won_hand_pays_two": True, "doubles_lose_count": True}, True, 2, True),
    ],
)
def test_it_says_what_the_game_does_not_which_game_it_is(preset, house, plays, won, doubles):
    game = rules.make_game(preset, 4, rules=rules.HouseRules(**house))

    described = offline_game(game, rules.tally(game, ()), 1)

    assert "scoring" not in described
    assert described["scores_plays"] is plays
    assert described["won_hand_points"] == won
    assert described["doubles_lose_count"] is doubles
