"""The preview of a scoring game's hand end: its short line pays the end's points once."""

import html
import re

from django.test import Client

from scorekeeper import rules
from scorekeeper.testing import post_data, scoring_match


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
