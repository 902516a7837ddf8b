"""A form that makes something (a new table, club or tournament) posted twice with the token
it was drawn with (a double tap, a reload, no JavaScript to stop the second) makes it once: the
second post goes to what the first made. A form drawn again has a new token and makes another."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.clubs.models import Club
from scorekeeper.models import SentForm, Table
from scorekeeper.tournaments.models import Tournament
from tests.created import created
from tests.support.testing import SETUP

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'<input type="hidden" name="token" value="([0-9a-f-]{36})"')


def drawn_token(client: Client, path: str) -> str:
    """The one-time token of the form on this page, as a phone without JavaScript posts it."""
    return TOKEN.search(client.get(path).content.decode()).group(1)


def test_a_new_table_posted_twice_is_one_table(client):
    token = drawn_token(client, reverse("new_table"))
    first = client.post(reverse("new_table"), {**SETUP, "token": token})
    second = client.post(reverse("new_table"), {**SETUP, "token": token})
    assert first.status_code == second.status_code == 302
    assert second["Location"] == first["Location"]
    assert created(Table).count() == 1
    # The form drawn again makes another table.
    token = drawn_token(client, reverse("new_table"))
    client.post(reverse("new_table"), {**SETUP, "token": token})
    assert created(Table).count() == 2


def test_the_same_form_sent_back_with_a_name_put_right_makes_a_new_table(client):
    # Back from the new match (the page as it was, its token with it), a name put right, Start:
    # what the table asked for now is a table with that name, not the first one.
    token = drawn_token(client, reverse("new_table"))
    first = client.post(reverse("new_table"), {**SETUP, "token": token})
    second = client.post(reverse("new_table"), {**SETUP, "player_1": "Zoe", "token": token})
    again = client.post(reverse("new_table"), {**SETUP, "player_1": "Zoe", "token": token})
    assert second["Location"] != first["Location"] and again["Location"] == second["Location"]
    assert created(Table).count() == 2


def test_the_home_pages_quick_start_carries_a_token_too(client):
    token = drawn_token(client, reverse("home"))
    for _ in range(2):
        client.post(reverse("new_table"), {**SETUP, "token": token})
    assert created(Table).count() == 1


def test_a_new_club_posted_twice_is_one_club(client):
    token = drawn_token(client, reverse("home"))  # the home page's "Start a club"
    before = Club.objects.count()
    first = client.post(reverse("new_club"), {"name": "Parque", "token": token})
    second = client.post(reverse("new_club"), {"name": "Parque", "token": token})
    assert second["Location"] == first["Location"] == Club.objects.latest("pk").get_absolute_url()
    assert Club.objects.count() == before + 1


def test_a_new_tournament_posted_twice_is_one_tournament(client):
    token = drawn_token(client, reverse("new_tournament"))
    data = {
        "name": "Park open",
        "format": "swiss",
        "preset": "caribbean",
        "entrants": "Ana & Ben\nCris & Dani\nEva & Fede\nGil & Hugo",
        "token": token,
    }
    first = client.post(reverse("new_tournament"), data)
    second = client.post(reverse("new_tournament"), data)
    tournament = created(Tournament).get()
    assert second["Location"] == first["Location"] == tournament.get_absolute_url()
    assert tournament.entrants.count() == 4


def test_the_same_token_from_another_client_still_makes_its_own(client):
    token = drawn_token(client, reverse("new_table"))
    client.post(reverse("new_table"), {**SETUP, "token": token})
    other = Client(REMOTE_ADDR="10.9.8.7")
    other.post(reverse("new_table"), {**SETUP, "token": token})
    assert created(Table).count() == 2


def test_a_form_without_a_token_or_with_a_garbled_one_still_works(client):
    client.post(reverse("new_table"), SETUP)
    client.post(reverse("new_table"), SETUP)
    client.post(reverse("new_table"), {**SETUP, "token": "not a uuid"})
    assert created(Table).count() == 3
    assert not SentForm.objects.exists()


def test_a_refused_form_keeps_its_token_and_makes_nothing(client, settings):
    settings.TABLES_PER_HOUR = 0
    token = drawn_token(client, reverse("new_table"))
    response = client.post(reverse("new_table"), {**SETUP, "token": token})
    assert response.status_code == 429
    assert token in response.content.decode()
    assert not created(Table).exists() and not SentForm.objects.exists()
