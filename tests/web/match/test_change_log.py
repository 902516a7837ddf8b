"""The change log: one line per change, saying which hand, what happened and what it scored."""

import uuid
from datetime import timedelta

from django.test import Client
from django.utils import timezone

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


def test_a_change_of_this_minute_says_just_now(client: Client, make_match, add_hand):
    match = make_match()
    add_hand(match, 3, {0: 10, 1: 12, 2: 9})
    html = log_html(client, match)
    assert html.count("just now") == 2
    assert "0\xa0minutes" not in html


def test_an_older_change_says_how_long_ago_it_was(client: Client, make_match, add_hand):
    match = make_match()
    add_hand(match, 3, {0: 10, 1: 12, 2: 9})
    match.log.update(at=timezone.now() - timedelta(minutes=5))
    assert log_html(client, match).count("5\xa0minutes ago") == 2


def test_just_now_is_said_in_the_pages_language(
    client: Client, make_match, add_hand, speaking, language
):
    match = make_match()
    add_hand(match, 3, {0: 10, 1: 12, 2: 9})
    html = log_html(client, match)
    assert {"es": "ahora mismo", "sv": "nyss"}[language] in html
    assert "just now" not in html


def test_a_hand_that_pays_both_sides_reads_what_each_scored(client: Client, make_match):
    # Dominican: Alice goes out with 30 in the other hands, and Ben & Dev made two pases
    # corridos (2 x 25) during the hand: both sides scored, nobody was left out.
    match = make_match(preset="dominican", blocked_rule="lighter_pair", pase_corrido_bonus=25)
    hand = rules.Hand(ending=rules.Ending.WENT_OUT, went_out=0, pooled=30, pases_corridos={1: 2})
    match.add_hand(hand, token=uuid.uuid4(), number=1)
    html = log_html(client, match)
    assert "Hand 1: Alice went out, 30 for Alice &amp; Cara; 50 for Ben &amp; Dev" in html


def test_the_match_page_does_not_draw_the_log_but_links_to_it(client: Client, make_match, add_hand):
    match = make_match()
    add_hand(match, 3, {0: 10, 1: 12, 2: 9})
    html = client.get(match.get_absolute_url()).content.decode()
    assert "Change log" in html
    assert "Dev went out" not in html  # the lines come when the log is opened
    assert f'href="{match.get_absolute_url()}?part=log"' in html


def test_the_log_opens_as_a_page_of_its_own_without_javascript(
    client: Client, make_match, add_hand
):
    match = make_match()
    add_hand(match, 3, {0: 10, 1: 12, 2: 9})
    answer = client.get(f"{match.get_absolute_url()}?part=log")
    html = answer.content.decode()
    assert answer.status_code == 200
    assert "<html" in html
    assert "Hand 1: Dev went out, 31 for Ben &amp; Dev" in html
    assert f'href="{match.get_absolute_url()}"' in html  # back to the match
