"""A match's last words agree with how many won: the word under the winner's total, and who was
given six-love, say one player as one (Spanish "¡Ganó!", not "¡Ganaron!") and a pair as two."""

import re

import pytest
from django.test import Client

from scorekeeper.models import Match
from tests.web.match.test_jamaican import jamaican, post
from tests.web.match.test_rounds import play_short_game

pytestmark = pytest.mark.django_db

# The word under a winner's total: one player, then two.
WINNER = {"es": ("¡Ganó!", "¡Ganaron!"), "sv": ("Vinnare", "Vinnare")}
# Six-love given to one player, then to a pair.
SIX_LOVE = {
    "es": (
        "¡Seis a cero! Bo se queda en cero.",
        "¡Seis a cero! Ben y Dev se quedan en cero.",
    ),
    "sv": ("Sex\u2013noll! Bo blir kvar på noll.", "Sex\u2013noll! Ben och Dev blir kvar på noll."),
}


def winner_words(client: Client, match: Match) -> list[str]:
    page = client.get(f"/t/{match.table.key}/m/{match.number}/").content.decode()
    won = re.findall(r'<div class="side side-\d won">.*?</div>', page, re.S)
    return [re.search(r'class="side-to-go">([^<]*)<', box)[1] for box in won]


def test_a_player_who_wins_alone_is_one_winner(speaking: Client, language, make_match, add_hand):
    match = make_match(names=("Ann", "Bo"), preset="standard", target=10)
    add_hand(match, 0, {1: 20})

    assert winner_words(speaking, match) == [WINNER[language][0]]


def test_partners_who_win_are_two_winners(speaking: Client, language, make_match, add_hand):
    match = make_match(target=10)
    add_hand(match, 0, {1: 20, 2: 0, 3: 20})

    assert winner_words(speaking, match) == [WINNER[language][1]]


def test_a_mexican_train_winner_is_one_winner(speaking: Client, language):
    match = play_short_game(speaking, [("0", {1: 10}), ("1", {0: 4}), ("0", {1: 5})])
    assert match.finished

    assert winner_words(speaking, match) == [WINNER[language][0]]


def test_a_jamaican_set_of_two_gives_six_love_to_one_player(speaking: Client, language, make_match):
    match = jamaican(make_match, preset="jamaican_cut_throat", names=("Ann", "Bo"))
    for _ in range(6):
        post(speaking, match, 0)
    assert match.winner_side == 0

    page = speaking.get(f"/t/{match.table.key}/m/{match.number}/").content.decode()
    assert SIX_LOVE[language][0] in page
    assert winner_words(speaking, match) == [WINNER[language][0]]


def test_a_partner_set_gives_six_love_to_a_pair(speaking: Client, language, make_match):
    match = jamaican(make_match)
    for seat in (0, 2, 0, 2, 0, 2):
        post(speaking, match, seat)
    assert match.winner_side == 0

    page = speaking.get(f"/t/{match.table.key}/m/{match.number}/").content.decode()
    assert SIX_LOVE[language][1] in page
    assert winner_words(speaking, match) == [WINNER[language][1]]
