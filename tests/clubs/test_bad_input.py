"""Bad input to the clubs: a clear answer at the field (or a 404 for a key nobody was given),
and nothing changed."""

import pytest
from django.urls import reverse

from scorekeeper.clubs.models import Club, ClubRating, Membership, RatedMatch, Season
from scorekeeper.tournaments.models import Tournament
from tests.clubs.factories import club_with, played
from tests.created import created

pytestmark = pytest.mark.django_db

FORGED = "F" * 22


def state(club: Club) -> tuple:
    """Everything a bad input must leave as it was."""
    club = Club.objects.get(pk=club.pk)
    return (
        club.version,
        club.name,
        sorted(Membership.objects.filter(club=club).values_list("table", flat=True)),
        sorted(Season.objects.filter(club=club).values_list("pk", flat=True)),
        sorted(ClubRating.objects.filter(club=club).values_list("player", "mu", "played")),
        RatedMatch.objects.filter(club=club).count(),
    )


@pytest.fixture
def park():
    club, (table,) = club_with("North")
    played(table, ("Ana", "Ben", "Cara", "Dev"), 0)
    return club, table


@pytest.mark.parametrize(
    "name, args",
    [
        ("club", [FORGED]),
        ("club_player", [FORGED]),
        ("club_pairs", [FORGED]),
        ("club_csv", [FORGED]),
        ("club_json", [FORGED]),
        ("club_tournament", [FORGED]),
    ],
)
def test_a_forged_club_key_opens_nothing(client, park, name, args):
    assert client.get(reverse(name, args=args), {"p": "ana"}).status_code == 404


def test_a_season_posted_to_a_forged_club_key_is_a_404_and_makes_nothing(client, park):
    club, _table = park
    before = state(club)
    data = {"name": "Spring", "starts_on": "2026-03-01", "ends_on": "2026-05-31"}
    assert client.post(reverse("new_season", args=[FORGED]), data).status_code == 404
    assert not Season.objects.exists()
    assert state(club) == before


def test_a_forged_table_key_joins_and_leaves_nothing(client, park):
    club, _table = park
    before = state(club)
    link = {"link": club.key}
    assert client.post(reverse("join_club", args=[FORGED]), link).status_code == 404
    assert client.post(reverse("leave_club", args=[FORGED])).status_code == 404
    assert state(club) == before


def test_a_table_joining_its_own_club_twice_changes_nothing_and_says_so(client, park):
    club, table = park
    before = state(club)
    response = client.post(reverse("join_club", args=[table.key]), {"link": club.key}, follow=True)
    assert response.redirect_chain == [(table.get_absolute_url(), 302)]
    text = response.content.decode()
    assert "This table is already in this club." in text
    assert "It leaves that one first." not in text
    assert state(club) == before


def test_a_table_in_another_club_is_told_at_the_field(client, park):
    club, table = park
    other = Club.objects.create(name="South")
    before = state(club)
    response = client.post(reverse("join_club", args=[table.key]), {"link": other.key})
    assert response.status_code == 422
    text = response.content.decode()
    assert 'class="field has-error"' in text
    assert "This table is already in a club. It leaves that one first." in text
    assert state(club) == before and not Membership.objects.filter(club=other).exists()


@pytest.mark.parametrize("name", ["   ", "\u200b\u200b", "\t\n"])
def test_a_club_name_of_only_spaces_or_invisible_marks_makes_no_club(client, name):
    before = set(Club.objects.values_list("pk", flat=True))
    response = client.post(reverse("new_club"), {"name": name})
    assert response.status_code == 422
    assert "Give the club a name." in response.content.decode()
    assert set(Club.objects.values_list("pk", flat=True)) == before


def test_a_club_name_too_long_is_refused_in_our_words(client):
    before = set(Club.objects.values_list("pk", flat=True))
    response = client.post(reverse("new_club"), {"name": "A" * 61})
    assert response.status_code == 422
    error = response.content.decode().split('id="id_name_error">')[1].split("<")[0]
    assert error == "Type a name of at most 60 characters."
    assert set(Club.objects.values_list("pk", flat=True)) == before


@pytest.mark.parametrize(
    "data, field, message",
    [
        (
            {"name": "   ", "starts_on": "2026-03-01", "ends_on": "2026-05-31"},
            "name",
            "Give the season a name.",
        ),
        (
            {"name": "Spring", "starts_on": "2026-06-01", "ends_on": "2026-05-31"},
            "ends_on",
            "A season cannot end before it starts.",
        ),
        (
            {"name": "Spring", "starts_on": "2026-13-01", "ends_on": "2026-05-31"},
            "starts_on",
            "Give a date.",
        ),
        (
            {"name": "Spring", "starts_on": "2026-03-01", "ends_on": ""},
            "ends_on",
            "Give its last day.",
        ),
    ],
)
def test_a_bad_season_is_refused_at_its_field_and_changes_nothing(
    client, park, data, field, message
):
    club, _table = park
    before = state(club)
    response = client.post(reverse("new_season", args=[club.key]), data)
    assert response.status_code == 422
    assert response.context["season_form"].errors[field] == [message]
    assert f'id="id_{field}_error"' in response.content.decode()
    assert state(club) == before


def test_a_bad_tournament_from_the_club_is_refused_and_makes_nothing(client, park):
    club, _table = park
    before = state(club)
    url = reverse("club_tournament", args=[club.key])
    data = {"name": "  ", "format": "swiss", "preset": "caribbean", "target": "200", "seeding": "x"}
    response = client.post(url, data)
    assert response.status_code == 422
    errors = response.context["form"].errors
    assert set(errors) >= {"name", "seeding"}
    assert not created(Tournament).exists()
    assert state(club) == before
