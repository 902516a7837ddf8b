"""A scoring game's hand whose end scores 0: its hand page, correction and undo open and work."""

import uuid

import pytest
from django.test import Client

from scorekeeper.models import Match
from tests.support.testing import add_hand, scoring_match

pytestmark = pytest.mark.django_db


def zero_end_match() -> Match:
    """Ana goes out, Ben and Dev hold 1 pip each: 2 rounds to 0 under `nearest five`."""
    match = scoring_match(names=("Ana", "Ben", "Cy", "Dev"), rounding="nearest_five")
    return add_hand(match, 0, {1: 1, 3: 1})


def url(match: Match, tail: str = "") -> str:
    return f"/t/{match.table.key}/m/{match.number}/{tail}"


def test_the_hand_page_of_a_zero_end_opens(client: Client):
    match = zero_end_match()

    response = client.get(url(match, "h/1/"))

    assert response.status_code == 200


@pytest.mark.parametrize("htmx", [False, True])
def test_the_undo_page_of_a_zero_end_opens(client: Client, htmx: bool):
    match = zero_end_match()
    headers = {"HX-Request": "true"} if htmx else {}

    response = client.get(url(match, "undo"), headers=headers)

    assert response.status_code == 200


def test_the_hand_page_of_a_zero_end_says_who_went_out(client: Client):
    match = zero_end_match()

    html = client.get(url(match, "h/1/")).content.decode()

    assert "0 for Ana &amp; Cy: Ana went out" in html


def test_a_zero_end_can_be_corrected(client: Client):
    match = zero_end_match()
    data = {"out": "0", "number": "1", "token": str(uuid.uuid4()), "pips_1": "9", "pips_3": "1"}

    response = client.post(url(match, "h/1/"), {**data, "version": str(match.version)})

    assert response.status_code == 302
    match.refresh_from_db()
    assert match.totals == [10, 0]


def test_a_hand_corrected_into_a_zero_end_still_opens(client: Client):
    match = scoring_match(names=("Ana", "Ben", "Cy", "Dev"))
    add_hand(match, 0, {1: 9, 3: 1})
    data = {"out": "0", "number": "1", "token": str(uuid.uuid4()), "pips_1": "1", "pips_3": "1"}

    client.post(url(match, "h/1/"), {**data, "version": str(match.version)})

    match.refresh_from_db()
    assert match.totals == [0, 0]
    assert client.get(url(match, "h/1/")).status_code == 200


def test_a_zero_end_can_be_undone(client: Client):
    match = zero_end_match()

    response = client.post(url(match, "undo"), {"version": str(match.version)})

    assert response.status_code == 302
    assert not match.hands.exists()  # it had no scores during play: nothing of it is left
