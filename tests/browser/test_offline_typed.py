"""A hand typed, then the signal gone and the page reloaded: the kept copy brings the hand back."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.signal import offline
from tests.browser.test_keep import type_hand
from tests.browser.test_offline import match_path, open_first

pytestmark = [pytest.mark.browser, pytest.mark.no_signal]


def test_a_hand_typed_before_the_signal_went_comes_back_on_a_reload_without_it(
    live_server, phone: Page, make_match
):
    open_first(phone, live_server.url + match_path(make_match()))
    type_hand(phone, "Ben", {"Alice": 4, "Cara": 9})
    offline(phone)
    phone.reload()
    expect(phone.locator("[data-stale]")).to_be_visible()
    phone.screenshot(path="/tmp/s53/offline_typed.png")
    expect(phone.get_by_label("Alice", exact=True)).to_have_value("4")
    expect(phone.get_by_label("Cara", exact=True)).to_have_value("9")
