"""The statistics on a 360 px phone: every number readable in place, every target a thumb's size."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

TAP = 44  # px, the smallest target a thumb hits reliably

TARGETS = """() => [...document.querySelectorAll('a[href], button, select, summary, input')]
  .filter((element) => element.getClientRects().length)
  .map((element) => {
    const box = element.getBoundingClientRect();
    const text = (element.textContent || element.name || '').trim();
    return {text, width: box.width, height: box.height};
  })"""

# Any element wider than the page, or one that scrolls sideways inside its own box.
OVERFLOWING = """() => [...document.querySelectorAll('body *')]
  .filter((element) => element.getClientRects().length)
  .filter((element) => {
    const box = element.getBoundingClientRect();
    return box.left < 0 || box.right > window.innerWidth
      || element.scrollWidth > element.clientWidth + 1
        && getComputedStyle(element).overflowX !== 'visible';
  })
  .map((element) => element.tagName + '.' + element.className)"""


def test_every_statistics_target_is_a_thumbs_size_at_360px(live_server, phone: Page, park_table):
    phone.goto(f"{live_server.url}{park_table.stats_url()}")
    expect(phone.get_by_role("heading", name="Pairs")).to_be_visible()
    targets = phone.evaluate(TARGETS)
    assert len(targets) > 40
    small = [target for target in targets if target["width"] < TAP or target["height"] < TAP]
    assert small == []


def test_every_statistic_is_read_without_sideways_scrolling_at_360px(
    live_server, phone: Page, park_table
):
    phone.goto(f"{live_server.url}{park_table.stats_url()}")
    expect(phone.get_by_role("heading", name="Pairs")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    assert phone.evaluate(OVERFLOWING) == []
