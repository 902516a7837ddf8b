"""A knockout's bracket on a 360 px phone: the box that scrolls sideways says so (a hint, a
shadow at the edge with more, each round snapping into place), and a winner's ✓ stays on its
name's line, never wrapped alone onto a line of its own."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from scorekeeper.tournaments.models import Bracket
from tests.support.testing import make_tournament, play_out

pytestmark = pytest.mark.browser

PAIRS = ["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo"]
PAIRS += ["Ines & Juan", "Kike & Lola", "Mia & Nico", "Olga & Pepe"]


def knockout_played(first_round: bool = True):
    """Eight pairs seeded as entered; the top four win their first matches."""
    tournament = make_tournament(PAIRS, format="single_elimination")
    bracket = Bracket.objects.create(
        tournament=tournament, seeds=[entrant.pk for entrant in tournament.entrants.all()]
    )
    bracket.advance()
    if first_round:
        for board in bracket.boards.select_related("match"):
            play_out(board.match, 0)
    return tournament


def test_the_bracket_says_it_scrolls_sideways_to_the_next_rounds(live_server, phone: Page):
    tournament = knockout_played(first_round=False)
    phone.goto(live_server.url + tournament.watch_url())
    hint = phone.locator(".bracket-hint")
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("Swipe sideways for the next rounds")
    box = phone.locator(".bracket-box")
    assert box.evaluate("el => el.scrollWidth > el.clientWidth")
    assert box.evaluate("el => getComputedStyle(el).scrollSnapType").startswith("x")
    rounds = phone.locator(".bracket-round")
    assert rounds.first.evaluate("el => getComputedStyle(el).scrollSnapAlign") == "start"
    # The next round shows its edge inside the box, and the page itself never scrolls sideways.
    edge = box.bounding_box()
    second = rounds.nth(1).bounding_box()
    assert edge["x"] < second["x"] < edge["x"] + edge["width"]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_bracket_of_one_round_has_no_hint(live_server, phone: Page):
    tournament = make_tournament(["Ana & Ben", "Cris & Dani"], format="single_elimination")
    bracket = Bracket.objects.create(
        tournament=tournament, seeds=[entrant.pk for entrant in tournament.entrants.all()]
    )
    bracket.advance()
    phone.goto(live_server.url + tournament.watch_url())
    expect(phone.locator(".bracket-box")).to_be_visible()
    expect(phone.locator(".bracket-hint")).to_have_count(0)


def test_a_winners_mark_stays_on_its_names_line(live_server, phone: Page):
    tournament = knockout_played()
    phone.goto(live_server.url + tournament.watch_url())
    marks = phone.locator(".bracket-side.won .bracket-mark")
    expect(marks).to_have_count(4)
    # Whatever the length of the name's last word, one of them fills its line: the winner's
    # name written again in the page with last words of every length, as the font lays it out.
    wrapped = marks.first.evaluate(
        """mark => {
            const name = mark.parentElement;
            const bdi = name.querySelector("bdi");
            const alone = [];
            for (let length = 1; length <= 24; length += 1) {
                bdi.textContent = "Ana & " + "W".repeat(length);
                const left = name.getBoundingClientRect().left;
                if (mark.getBoundingClientRect().left < left + 4) alone.push(length);
            }
            return alone;
        }"""
    )
    assert wrapped == []


# Where the winner's name, mark and score are drawn: the last word's line and right edge, the
# mark's left edge and line, the score's line (tops rounded to the pixel).
LAST_LINE = """side => {
    const bdi = side.querySelector(".bracket-name bdi");
    const text = bdi.firstChild;
    const range = document.createRange();
    range.setStart(text, text.data.lastIndexOf(" ") + 1);
    range.setEnd(text, text.data.length);
    const word = Array.from(range.getClientRects()).pop();
    const mark = side.querySelector(".bracket-mark").getBoundingClientRect();
    const total = side.querySelector(".bracket-total").getBoundingClientRect();
    const middle = (rect) => Math.round(rect.top + rect.height / 2);
    return {gap: mark.left - word.right, em: parseFloat(getComputedStyle(bdi).fontSize),
            word: middle(word), mark: middle(mark), total: middle(total),
            lines: new Set(Array.from(bdi.getClientRects(), (r) => Math.round(r.top))).size};
}"""


@pytest.mark.parametrize("size", [(360, 740), (1280, 720)], ids=["phone", "big screen"])
def test_a_winners_mark_and_score_stay_with_the_names_last_word(live_server, phone: Page, size):
    # Before, "Ñoño & Cara" with a 3-digit score wrapped to "Ñoño &" (the score beside it) over
    # "Cara", the ✓ at the far edge of the name's box, away from the word it belongs to.
    tournament = make_tournament(["Ñoño & Cara", *PAIRS[1:4]], format="single_elimination")
    bracket = Bracket.objects.create(
        tournament=tournament, seeds=[entrant.pk for entrant in tournament.entrants.all()]
    )
    bracket.advance()
    for board in bracket.boards.select_related("match"):
        play_out(board.match, 0)
    phone.set_viewport_size({"width": size[0], "height": size[1]})
    screen = reverse("tournament_screen", args=[tournament.watch_key])
    for url in (tournament.watch_url(), screen):
        phone.goto(live_server.url + url)
        side = phone.locator(".bracket-side.won", has_text="Ñoño & Cara").first
        expect(side.locator(".bracket-total")).to_have_text(re.compile(r"^\d{3}$"))
        drawn = side.evaluate(LAST_LINE)
        assert drawn["word"] == drawn["mark"], (url, drawn)
        assert 0 <= drawn["gap"] < 0.5 * drawn["em"], (url, drawn)
        assert abs(drawn["total"] - drawn["mark"]) <= 0.5 * drawn["em"], (url, drawn)
        if url != screen:
            # A long name still wraps in its card (the big screen keeps a name to a line).
            long = "Maximiliano Bartolomé de las Casas & Cristina Domínguez Fernández"
            side.locator("bdi").evaluate("(bdi, name) => { bdi.textContent = name; }", long)
            assert side.evaluate(LAST_LINE)["lines"] > 1
            assert phone.evaluate("document.documentElement.scrollWidth") <= size[0]


def test_a_walkover_button_of_a_long_name_stays_inside_its_match(live_server, phone: Page):
    # Before, "Walkover to Kim & Lo" with a 27-letter surname drew a button wider than its
    # match card, over the next round's column (the names above it wrapped, the button not).
    long = "Kim & Lo" + " " + "L" * 21
    tournament = make_tournament([*PAIRS[:3], long], format="single_elimination")
    bracket = Bracket.objects.create(
        tournament=tournament, seeds=[entrant.pk for entrant in tournament.entrants.all()]
    )
    bracket.advance()
    phone.goto(live_server.url + tournament.get_absolute_url())
    card = phone.locator(".bracket-match", has_text=long)
    card.locator(".bracket-walkover summary").click()
    button = card.get_by_role("button", name=f"Walkover to {long}")
    expect(button).to_be_visible()
    inside, drawn = card.bounding_box(), button.bounding_box()
    assert drawn["x"] + drawn["width"] <= inside["x"] + inside["width"], (inside, drawn)
