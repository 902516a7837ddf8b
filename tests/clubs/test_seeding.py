"""A tournament made from a club's page seeds its first Swiss round by the club's ratings,
through the core's seeder registry (the core never imports the clubs app)."""

import pytest
from django.urls import reverse

from scorekeeper.clubs.models import SeededTournament
from scorekeeper.tournaments import seeding
from scorekeeper.tournaments.models import Bracket, Round, Tournament
from tests.clubs.factories import club_with, played
from tests.created import created
from tests.support.testing import make_tournament

pytestmark = pytest.mark.django_db

PAIRS = ["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo", "Ivo & Juan", "Kai & Leo"]


def rated_club():
    """Ana & Ben won three, Eva & Fede two; Cris & Dani lost three, Gil & Hugo two."""
    club, (table,) = club_with("Park")
    for _ in range(3):
        played(table, ("Ana", "Cris", "Ben", "Dani"), 0)
    for _ in range(2):
        played(table, ("Eva", "Gil", "Fede", "Hugo"), 0)
    return club


def create(client, club, **fields):
    data = {
        "name": "Park open",
        "format": "swiss",
        "preset": "caribbean",
        "target": "200",
        "entrants": "\n".join(PAIRS),
        "seeding": "rating",
        **fields,
    }
    return client.post(reverse("club_tournament", args=[club.key]), data)


def first_round(client, tournament) -> list[tuple[str, str]]:
    client.post(tournament.draw_url())
    round = created(Round).get()
    names = {entrant.pk: str(entrant) for entrant in tournament.entrants.all()}
    return [(names[first[0]], names[second[0]]) for first, second in round.as_draw().tables]


def test_the_club_offers_a_tournament_seeded_by_rating(client):
    club = rated_club()
    page = client.get(club.get_absolute_url()).content.decode()
    assert reverse("club_tournament", args=[club.key]) in page
    setup = client.get(reverse("club_tournament", args=[club.key])).content.decode()
    assert 'name="seeding"' in setup
    assert 'name="seeding"' not in client.get(reverse("new_tournament")).content.decode()


def test_a_club_tournament_pairs_its_first_round_top_half_against_bottom_half(client):
    club = rated_club()
    response = create(client, club)
    tournament = created(Tournament).get()
    assert response.status_code == 302
    assert SeededTournament.objects.get(tournament=tournament).club == club
    tables = first_round(client, tournament)
    # By the pairs' mu added: Ana & Ben, Eva & Fede, Gil & Hugo, Cris & Dani; then the unrated.
    assert tables[0] == ("Ana & Ben", "Cris & Dani")
    assert {tables[1][0], tables[2][0]} == {"Eva & Fede", "Gil & Hugo"}
    assert tables[1][0] == "Eva & Fede"
    assert {tables[1][1], tables[2][1]} == {"Ivo & Juan", "Kai & Leo"}


def test_the_seeding_rating_of_a_pair_is_its_two_players_mu_added(client):
    club = rated_club()
    create(client, club)
    tournament = created(Tournament).get()
    entrants = list(tournament.entrants.all())
    found = seeding.seeding_ratings(tournament, entrants)
    mu = dict(club.ratings.values_list("player", "mu"))
    ana_ben = next(entrant for entrant in entrants if entrant.name == "Ana")
    assert found[ana_ben.pk] == pytest.approx(mu["ana"] + mu["ben"])
    assert len(found) == 4  # Ivo & Juan and Kai & Leo are unrated


def test_a_club_tournament_drawn_at_random_is_not_seeded(client):
    club = rated_club()
    create(client, club, seeding="drawn")
    tournament = created(Tournament).get()
    assert not SeededTournament.objects.filter(tournament=tournament).exists()
    assert seeding.seeded_order(tournament, list(tournament.entrants.all()), "x") is None


def test_a_tournament_of_no_club_is_drawn_from_its_seed():
    tournament = make_tournament(PAIRS[:4])
    assert seeding.seeded_order(tournament, list(tournament.entrants.all()), "x") is None


def test_a_forged_club_key_opens_no_tournament_setup_and_makes_nothing(client):
    forged = reverse("club_tournament", args=["x" * 22])
    assert client.get(forged).status_code == 404
    data = {"name": "Park open", "format": "swiss", "preset": "caribbean", "target": "200"}
    assert client.post(forged, data).status_code == 404
    assert not created(Tournament).exists()


def test_a_format_no_rating_seeds_asks_no_seeding(client):
    club = rated_club()
    url = reverse("club_tournament", args=[club.key])
    page = client.post(url, {"refresh": "1", "format": "round_robin"}).content.decode()
    assert 'name="seeding"' not in page


def test_the_format_change_posts_back_to_the_clubs_setup(client):
    club = rated_club()
    url = reverse("club_tournament", args=[club.key])
    response = client.post(
        url, {"refresh": "1", "format": "swiss", "name": ""}, headers={"HX-Request": "true"}
    )
    page = response.content.decode()
    assert f'hx-post="{url}"' in page
    assert 'name="seeding"' in page


@pytest.mark.parametrize("format", ["single_elimination", "double_elimination"])
def test_a_club_knockout_seeds_its_bracket_by_rating(client, format):
    # Before, a knockout made from the club's page was asked no seeding and linked to no club:
    # its bracket offered "By club rating" and refused it (no club ratings), "Drawn" chosen.
    club = rated_club()
    setup = client.post(
        reverse("club_tournament", args=[club.key]), {"refresh": "1", "format": format}
    )
    assert 'name="seeding"' in setup.content.decode()
    assert create(client, club, format=format).status_code == 302
    tournament = created(Tournament).get()
    assert SeededTournament.objects.get(tournament=tournament).club == club

    page = client.get(tournament.get_absolute_url()).content.decode()
    assert '<option value="rating" selected>' in page  # as RULES.md: a club's seeds by rating

    client.post(reverse("bracket_draw", args=[tournament.key]), {"seeding": "rating"})
    bracket = created(Bracket).get()
    names = {entrant.pk: str(entrant) for entrant in tournament.entrants.all()}
    assert [names[pk] for pk in bracket.seeds[:2]] == ["Ana & Ben", "Eva & Fede"]
