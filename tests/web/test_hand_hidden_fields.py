"""A hand post whose hidden fields were changed says so plainly and records nothing."""

import pytest
from django.test import Client

from scorekeeper.models import Hand
from scorekeeper.testing import hand_post

pytestmark = pytest.mark.django_db

MESSAGE = "This page could not be read. Reload it and enter the hand again."


@pytest.mark.parametrize(
    "damaged", [{"entry": "bogus"}, {"token": "zz"}, {"number": "abc"}], ids=lambda d: next(iter(d))
)
def test_a_damaged_hidden_field_is_refused_with_a_message(client: Client, make_match, damaged):
    match = make_match()
    data = hand_post(match, out=0, pips={1: 10, 2: 5, 3: 7}, **damaged)
    response = client.post(f"/t/{match.table.key}/m/1/hand", data)
    assert response.status_code == 422
    assert MESSAGE in response.content.decode()
    assert not Hand.objects.exists()
