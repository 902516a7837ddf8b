"""The scorer's page polls the players' counts only while its round is open and waits on a
count: not once every count is in and the round is left to the scorer, not after the game."""

import re

import pytest
from django.test import Client

from tests.web.test_rounds import start, text
from tests.web.test_seat_counts import links, send

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
POLLING = re.compile(r'id="round-counts" hx-get="([^"]+)" hx-trigger="every \d+s"')


def poll_url(page: str) -> str:
    return POLLING.search(page).group(1).replace("&amp;", "&")


def two_went_out(client: Client, match) -> None:
    """Every count in, but two say they went out: the round waits for the scorer, not a count."""
    urls = links(match)
    send(client, urls[0], match, went_out="on")
    send(client, urls[1], match, went_out="on")
    send(client, urls[2], match, pips="7")
    send(client, urls[3], match, pips="41")


def test_the_page_polls_while_a_count_is_missing(client: Client):
    match = start(client)
    send(client, links(match)[1], match, pips="23")

    page = client.get(match.get_absolute_url()).content.decode()

    assert "Counts still missing: Ann, Cy, Dee" in text(client.get(poll_url(page), headers=HTMX))


def test_the_poll_stops_once_every_count_is_in_and_the_round_waits_on_the_scorer(client: Client):
    match = start(client)
    part = poll_url(client.get(match.get_absolute_url()).content.decode())
    two_went_out(client, match)

    answer = client.get(part, headers=HTMX).content.decode()

    assert "Every count is in." in text(client.get(part, headers=HTMX))
    assert 'id="round-counts"' in answer and "hx-trigger" not in answer
    match.refresh_from_db()
    assert match.hand_count == 0  # the round is still open, for the scorer to settle


def test_a_page_drawn_with_every_count_in_does_not_poll(client: Client):
    match = start(client)
    two_went_out(client, match)

    page = client.get(match.get_absolute_url()).content.decode()

    assert "Every count is in." in text(client.get(match.get_absolute_url()))
    assert not POLLING.search(page)
