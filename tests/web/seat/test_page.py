"""What a player's own page (Mexican Train's seat link) shows besides the count it posts: every
player's total, the sheet of the rounds played, the winner at the end, and the tile picker."""

import re

import pytest
from django.test import Client

from scorekeeper.models import Match, SeatLink
from tests.web.match.test_rounds import play_short_game, post_round, start, text

pytestmark = pytest.mark.django_db


def seat_page(client: Client, match: Match, seat: int) -> str:
    link = SeatLink.for_match(match)[seat]
    return client.get(link.get_absolute_url()).content.decode()


def test_the_seat_page_shows_every_players_total_and_the_lowest(client: Client):
    match = start(client)
    post_round(client, match, "0", {1: 23, 2: 7, 3: 41})

    page = seat_page(client, match, 2)

    totals = re.findall(r'data-testid="total-(\d)">(\d+)<', page)
    assert totals == [("0", "0"), ("1", "23"), ("2", "7"), ("3", "41")]
    assert 'data-testid="lowest-0"' in page


def test_the_seat_page_shows_the_sheet_of_the_rounds_played(client: Client):
    match = start(client)
    post_round(client, match, "0", {1: 23, 2: 7, 3: 41})
    post_round(client, match, "1", {0: 5, 2: 10, 3: 2})

    page = seat_page(client, match, 1)

    assert re.findall(r'<tr data-round="(\d+)">', page) == ["1", "2"]
    # Its rounds open no page of the scorer's: a seat's link reaches only its own page.
    assert match.table.key not in page


def test_the_seat_page_names_the_winner_at_the_end(client: Client):
    match = play_short_game(client, [("0", {1: 10}), ("1", {0: 4}), ("blocked", {0: 3, 1: 2})])

    page = text(client.get(SeatLink.for_match(match)[1].get_absolute_url()))

    assert "Ann wins the game!" in page
    assert "The lowest total after the last round wins." in page


def test_the_seat_page_offers_the_tile_picker_for_the_count(client: Client):
    match = start(client)

    page = seat_page(client, match, 1)

    picker = re.search(r'<details class="tiles"[^>]*>.*?</details>', page, re.S)
    assert picker, "no tile picker"
    assert 'data-for="id_pips"' in picker.group(0)
    assert len(re.findall(r'<input type="checkbox"', picker.group(0))) == 91  # double-twelve
