"""Undo: an All Fives or Bergen undo that takes back one play calls it a score, and a finished
match's undo lasts until the table starts its next match."""

import re

import pytest
from django.test import Client

from scorekeeper import rules
from scorekeeper.models import Hand, Match
from tests.support.testing import add_hand, scoring_match, tap

pytestmark = pytest.mark.django_db


def url(match: Match, tail: str = "") -> str:
    return f"/t/{match.table.key}/m/{match.number}/{tail}"


def words(html: str) -> str:
    """The page's visible text, tags and the change log left out (the log names the hand)."""
    html = re.sub(r'<details class="log".*?</details>', "", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


def test_the_undo_page_of_a_play_asks_about_the_score(client: Client):
    match = scoring_match()
    tap(match, 0, 10)

    page = client.get(url(match, "undo")).content.decode()

    assert "<h1>Take back the last score</h1>" in page
    assert "Undo last hand" not in page


def test_the_undo_page_of_a_hands_end_still_says_hand(client: Client):
    match = scoring_match(names=("Ann", "Bo"))
    tap(match, 0, 10)
    add_hand(match, 0, {1: 5})

    page = client.get(url(match, "undo")).content.decode()

    assert "Take back the end of hand 1?" in page


def test_a_play_taken_back_twice_says_the_score_counts_once(client: Client):
    match = scoring_match()
    tap(match, 0, 10)
    tap(match, 1, 5)
    match.refresh_from_db()
    data = {"version": str(match.version)}
    client.post(url(match, "undo"), data)

    response = client.post(url(match, "undo"), data, follow=True)

    text = words(response.content.decode())
    assert "The take-back of that score had arrived before, and counts once." in text
    assert "undo of hand" not in text


def test_the_win_banner_of_a_match_ended_by_a_play_offers_to_take_back_the_score(client: Client):
    match = scoring_match("bergen", names=("Ann", "Bo"), target=3)
    tap(match, 1, 3)

    page = client.get(url(match)).content.decode()

    assert "Take back the last score" in page
    assert "Undo last hand" not in page


def test_the_win_banner_of_a_hand_that_ended_the_match_still_says_hand(client: Client):
    match = scoring_match("bergen", names=("Ann", "Bo"), target=1)
    add_hand(match, 0, {1: 9})

    page = client.get(url(match)).content.decode()

    assert match.hand_count == 1
    assert "Undo last hand" in page


def test_a_hand_ended_without_plays_taken_back_is_undone_whole(client: Client):
    match = scoring_match(names=("Ann", "Bo"))
    add_hand(match, 0, {1: 5})  # no score during play: nothing of the hand stays in play

    response = client.post(url(match, "undo"), {"version": str(match.version)}, follow=True)

    text = words(response.content.decode())
    assert "Hand 1 undone." in text
    assert "in play again" not in text
    assert not match.hands.exists()


@pytest.fixture
def won(make_match, add_hand):
    """Ana beats Ben to 50 in two hands."""
    match = make_match(names=("Ana", "Ben"), preset="standard", target=50)
    add_hand(match, 0, {1: 40})
    return add_hand(match, 0, {1: 12})


def rematch(match):
    game = rules.make_game("standard", 2, rules=rules.HouseRules(target=50))
    return match.table.start_match(["Ana", "Ben"], game, "standard")


def banner(html: str) -> str:
    start = html.index('class="banner win"')
    return html[start : html.index("</div>", start)]


def test_the_banner_offers_undo_until_the_next_match_starts(client: Client, won):
    assert "banner-undo" in banner(client.get(url(won)).content.decode())
    rematch(won)
    assert "banner-undo" not in banner(client.get(url(won)).content.decode())


def test_an_undo_posted_after_the_next_match_started_changes_nothing(client: Client, won):
    rematch(won)
    response = client.post(url(won, "undo"), {"version": won.version}, follow=True)
    won.refresh_from_db()
    assert won.finished
    assert (won.hand_count, Hand.objects.filter(match=won).count()) == (2, 2)
    assert "The next match has already started" in response.content.decode()


def test_the_undo_question_is_not_asked_after_the_next_match_started(client: Client, won):
    rematch(won)
    response = client.get(url(won, "undo"), follow=True)
    assert response.redirect_chain[-1][0] == url(won)
    assert "The next match has already started" in response.content.decode()


def test_the_next_match_can_still_undo_its_own_hands(client: Client, won, add_hand):
    second = add_hand(rematch(won), 1, {0: 10})
    client.post(url(second, "undo"), {"version": second.version})
    second.refresh_from_db()
    assert second.hand_count == 0
