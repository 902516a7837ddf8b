"""Undo on a finished match lasts until the table starts its next match: after that, the old
match's hands are corrected on their own pages, and nothing reopens it."""

import pytest
from django.test import Client

from scorekeeper import rules
from scorekeeper.models import Hand

pytestmark = pytest.mark.django_db


def url(match, action: str = "") -> str:
    return f"/t/{match.table.key}/m/{match.number}/{action}"


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
