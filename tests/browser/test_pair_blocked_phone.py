"""A blocked hand at a Spanish table, on a 360 px phone in Spanish: two numbers, one per pair."""

import pytest
from playwright.sync_api import Browser, Page, Playwright, expect

from scorekeeper.models import EntryMode
from tests.support.testing import SPANISH

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("fresh_catalogues")]


@pytest.fixture
def spanish_table(live_server, browser: Browser, playwright: Playwright, make_match):
    match = make_match(**SPANISH)
    match.table.entry_mode = EntryMode.TOTAL
    match.table.save()
    device = {**playwright.devices["Pixel 7"], "viewport": {"width": 360, "height": 740}}
    context = browser.new_context(**device, locale="es-ES")
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"{live_server.url}/t/{match.table.key}/m/{match.number}/")
    yield page
    context.close()
    assert problems == []


def test_a_blocked_hand_is_saved_from_two_numbers_one_per_pair(spanish_table: Page):
    page = spanish_table
    page.locator("#entry .outs").get_by_role("link", name="Tranque", exact=True).tap()
    expect(page.get_by_text("Puntos que le quedaron a cada pareja, juntos:")).to_be_visible()
    fields = page.locator("form.hand-form .pips input[inputmode=numeric]")
    expect(fields).to_have_count(2)
    expect(page.get_by_label("Alice y Cara", exact=True)).to_be_focused()
    page.keyboard.type("31")
    page.keyboard.press("Enter")
    expect(page.get_by_label("Ben y Dev", exact=True)).to_be_focused()
    page.keyboard.type("20")
    page.keyboard.press("Enter")  # the last field's Done saves
    expect(page.locator(".msg")).to_have_text("Mano 1 anotada.")
    expect(page.get_by_test_id("total-1")).to_have_text("51")
