"""The big screen on a TV (1280 x 720 and 1920 x 1080): the standings with their headings, the
round's tables and the clock all in view at once, one line a name, in type read across a room."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, expect

from scorekeeper.tournaments.models import Bracket
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


def bracket_after_rounds(pairs: list[str], rounds: int = 2):
    """A Swiss of these pairs, its rounds played, then its championship bracket of them all,
    its first match entered."""
    tournament = make_tournament(pairs, round_count=rounds)
    for _ in range(rounds):
        for board in tournament.draw_next_round().boards.select_related("match"):
            play_out(board.match, 0)
    bracket = Bracket.objects.create(
        tournament=tournament, seeds=[entrant.pk for entrant in tournament.entrants.all()]
    )
    bracket.advance()
    play_out(bracket.boards.select_related("match").first().match, 0)
    return tournament


# The words of these cells drawn over more than one line: a word broken inside.
WORDS_BROKEN = """cells => cells.flatMap((cell) => {
  const text = cell.firstChild;
  if (!text || text.nodeType !== Node.TEXT_NODE) return [];
  const broken = [];
  for (const found of text.data.matchAll(/\\S+/g)) {
    const range = document.createRange();
    range.setStart(text, found.index);
    range.setEnd(text, found.index + found[0].length);
    // A word after a line's end also gives an empty box at that end: only drawn boxes count.
    const drawn = Array.from(range.getClientRects()).filter((rect) => rect.width > 1);
    const tops = new Set(drawn.map((rect) => Math.round(rect.top)));
    if (tops.size > 1) broken.push(found[0]);
  }
  return broken;
})"""


def fits(screen, part: str) -> None:
    """Nothing of `part` is cut or scrolled: its content is no bigger than its box."""
    sizes = screen.locator(part).evaluate(
        "el => [el.scrollWidth, el.clientWidth, el.scrollHeight, el.clientHeight]"
    )
    assert sizes[0] <= sizes[1] + 1 and sizes[2] <= sizes[3] + 1, sizes


def test_the_bracket_fills_the_big_screen_beside_the_standings(live_server, screen):
    tournament = bracket_after_rounds(PAIRS[:8])
    screen.goto(live_server.url + reverse("tournament_screen", args=[tournament.watch_key]))
    size = screen.viewport_size
    expect(screen.locator(".screen-brackets[data-fitted]")).to_be_attached()
    assert screen.evaluate("document.scrollingElement.scrollHeight") <= size["height"]
    fits(screen, ".screen-brackets")
    # The standings stand beside the bracket, their heading and first rows in view.
    expect(screen.locator("#screen-standings")).to_be_in_viewport(ratio=1)
    rows = screen.locator(".standings tbody tr:not([hidden])")
    assert rows.count() >= 4
    expect(rows.first).to_be_in_viewport(ratio=1)
    bracket = screen.locator(".screen-brackets").bounding_box()
    standings = screen.locator("#screen-standings").bounding_box()
    assert standings["x"] >= bracket["x"] + bracket["width"] - 1
    # The bracket's rounds spread across its pane, not huddled in its top-left corner.
    final = screen.locator(".bracket-round").last.bounding_box()
    assert final["x"] + final["width"] >= bracket["x"] + 0.9 * bracket["width"]
    names = screen.locator(".bracket-name")
    size_px = names.first.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")
    assert size_px >= 0.03 * size["height"]
    # The standings' headings break between words, never inside one ("Points differen|ce").
    broken = screen.locator("#screen-standings ~ .screen-list th").evaluate_all(WORDS_BROKEN)
    assert broken == [], broken
    fits(screen, "#screen-standings ~ .screen-list")


def test_a_knockouts_bracket_takes_the_whole_big_screen(live_server, screen):
    tournament = make_tournament(PAIRS[:8], format="single_elimination")
    bracket = Bracket.objects.create(
        tournament=tournament, seeds=[entrant.pk for entrant in tournament.entrants.all()]
    )
    bracket.advance()
    screen.goto(live_server.url + reverse("tournament_screen", args=[tournament.watch_key]))
    size = screen.viewport_size
    expect(screen.locator(".screen-brackets[data-fitted]")).to_be_attached()
    assert screen.locator("#screen-standings").count() == 0  # a knockout has no standings
    fits(screen, ".screen-brackets")
    box = screen.locator(".screen-brackets").bounding_box()
    assert box["width"] >= 0.9 * size["width"] and box["height"] >= 0.6 * size["height"]
    final = screen.locator(".bracket-round").last.bounding_box()
    assert final["x"] + final["width"] >= 0.85 * size["width"]
    size_px = screen.locator(".bracket-name").first.evaluate(
        "el => parseFloat(getComputedStyle(el).fontSize)"
    )
    assert size_px >= 0.03 * size["height"]


# The type size of each bracket name drawn on the screen now (not those of the parts not
# shown), read at once when at least two are drawn (null until then).
DRAWN_NAME_SIZES = """() => {
  const sizes = [...document.querySelectorAll(".screen-brackets[data-fitted] .bracket-name")]
    .filter((name) => name.getClientRects().length)
    .map((name) => parseFloat(getComputedStyle(name).fontSize));
  return sizes.length >= 2 ? sizes : null;
}"""


@pytest.mark.parametrize("count", [16, 32])
def test_a_big_bracket_shows_a_part_at_a_time_in_type_read_across_a_room(
    live_server, screen, count
):
    """16 or 32 pairs do not fit a TV beside the standings at a readable size: the bracket shows
    a part at a time (each a corner of it, its later rounds beside it), turning with the clock,
    every part fitting, in type a room away reads, names broken between words only, and every
    first-round match on one of the parts."""
    pairs = [*PAIRS, *(f"Spelare{n} & Partner{n}" for n in range(16, 32))][:count]
    tournament = bracket_after_rounds(pairs, rounds=1)
    screen.clock.install(time=0)  # the parts turn every 8 s from the first
    screen.goto(live_server.url + reverse("tournament_screen", args=[tournament.watch_key]))
    size = screen.viewport_size
    box = screen.locator(".screen-brackets[data-fitted]")
    expect(box).to_be_attached()
    pages = int(box.get_attribute("data-page-count"))
    assert pages >= 2
    first_round = screen.locator(".bracket-round").first.locator(".bracket-match")
    every = set(first_round.evaluate_all("cells => cells.map((cell) => cell.dataset.match)"))
    shown = set()
    for page in range(pages):
        expect(box).to_have_attribute("data-page", str(page))
        expect(screen.locator("[data-bracket-part]")).to_have_text(f"{page + 1} / {pages}")
        fits(screen, ".screen-brackets")
        assert screen.evaluate("document.scrollingElement.scrollHeight") <= size["height"]
        expect(screen.locator(".bracket-name:visible").first).to_be_visible()
        # The names drawn, read at once: the screen's redraw every 3 s swaps them out and in.
        sizes = screen.wait_for_function(DRAWN_NAME_SIZES).json_value()
        assert len(sizes) >= 2 and min(sizes) >= 0.03 * size["height"], sizes
        broken = screen.locator(".bracket-name, .bracket-name bdi").evaluate_all(WORDS_BROKEN)
        assert broken == [], (page, broken)
        shown |= set(
            first_round.evaluate_all(
                "cells => cells.filter((c) => !c.hidden).map((c) => c.dataset.match)"
            )
        )
        screen.clock.fast_forward(8000)
    assert shown == every
    # The standings stay beside it, their first rows in view.
    expect(screen.locator("#screen-standings")).to_be_in_viewport(ratio=1)


def test_swedish_headings_beside_the_bracket_break_between_words(live_server, browser: Browser):
    """'Poängskillnad' (points difference) in the narrow standings beside a bracket at 720p: its
    column is as wide as the word, never 'Poängskill|nad'."""
    tournament = bracket_after_rounds(PAIRS[:8])
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale="sv-SE")
    screen = context.new_page()
    screen.goto(live_server.url + reverse("tournament_screen", args=[tournament.watch_key]))
    expect(screen.locator(".screen-brackets[data-fitted]")).to_be_attached()
    headings = screen.locator("#screen-standings ~ .screen-list th")
    expect(headings.nth(3)).to_have_text("Poängskillnad")
    assert headings.evaluate_all(WORDS_BROKEN) == []
    fits(screen, "#screen-standings ~ .screen-list")
    context.close()
