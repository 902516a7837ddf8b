"""The sheet's legend on a phone: it explains only the marks on the sheet, and follows each
save (swapped in, replaced, taken away) and each undo."""

import os

import pytest
from playwright.sync_api import Page, expect

from tests.browser.test_play import play, set_up

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("MARKS_SHOTS")  # a folder: the sheet drawn there at 360 x 740


def legend(page: Page):
    return page.locator("#sheet .sheet-legend div")


def test_the_legend_follows_the_marks_each_save_and_undo_leaves(live_server, phone: Page):
    set_up(phone, live_server.url)
    play(phone, "Alice", {"Ben": 10, "Cara": 5, "Dev": 7})
    play(phone, "Ben", {"Alice": 10, "Cara": 5, "Dev": 7})
    play(phone, "Cara", {"Alice": 10, "Ben": 5, "Dev": 7})  # the chart appears: all of #play
    expect(phone.locator("#sheet tbody tr")).to_have_count(3)
    expect(phone.locator("#sheet .sheet-legend")).to_have_count(0)

    play(phone, "Blocked", {"Alice": 2, "Ben": 9, "Cara": 9, "Dev": 9})  # swapped in
    expect(legend(phone)).to_have_text(["B Blocked"])
    play(phone, "Alice", {"Ben": 10, "Cara": 5, "Dev": 7}, capicu=True)  # swapped again
    expect(legend(phone)).to_have_text(["C Capicú", "B Blocked"])
    number = phone.locator('#sheet tr[data-hand="1"] th')
    wide = number.bounding_box()["width"]
    play(phone, "Blocked", {"Alice": 5, "Ben": 5, "Cara": 9, "Dev": 9})  # tied: nobody scores
    tied = phone.locator('#sheet tr[data-hand="6"] abbr.mark')
    expect(tied).to_have_text("B")
    expect(tied).to_have_attribute("title", "Blocked, tied")
    # The mark sits beside the note under the hand's row: the numbers' column stays as wide.
    expect(phone.locator('#sheet tr.void-note[data-hand="6"] td').first).to_contain_text("B")
    assert number.bounding_box()["width"] == wide
    if SHOTS:
        phone.locator("#sheet").scroll_into_view_if_needed()
        phone.screenshot(path=os.path.join(SHOTS, "legend-tied.png"))

    phone.get_by_role("link", name="Undo last hand").click()
    phone.get_by_role("button", name="Yes, undo it").click()
    expect(phone.locator('#sheet tr[data-hand="6"]')).to_have_count(0)
    expect(legend(phone)).to_have_text(["C Capicú", "B Blocked"])
    for _ in range(2):  # back to the first three hands, nothing marked
        phone.get_by_role("link", name="Undo last hand").click()
        phone.get_by_role("button", name="Yes, undo it").click()
    expect(phone.locator("#sheet tbody tr")).to_have_count(3)
    expect(phone.locator("#sheet .sheet-legend")).to_have_count(0)
