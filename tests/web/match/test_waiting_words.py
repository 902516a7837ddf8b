"""The words the match page gives the phone for the hands it keeps without signal: each game's
own, whichever game's page the server drew them for before."""

import re

from django.test import Client

from tests.web.match.test_jamaican import jamaican

# Each line as the page's template holds it, its spans left empty for queue.js to fill.
WENT_OUT = {
    "en": "Hand : went out. Not sent yet.",
    "es": "Mano : dominó. Aún sin enviar.",
    "sv": "Omgång : gick ut. Inte skickad än.",
}
BLOCKED = {
    "en": "Hand : . Not sent yet.",
    "es": "Mano : . Aún sin enviar.",
    "sv": "Omgång : . Inte skickad än.",
}


def line(client: Client, match, which: str = "waiting-line") -> str:
    """A waiting line's words as drawn (markup out, spaces as one)."""
    drawn = client.get(match.get_absolute_url()).content.decode()
    found = re.search(rf"<template data-{which}><li><span>(.*?)</span>\s*<button", drawn, re.S)
    assert found, which
    return " ".join(re.sub(r"<[^>]+>", "", found[1]).split())


def test_a_sets_waiting_hands_are_said_as_the_set_counts_them_after_a_pip_games_page(
    client: Client, make_match, speaking, language
):
    # Found on a phone in Swedish without signal: "Omgång 2: ZqOb, 0 prickar". The notes were
    # kept drawn by the game's unit (a hand) and language only: a block game's page drawn first
    # in that process left its pips in the line of every Jamaican page after it.
    block = make_match()
    assert "data-hand-pips" in client.get(block.get_absolute_url()).content.decode()
    match = jamaican(make_match)

    assert line(client, match) == WENT_OUT[language]
    assert line(client, match, "waiting-blocked-line") == BLOCKED[language]


def test_a_pip_games_waiting_hands_keep_their_pips_after_a_sets_page(client: Client, make_match):
    match = jamaican(make_match)
    assert line(client, match) == WENT_OUT["en"]
    block = make_match()

    assert line(client, block) == "Hand : , pips. Not sent yet."
    assert line(client, block, "waiting-blocked-line") == "Hand : , pips. Not sent yet."
