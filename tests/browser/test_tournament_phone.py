"""The tournament's pages on a 360 x 740 phone, in English and in Swedish (the longer words):
nothing scrolls sideways, and every link, button and field is a thumb's size to tap."""

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, expect

from scorekeeper.tournaments.models import Board
from tests.support.testing import make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("fresh_catalogues")]

TAP = 44  # px, the smallest target a thumb hits reliably
WIDTH = 360

# Every visible target, except the skip link and the like that are drawn 1 px wide until focused.
TARGETS = """() => [...document.querySelectorAll(
    'a[href], button, select, summary, textarea, input:not([type=hidden])')]
  .filter((element) => element.getClientRects().length)
  .map((element) => {
    const box = element.getBoundingClientRect();
    const text = (element.textContent || element.name || '').trim().slice(0, 40);
    return {text, tag: element.tagName, width: box.width, height: box.height};
  })
  .filter((target) => target.width > 1)"""

ENTRANTS = [
    "Annabella Kristoffersson & Bengt-Göran Lindqvist",
    "Cristina Domínguez & Daniela Fernández",
    "Eva & Fede",
    "Gil & Hugo",
    "Ines & Juan",
    "Kike & Lola",
]


@pytest.fixture(params=["en", "sv"])
def phone_in(request, browser: Browser):
    context = browser.new_context(
        viewport={"width": WIDTH, "height": 740}, locale=request.param, has_touch=True
    )
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    yield page
    context.close()
    assert problems == []


def check(page, url: str) -> None:
    page.goto(url)
    expect(page.locator("h1")).to_be_visible()
    width = page.evaluate("document.scrollingElement.scrollWidth")
    assert width <= WIDTH, f"{url} is {width} px wide"
    targets = page.evaluate(TARGETS)
    assert targets, url
    small = [target for target in targets if target["height"] < TAP]
    assert small == [], url


def test_the_tournament_pages_fit_a_phone_and_every_target_is_a_thumbs_size(live_server, phone_in):
    page = phone_in
    tournament = make_tournament(ENTRANTS)
    base = live_server.url
    director = base + tournament.get_absolute_url()
    page.goto(director)
    page.locator(".draw button.primary").click()
    expect(page.locator("#round-1 li.board").first).to_be_visible()
    expect(page.locator(".tournament-standings [data-entrant]")).to_have_count(len(ENTRANTS))

    check(page, director)
    check(page, base + reverse("new_tournament"))
    check(page, base + tournament.watch_url())
    check(page, base + reverse("tournament_standings_print", args=[tournament.watch_key]))
    check(page, base + reverse("tournament_screen", args=[tournament.watch_key]))
    entrant = tournament.entrants.first()
    check(page, base + reverse("tournament_entrant_page", args=[tournament.watch_key, entrant.pk]))
    board = Board.objects.filter(round__tournament=tournament, kind="played").first()
    check(page, base + reverse("tournament_forfeit", args=[tournament.key, board.pk]))


def test_a_short_name_in_the_standings_is_a_thumbs_width_to_tap(live_server, phone_in):
    """ "Bo" and "Cy" were links 26 px wide (a walk-through measured them)."""
    page = phone_in
    tournament = make_tournament(["Bo", "Cy", "Ed", "Al"], format="rotating_partners")
    page.goto(live_server.url + tournament.watch_url())
    links = page.locator(".standings h3 a")
    expect(links).to_have_count(4)
    widths = [links.nth(index).bounding_box()["width"] for index in range(4)]
    assert min(widths) >= TAP, widths
