"""The big screen on a TV (1280 x 720 and 1920 x 1080): the standings with their headings, the
round's tables and the clock all in view at once, one line a name, in type read across a room."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, expect

from tests.support.testing import make_tournament, play_out

pytestmark = pytest.mark.browser

PAIRS = [
    "Cristina Domínguez & Daniela Fernández",
    *(f"Player{n} & Partner{n}" for n in range(1, 16)),
]


@pytest.fixture(params=[(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def screen(request, browser: Browser):
    width, height = request.param
    context = browser.new_context(viewport={"width": width, "height": height})
    yield context.new_page()
    context.close()


def test_the_big_screen_uses_the_whole_screen(live_server, screen):
    tournament = make_tournament(PAIRS, time_cap=40)
    round = tournament.draw_next_round()
    round.start()
    play_out(round.boards.select_related("match").first().match, 0)
    screen.goto(live_server.url + reverse("tournament_screen", args=[tournament.watch_key]))
    size = screen.viewport_size
    expect(screen.locator(".screen-clock")).to_contain_text("Time left")
    for part in (".screen-clock", "#screen-standings", ".standings thead", "#screen-round"):
        expect(screen.locator(part)).to_be_in_viewport(ratio=1)
    # Nothing below the fold: the page is the screen.
    assert screen.evaluate("document.scrollingElement.scrollHeight") <= size["height"]
    # The round's tables stand beside the standings, not under them.
    standings = screen.locator("#screen-standings").bounding_box()
    tables = screen.locator("#screen-round").bounding_box()
    assert tables["x"] > standings["x"] + size["width"] / 3
    # Every name shown keeps to one line, in type a room away can read (>= 3 % of the height).
    rows = screen.locator(".standings tbody tr:not([hidden])")
    assert rows.count() >= 6
    heights = rows.evaluate_all("rows => rows.map((row) => row.getBoundingClientRect().height)")
    assert max(heights) - min(heights) < 1
    size_px = (
        rows.first.locator("td").nth(1).evaluate("td => parseFloat(getComputedStyle(td).fontSize)")
    )
    assert size_px >= 0.03 * size["height"]
    boards = screen.locator(".screen-board:not([hidden])")
    assert boards.count() == 8  # the round's eight tables, all on the screen


def test_the_second_page_of_standings_keeps_its_headings(live_server, screen):
    tournament = make_tournament([f"P{n} & Q{n}" for n in range(40)])
    tournament.draw_next_round()
    screen.goto(live_server.url + reverse("tournament_screen", args=[tournament.watch_key]))
    standings = screen.locator("[data-pages]").first
    # It turns by itself (every 8 s) to a page after the first, under the same headings.
    expect(standings).to_have_attribute("data-page", re.compile("^[1-9]"), timeout=20000)
    expect(standings.locator("thead")).to_be_in_viewport(ratio=1)
    first_shown = standings.locator("tbody tr:not([hidden])").first
    expect(first_shown).to_be_in_viewport(ratio=1)
    assert standings.locator("tbody tr").first.is_hidden()
