"""The tie-break words on a 360 px phone, in each language: the standings' cards (director's
page, watch page), the big screen and a club's leaderboard still fit, nothing scrolls sideways;
on a TV the big screen's rows keep one height."""

import os
from pathlib import Path

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, expect

from scorekeeper.tournaments.models import Board
from tests.clubs.factories import club_with, played
from tests.support.testing import make_tournament
from tests.tournaments.views.test_standings import finish

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("fresh_catalogues")]

WIDTH = 360
# Set to a folder to keep a screenshot of each page checked (to look at them, not to compare).
SHOTS = os.environ.get("TIE_BREAK_SHOTS")

ENTRANTS = [
    "Annabella Kristoffersson & Bengt-Göran Lindqvist",
    "Cristina Domínguez & Daniela Fernández",
    "Eva & Fede",
    "Gil & Hugo",
    "Ines & Juan",
    "Kike & Lola",
]


@pytest.fixture(params=["en", "es", "sv"])
def phone_in(request, browser: Browser):
    context = browser.new_context(viewport={"width": WIDTH, "height": 740}, locale=request.param)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    yield page, request.param
    context.close()
    assert problems == []


def fits(page, url: str, name: str) -> None:
    page.goto(url)
    expect(page.locator("[data-tie]").first).to_be_visible()
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= WIDTH, f"{url} is {width} px wide"
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{name}.png", full_page=True)


def test_the_tie_break_words_fit_a_phone(live_server, phone_in):
    page, language = phone_in
    tournament = make_tournament(ENTRANTS)
    tournament.draw_next_round()
    # Two tables end 200-100 (their winners share 1st), one 212-150 (3rd, behind on difference).
    boards = Board.objects.filter(round__tournament=tournament).order_by("number")
    for board, totals in zip(boards, [(212, 150), (200, 100), (200, 100)], strict=True):
        finish(board, totals)
    base = live_server.url
    fits(page, base + tournament.get_absolute_url(), f"director-{language}")
    fits(page, base + tournament.watch_url(), f"watch-{language}")
    screen = base + reverse("tournament_screen", args=[tournament.watch_key])
    fits(page, screen, f"screen-{language}")
    # On a TV the words stand under the name in small type, every row the same height.
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(screen)
    rows = page.locator(".standings tbody tr")
    expect(rows.first.locator("[data-tie]")).to_be_visible()
    heights = rows.evaluate_all("rows => rows.map((row) => row.getBoundingClientRect().height)")
    assert max(heights) - min(heights) < 1
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/tv-{language}.png")
    page.set_viewport_size({"width": WIDTH, "height": 740})

    club, (table,) = club_with("North")
    for _match in range(5):
        played(table, ("Annabella", "Bengt-Göran", "Cristina", "Daniela"), 0)
    fits(page, base + club.get_absolute_url(), f"club-{language}")
