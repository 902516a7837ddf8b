"""The setup's rows of small choices (play to, capicú, series) on a 360 px phone."""

import pytest
from playwright.sync_api import Page, expect

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
    labels = phone.locator(".choices.row .choice bdi").filter(visible=True)
    assert labels.count() >= 8  # play to, capicú bonus and series
    for index in range(labels.count()):
        for word, lines in labels.nth(index).evaluate(LINES_OF_WORDS):
            assert lines == 1, f"{word!r} is cut over {lines} lines"
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_every_control_of_the_setup_is_a_thumb_sized_target(live_server, phone: Page):
    """Mexican Train's first engine is a select: as tall as the other controls (44 px)."""
    phone.goto(f"{live_server.url}/new")
    phone.locator("details.rules-fold summary").click()
    phone.locator("input[name=preset][value=mexican_train]").check()
    selects = phone.locator("form.setup select")
    # The server draws the chosen game's rules: its select comes with the answer.
    expect(selects.first).to_be_visible()
    for index in range(selects.count()):
        box = selects.nth(index).bounding_box()
        assert box is not None and box["height"] >= 44, box


@pytest.mark.parametrize("preset", ["jamaican_partner", "jamaican_cut_throat"])
def test_a_six_love_set_does_not_show_the_double_shutout_switch(live_server, phone: Page, preset):
    """RULES.md: 'a shutout counts double' is not offered with six-love. The server drew its
    switch `hidden`, but `.switch { display: flex }` showed it all the same, and ticking it did
    nothing."""
    phone.goto(f"{live_server.url}/new")
    phone.locator("details.rules-fold summary").click()
    switch = phone.locator("label.switch", has=phone.locator("[name=shutout_counts_double]"))
    expect(switch).to_be_visible()  # the default game offers it
    phone.locator(f"input[name=preset][value={preset}]").check()
    expect(phone.locator("input[name=rules_of]")).to_have_value(preset)

    expect(switch).to_be_hidden()
    phone.locator("input[name=preset][value=straight_six]").check()
    expect(phone.locator("input[name=rules_of]")).to_have_value("straight_six")
    expect(switch).to_be_visible()  # a straight six offers it


def test_mexican_train_shows_no_double_shutout_and_the_rematch_note_of_players(
    live_server, phone: Page
):
    """Nobody plays in pairs and the lowest total wins: the series keeps its choice, its note
    speaks of the same players, not pairs, and there is no switch for a shutout."""
    phone.goto(f"{live_server.url}/new")
    phone.locator("details.rules-fold summary").click()
    switch = phone.locator("label.switch", has=phone.locator("[name=shutout_counts_double]"))
    note = phone.locator("#series-note")
    expect(switch).to_be_visible()
    expect(note).to_have_text(PAIRS_NOTE)

    phone.locator("input[name=preset][value=mexican_train]").check()
    expect(phone.locator("input[name=rules_of]")).to_have_value("mexican_train")
    expect(switch).to_be_hidden()
    expect(note).to_have_text(PLAYERS_NOTE)
    expect(phone.locator("input[name=series_first_to]").first).to_be_visible()

    phone.locator("input[name=preset][value=caribbean]").check()
    expect(phone.locator("input[name=rules_of]")).to_have_value("caribbean")
    expect(switch).to_be_visible()
    expect(note).to_have_text(PAIRS_NOTE)


PAIRS_NOTE = "A rematch with the same pairs goes on with the series; other pairs start a new one."
PLAYERS_NOTE = (
    "A rematch with the same players goes on with the series; other players start a new one."
)


def test_the_rematch_note_follows_the_names_typed_and_the_partners(live_server, phone: Page):
    # Two or three players of a block game play each for themselves: before, the note still
    # spoke of the same sides ("las mismas parejas" in Spanish).
    phone.goto(f"{live_server.url}/new")
    phone.locator("details.rules-fold summary").click()
    phone.locator("input[name=preset][value=pub_block]").check()
    expect(phone.locator("input[name=rules_of]")).to_have_value("pub_block")
    note = phone.locator("#series-note")
    for seat, name in enumerate(("Ana", "Ben", "Cara"), start=1):
        phone.fill(f"#id_player_{seat}", name)
    expect(note).to_have_text(PLAYERS_NOTE)

    phone.fill("#id_player_4", "Dev")  # four, and "Play as partners" is on
    partners = phone.locator("input[name=partnership]")
    expect(partners).to_be_checked()
    expect(note).to_have_text(PAIRS_NOTE)

    partners.uncheck()
    expect(note).to_have_text(PLAYERS_NOTE)
