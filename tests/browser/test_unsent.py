"""A correction or an undo: without signal it says it was not sent, and what was typed stays;
the undo page opened on its own works."""

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.models import Match
from tests.browser.signal import forms_kept, offline, online
from tests.created import created

pytestmark = [pytest.mark.browser, pytest.mark.no_signal]

UNSENT = (
    "No signal, so this was not confirmed. What you typed is still here: tap again when the "
    "signal is back. It counts only once."
)


def played(make_match, add_hand) -> Match:
    match = make_match()
    for _ in range(3):
        add_hand(match, 0, {1: 5, 2: 5, 3: 5})
    return match


def test_a_correction_saved_without_signal_stays_typed_and_says_it_was_not_sent(
    live_server, phone: Page, make_match, add_hand
):
    match = played(make_match, add_hand)
    url = f"{live_server.url}/t/{match.table.key}/m/{match.number}/h/2/?out=0"
    phone.goto(url)
    phone.fill("#id_pips_1", "12")
    offline(phone)

    phone.get_by_role("button", name="Save correction").click()

    expect(phone.get_by_text(UNSENT)).to_be_visible()
    expect(phone.locator("#id_pips_1")).to_have_value("12")
    assert phone.url == url
    online(phone)
    assert created(Match).get(pk=match.pk).hands.get(number=2).pips()[1] == 5


def open_undo(page: Page, live_server, match: Match) -> None:
    """The match page's undo question on a phone (not the phone fixture: the browser rightly
    logs a request that found no signal as an error)."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/t/{match.table.key}/m/{match.number}/")
    page.get_by_role("link", name="Undo last hand").click()


def undo_without_signal(page: Page) -> None:
    """Tap "Yes, undo it" with no signal: the note says it was not sent; then signal again.

    The question is on the page before the signal goes: a tap on a link swapped in a moment
    before (htmx not yet on it) opens the question as a page, and cutting the signal while
    that page loads would leave the browser's error page instead."""
    button = page.get_by_role("button", name="Yes, undo it")
    expect(button).to_be_visible()
    offline(page)
    button.click()
    expect(page.get_by_text(UNSENT)).to_be_visible()
    online(page)


def test_an_undo_tapped_without_signal_says_nothing_was_undone(
    live_server, page: Page, make_match, add_hand
):
    match = played(make_match, add_hand)
    open_undo(page, live_server, match)

    undo_without_signal(page)

    assert created(Match).get(pk=match.pk).hand_count == 3


def test_the_undo_page_opened_on_its_own_takes_the_hand_back(
    live_server, phone: Page, make_match, add_hand
):
    match = played(make_match, add_hand)
    phone.goto(f"{live_server.url}/t/{match.table.key}/m/{match.number}/undo")

    phone.get_by_role("button", name="Yes, undo it").click()

    expect(phone.locator(".msg").get_by_text("Hand 3 undone.")).to_be_visible()
    assert created(Match).get(pk=match.pk).hand_count == 2


def test_the_no_signal_note_still_shows_after_the_score_was_swapped_in(
    live_server, page: Page, make_match, add_hand
):
    # The note moved beside the undo inside #play went away with the next swap of #play: a
    # second tap without signal then said nothing at all.
    match = played(make_match, add_hand)
    open_undo(page, live_server, match)
    undo_without_signal(page)
    page.get_by_role("button", name="Yes, undo it").click()
    expect(page.locator(".msg").get_by_text("Hand 3 undone.")).to_be_visible()
    page.get_by_role("link", name="Undo last hand").click()

    undo_without_signal(page)

    assert created(Match).get(pk=match.pk).hand_count == 2


def test_an_undo_refused_for_a_lost_cookie_goes_through_on_the_next_tap(
    live_server, phone: Page, make_match, add_hand, debug
):
    # The question was drawn for a cookie the phone no longer has: the server refuses the tap and
    # changes nothing; the page comes back with forms of today (with DEBUG on too, where
    # django-htmx's script would put the refusal's page in place of this one).
    match = played(make_match, add_hand)
    open_undo(phone, live_server, match)
    button = phone.get_by_role("button", name="Yes, undo it")
    expect(button).to_be_visible()
    forms_kept(phone)
    phone.context.clear_cookies()

    with phone.expect_navigation():
        button.click()

    assert created(Match).get(pk=match.pk).hand_count == 3
    phone.get_by_role("link", name="Undo last hand").click()
    phone.get_by_role("button", name="Yes, undo it").click()
    expect(phone.locator(".msg").get_by_text("Hand 3 undone.")).to_be_visible()
    assert created(Match).get(pk=match.pk).hand_count == 2
