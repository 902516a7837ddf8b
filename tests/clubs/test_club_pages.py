"""A club: created from the home page, opened by its key, joined and left from a table's page."""

import pytest
from django.urls import reverse

from scorekeeper.clubs.models import Club, Membership

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return Club.objects.create(name="Parque Central")


def test_the_home_page_offers_a_new_club(client):
    response = client.get(reverse("home"))
    assert reverse("new_club") in response.content.decode()


def test_a_club_is_created_with_its_name_and_opens_by_its_key(client):
    response = client.post(reverse("new_club"), {"name": "  Parque   Central "})
    club = Club.objects.get(key=response.url.split("/")[-2])
    assert club.name == "Parque Central"
    page = client.get(response.url)
    assert "Parque Central" in page.content.decode()


def test_a_name_of_only_spaces_is_refused_and_makes_no_club(client):
    before = set(Club.objects.values_list("pk", flat=True))
    response = client.post(reverse("new_club"), {"name": "   "})
    assert response.status_code == 422
    assert "Give the club a name." in response.content.decode()
    assert set(Club.objects.values_list("pk", flat=True)) == before


def test_a_forged_club_key_is_a_404(client, club):
    assert client.get(reverse("club", args=["A" * 22])).status_code == 404


def test_a_table_joins_with_the_clubs_link(client, club, make_match):
    table = make_match().table
    link = f"http://testserver{club.get_absolute_url()}"
    response = client.post(reverse("join_club", args=[table.key]), {"link": link})
    assert response.status_code == 302
    assert Membership.objects.get(table=table).club == club
    page = client.get(table.get_absolute_url()).content.decode()
    assert club.get_absolute_url() in page


def test_the_club_page_lists_its_tables_by_their_watch_link_only(client, club, make_match):
    table = make_match().table
    club.join(table)
    page = client.get(club.get_absolute_url()).content.decode()
    assert table.watch_url() in page
    assert table.key not in page


def test_a_forged_club_link_is_refused_at_the_field(client, club, make_match):
    table = make_match().table
    response = client.post(reverse("join_club", args=[table.key]), {"link": "/c/" + "B" * 22})
    assert response.status_code == 422
    assert "No club has this link." in response.content.decode()
    assert not Membership.objects.filter(table=table).exists()


def test_a_table_cannot_join_twice(client, club, make_match):
    table = make_match().table
    club.join(table)
    other = Club.objects.create(name="Bar")
    response = client.post(reverse("join_club", args=[table.key]), {"link": other.key})
    assert "already in a club" in response.content.decode()
    assert Membership.objects.get(table=table).club == club


def test_a_table_leaves_its_club(client, club, make_match):
    table = make_match().table
    club.join(table)
    response = client.post(reverse("leave_club", args=[table.key]))
    assert response.status_code == 302
    assert not Membership.objects.filter(table=table).exists()


def test_too_many_new_clubs_from_one_address_in_an_hour_are_refused(client, settings):
    settings.CLUBS_PER_HOUR = 2
    for name in ("One", "Two"):
        assert client.post(reverse("new_club"), {"name": name}).status_code == 302
    response = client.post(reverse("new_club"), {"name": "Three"})
    assert response.status_code == 429
    assert "Too many new clubs from here this hour." in response.content.decode()
    assert not Club.objects.filter(name="Three").exists()
