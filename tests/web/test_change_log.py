"""The change log: one line per change, saying which hand, what happened and what it scored."""

import uuid

from django.test import Client

from scorekeeper import rules


def log_html(client: Client, match) -> str:
    url = f"/t/{match.table.key}/m/{match.number}/?part=log"
    return client.get(url, headers={"HX-Request": "true"}).content.decode()


def test_a_saved_hand_reads_who_went_out_and_what_it_scored(client: Client, make_match, add_hand):
    match = make_match()
    add_hand(match, 3, {0: 10, 1: 12, 2: 9})
    assert "Hand 1: Dev went out, 31 for Ben &amp; Dev" in log_html(client, match)


def test_a_blocked_void_hand_reads_that_nobody_scores(client: Client, make_match, add_hand):
    match = make_match()
    add_hand(match, "blocked", {0: 5, 1: 5, 2: 9, 3: 9})
    assert "Hand 1: blocked, nobody scores" in log_html(client, match)


def test_each_change_says_how_long_ago_it_was(client: Client, make_match, add_hand):
    match = make_match()
    add_hand(match, 3, {0: 10, 1: 12, 2: 9})
    assert log_html(client, match).count("0\xa0minutes ago") == 2


def test_a_hand_that_pays_both_sides_reads_what_each_scored(client: Client, make_match):
    # Dominican: Alice goes out with 30 in the other hands, and Ben & Dev made two pases
    # corridos (2 x 25) during the hand: both sides scored, nobody was left out.
    match = make_match(preset="dominican", blocked_rule="lighter_pair", pase_corrido_bonus=25)
    hand = rules.Hand(ending=rules.Ending.WENT_OUT, went_out=0, pooled=30, pases_corridos={1: 2})
    match.add_hand(hand, token=uuid.uuid4(), number=1)
    html = log_html(client, match)
    assert "Hand 1: Alice went out, 30 for Alice &amp; Cara; 50 for Ben &amp; Dev" in html
