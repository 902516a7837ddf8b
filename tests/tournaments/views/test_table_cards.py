"""The table cards, a round's and a bracket's: one card drawn the same way on both pages (its
title, its seats, the table's QR and link, each side's link), from one template."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from tests.support.testing import make_tournament
from tests.tournaments.views.test_bracket_results import boards, drawn, ended

pytestmark = pytest.mark.django_db

PAIRS = ["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo"]
TEMPLATES = Path(settings.BASE_DIR) / "templates"


SHAPE = {"h2", "ol", "div", "p", "a", "img", "figure", "figcaption", "section", "h3"}


def card_shapes(page: str) -> list[list[tuple[str, str]]]:
    """Each card's block tags and classes in order (its words, seats and QR drawing left out)."""
    cards = re.findall(r'<li class="table-card print-card">(.*?)\n  </li>', page, re.S)
    tags = (re.findall(r"<(/?)(\w+)(?: class=\"([^\"]*)\")?", card) for card in cards)
    return [[(end + tag, cls) for end, tag, cls in card if tag in SHAPE] for card in tags]


@pytest.mark.parametrize("need", ["nothing", "other_side"])
def test_a_rounds_cards_and_a_brackets_are_drawn_alike(client, need):
    tournament = make_tournament(PAIRS, results_need=need)
    tournament.draw_next_round()
    rounds = client.get(reverse("tournament_cards", args=[tournament.key, 1])).content.decode()
    knockout = drawn(client, need=need)
    brackets = client.get(reverse("bracket_cards", args=[knockout.key])).content.decode()
    round_cards, bracket_cards = card_shapes(rounds), card_shapes(brackets)
    assert len(round_cards) == len(bracket_cards) == 2
    assert round_cards[0] == bracket_cards[0]
    assert "Table 1</h2>" in rounds and "Bracket · Semi-finals, match 1</h2>" in brackets
    assert "<li>1. <bdi>Ana &amp; Ben</bdi></li>" in brackets


def test_the_card_is_written_once():
    pages = [TEMPLATES / "tournament_cards.html", TEMPLATES / "bracket_cards.html"]
    for page in pages:
        text = page.read_text()
        assert 'class="table-card' not in text and "side_links" not in text, page.name
    shared = TEMPLATES / "includes" / "table_cards.html"
    assert shared.read_text().count('class="table-card print-card"') == 1


def test_a_bracket_card_names_its_match_as_the_bracket_and_its_table_do(client, fresh_catalogues):
    """A card's title was the match's inner key ("Cuadro · W1-2"), a code the bracket page
    never shows; the table it opens says "Cuartos de final, partida 2"."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    six = [*PAIRS, "Ivo & Juan", "Kim & Lea"]
    knockout = drawn(client, pairs=six)

    cards = client.get(reverse("bracket_cards", args=[knockout.key])).content.decode()

    titles = re.findall(r"<h2>(.*?)</h2>", cards)
    assert titles == [
        "Cuadro · Cuartos de final, partida 2",
        "Cuadro · Cuartos de final, partida 4",
    ]
    tables = [board.table.name for board in knockout.brackets.get().boards.order_by("key")]
    assert [title.split(" · ")[1] for title in titles] == [t.split(" · ")[1] for t in tables]


CARDS_LINK = "Table cards of the matches to play"


def test_the_cards_of_the_matches_to_play_are_offered_while_one_is_to_play(client):
    knockout = drawn(client, pairs=PAIRS[:2])
    assert CARDS_LINK in client.get(knockout.get_absolute_url()).content.decode()
    ended(boards(knockout)["W1-1"], 0)
    page = client.get(knockout.get_absolute_url()).content.decode()
    # The final is won: the link led to a page with no card on it.
    assert "Winner: Ana &amp; Ben" in page
    assert CARDS_LINK not in page and reverse("bracket_cards", args=[knockout.key]) not in page


def test_the_cards_page_of_a_decided_bracket_says_none_is_left(client):
    knockout = drawn(client, pairs=PAIRS[:2])
    ended(boards(knockout)["W1-1"], 0)
    page = client.get(reverse("bracket_cards", args=[knockout.key])).content.decode()
    assert "Every bracket match has been played: no table card is left to print." in page
    assert "data-print" not in page and 'class="table-cards"' not in page
    assert f'href="{knockout.get_absolute_url()}"' in page
