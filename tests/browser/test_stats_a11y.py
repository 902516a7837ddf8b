"""Statistics and the race chart on a 360 px phone, light and dark: axe-core finds nothing."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}


@pytest.fixture(params=["light", "dark"])
def phone(request, browser: Browser):
    context = browser.new_context(viewport=PHONE, color_scheme=request.param, locale="en-US")
    yield context.new_page()
    context.close()


def violations(page: Page) -> list[str]:
    """axe-core's findings on the page as it is now (the bundled copy, nothing fetched)."""
    results = Axe().run(page)
    return [
        f"{violation['id']}: {[node['target'] for node in violation['nodes']]}"
        for violation in results.response["violations"]
    ]


def fits(page: Page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_statistics_page_is_accessible_at_360px(live_server, phone: Page, park_table):
    phone.goto(f"{live_server.url}/t/{park_table.key}/stats")
    expect(phone.get_by_role("heading", name="Pairs")).to_be_visible()
    expect(phone.get_by_role("link", name="Alice & Cara")).to_be_visible()
    assert fits(phone)
    assert violations(phone) == []


def test_race_chart_is_accessible_at_360px(live_server, phone: Page, park_table):
    phone.goto(f"{live_server.url}/t/{park_table.key}/m/3/")
    chart = phone.get_by_role("img", name="Running totals over 3 hands")
    expect(chart).to_be_visible()
    assert chart.bounding_box()["width"] <= PHONE["width"]
    expect(phone.get_by_role("table", name="Running totals after each hand")).to_be_attached()
    assert fits(phone)
    assert violations(phone) == []


def test_head_to_head_is_accessible_at_360px(live_server, phone: Page, park_table):
    alice, ben = (str(park_table.players.get(name=name).pk) for name in ("Alice", "Ben"))
    phone.goto(f"{live_server.url}{park_table.versus_url()}")
    phone.get_by_label("First").select_option(alice)
    phone.get_by_label("Second").select_option(ben)
    phone.get_by_role("button", name="Compare").click()
    expect(phone.get_by_role("heading", name="Alice against Ben")).to_be_visible()
    assert fits(phone)
    assert violations(phone) == []
