"""A bracket match whose result is entered but not yet confirmed (or disputed): the bracket
draws it as pending, distinct from a confirmed win and from a match not played, on the
director's page, the watch page, the big screen and the bracket on paper."""

import re

import pytest
from django.urls import reverse

from scorekeeper.tournaments.models.confirmation import confirm, dispute, entered
from tests.support.testing import win_hand
from tests.tournaments.views.test_bracket_results import boards, drawn, ended

pytestmark = pytest.mark.django_db

SIX = ["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo", "Ines & Juan", "Kike & Lola"]


def pages(tournament) -> list[str]:
    return [
        tournament.get_absolute_url(),
        tournament.watch_url(),
        reverse("tournament_screen", args=[tournament.watch_key]),
        reverse("bracket_print", args=[tournament.watch_key]),
    ]


def card(page: str, key: str) -> str:
    """The bracket's card of match `key` on a page."""
    found = re.search(rf'<li class="bracket-match" data-match="{key}".*?</li>', page, re.S)
    assert found, key
    return found[0]


def test_an_unconfirmed_result_is_drawn_pending_apart_from_a_confirmed_win(client):
    tournament = drawn(client, need="other_side", pairs=SIX[:4])
    ended(boards(tournament)["W1-1"], 1)
    settled = ended(boards(tournament)["W1-2"], 0)
    result = entered(settled)
    confirm(settled, result.confirmer, result)
    for url in pages(tournament):
        page = client.get(url).content.decode()
        waiting = card(page, "W1-1")
        assert 'data-result="unconfirmed"' in waiting, url
        assert "awaiting confirmation" in waiting, url
        assert 'aria-label="won"' not in waiting, url
        assert 'aria-label="leads, awaiting confirmation"' in waiting, url
        won = card(page, "W1-2")
        assert 'data-state="decided"' in won and "data-result" not in won, url
        assert 'aria-label="won"' in won and "awaiting confirmation" not in won, url


def test_a_disputed_result_is_drawn_disputed(client):
    tournament = drawn(client, need="other_side", pairs=SIX[:4])
    board = ended(boards(tournament)["W1-1"], 0)
    dispute(board, 1, entered(board))
    page = client.get(tournament.watch_url()).content.decode()
    disputed = card(page, "W1-1")
    assert 'data-result="disputed"' in disputed
    assert "disputed: the director decides" in disputed


def test_a_match_not_played_and_one_in_play_are_not_pending(client):
    tournament = drawn(client, need="director", pairs=SIX[:4])
    win_hand(boards(tournament)["W1-1"].match, 0, pips=5)
    assert not boards(tournament)["W1-1"].match.finished
    page = client.get(tournament.watch_url()).content.decode()
    for key in ("W1-1", "W1-2"):
        assert "data-result" not in card(page, key)
        assert "awaiting confirmation" not in card(page, key)


def test_needing_nothing_an_entered_result_goes_on_at_once(client):
    tournament = drawn(client, need="nothing", pairs=SIX[:4])
    ended(boards(tournament)["W1-1"], 1)
    page = client.get(tournament.watch_url()).content.decode()
    assert "data-result" not in page and "awaiting confirmation" not in page
    assert 'aria-label="won"' in card(page, "W1-1")


def test_with_the_director_accepting_the_card_says_it_awaits_the_director(client):
    tournament = drawn(client, need="director", pairs=SIX[:4])
    ended(boards(tournament)["W1-1"], 0)
    waiting = card(client.get(tournament.get_absolute_url()).content.decode(), "W1-1")
    assert 'data-result="unconfirmed"' in waiting
    assert "entered, awaiting the director" in waiting
