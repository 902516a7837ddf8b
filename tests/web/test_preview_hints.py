"""The preview names what is wrong with a total as it is typed, as it does for a hand's pips."""

import uuid

from django.test import Client

from scorekeeper.testing import SPANISH

HTMX = {"HX-Request": "true"}


def preview(client: Client, match, data: dict) -> str:
    url = f"/t/{match.table.key}/m/{match.number}/preview"
    post = {"number": "1", "token": str(uuid.uuid4()), "entry": "total", **data}
    return client.post(url, post, headers=HTMX).content.decode()


def test_a_total_too_big_for_the_hands_says_so_in_the_preview(client: Client, make_match):
    html = preview(client, make_match(), {"out": "1", "pooled": "154"})
    assert "can hold at most 153 pips together" in html


def test_a_pair_total_that_is_not_a_number_says_so_in_the_preview(client: Client, make_match):
    html = preview(client, make_match(**SPANISH), {"out": "blocked", "pair_0": "x", "pair_1": "3"})
    assert "Type a whole number of pips" in html
