"""A long match's sheet shows the latest hands; the earlier ones are one tap away, without JS."""

import re

import pytest
from django.test import Client

from scorekeeper.testing import add_hand, hand_post

HAND = {"out": 0, "pips": {1: 1, 2: 1, 3: 1}}  # 3 points a hand for Alice & Cara


def sheet_rows(html: str) -> list[tuple[int, int]]:
    """(hand number, Alice & Cara's running total) of each row of the sheet."""
    rows = re.findall(
        r'<a href="[^"]*/h/(\d+)/">\d+</a></th>\s*<td>.*?class="run">(\d+)<', html, re.S
    )
    return [(int(number), int(total)) for number, total in rows]


@pytest.fixture
def long_match(make_match):
    match = make_match(target=1000)
    for _ in range(25):
        add_hand(match, **HAND)
    return match


def test_the_sheet_shows_the_latest_twenty_hands_with_their_running_totals(long_match):
    html = Client().get(long_match.get_absolute_url()).content.decode()
    assert sheet_rows(html) == [(number, 3 * number) for number in range(6, 26)]


def test_the_earlier_hands_are_behind_a_link(long_match):
    html = Client().get(long_match.get_absolute_url()).content.decode()
    link = re.search(r'<a href="([^"]+)" data-testid="unfold">([^<]+)</a>', html)
    assert link[1] == f"{long_match.get_absolute_url()}?sheet=all#sheet"
    assert link[2] == "Show the 5 earlier hands"


def test_the_link_shows_every_hand(long_match):
    html = Client().get(long_match.get_absolute_url() + "?sheet=all").content.decode()
    assert sheet_rows(html) == [(number, 3 * number) for number in range(1, 26)]
    assert 'data-testid="unfold"' not in html


def test_a_short_match_folds_nothing(make_match):
    match = make_match()
    add_hand(match, **HAND)
    html = Client().get(match.get_absolute_url()).content.decode()
    assert sheet_rows(html) == [(1, 3)]
    assert 'data-testid="unfold"' not in html


def test_a_finished_long_match_folds_its_sheet_and_keeps_its_chart(make_match):
    match = make_match(target=75)
    for _ in range(25):
        add_hand(match, **HAND)
    html = Client().get(match.get_absolute_url()).content.decode()
    assert sheet_rows(html)[0] == (6, 18)
    assert 'class="race-chart"' in html


def test_a_hand_saved_while_every_hand_shows_keeps_them_showing(long_match):
    page = long_match.get_absolute_url() + "?sheet=all"
    headers = {"HX-Request": "true", "HX-Current-URL": "http://testserver" + page}
    html = (
        Client()
        .post(long_match.save_hand_url(), hand_post(long_match, **HAND), headers=headers)
        .content.decode()
    )
    assert sheet_rows(html) == [(number, 3 * number) for number in range(1, 27)]
