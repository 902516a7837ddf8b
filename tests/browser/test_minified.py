"""The script modules and stylesheet as production serves them: minified at collectstatic
(scorekeeper/serving/storage.py). The other browser tests run the sources in static/; these run the
same flows on the minified files a phone downloads, through the modules of the match page."""

import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from playwright.sync_api import Page, Route, expect

from scorekeeper.serving.storage import minified, minifier

pytestmark = pytest.mark.browser

SOURCES = Path(settings.BASE_DIR) / "static"


# What every page loads (main.js imports offline.js), and what the match page loads for its parts.
EVERY_PAGE = {"js/main.js", "js/offline.js", "css/app.css"}
MATCH_PAGE = {"js/keep.js", "js/notes.js", "js/queue.js", "js/hand.js", "js/saves.js"}
MATCH_PAGE |= {"js/awake.js", "js/waiting.js", "js/score.js", "js/speak.js", "js/tiles.js"}
MATCH_PAGE |= {"js/keys.js"}


@pytest.fixture
def served() -> list[str]:
    return []


@pytest.fixture
def phone(page: Page, served: list[str]):
    """A small phone that gets our scripts and styles minified, failing the test on any console
    error; it checks that the script and the stylesheet were the minified ones."""

    def serve(route: Route) -> None:
        name = urlsplit(route.request.url).path.split("/static/", 1)[1]
        source = SOURCES / name
        if not (minifier(name) and source.is_file()):
            route.continue_()
            return
        smaller = minified(name, source.read_text())
        assert len(smaller) < source.stat().st_size
        served.append(name)
        kind = "text/css" if name.endswith(".css") else "text/javascript"
        route.fulfill(body=smaller, content_type=f"{kind}; charset=utf-8")

    problems: list[str] = []
    page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.route(re.compile(r"/static/.+\.(js|css)$"), serve)
    page.set_viewport_size({"width": 360, "height": 740})
    yield page
    assert problems == []
    assert set(served) >= EVERY_PAGE


def open_match(page: Page, live_server, match) -> None:
    page.goto(f"{live_server.url}/t/{match.table.key}/m/{match.number}/")


def test_minified_tiles_count_and_the_typed_hand_survives_a_reload(
    live_server, phone: Page, make_match
):
    open_match(phone, live_server, make_match())
    phone.locator("#entry .outs").get_by_role("link", name="Ben", exact=True).click()
    phone.get_by_label("Alice", exact=True).fill("4")
    cara = phone.locator(".pip-field", has=phone.get_by_label("Cara", exact=True))
    cara.get_by_text("Tiles").click()
    cara.locator(".tile:has(input[value='6-5'])").click()
    expect(phone.get_by_label("Cara", exact=True)).to_have_value("11")
    phone.reload()
    expect(phone.get_by_label("Alice", exact=True)).to_have_value("4")
    expect(phone.locator("[data-keep-note=restored]")).to_be_visible()
    expect(phone.locator("[data-keep-note=restored]")).to_contain_text("Hand 1")


def test_minified_save_goes_by_htmx_with_the_cursor_on_the_first_count(
    live_server, phone: Page, make_match, served: list[str]
):
    open_match(phone, live_server, make_match())
    phone.locator("#entry .outs").get_by_role("link", name="Alice", exact=True).click()
    expect(phone.get_by_label("Ben", exact=True)).to_be_focused()
    for name, value in {"Ben": 10, "Cara": 5, "Dev": 7}.items():
        phone.get_by_label(name, exact=True).fill(str(value))
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.locator(".msg")).to_have_text("Hand 1 saved.")
    expect(phone.get_by_test_id("total-0")).to_have_text("22")
    assert set(served) >= MATCH_PAGE  # each module of the match page, minified


@pytest.mark.no_signal  # a module still on its way when the signal goes logs its failed load
def test_minified_page_says_when_the_signal_is_gone(live_server, phone: Page, make_match):
    open_match(phone, live_server, make_match())
    expect(phone.locator("[data-stale]")).to_be_hidden()
    phone.context.set_offline(True)
    expect(phone.locator("[data-stale]")).to_be_visible()


def test_the_minified_stylesheet_draws_the_page_as_its_source_does(
    live_server, phone: Page, browser, browser_context_args, make_match, add_hand
):
    match = make_match()
    add_hand(match, 0, {1: 10, 2: 5, 3: 10})
    url = f"{live_server.url}/t/{match.table.key}/m/{match.number}/?out=1"
    plain = browser.new_context(**browser_context_args)  # the same phone, the sources
    source = plain.new_page()
    source.set_viewport_size({"width": 360, "height": 740})
    pictures = []
    for page in (source, phone):
        page.emulate_media(reduced_motion="reduce")
        page.goto(url, wait_until="networkidle")  # the modules asked for at load, in place
        page.evaluate("document.activeElement && document.activeElement.blur()")
        pictures.append(page.screenshot(full_page=True, animations="disabled", caret="hide"))
    plain.close()
    assert pictures[0] == pictures[1]
