"""A club's pages on a 360 px phone without JavaScript: read without sideways scrolling, and a
season chosen by the page's own form."""

import datetime as dt

import pytest
from playwright.sync_api import Browser, expect

from scorekeeper.clubs.models import Season
from tests.browser.test_stats_phone import OVERFLOWING
from tests.clubs.factories import club_with, played

pytestmark = pytest.mark.browser


SEATS = [
    ("Ana", "Ben", "Cara", "Dev"),
    ("ana", "Maximiliana Fernández", "Eve", "Bartholomew"),
    ("Eve", "Dev", "BEN", "Cara"),
]


@pytest.fixture
def club(transactional_db):
    """Three tables, thirty matches between the same park's players."""
    club, tables = club_with("North park table with a long name", "South", "East")
    for number in range(30):
        played(tables[number % 3], SEATS[number % 3], (number * 7 // 3) % 2)
    today = dt.date.today()
    Season.objects.create(
        club=club, name="This year", starts_on=today.replace(month=1, day=1), ends_on=today
    )
    return club


@pytest.fixture
def scriptless(browser: Browser):
    context = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False)
    yield context.new_page()
    context.close()


def test_the_leaderboard_and_a_players_page_fit_360px_without_javascript(
    live_server, scriptless, club
):
    scriptless.goto(f"{live_server.url}{club.get_absolute_url()}?season=all")
    expect(scriptless.locator('[data-player="ana"]')).to_be_visible()
    assert scriptless.evaluate("document.documentElement.scrollWidth") <= 360
    assert scriptless.evaluate(OVERFLOWING) == []
    scriptless.locator('[data-player="ana"] a').click()
    expect(scriptless.locator("svg.rating-chart")).to_be_visible()
    assert scriptless.evaluate("document.documentElement.scrollWidth") <= 360
    assert scriptless.evaluate(OVERFLOWING) == []


def test_a_season_is_chosen_without_javascript(live_server, scriptless, club):
    scriptless.goto(f"{live_server.url}{club.get_absolute_url()}?season=all")
    season = Season.objects.get(club=club)
    scriptless.select_option("#club-season", str(season.pk))
    scriptless.get_by_role("button", name="Show").click()
    expect(scriptless.locator(f'[data-season="{season.pk}"]')).to_be_visible()
