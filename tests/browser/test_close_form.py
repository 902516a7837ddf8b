"""The back gesture with a seat's form open (Android's close request; Esc on a keyboard) closes
the form, back to the choice of who went out, and stays on the match page: what was typed comes
back with that seat's next tap. Once the form has gone with its hand, back leaves the page."""

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.models import Hand
from tests.browser.test_keep import open_match, type_hand

pytestmark = pytest.mark.browser


def test_back_with_a_seat_s_form_open_closes_it_and_its_tap_brings_the_hand_back(
    live_server, phone: Page, make_match
):
    match = make_match()
    open_match(phone, live_server, match)
    address = phone.url
    type_hand(phone, "Ben", {"Alice": 4, "Cara": 9})
    expect(phone.locator("form[data-closes]")).to_have_count(1)
    phone.keyboard.press("Escape")  # a close request, as Android's back gesture makes
    expect(phone.locator("form[data-hand-save]")).to_have_count(0)
    expect(phone.locator("#entry .out.chosen")).to_have_count(0)
    assert phone.url == address
    phone.locator("#entry .outs").get_by_role("link", name="Ben", exact=True).click()
    expect(phone.get_by_label("Alice", exact=True)).to_have_value("4")
    expect(phone.get_by_label("Cara", exact=True)).to_have_value("9")
    assert Hand.objects.filter(match=match).count() == 0


def test_a_form_closed_with_nothing_typed_keeps_nothing(live_server, phone: Page, make_match):
    open_match(phone, live_server, make_match())
    phone.locator("#entry .outs").get_by_role("link", name="Ben", exact=True).click()
    expect(phone.locator("form[data-closes]")).to_have_count(1)
    phone.keyboard.press("Escape")
    expect(phone.locator("form[data-hand-save]")).to_have_count(0)
    phone.reload()
    expect(phone.locator("#entry .outs")).to_be_visible()
    expect(phone.locator("form[data-hand-save]")).to_have_count(0)
    expect(phone.locator("[data-keep-note=restored]")).to_be_hidden()


def test_another_seat_tapped_after_the_close_opens_its_own_form(
    live_server, phone: Page, make_match
):
    open_match(phone, live_server, make_match())
    type_hand(phone, "Ben", {"Alice": 4})
    expect(phone.locator("form[data-closes]")).to_have_count(1)
    phone.keyboard.press("Escape")
    expect(phone.locator("form[data-hand-save]")).to_have_count(0)
    type_hand(phone, "Cara", {"Ben": 6})
    expect(phone.locator("#entry .out.chosen")).to_have_text("Cara")
    expect(phone.get_by_label("Ben", exact=True)).to_have_value("6")


def test_after_the_hand_is_saved_back_leaves_the_match_page(live_server, phone: Page, make_match):
    match = make_match()
    phone.goto(f"{live_server.url}{match.table.get_absolute_url()}")
    phone.goto(f"{live_server.url}{match.get_absolute_url()}")
    type_hand(phone, "Alice", {"Ben": 10, "Cara": 5, "Dev": 7})
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.get_by_test_id("total-0")).to_have_text("22")
    expect(phone.locator("form[data-hand-save]")).to_have_count(0)
    phone.keyboard.press("Escape")  # nothing to close: no close request kept for it
    expect(phone.get_by_test_id("total-0")).to_have_text("22")
    phone.go_back()
    expect(phone).to_have_url(f"{live_server.url}{match.table.get_absolute_url()}")
