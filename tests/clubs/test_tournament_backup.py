"""A club's tournament in its backup: the file says which club it belongs to (its key and name),
and the restore links it to that club again when the club is on this server. An older file,
written before the link was kept, still restores (as a tournament of no club)."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import translation

from scorekeeper.clubs.models import Club, SeededTournament
from scorekeeper.clubs.words import club_not_here
from scorekeeper.tournaments.backup import export_tournament, import_tournament
from scorekeeper.tournaments.models import Tournament
from tests.clubs.factories import club_with
from tests.created import created
from tests.support.testing import make_tournament

pytestmark = pytest.mark.django_db

PAIRS = ["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo"]


def club_tournament():
    club, _tables = club_with("Park")
    tournament = make_tournament(PAIRS)
    SeededTournament.objects.create(club=club, tournament=tournament)
    tournament.draw_next_round()
    return club, tournament


def round_trip(data: dict) -> Tournament:
    """The file written to disk and read back, restored beside the original (new keys)."""
    return import_tournament(json.loads(json.dumps(data)), new_keys=True)


def test_the_backup_says_which_club_the_tournament_belongs_to():
    club, tournament = club_tournament()
    data = export_tournament(tournament)
    assert data["links"] == {"club": {"key": club.key, "name": "Park"}}


def test_a_restored_club_tournament_belongs_to_its_club_again():
    club, tournament = club_tournament()
    restored = round_trip(export_tournament(tournament))
    assert restored.pk != tournament.pk
    assert SeededTournament.objects.get(tournament=restored).club == club


def test_a_tournament_of_no_club_says_none_and_restores_as_none():
    tournament = make_tournament(PAIRS)
    data = export_tournament(tournament)
    assert data["links"] == {}
    restored = round_trip(data)
    assert not SeededTournament.objects.filter(tournament=restored).exists()


def test_a_club_not_on_this_server_leaves_the_tournament_of_no_club():
    club, tournament = club_tournament()
    data = export_tournament(tournament)
    Club.objects.filter(pk=club.pk).delete()  # as on another server
    restored = round_trip(data)
    assert restored.name == "Park open"
    assert not SeededTournament.objects.filter(tournament=restored).exists()


def test_a_club_not_on_this_server_is_said_with_its_name_and_why():
    club, tournament = club_tournament()
    data = export_tournament(tournament)
    Club.objects.filter(pk=club.pk).delete()
    notes: list[str] = []
    import_tournament(json.loads(json.dumps(data)), new_keys=True, notes=notes)
    assert notes == [
        "The club “Park” is not on this server, so the tournament was restored without it: "
        "it is not linked to a club and does not seed by club ratings."
    ]


def test_a_club_on_this_server_is_linked_and_nothing_is_said():
    _club, tournament = club_tournament()
    notes: list[str] = []
    import_tournament(export_tournament(tournament), new_keys=True, notes=notes)
    assert notes == []


@pytest.mark.parametrize("language", ["en", "es", "sv"])
def test_the_director_is_told_on_the_restored_tournaments_page(client, language):
    club, tournament = club_tournament()
    data = export_tournament(tournament)
    Club.objects.filter(pk=club.pk).delete()
    data["links"]["club"]["name"] = "Parque del Oeste"
    file = SimpleUploadedFile(
        "event.json", json.dumps(data).encode(), content_type="application/json"
    )
    response = client.post(
        reverse("tournament_import"),
        {"backup": file},
        follow=True,
        headers={"accept-language": language},
    )
    restored = created(Tournament).exclude(pk=tournament.pk).get()
    assert response.redirect_chain[-1][0] == restored.get_absolute_url()
    assert not SeededTournament.objects.filter(tournament=restored).exists()
    with translation.override(language):
        said = club_not_here("Parque del Oeste")
    assert said.startswith("The club") == (language == "en")  # the language's own words
    assert f'<p class="msg warning">{said}</p>' in response.content.decode()


def test_an_older_backup_without_the_link_still_restores():
    _club, tournament = club_tournament()
    data = export_tournament(tournament)
    del data["links"]  # as written before the link was kept
    restored = round_trip(data)
    assert restored.rounds.count() == 1
    assert not SeededTournament.objects.filter(tournament=restored).exists()


@pytest.mark.parametrize(
    "links",
    [["club"], {"club": "Park"}, {"club": {"key": 7, "name": "Park"}}, {"club": {}}],
)
def test_an_unreadable_link_is_refused_and_nothing_is_restored(links):
    _club, tournament = club_tournament()
    data = export_tournament(tournament)
    data["links"] = links
    before = Tournament.objects.count()
    with pytest.raises(ValueError, match="what the tournament belongs to"):
        round_trip(data)
    assert Tournament.objects.count() == before
