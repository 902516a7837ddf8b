"""The tournament's paper pages as Chromium prints them on A4: nothing wider than the page,
no heading broken inside a word."""

import pytest
from django.urls import reverse
from playwright.sync_api import Page

from scorekeeper.tournaments.models import BracketBoard
from tests.browser.test_long_names import EVERY_WORD_LINES
from tests.support.testing import make_tournament, play_out

pytestmark = pytest.mark.browser

# px at 96 an inch: what an A4 page (210 mm) holds inside the print margins (15 mm each side).
A4_WIDTH = 680

ENTRANTS = [
    "Annabella Kristoffersson & Bengt-Göran Lindqvist",
    "Cristina Domínguez & Daniela Fernández",
    "Eva & Fede",
    "Gil & Hugo",
]

# Each heading's words: broken inside one when the word is wider than its cell.
BROKEN_WORDS = """() => [...document.querySelectorAll('.print-standings th')].flatMap((th) => {
  const probe = document.createElement('span');
  probe.style.whiteSpace = 'nowrap';
  th.append(probe);
  const style = getComputedStyle(th);
  const room = th.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const broken = th.textContent.trim().split(/\\s+/).filter((word) => {
    probe.textContent = word;
    return probe.getBoundingClientRect().width > room + 0.5;
  });
  probe.remove();
  return broken;
})"""


def printed(page: Page, url: str) -> None:
    page.set_viewport_size({"width": A4_WIDTH, "height": 960})
    page.goto(url)
    page.emulate_media(media="print")


def test_the_printed_standings_break_no_heading_inside_a_word(live_server, page: Page):
    tournament = make_tournament(ENTRANTS)
    url = reverse("tournament_standings_print", args=[tournament.watch_key])
    for width in (A4_WIDTH, 360):  # the page, and a phone's screen
        printed(page, live_server.url + url)
        page.set_viewport_size({"width": width, "height": 960})
        assert page.evaluate(BROKEN_WORDS) == []
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width


def test_the_table_cards_fit_an_a4_page(live_server, page: Page):
    tournament = make_tournament(ENTRANTS)
    tournament.draw_next_round()
    printed(page, live_server.url + reverse("tournament_cards", args=[tournament.key, 1]))
    widths = page.locator(".table-card").evaluate_all(
        "cards => cards.map((card) => card.getBoundingClientRect().right)"
    )
    assert widths and max(widths) <= A4_WIDTH
    assert page.evaluate("document.scrollingElement.scrollWidth") <= A4_WIDTH


def test_the_printed_bracket_breaks_no_name_inside_a_word(live_server, page: Page, client):
    # Before: "Maximilian / o" on A4, as a round's column held less than the word.
    pairs = [
        "Carla & Dani",
        "Ana & Beto",
        "Jorge & Karla",
        "Eulogio Maximiliano Fernández & Bartolomé Esquivel Santacruz",
        "Fátima & Guille",
        "Hugo & Inés",
        *(f"Pareja {number} & Otra {number}" for number in range(7, 13)),
    ]
    tournament = make_tournament(pairs, format="single_elimination")
    client.post(reverse("bracket_draw", args=[tournament.key]), {"seeding": "entry"})
    # The first round's winners in bold, a mark and a score beside them: the longest line.
    for board in BracketBoard.objects.filter(bracket__tournament=tournament, match__isnull=False):
        play_out(board.match, 0)
    client.get(tournament.get_absolute_url())
    printed(page, live_server.url + reverse("bracket_print", args=[tournament.watch_key]))
    assert page.locator(".bracket-name", has_text="Maximiliano").count() >= 1
    names = page.locator(".bracket-name").evaluate_all(EVERY_WORD_LINES)
    assert [word for name in names for word, lines in name if lines != 1] == []
    assert page.evaluate("document.scrollingElement.scrollWidth") <= A4_WIDTH
