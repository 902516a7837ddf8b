"""The hand form's preview: what is wrong with a total as it is typed, and a scoring game's
hand end paid once."""

import html
import re
import uuid

import pytest
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


# Blocked hands whose counts are each possible and more than a double-six set holds together.
OVER_THE_SET = [
    pytest.param("caribbean", {0: 60, 1: 60, 2: 60, 3: 0}, id="park-four"),
    pytest.param("jamaican_cut_throat", {0: 85, 1: 80, 2: 12}, id="cut-throat-three"),
    pytest.param("jamaican_cut_throat", {0: 118, 1: 51}, id="cut-throat-two"),
]


@pytest.mark.parametrize(("preset", "pips"), OVER_THE_SET)
def test_counts_over_the_whole_set_say_so_in_the_preview(client: Client, make_match, preset, pips):
    # Before, every field filled and the hand refused on Save, the preview still asked for the
    # pips: the refusal of the counts together was at no field, and the preview reads fields.
    match = make_match(("Ana", "Beto", "Carla", "Dani")[: len(pips)], preset)
    data = {**post_data("blocked", 1, pips), "entry": "each"}
    url = f"/t/{match.table.key}/m/{match.number}/preview"

    answer = client.post(url, data, headers=HTMX).content.decode()

    assert "Together the hands hold more pips than the whole set (168)." in answer
    assert "Fill in the pips" not in answer


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
