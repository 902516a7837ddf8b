"""Mexican Train's pages in Spanish and Swedish: nothing English left on them."""

import pytest
from django.test import Client

from scorekeeper.models import Match
from tests.web.test_mexican_train_rounds import play_short_game, post_round, start
from tests.web.test_translations import assert_no_english

pytestmark = pytest.mark.django_db


def test_a_round_in_play_is_all_in_the_language(speaking: Client, language: str):
    match = start(speaking, double_blank_counts="50")
    post_round(speaking, match, "blocked", {0: 3, 1: 9, 2: 0, 3: 4}, double_blank="1")

    assert_no_english(speaking.get(match.get_absolute_url()), language)
    assert_no_english(speaking.get(match.get_absolute_url() + "?out=2"), language)
    refused = post_round(speaking, match, "2", {0: 1, 1: 2}, double_blank="2")
    assert_no_english(refused, language)


def test_a_shared_win_is_all_in_the_language(speaking: Client, language: str):
    match = play_short_game(speaking, [("0", {1: 10}), ("1", {0: 4}), ("blocked", {0: 6, 1: 0})])

    assert Match.objects.get().finished
    assert_no_english(speaking.get(match.get_absolute_url()), language)


def test_the_mexican_train_setup_is_all_in_the_language(speaking: Client, language: str):
    response = speaking.get("/new")

    assert_no_english(response, language)


def test_a_seat_page_is_all_in_the_language(speaking: Client, language: str):
    from scorekeeper.models import SeatLink

    match = start(speaking, double_blank_counts="25")
    url = SeatLink.for_match(match)[1].get_absolute_url()
    speaking.post(url, {"number": "1", "pips": "12"})

    assert_no_english(speaking.get(url), language)
    assert_no_english(speaking.post(url, {"number": "1", "pips": "x"}), language)
    assert_no_english(speaking.get(match.get_absolute_url()), language)


def test_a_rounds_own_page_says_why_in_the_language(speaking: Client, language: str):
    match = start(speaking, double_blank_counts="50")
    post_round(speaking, match, "blocked", {0: 3, 1: 9, 2: 0, 3: 4}, double_blank="1")
    post_round(speaking, match, "2", {0: 3, 1: 9, 3: 4})

    for hand in match.hands.all():
        assert_no_english(speaking.get(hand.get_absolute_url()), language)


def test_a_round_saved_corrected_and_undone_is_all_in_the_language(speaking: Client, language: str):
    match = start(speaking)
    saved = post_round(speaking, match, "0", {1: 23, 2: 7, 3: 41})
    assert_no_english(speaking.get(saved.url), language)
    hand = match.hands.get()
    assert_no_english(speaking.get(hand.get_absolute_url()), language)
    data = {"out": "0", "number": "1", "token": str(hand.token), "entry": "each"}
    data |= {"pips_1": "20", "pips_2": "7", "pips_3": "41", "version": str(match.version)}
    assert_no_english(speaking.post(hand.get_absolute_url(), data, follow=True), language)
    assert_no_english(speaking.get(match.undo_url()), language)
    match.refresh_from_db()
    undone = speaking.post(match.undo_url(), {"version": str(match.version)}, follow=True)
    assert_no_english(undone, language)
