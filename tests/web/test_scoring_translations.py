"""The scoring games' pages in Spanish and Swedish: no English left on them."""

import pytest
from django.test import Client

from scorekeeper.testing import add_hand, scoring_match, tap

from .test_translations import HTMX, assert_no_english

pytestmark = pytest.mark.django_db


def url(match, tail=""):
    return f"/t/{match.table.key}/m/{match.number}/{tail}"


def played(preset="all_fives", **house):
    match = scoring_match(preset, partnership=False, **house)
    tap(match, 0, 2 if preset == "bergen" else 10)
    add_hand(match, "blocked", {0: 3, 1: 9, 2: 14, 3: 6})
    tap(match, 1, 3 if preset == "bergen" else 15)
    return match


@pytest.mark.parametrize("preset", ["all_fives", "bergen"])
def test_match_page_with_the_strip_open(speaking: Client, language, preset):
    response = speaking.get(url(played(preset)), {"seat": "1"})

    assert_no_english(response, language)


def test_bergen_blocked_hand_form_asking_for_doubles(speaking: Client, language):
    match = played("bergen", doubles_lose_count=True)

    assert_no_english(speaking.get(url(match), {"out": "blocked"}), language)


@pytest.mark.parametrize("rounding", ["nearest_five", "each_hand", "exact"])
def test_all_fives_preview(speaking: Client, language, rounding):
    match = played(rounding=rounding, blocked_pays_difference=True)
    data = {"out": "blocked", "number": "2", "token": "8c4e6f0e-7f43-4f59-9d4c-4a3f2b1c0d9e"}
    data.update({"pips_0": "3", "pips_1": "9", "pips_2": "14", "pips_3": "6"})

    assert_no_english(speaking.post(url(match, "preview"), data, headers=HTMX), language)


@pytest.mark.parametrize("preset", ["all_fives", "bergen"])
def test_hand_pages(speaking: Client, language, preset):
    match = played(preset)

    assert_no_english(speaking.get(url(match, "h/1/")), language)
    assert_no_english(speaking.get(url(match, "h/2/")), language)


def test_undo_confirmation_of_a_play(speaking: Client, language):
    assert_no_english(speaking.get(url(played(), "undo")), language)


def test_match_ended_mid_hand_and_its_watch_page(speaking: Client, language):
    match = scoring_match("bergen", names=("Ann", "Bo"), target=3)
    tap(match, 1, 3)

    assert_no_english(speaking.get(url(match)), language)
    assert_no_english(speaking.get(f"/w/{match.table.watch_key}/"), language)


@pytest.mark.parametrize("preset", ["all_fives", "bergen"])
def test_help_page_for_a_scoring_table(speaking: Client, language, preset):
    match = played(preset)

    assert_no_english(speaking.get("/help", {"t": match.table.key}), language)
