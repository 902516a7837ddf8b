"""The change log: one line per change, saying which hand, what happened and what it scored."""

from django.test import Client


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
