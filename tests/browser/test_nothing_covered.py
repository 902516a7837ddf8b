"""The hand form on a 360x740 phone at a park table: nothing the player taps is ever under
something else (the bar that asks before a hand ends the match stuck over the capicú switch)."""

import dataclasses
import re

import pytest
from playwright.sync_api import Browser, Page, Playwright, expect

from scorekeeper import rules
from scorekeeper.models import Table

pytestmark = pytest.mark.browser

# Each control of the hand form that is in sight, scrolled to the bottom edge of the screen as
# a thumb scrolling down first meets it: the ones something else is drawn over at their centre.
COVERED = """() => {
  const form = document.querySelector("form[data-hand-save]");
  const seen = (el) => el.checkVisibility({ visibilityProperty: true })
    && !el.closest("details:not([open])");
  const covered = [];
  for (const control of form.querySelectorAll("input:not([type=hidden]), button, a, label")) {
    if (!seen(control)) continue;
    control.scrollIntoView({ block: "end" });
    const box = control.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    const labels = Array.from(control.labels || []);
    if (hit && (control.contains(hit) || labels.some((label) => label.contains(hit)))) continue;
    const what = control.name || control.textContent.trim();
    covered.push(`${what} under ${hit ? hit.className || hit.tagName : "nothing"}`);
  }
  return covered;
}"""

# The capicú switch as the answer leaves the page: in the screen and the topmost thing there.
SWITCH_IN_SIGHT = """() => {
  const box = document.querySelector("label.switch.capicu").getBoundingClientRect();
  if (box.top < 0 || box.bottom > innerHeight) return false;
  const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return Boolean(hit && hit.closest("label.switch.capicu"));
}"""


@pytest.fixture
def park_phone(browser: Browser, playwright: Playwright):
    """A phone as the park has them (touch, 360x740), failing on any page error."""
    device = {**playwright.devices["Pixel 7"], "viewport": {"width": 360, "height": 740}}
    context = browser.new_context(**device, locale="en-US")
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    yield page
    context.close()
    assert problems == []


def start(preset: str, names: list[str], partnership: bool | None = None, **house) -> str:
    """A table's first match, with the preset's house rules changed by `house`: its address."""
    table = Table.objects.create(name="Park")
    usual = rules.ALL_PRESETS[preset].default_rules(len(names) == 4)
    game = rules.make_game(
        preset,
        len(names),
        partnership=partnership,
        rules=dataclasses.replace(usual, **house),
    )
    match = table.start_match(names, game, preset)
    return f"/t/{table.key}/m/{match.number}/"


def ask_to_end(page: Page, out: str, count: int) -> None:
    """Tap who went out, type the same count in every field there is, Save: the match would end."""
    page.locator("#entry .outs").last.get_by_role("link", name=out, exact=True).tap()
    save = page.locator(".save-row button.save")
    expect(save).to_be_visible()
    for field in page.locator("form[data-hand-save] [data-pips] input[inputmode=numeric]").all():
        field.fill(str(count))
    # The preview's answer lengthens the form above the button: tapped before it came, the tap
    # could land where the button was.
    # The preview's answer lengthens the form above the button: tapped before it came, the tap
    # could land where the button was. Its last answer says who wins.
    expect(page.locator("#preview")).to_contain_text(re.compile(r"\bwins?\b"))
    save.tap()
    expect(page.get_by_role("button", name="Yes, save: the match ends")).to_be_visible()
    page.wait_for_load_state("networkidle")


def test_the_capicu_switch_is_in_sight_and_tappable_when_the_match_end_is_asked(
    live_server, park_phone: Page, db
):
    address = start("caribbean", ["Alice", "Ben", "Cara", "Dev"], target=50)
    park_phone.goto(live_server.url + address)
    ask_to_end(park_phone, "Alice", 20)

    park_phone.wait_for_function(SWITCH_IN_SIGHT, timeout=5000)
    expect(park_phone.get_by_role("button", name="No, go back")).to_be_in_viewport(ratio=1)
    park_phone.locator("label.switch.capicu").tap(trial=True)  # no force: nothing is over it
    park_phone.locator("label.switch.capicu").tap()
    expect(park_phone.get_by_role("checkbox", name="Capicú (+25)")).to_be_checked()
    assert park_phone.evaluate(COVERED) == []


@pytest.mark.parametrize(
    ("preset", "names", "options"),
    [
        ("pub_block", ["Alice", "Ben", "Cara", "Dev"], {"partnership": True, "target": 50}),
        ("mexican_train", ["Alice", "Ben"], {"first_engine": 0}),
        ("jamaican_partner", ["Alice", "Ben", "Cara", "Dev"], {"target": 1}),
    ],
    ids=["block-partnership", "mexican-train", "jamaican"],
)
def test_no_control_of_another_game_s_hand_form_is_covered_when_the_end_is_asked(
    live_server, park_phone: Page, db, preset, names, options
):
    park_phone.goto(live_server.url + start(preset, names, **options))
    ask_to_end(park_phone, "Alice", 20)

    # The question and both its answers in sight, once the preview above them has come back.
    expect(park_phone.get_by_role("button", name="No, go back")).to_be_in_viewport(ratio=1)
    expect(park_phone.get_by_role("button", name="Yes, save: the match ends")).to_be_in_viewport()
    assert park_phone.evaluate(COVERED) == []


# The field that has the cursor: the topmost thing at its centre, inside the window.
FOCUSED_IN_SIGHT = """() => {
  const field = document.activeElement;
  const box = field.getBoundingClientRect();
  if (box.top < 0 || box.bottom > innerHeight) return `${field.name} out of the window`;
  const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  const over = hit ? hit.className || hit.tagName : "nothing";
  return hit === field ? "" : `${field.name} under ${over}`;
}"""


def test_each_count_the_cursor_moves_to_with_the_pad_up_is_above_the_save_bar(
    live_server, park_phone: Page, db
):
    # The number pad up: the window shrinks above it (interactive-widget=resizes-content).
    park_phone.set_viewport_size({"width": 360, "height": 420})
    park_phone.goto(live_server.url + start("caribbean", ["Alice", "Ben", "Cara", "Dev"]))
    park_phone.locator("#entry .outs").get_by_role("link", name="Blocked", exact=True).tap()
    expect(park_phone.get_by_label("Alice", exact=True)).to_be_focused()

    hidden = []
    for name in ("Alice", "Ben", "Cara", "Dev"):
        expect(park_phone.get_by_label(name, exact=True)).to_be_focused()
        hidden.append(park_phone.evaluate(FOCUSED_IN_SIGHT))
        park_phone.keyboard.type("9")
        park_phone.keyboard.press("Enter")  # the pad's Next (the last one's Done saves)

    assert [problem for problem in hidden if problem] == []
    expect(park_phone.locator(".msg")).to_contain_text("Hand 1 saved")


# A refused count's message: how far under its field, and where it stands against the bar with
# Save (stuck to the bottom of the window) and the window.
MESSAGE_PLACE = """(name) => {
  const field = document.querySelector(`form[data-hand-save] input[name=${name}]`);
  const message = document.getElementById(`${field.id}_error`).getBoundingClientRect();
  const bar = document.querySelector("form[data-hand-save] .save-row").getBoundingClientRect();
  const hit = document.elementFromPoint(message.x + message.width / 2, message.bottom - 4);
  return {
    under: message.top - field.getBoundingClientRect().bottom,
    clear: message.bottom <= Math.min(bar.top, innerHeight),
    over: hit && !hit.closest(".field-error") ? hit.className || hit.tagName : "",
  };
}"""


@pytest.fixture
def phone_without_javascript(browser: Browser):
    """A 360x740 phone in Spanish with JavaScript off, failing on any page error."""
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": 360, "height": 740}, locale="es"
    )
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    yield page
    context.close()
    assert problems == []


BELOW_ZERO = "Los puntos no pueden ser menos de 0."


@pytest.mark.parametrize(
    ("out", "entry", "counts", "message"),
    [
        ("0", "total", {"pooled": "-3"}, BELOW_ZERO),
        (
            "blocked",
            "each",
            {"pips_0": "5", "pips_1": "6", "pips_2": "7", "pips_3": "-3"},
            BELOW_ZERO,
        ),
        # A message of six lines, in a third of the width.
        (
            "0",
            "each",
            {"pips_1": "70", "pips_2": "6", "pips_3": "7"},
            "Una mano de 7 fichas no puede tener más de 69 puntos.",
        ),
    ],
    ids=["the-total", "the-last-of-four", "a-long-message"],
)
def test_a_refused_count_comes_back_without_javascript_with_its_message_under_it_in_sight(
    live_server, phone_without_javascript: Page, db, out, entry, counts, message
):
    # Testers in Spanish, without JavaScript: -3 in the total came back with "Los puntos no
    # pueden ser menos de 0." under the two photo buttons, half under the bar with Save; a count
    # lower down was not scrolled to at all.
    page = phone_without_javascript
    address = start("caribbean", ["Ana", "Beto", "Carla", "Dani"])
    page.goto(live_server.url + address + f"?out={out}&entry={entry}#entry")
    for name, value in counts.items():
        page.locator(f"input[name={name}]").fill(value)
    page.locator(".save-row button.save").click()

    refused = next(name for name, value in counts.items() if value in ("-3", "70"))
    said = page.locator(f"#id_{refused}_error")
    expect(said).to_have_text(message)
    assert 0 <= page.evaluate(MESSAGE_PLACE, refused)["under"] < 8  # right under its field
    # The page comes back (loaded) opened at the refused count: its message in the window and
    # clear of the bar with Save.
    page.wait_for_load_state("load")
    expect(said).to_be_in_viewport(ratio=1)
    place = page.evaluate(MESSAGE_PLACE, refused)
    assert place["clear"] and place["over"] == ""
