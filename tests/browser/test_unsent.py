"""A correction or an undo: without signal it says it was not sent, and what was typed stays;
the undo page opened on its own works."""

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.models import Match

pytestmark = pytest.mark.browser

UNSENT = (
    "No signal: nothing was sent. What you typed is still here: tap again when the signal is back."
)


def played(make_match, add_hand) -> Match:
    match = make_match()
    for _ in range(3):
        add_hand(match, 0, {1: 5, 2: 5, 3: 5})
    return match


def test_the_undo_page_opened_on_its_own_takes_the_hand_back(
    live_server, phone: Page, make_match, add_hand
):
    match = played(make_match, add_hand)
    phone.goto(f"{live_server.url}/t/{match.table.key}/m/{match.number}/undo")

    phone.get_by_role("button", name="Yes, undo it").click()

    expect(phone.locator(".msg").get_by_text("Hand 3 undone.")).to_be_visible()
    assert Match.objects.get(pk=match.pk).hand_count == 2
