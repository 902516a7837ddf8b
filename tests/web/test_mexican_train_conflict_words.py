"""What a Mexican Train table is told when a round meets another phone's change (sent twice,
taken first, undone since, stale) or waits on the phone: rounds and the game, never hands."""

import uuid

import pytest
from django.test import Client

from tests.web.test_rounds import start, text

pytestmark = pytest.mark.django_db

COUNTS = {"pips_1": "23", "pips_2": "7", "pips_3": "41"}


def round_data(match, token, **changes) -> dict:
    data = {"out": "0", "number": "1", "token": str(token), "entry": "each", **COUNTS}
    return data | {"version": str(match.version), **changes}


def said(response) -> str:
    """The page's words after the answer (its message included), without the markup."""
    return " ".join(text(response).split())


def test_a_round_sent_twice_is_told_as_a_round(client: Client):
    match = start(client)
    token = uuid.uuid4()
    client.post(match.save_hand_url(), round_data(match, token))

    again = said(client.post(match.save_hand_url(), round_data(match, token), follow=True))

    assert "Round 1 saved (it had arrived before, and counts once)." in again
    assert "Hand 1" not in again


def test_a_round_another_phone_saved_first_is_told_as_a_round(client: Client):
    match = start(client)
    client.post(match.save_hand_url(), round_data(match, uuid.uuid4()))

    taken = said(client.post(match.save_hand_url(), round_data(match, uuid.uuid4()), follow=True))

    assert "Round 1 was already entered, maybe from another phone." in taken
    assert "correct round 1 from the sheet" in taken
    assert "hand 1" not in taken.lower()


def test_a_round_undone_since_it_was_sent_is_told_as_a_round(client: Client):
    match = start(client)
    token = uuid.uuid4()
    client.post(match.save_hand_url(), round_data(match, token))
    match.refresh_from_db()
    client.post(match.undo_url(), {"version": str(match.version)})

    undone = said(client.post(match.save_hand_url(), round_data(match, token), follow=True))

    assert "Round 1 was undone on another phone, so it was not saved again." in undone
    assert "Hand 1" not in undone


def test_an_undo_sent_twice_is_told_as_a_round(client: Client):
    match = start(client)
    client.post(match.save_hand_url(), round_data(match, uuid.uuid4()))
    match.refresh_from_db()
    client.post(match.undo_url(), {"version": str(match.version)})

    again = said(client.post(match.undo_url(), {"version": str(match.version)}, follow=True))

    assert "The undo of round 1 had arrived before, and counts once." in again


def test_a_round_sent_after_the_one_before_was_undone_says_the_game_changed(client: Client):
    match = start(client)
    client.post(match.save_hand_url(), round_data(match, uuid.uuid4()))
    match.refresh_from_db()
    client.post(match.undo_url(), {"version": str(match.version)})
    match.refresh_from_db()
    stale = round_data(match, uuid.uuid4(), number="2")  # typed while round 1 was there

    answer = said(client.post(match.save_hand_url(), stale, follow=True))

    assert "The game changed on another phone, so nothing was changed." in answer
    assert "The match changed" not in answer


def test_an_undo_from_a_stale_page_says_the_game_changed(client: Client):
    match = start(client)
    stale = str(match.version)
    client.post(match.save_hand_url(), round_data(match, uuid.uuid4()))

    answer = said(client.post(match.undo_url(), {"version": stale}, follow=True))

    assert "The game changed on another phone, so nothing was changed." in answer


def test_the_notes_about_rounds_kept_on_the_phone_say_round(client: Client):
    page = client.get(start(client).get_absolute_url()).content.decode()

    for words in (
        "The game changed on another phone while rounds waited on this one.",
        "Send them as the next rounds",
        "Sending round <span data-hand-number></span>, kept on this phone…",
        "Round <span data-hand-number></span> as you were typing it.",
        "Your correction of round <span data-fix-number></span> is kept on this phone",
        "The server did not take this round.",
        "The score leaves out the rounds not sent yet that are scored when they are sent.",
    ):
        assert words in page
    assert "Sending hand" not in page and "correction of hand" not in page


def test_the_change_log_names_rounds(client: Client):
    match = start(client)
    client.post(match.save_hand_url(), round_data(match, uuid.uuid4()))
    match.refresh_from_db()
    hand = match.hands.get()
    correction = round_data(match, hand.token, pips_1="20")
    client.post(hand.get_absolute_url(), correction)
    match.refresh_from_db()
    client.post(match.undo_url(), {"version": str(match.version)})
    match.refresh_from_db()

    lines = [line for _entry, line in match.log_lines()]

    assert lines[:3] == [
        "Round 1 undone.",
        "Round 1 corrected: Ann went out",
        "Round 1: Ann went out, 23 for Bo; 7 for Cy; 41 for Dee",
    ]


def test_the_match_and_correction_pages_say_round(client: Client):
    match = start(client)
    client.post(match.save_hand_url(), round_data(match, uuid.uuid4()))

    page = client.get(match.get_absolute_url()).content.decode()
    correction = client.get(match.hands.get().get_absolute_url()).content.decode()

    assert 'aria-label="Enter a round"' in page and "Enter a hand" not in page
    assert "Say each round's score out loud" in page.replace("&#x27;", "'")
    assert "Correct this round" in correction and "Correct this hand" not in correction
