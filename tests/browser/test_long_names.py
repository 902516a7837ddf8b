"""A long name without spaces stays inside its button on a 360 px phone."""

import pytest
from playwright.sync_api import Locator, Page, expect

from scorekeeper.models import NAME_MAX
from tests.support.testing import SPANISH

pytestmark = pytest.mark.browser

LONG = "Kristoffersson" + "x" * (NAME_MAX - 14)  # one word, as long as a name may be


def test_a_long_one_word_name_fits_its_who_went_out_button(live_server, phone: Page, make_match):
    match = make_match(names=(LONG, "Ben", "Cara", "Dev"))
    phone.goto(f"{live_server.url}{match.get_absolute_url()}")
    button = phone.locator("#entry .outs a").first
    overflow = button.evaluate("el => el.scrollWidth - el.clientWidth")
    assert overflow <= 0


def test_a_long_one_word_name_asked_who_led_keeps_the_page_from_scrolling_sideways(
    live_server, phone: Page, make_match
):
    match = make_match(names=(LONG, "Ben", "Cara", "Dev"), **SPANISH)
    phone.goto(f"{live_server.url}{match.get_absolute_url()}?out=blocked")
    assert phone.locator("input[name=led_by]").count() == 4
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_six_letter_name_asked_who_led_stays_on_one_line(live_server, phone: Page, make_match):
    match = make_match(names=("Ana", "Beto", "Carmen", "Dani"), **SPANISH)
    phone.goto(f"{live_server.url}{match.get_absolute_url()}?out=blocked")
    buttons = phone.locator(".choice:has(input[name=led_by]) > span")
    heights = [buttons.nth(seat).bounding_box()["height"] for seat in range(4)]
    assert heights[2] == heights[0]  # Carmen's button as tall as Ana's: not "Car / men"


def test_a_long_one_word_name_asked_who_blocked_keeps_the_page_from_scrolling_sideways(
    live_server, phone: Page, make_match
):
    match = make_match(names=(LONG, "Ben", "Cara", "Dev"), blocker_against_next=True)
    phone.goto(f"{live_server.url}{match.get_absolute_url()}?out=blocked")
    assert phone.locator("input[name=blocked_by]").count() == 4
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_long_one_word_names_in_the_partners_choice_keep_the_setup_from_scrolling_sideways(
    live_server, phone: Page
):
    phone.goto(f"{live_server.url}/new")
    for seat, name in enumerate((LONG, "Ben", "Cara", "Dev"), start=1):
        phone.fill(f"#id_player_{seat}", name)
    # The server names the partners once the fourth name is typed.
    expect(phone.locator("[data-pairing]").first).to_contain_text(LONG)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_name_typed_with_a_direction_override_does_not_turn_the_other_partners_around(
    live_server, phone: Page
):
    phone.goto(f"{live_server.url}/new")
    for seat, name in enumerate(("\u202eAlice", "Ben", "Cara", "Dev"), start=1):
        phone.fill(f"#id_player_{seat}", name)
    expect(phone.locator("[data-pairing]").first).to_contain_text("Ben & Dev")
    left = phone.locator("[data-pairing]").first.evaluate(
        """label => ["Ben", "Dev"].map(word => {
            const text = label.firstChild, range = document.createRange();
            const at = text.data.indexOf(word);
            range.setStart(text, at);
            range.setEnd(text, at + word.length);
            return range.getBoundingClientRect().left;
        })"""
    )
    assert left[0] < left[1]


@pytest.mark.parametrize("where", ["h/1/", "undo"])
def test_a_long_one_word_name_keeps_the_hand_and_undo_pages_from_scrolling_sideways(
    live_server, phone: Page, make_match, add_hand, where: str
):
    match = add_hand(make_match(names=("Alice", LONG, "Cara", "Dev")), 1, {0: 9, 2: 9, 3: 9})
    phone.goto(f"{live_server.url}{match.get_absolute_url()}{where}")
    assert LONG in phone.locator("main").inner_text()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_long_one_word_table_name_keeps_its_history_page_from_scrolling_sideways(
    live_server, phone: Page, make_match
):
    match = make_match()
    match.table.name = "Z" * 60
    match.table.save()
    phone.goto(f"{live_server.url}{match.table.get_absolute_url()}")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


@pytest.mark.parametrize("where", ["match", "watch", "home", "help"])
def test_long_one_word_names_keep_every_page_of_the_table_from_scrolling_sideways(
    live_server, phone: Page, make_match, add_hand, where: str
):
    match = add_hand(make_match(names=(LONG, "W" * 30, "Cara", "X" * 30)), 1, {0: 9, 2: 9, 3: 9})
    match.table.name = "Z" * 60
    match.table.save()
    phone.goto(f"{live_server.url}{match.get_absolute_url()}")  # kept on this phone's home
    addresses = {
        "match": match.get_absolute_url(),
        "watch": f"/w/{match.table.watch_key}/",
        "home": "/",
        "help": f"/help?t={match.table.key}",
    }
    phone.goto(f"{live_server.url}{addresses[where]}")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


# How many lines each element's text takes (a name broken inside a word takes two).
LINES = """els => els.map((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const lineHeight = parseFloat(getComputedStyle(el).lineHeight);
    return Math.round(range.getBoundingClientRect().height / lineHeight);
})"""

EIGHT = (
    "Alejandra",
    "Bartolomé",
    "Cris",
    "Dionisio",
    "Esperanza",
    "Florencio",
    "Guadalupe",
    "Heriberto",
)


def test_eight_players_names_of_ten_letters_stay_whole_on_a_phone(
    live_server, phone: Page, make_match
):
    # Mexican Train at eight: before, three taps a row broke "Alejandr / a", "Bartolom / é".
    match = make_match(names=EIGHT, preset="mexican_train")
    phone.goto(f"{live_server.url}{match.get_absolute_url()}")
    taps = phone.locator("#entry .outs a:not(.blocked)")
    assert taps.count() == 8
    assert taps.evaluate_all(LINES) == [1] * 8  # every name on one line, as "Cris" is
    # The score cards' names on one line each as well.
    assert phone.locator(".board .side-name").evaluate_all(LINES) == [1] * 8
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_long_name_keeps_its_total_whole_beside_the_race(
    live_server, phone: Page, make_match, add_hand
):
    # Before, beside "Maximiliano Bartolomé de las C & Bo" the race's legend drew 64 as "6 / 4".
    # (A name is kept to its first 30 characters, as the form keeps it: PostgreSQL refuses more.)
    match = make_match(names=("Maximiliano Bartolomé de las C", "W" * 30, "Bo", "Cy"))
    for _ in range(3):
        match = add_hand(match, 0, {1: 9, 2: 9, 3: 9})
    phone.goto(f"{live_server.url}{match.get_absolute_url()}")
    totals = phone.locator(".race-legend li b")
    expect(totals).to_have_count(2)
    assert totals.all_inner_texts()[0] == str(match.totals[0])
    assert totals.evaluate_all(LINES) == [1, 1]


# Each word of each button's name: on how many lines it is drawn (a word broken inside takes two).
WORD_LINES = """els => els.map((el) => {
    const text = el.querySelector("bdi").firstChild;
    const words = [];
    for (const found of text.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(text, found.index);
        range.setEnd(text, found.index + found[0].length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        words.push([found[0], tops.size]);
    }
    return words;
})"""


@pytest.mark.parametrize(
    ("preset", "names"),
    [
        ("caribbean", ("Maximiliano Bartolomé de las C", "Ben", "Cara", "Dev")),
        ("pub_block", ("Maximiliano Bartolomé de las C", "Guadalupe Esperanza")),
        ("mexican_train", ("Maximiliano Bartolomé de las C", "Ben", "Cara", "Dev", "Eva", "Fe")),
    ],
    ids=["four", "two", "six"],
)
def test_a_long_name_of_several_words_breaks_between_its_words_on_its_button(
    live_server, phone: Page, make_match, preset, names
):
    # Before, three seats to a row drew "Maximili / ano / Bartolom / é de las C".
    match = make_match(names=names, preset=preset)
    phone.goto(f"{live_server.url}{match.get_absolute_url()}")
    taps = phone.locator("#entry .outs a:not(.blocked)")
    assert taps.count() == len(names)
    words = [word for button in taps.evaluate_all(WORD_LINES) for word in button]
    assert [word for word, lines in words if lines != 1] == []
    assert phone.locator("#entry .outs a").evaluate_all(
        "els => els.map((el) => el.scrollWidth - el.clientWidth)"
    ) == [0] * (len(names) + 1)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_one_word_wider_than_the_row_breaks_inside_its_button(live_server, phone: Page, make_match):
    match = make_match(names=("W" * 30, "Ben", "Cara", "Dev"))
    phone.goto(f"{live_server.url}{match.get_absolute_url()}")
    button = phone.locator("#entry .outs a").first
    spill = button.evaluate(
        """el => {
            const range = document.createRange();
            range.selectNodeContents(el.querySelector("bdi"));
            const name = range.getBoundingClientRect(), box = el.getBoundingClientRect();
            return Math.max(box.left - name.left, name.right - box.right);
        }"""
    )
    assert spill <= 0  # the word broken inside, not drawn past the button's edge
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


# Names of eleven letters and more (one of two words) at a Mexican Train of six or eight.
LONG_WORDS = (
    "Maximiliano",
    "Christopher",
    "Kristoffersson",
    "Guadalupe Esperanza",
    "Bartholomew",
    "Wilhelmina",
    "Konstantinos",
    "Evangelina",
)


@pytest.mark.parametrize("seats", [6, 8])
def test_long_names_on_the_score_cards_break_between_their_words(
    live_server, phone: Page, make_match, seats
):
    # Before, four cards to a row at eight drew "Maximilian / o" and "Christophe / r".
    match = make_match(names=LONG_WORDS[:seats], preset="mexican_train")
    phone.goto(f"{live_server.url}{match.get_absolute_url()}")
    names = phone.locator(".board .side-name")
    expect(names).to_have_count(seats)
    words = [word for name in names.evaluate_all(WORD_LINES) for word in name]
    assert [word for word, lines in words if lines != 1] == []
    cards = phone.locator(".board .side")
    assert (
        cards.evaluate_all("els => els.map((el) => el.scrollWidth - el.clientWidth)") == [0] * seats
    )
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_one_word_wider_than_the_row_stays_inside_its_score_card(
    live_server, phone: Page, make_match
):
    names = ("W" * 30, *LONG_WORDS[1:])
    match = make_match(names=names, preset="mexican_train")
    phone.goto(f"{live_server.url}{match.get_absolute_url()}")
    card = phone.locator(".board .side").first
    spill = card.evaluate(
        """el => {
            const range = document.createRange();
            range.selectNodeContents(el.querySelector(".side-name bdi"));
            const name = range.getBoundingClientRect(), box = el.getBoundingClientRect();
            return Math.max(box.left - name.left, name.right - box.right);
        }"""
    )
    assert spill <= 0  # the word broken inside, not drawn past the card's edge
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


# Each word of each upright name heading the round sheet: on how many of its lines it is drawn
# (the lines stand side by side: a word broken inside takes two), and whether it is drawn inside
# the name's own box (a word cut off with "…", or clipped, is drawn past it).
UPRIGHT_WORDS = """els => els.map((el) => {
    const text = el.querySelector("bdi").firstChild, box = el.getBoundingClientRect();
    const words = [];
    for (const found of text.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(text, found.index);
        range.setEnd(text, found.index + found[0].length);
        const rects = [...range.getClientRects()];
        const inside = rects.every((rect) => rect.left >= box.left - 1
            && rect.right <= box.right + 1 && rect.top >= box.top - 1
            && rect.bottom <= box.bottom + 1);
        words.push([found[0], new Set(rects.map((rect) => Math.round(rect.left))).size, inside]);
    }
    return words;
})"""

# Inside its column: how far each name's box reaches past its heading's cell.
NAME_SPILL = """els => els.map((el) => {
    const box = el.getBoundingClientRect(), cell = el.closest("th").getBoundingClientRect();
    return Math.max(cell.left - box.left, box.right - cell.right, 0);
})"""

EIGHT_LONG = (
    "Guadalupe Esperanza",
    "Wilhelmina Alexandrovna",
    "María José Fernández",
    "Maximiliano",
    "Christopher",
    "Kristoffersson",
    "Ana Sofía Ruiz",
    "Konstantinos",
)


def round_sheet_of(live_server, phone: Page, make_match, add_hand, names) -> Locator:
    """The round sheet's heading names, a round played, on the 360 px phone."""
    match = make_match(names=names, preset="mexican_train")
    add_hand(match, 0, {seat: 7 for seat in range(1, len(names))})
    phone.goto(f"{live_server.url}{match.get_absolute_url()}")
    heading = phone.locator("#sheet thead .sheet-name")
    expect(heading).to_have_count(len(names))
    return heading


def test_eight_long_names_head_the_round_sheet_whole_and_between_their_words(
    live_server, phone: Page, make_match, add_hand
):
    # Before, an upright name kept to one line was cut off: "Guadalupe E…", "Wilhelmina Al…".
    heading = round_sheet_of(live_server, phone, make_match, add_hand, EIGHT_LONG)
    words = [word for name in heading.evaluate_all(UPRIGHT_WORDS) for word in name]
    assert [word for word, lines, _inside in words if lines != 1] == []
    assert [word for word, _lines, inside in words if not inside] == []
    assert heading.evaluate_all(NAME_SPILL) == [0] * 8
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_name_longer_than_its_column_holds_keeps_its_words_whole_and_all_of_it_in_its_title(
    live_server, phone: Page, make_match, add_hand
):
    names = ("Maximiliano Bartolomé de las C", *EIGHT_LONG[1:])
    heading = round_sheet_of(live_server, phone, make_match, add_hand, names)
    words = heading.first.evaluate_all(UPRIGHT_WORDS)[0]
    assert [word for word, lines, _inside in words if lines > 1] == []  # none broken inside
    assert heading.first.get_attribute("title") == names[0]
    assert heading.evaluate_all(NAME_SPILL) == [0] * 8
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_at_six_players_a_name_of_thirty_letters_heads_its_column_whole(
    live_server, phone: Page, make_match, add_hand
):
    names = ("Maximiliano Bartolomé de las C", *EIGHT_LONG[1:6])
    heading = round_sheet_of(live_server, phone, make_match, add_hand, names)
    words = heading.first.evaluate_all(UPRIGHT_WORDS)[0]
    assert [word for word, lines, inside in words if lines != 1 or not inside] == []
    assert heading.evaluate_all(NAME_SPILL) == [0] * 6


# Each word of an element's text and on how many lines it lies, whatever elements hold it.
EVERY_WORD_LINES = """els => els.map((el) => {
    const words = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        for (const found of text.data.matchAll(/\\S+/g)) {
            const range = document.createRange();
            range.setStart(text, found.index);
            range.setEnd(text, found.index + found[0].length);
            const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            words.push([found[0], tops.size]);
        }
    }
    return words;
})"""


def test_beside_a_long_pair_the_sheet_and_the_match_in_short_keep_their_words_whole(
    live_server, phone_in, make_match, add_hand
):
    # Before: "Fátim / a y / Guille" heading the sheet beside the long pair, and the facts'
    # names squeezed to "La / mano / más / grand / e".
    names = ("Eulogio Maximiliano Fernández", "Fátima", "Bartolomé Esquivel Santacruz", "Guille")
    match = make_match(names=names)
    for _ in range(2):
        add_hand(match, 0, {1: 50, 2: 0, 3: 60})
    phone = phone_in("es")
    phone.goto(f"{live_server.url}{match.get_absolute_url()}")
    expect(phone.locator(".facts dt")).to_have_count(6)
    heads = phone.locator("#sheet thead th[class*=side-]").evaluate_all(EVERY_WORD_LINES)
    facts = phone.locator(".facts dt").evaluate_all(EVERY_WORD_LINES)
    broken = [word for name in heads + facts for word, lines in name if lines != 1]
    assert broken == []
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
