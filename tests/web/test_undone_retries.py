"""A hand or a play taken back on another phone, then sent again by the phone that saved it
(its answer was lost, and its queue sends the same form): not stored again, and the phone is
told so with the hand as it typed it."""

import uuid

import pytest
from django.test import Client

from scorekeeper.models import HandConflict, Match
from scorekeeper.testing import post_data, reported, scoring_match, tap

UNDONE = "Hand 1 was undone on another phone, so it was not saved again."
PLAY_UNDONE = "That score was taken back on another phone, so it was not saved again."


def read_again(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


def undo(client: Client, match: Match) -> None:
    client.post(
        f"/t/{match.table.key}/m/{match.number}/undo", {"version": read_again(match).version}
    )


def test_a_hand_undone_since_is_refused_when_its_token_comes_again(make_match):
    match = make_match()
    token = uuid.uuid4()
    match.add_hand(reported(0, {1: 10, 2: 5, 3: 7}), token=token, number=1)
    match.undo(version=match.version)

    with pytest.raises(HandConflict) as conflict:
        match.add_hand(reported(0, {1: 10, 2: 5, 3: 7}), token=token, number=1)

    assert (conflict.value.kind, conflict.value.number) == (HandConflict.UNDONE, 1)
    assert (read_again(match).hand_count, read_again(match).totals) == (0, [0, 0])


def test_an_undone_hand_sent_again_says_so_and_keeps_the_typed_hand(client: Client, make_match):
    match = make_match()
    url = f"/t/{match.table.key}/m/{match.number}/hand"
    data = post_data(0, 1, {1: 10, 2: 5, 3: 17})
    Client().post(url, data)  # saved, and its answer (with its cookies) lost
    undo(Client(), match)  # another phone

    again = client.post(url, data, headers={"HX-Request": "true"})

    text = again.content.decode()
    assert UNDONE in text
    assert "Hand 1 saved." not in text
    assert again["X-Hand"] == "undone"
    assert 'name="pips_3" value="17"' in text  # the hand as typed, for the player to decide
    assert f'value="{data["token"]}"' not in text  # saved again, it would be refused again
    assert read_again(match).hand_count == 0


def test_an_undone_hand_sent_again_without_javascript_shows_the_form(client: Client, make_match):
    match = make_match()
    url = f"/t/{match.table.key}/m/{match.number}/hand"
    data = post_data(0, 1, {1: 10, 2: 5, 3: 17})
    Client().post(url, data)
    undo(Client(), match)

    again = client.post(url, data)

    assert again.status_code == 422
    assert UNDONE in again.content.decode()
    assert 'name="pips_3" value="17"' in again.content.decode()


def test_a_play_taken_back_since_is_not_stored_again(client: Client, db):
    match = scoring_match()
    token = uuid.uuid4()
    tap(match, 0, 10, token=token)
    undo(Client(), match)

    again = client.post(
        f"/t/{match.table.key}/m/{match.number}/play",
        {"seat": "0", "points": "10", "number": "1", "token": str(token)},
        headers={"HX-Request": "true"},
    )

    assert PLAY_UNDONE in again.content.decode()
    assert read_again(match).totals == [0, 0]
    assert not read_again(match).hands.exists()


def test_only_the_latest_undone_tokens_are_kept(make_match):
    match = make_match()
    for _ in range(Match.UNDONE_KEPT + 5):
        match.add_hand(reported(0, {1: 1, 2: 1, 3: 1}), token=uuid.uuid4(), number=1)
        match.undo(version=match.version)

    assert len(read_again(match).undone_tokens) == Match.UNDONE_KEPT
