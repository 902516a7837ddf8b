"""A long name without spaces stays inside its button on a 360 px phone."""

import pytest
from playwright.sync_api import Page

from scorekeeper.models import NAME_MAX
from scorekeeper.testing import SPANISH

pytestmark = pytest.mark.browser

LONG = "Kristoffersson" + "x" * (NAME_MAX - 14)  # one word, as long as a name may be


def test_a_long_one_word_name_fits_its_who_went_out_button(live_server, phone: Page, make_match):
    match = make_match(names=(LONG, "Ben", "Cara", "Dev"))
    phone.goto(f"{live_server.url}{match.get_absolute_url()}")
    button = phone.locator("#entry .outs a").first
    overflow = button.evaluate("el => el.scrollWidth - el.clientWidth")
    assert overflow <= 0


def test_a_long_one_word_name_asked_who_led_keeps_the_page_from_scrolling_sideways(
    live_server, phone: Page, make_match
):
    match = make_match(names=(LONG, "Ben", "Cara", "Dev"), **SPANISH)
    phone.goto(f"{live_server.url}{match.get_absolute_url()}?out=blocked")
    assert phone.locator("input[name=led_by]").count() == 4
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_six_letter_name_asked_who_led_stays_on_one_line(live_server, phone: Page, make_match):
    match = make_match(names=("Ana", "Beto", "Carmen", "Dani"), **SPANISH)
    phone.goto(f"{live_server.url}{match.get_absolute_url()}?out=blocked")
    buttons = phone.locator(".choice:has(input[name=led_by]) > span")
    heights = [buttons.nth(seat).bounding_box()["height"] for seat in range(4)]
    assert heights[2] == heights[0]  # Carmen's button as tall as Ana's: not "Car / men"


def test_a_long_one_word_name_asked_who_blocked_keeps_the_page_from_scrolling_sideways(
    live_server, phone: Page, make_match
):
    match = make_match(names=(LONG, "Ben", "Cara", "Dev"), blocker_against_next=True)
    phone.goto(f"{live_server.url}{match.get_absolute_url()}?out=blocked")
    assert phone.locator("input[name=blocked_by]").count() == 4
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
