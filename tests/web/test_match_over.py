"""A hand posted to a match that has already ended is refused, and the page says so."""

import uuid

from django.test import Client

from scorekeeper import rules
from scorekeeper.models import Hand, Table

OVER = "This match is over. Start a rematch to play on."


def finished_match(add_hand):
    table = Table.objects.create(name="Park")
    game = rules.make_game("standard", 2, rules=rules.HouseRules(target=10))
    return add_hand(table.start_match(["Ana", "Ben"], game, "standard"), 0, {1: 20})


def late_hand(match) -> dict:
    return {"out": "1", "number": "2", "token": str(uuid.uuid4()), "pips_0": "4"}


def test_a_hand_after_the_end_says_the_match_is_over(client: Client, db, add_hand):
    match = finished_match(add_hand)
    url = f"/t/{match.table.key}/m/{match.number}/"
    response = client.post(url + "hand", late_hand(match))
    assert response.status_code == 200
    assert OVER in response.content.decode()
    assert Hand.objects.count() == 1


def test_an_htmx_hand_after_the_end_says_the_match_is_over(client: Client, db, add_hand):
    match = finished_match(add_hand)
    url = f"/t/{match.table.key}/m/{match.number}/"
    response = client.post(url + "hand", late_hand(match), headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert OVER in response.content.decode()
    assert Hand.objects.count() == 1


def test_a_waiting_hand_that_meets_the_end_is_marked_over_for_the_phones_queue(
    client: Client, db, add_hand
):
    """A hand sent from the phone's queue after another phone ended the match: the answer says
    "over" (saves.js holds the hand for the player), not a plain answer it would take as saved."""
    match = finished_match(add_hand)
    url = f"/t/{match.table.key}/m/{match.number}/"
    hand = client.post(url + "hand", late_hand(match), headers={"HX-Request": "true"})
    play = client.post(
        url + "play",
        {"seat": "0", "points": "10", "token": str(uuid.uuid4())},
        headers={"HX-Request": "true"},
    )
    assert (hand["X-Hand"], play["X-Hand"]) == ("over", "over")
    assert Hand.objects.count() == 1
