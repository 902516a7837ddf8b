"""The back gesture after a tap on who went out: back to the choice, the hand not yet entered."""

import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.models import Hand
from tests.browser.signal import controlled, offline, online

pytestmark = [pytest.mark.browser, pytest.mark.no_signal]


def match_url(live_server, match) -> str:
    return f"{live_server.url}/t/{match.table.key}/m/{match.number}/"


def tap(page: Page, name: str) -> None:
    page.locator("#entry .outs").get_by_role("link", name=name, exact=True).click()
    expect(page.locator("#entry .out.chosen")).to_have_text(name)
    expect(page).to_have_url(re.compile(r"\?out="))


def the_choice(page: Page, url: str) -> None:
    """The match page asking who went out, with no hand form."""
    expect(page).to_have_url(url)
    expect(page.get_by_role("button", name="Save hand")).to_have_count(0)
    expect(page.locator("#entry .out.chosen")).to_have_count(0)
    expect(page.locator("#entry .outs").get_by_role("link", name="Alice")).to_be_visible()


def test_back_after_a_tap_on_who_went_out_comes_back_to_the_choice(
    live_server, phone: Page, make_match
):
    match = make_match()
    url = match_url(live_server, match)
    phone.goto(f"{live_server.url}/t/{match.table.key}/")
    phone.goto(url)
    tap(phone, "Alice")
    phone.go_back()
    the_choice(phone, url)
    phone.reload()  # nothing was typed: no hand to bring back
    the_choice(phone, url)
    phone.go_back()
    expect(phone).to_have_url(f"{live_server.url}/t/{match.table.key}/")


def test_another_seat_tapped_takes_the_place_of_the_first(live_server, phone: Page, make_match):
    match = make_match()
    url = match_url(live_server, match)
    phone.goto(url)
    tap(phone, "Alice")
    tap(phone, "Ben")
    phone.go_back()
    the_choice(phone, url)
    phone.go_forward()
    expect(phone.locator("#entry .out.chosen")).to_have_text("Ben")
    expect(phone.get_by_label("Alice", exact=True)).to_be_visible()


def test_what_was_typed_comes_back_with_its_seat_after_back(live_server, phone: Page, make_match):
    match = make_match()
    url = match_url(live_server, match)
    phone.goto(url)
    tap(phone, "Alice")
    phone.get_by_label("Ben", exact=True).fill("10")
    phone.go_back()
    the_choice(phone, url)
    tap(phone, "Alice")
    expect(phone.get_by_label("Ben", exact=True)).to_have_value("10")


def test_the_seat_s_address_opens_its_form_on_a_reload(live_server, phone: Page, make_match):
    match = make_match()
    url = match_url(live_server, match)
    phone.goto(url)
    tap(phone, "Cara")
    phone.get_by_label("Ben", exact=True).fill("10")
    phone.reload()
    expect(phone.locator("#entry .out.chosen")).to_have_text("Cara")
    expect(phone.get_by_label("Ben", exact=True)).to_have_value("10")
    phone.go_back()
    the_choice(phone, url)


def test_after_a_save_back_leaves_the_match_page(live_server, phone: Page, make_match):
    match = make_match()
    url = match_url(live_server, match)
    table = f"{live_server.url}/t/{match.table.key}/"
    phone.goto(table)
    phone.goto(url)
    tap(phone, "Alice")
    for name, pips in {"Ben": 10, "Cara": 5, "Dev": 7}.items():
        phone.get_by_label(name, exact=True).fill(str(pips))
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.locator(".msg")).to_contain_text("Hand 1 saved")
    expect(phone).to_have_url(url)
    phone.go_back()
    expect(phone).to_have_url(table)
    assert Hand.objects.filter(match=match).count() == 1


def test_without_signal_back_comes_to_the_choice_and_the_seat_s_address_opens_again(
    live_server, phone: Page, make_match
):
    match = make_match()
    url = match_url(live_server, match)
    controlled(phone, url)
    offline(phone)
    tap(phone, "Dev")
    phone.get_by_label("Alice", exact=True).fill("6")
    phone.reload()  # the page kept on the phone, under the seat's address
    expect(phone.locator("#entry .out.chosen")).to_have_text("Dev")
    expect(phone.get_by_label("Alice", exact=True)).to_have_value("6")
    phone.go_back()
    the_choice(phone, url)
    online(phone)
