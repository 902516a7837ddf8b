"""What became of a score tapped during play, said in the answer's X-Hand header as for a hand:
a score kept on the phone without signal is sent later, and the phone's queue (saves.js) keeps
it, for the player's word, unless the server says it is saved."""

import uuid

import pytest

from scorekeeper.models import PlayEntry
from tests.support.testing import add_hand, scoring_match, tap

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def send(client, match, seat: int, points: int, number: int = 1, token=None):
    data = {"seat": seat, "points": points, "number": number, "token": token or uuid.uuid4()}
    url = f"/t/{match.table.key}/m/{match.number}/play"
    return client.post(url, {name: str(value) for name, value in data.items()}, headers=HTMX)


def test_a_score_sent_twice_is_saved_once_and_answered_as_saved(client):
    match = scoring_match()
    token = uuid.uuid4()
    send(client, match, 0, 10, token=token)

    again = send(client, match, 0, 10, token=token)

    assert again.headers.get("X-Hand", "saved") == "saved"
    assert PlayEntry.objects.filter(hand__match=match).count() == 1


def test_a_score_for_a_hand_ended_meanwhile_is_answered_as_stale_and_not_kept(client):
    match = scoring_match()
    add_hand(match, 1, {0: 5, 2: 5})  # hand 1 ended on another phone

    answer = send(client, match, 0, 10, number=1)

    assert answer.headers["X-Hand"] == "stale"
    assert not PlayEntry.objects.filter(hand__match=match).exists()


def test_a_score_taken_back_on_another_phone_is_answered_as_undone_when_sent_again(client):
    match = scoring_match()
    token = uuid.uuid4()
    send(client, match, 0, 10, token=token)
    match.refresh_from_db()
    match.undo(version=match.version)

    answer = send(client, match, 0, 10, token=token)

    assert answer.headers["X-Hand"] == "undone"
    assert not PlayEntry.objects.filter(hand__match=match).exists()


def test_a_score_the_game_does_not_offer_is_answered_as_refused(client):
    match = scoring_match()
    tap(match, 1, 5)

    answer = send(client, match, 0, 7)

    assert answer.headers["X-Hand"] == "refused"
    assert PlayEntry.objects.filter(hand__match=match).count() == 1
