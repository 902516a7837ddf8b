"""A knockout's bracket match scored without signal on a 360 px phone: its hands wait on the
phone, go to the table once, in order, when the signal is back, and the winner goes on to the
next match (the final drawn on the write side), as at any table."""

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import Page, expect

from scorekeeper.models import Hand
from scorekeeper.tournaments.models import BracketBoard
from tests.browser.signal import controlled, offline, online
from tests.browser.test_queue import enter
from tests.support.testing import make_tournament, play_out

pytestmark = [pytest.mark.browser, pytest.mark.no_signal]

FOUR = ["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo"]


def test_a_bracket_match_played_without_signal_arrives_once_and_the_winner_goes_on(
    live_server, phone: Page
):
    tournament = make_tournament(FOUR, format="single_elimination", target=50)
    Client().post(reverse("bracket_draw", args=[tournament.key]), {"seeding": "entry"})
    board = BracketBoard.objects.select_related("match", "table").get(
        bracket__tournament=tournament, key="W1-1"
    )
    match = board.match
    ana, gil = match.seat_names()[:2]
    assert (ana, gil) == ("Ana", "Gil")
    controlled(phone, f"{live_server.url}{match.get_absolute_url()}")
    offline(phone)
    # Ana goes out twice, 30 pips left in the other hands each time (one total, as a new
    # table counts them): 60 of 50.
    enter(phone, (ana, 30))
    expect(phone.locator("[data-keep-note=queued]")).to_be_visible()
    expect(phone.locator("[data-keep-note=queued]")).to_contain_text("Hand 1 is kept")
    enter(phone, (ana, 30))
    expect(phone.locator("[data-waiting] li")).to_have_count(2)
    assert not Hand.objects.filter(match=match).exists()
    phone.reload()  # the kept copy: both still waiting
    expect(phone.locator("[data-waiting] li")).to_have_count(2)

    online(phone)

    expect(phone.locator("[data-waiting]")).to_be_hidden(timeout=15_000)
    numbers = Hand.objects.filter(match=match).order_by("number").values_list("number", "went_out")
    assert list(numbers) == [(1, 0), (2, 0)]
    match.refresh_from_db()
    assert match.finished
    # The other semi-final ends at its table: the final sets Ana & Ben against its winner.
    play_out(BracketBoard.objects.get(bracket__tournament=tournament, key="W1-2").match, 0)
    final = BracketBoard.objects.get(bracket__tournament=tournament, key="W2-1")
    assert (str(final.first), str(final.second)) == ("Ana & Ben", "Cris & Dani")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
