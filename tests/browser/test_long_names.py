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


def test_long_one_word_names_in_the_partners_choice_keep_the_setup_from_scrolling_sideways(
    live_server, phone: Page
):
    phone.goto(f"{live_server.url}/new")
    for seat, name in enumerate((LONG, "Ben", "Cara", "Dev"), start=1):
        phone.fill(f"#id_player_{seat}", name)
    assert LONG in phone.locator("[data-pairing]").first.inner_text()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_name_typed_with_a_direction_override_does_not_turn_the_other_partners_around(
    live_server, phone: Page
):
    phone.goto(f"{live_server.url}/new")
    for seat, name in enumerate(("\u202eAlice", "Ben", "Cara", "Dev"), start=1):
        phone.fill(f"#id_player_{seat}", name)
    left = phone.locator("[data-pairing]").first.evaluate(
        """label => ["Ben", "Dev"].map(word => {
            const text = label.firstChild, range = document.createRange();
            const at = text.data.indexOf(word);
            range.setStart(text, at);
            range.setEnd(text, at + word.length);
            return range.getBoundingClientRect().left;
        })"""
    )
    assert left[0] < left[1]
