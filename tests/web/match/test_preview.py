"""The hand form's preview: what is wrong with a total as it is typed, and a scoring game's
hand end paid once."""

import html
import re
import uuid

from django.test import Client

from scorekeeper import rules
from tests.support.testing import SPANISH, post_data, scoring_match

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


def test_the_short_line_of_an_all_fives_end_counts_its_points_once(client: Client, db):
    match = scoring_match()
    data = post_data(0, 1, {1: 10, 2: 0, 3: 10})
    expected = rules.score_hand(
        match.game(),
        rules.Hand(ending=rules.Ending.WENT_OUT, went_out=0, pips={1: 10, 2: 0, 3: 10}),
        match.next_leader,
        number=1,
    )

    response = client.post(
        f"/t/{match.table.key}/m/{match.number}/preview", data, headers={"HX-Request": "true"}
    )

    short = re.search(r'id="preview-short"[^>]*><bdi>(.*?)</bdi>', response.content.decode())
    side = match.side_names()[expected.side]
    assert expected.points > 0
    assert html.unescape(short.group(1)) == f"{expected.points} for {side}"


def test_every_way_a_game_ends_has_what_the_hand_form_says_of_it():
    from scorekeeper.views.match import END_TEXTS

    assert {kind.ending for kind in rules.GAMES.values()} <= set(END_TEXTS)
