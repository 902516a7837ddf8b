"""The home page in Chromium on a phone."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_home_page_on_a_phone(live_server, page: Page):
    page.goto(live_server.url)
    expect(page.get_by_role("heading", level=1)).to_have_text("Keep the score at your table")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"]
    assert page.evaluate("'ontouchstart' in window || navigator.maxTouchPoints > 0")
