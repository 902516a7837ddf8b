"""A change another phone made first is told in one set of words, whatever was refused."""

import uuid

from django.test import Client

from scorekeeper.testing import scoring_match

CHANGED = "The match changed on another phone, so nothing was changed."


def test_a_play_for_a_hand_that_ended_meanwhile_says_the_match_changed(client: Client, db):
    match = scoring_match()
    # The play strip of hand 2, while the match is still on hand 1: another phone's page.
    data = {"seat": "0", "points": "10", "number": "2", "token": str(uuid.uuid4())}

    response = client.post(f"/t/{match.table.key}/m/{match.number}/play", data, follow=True)

    assert CHANGED in response.content.decode()
    assert match.hands.count() == 0
