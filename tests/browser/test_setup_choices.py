"""The setup's rows of small choices (play to, capicú, series) on a 360 px phone."""

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

# How many lines each word of a choice's label takes: a word cut in two takes two.
LINES_OF_WORDS = """el => {
  const lines = [];
  for (const word of el.textContent.trim().split(/\\s+/)) {
    const start = el.textContent.indexOf(word);
    const range = document.createRange();
    range.setStart(el.firstChild, start);
    range.setEnd(el.firstChild, start + word.length);
    lines.push([word, new Set([...range.getClientRects()].map(r => Math.round(r.top))).size]);
  }
  return lines;
}"""


@pytest.mark.parametrize("language", ["en", "es", "sv"])
def test_no_word_of_a_row_choice_is_cut_in_two(live_server, phone: Page, language):
    phone.goto(f"{live_server.url}/new")
    phone.locator(f"footer button[value={language}]").click()
    phone.locator("details.rules-fold summary").click()
    # The rows shown: a game's own rows (Mexican Train's) stay hidden until it is chosen.
    labels = phone.locator(".choices.row .choice bdi:visible")
    assert labels.count() >= 8  # play to, capicú bonus and series
    for index in range(labels.count()):
        for word, lines in labels.nth(index).evaluate(LINES_OF_WORDS):
            assert lines == 1, f"{word!r} is cut over {lines} lines"
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
