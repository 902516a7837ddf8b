"""The entrants a director types, at creation and as late entries: each checked at the field."""

import pytest
from django.urls import reverse

from scorekeeper.tournaments.models import Tournament
from tests.support.testing import make_tournament

pytestmark = pytest.mark.django_db

NAME = "Entrants checked"


def create(client, entrants, format="swiss", name=NAME):
    data = {
        "name": name,
        "format": format,
        "preset": "caribbean",
        "target": "200",
        "entrants": entrants,
    }
    return client.post(reverse("new_tournament"), data)


def refused(client, entrants, format="swiss") -> str:
    response = create(client, entrants, format)
    assert response.status_code == 422
    assert not Tournament.objects.filter(name=NAME).exists()
    return response.content.decode()


def test_a_pair_of_one_name_is_refused(client):
    page = refused(client, "Ana & Ben\nDario")
    assert "Line 2: a pair is two names" in page


@pytest.mark.parametrize("line", ["Cris & Dani & Eva", "Cris / Dani + Eva", "Cris & Dani &"])
def test_a_pair_of_three_names_is_refused(client, line):
    # Before, "Cris & Dani & Eva" (a line break forgotten) was a pair of Cris and "Dani & Eva".
    page = refused(client, f"Ana & Ben\n{line}")
    assert "Line 2: a pair is two names" in page


def test_three_names_on_a_line_of_an_individual_event_are_refused(client):
    page = refused(client, "Ana\nBen & Cris & Dani\nEva\nFede", format="rotating_partners")
    assert "Line 2: in an individual event, one player a line." in page


def test_a_name_too_long_is_refused_with_its_line(client):
    """As every other refusal of the box: the director is told which line to shorten."""
    page = refused(client, "Ana & Ben\nCris & Dani\n" + "N" * 31 + " & Eva")
    assert "Line 3: a name can have at most 30 characters." in page


def test_a_pair_entered_twice_in_another_case_is_refused(client):
    page = refused(client, "Ana & Ben\nCris & Dani\nana & BEN")
    assert "Line 3: “ana &amp; BEN” is entered already." in page


def test_a_pair_entered_twice_with_its_players_swapped_is_refused(client):
    assert "Line 2: “Ben &amp; Ana” is entered already." in refused(client, "Ana & Ben\nBen & Ana")


def test_a_pair_entered_twice_with_other_spacing_is_refused(client):
    page = refused(client, "Ana Maria & Ben\n  Ana   Maria&Ben  ")
    assert "Line 2: “Ana Maria &amp; Ben” is entered already." in page


def test_a_pair_of_one_player_twice_is_refused(client):
    assert "Line 1: a pair needs two different players." in refused(client, "Ana & ana")


def test_a_player_in_two_pairs_is_refused(client):
    page = refused(client, "Ana & Ben\nCris & ANA")
    assert "Line 2: ANA already plays in “Ana &amp; Ben”." in page


def test_names_that_differ_by_an_accent_are_two_players(client):
    response = create(client, "José & Ana\nJose & Ben")
    assert response.status_code == 302
    tournament = Tournament.objects.get(name=NAME)
    assert [str(entrant) for entrant in tournament.entrants.all()] == ["José & Ana", "Jose & Ben"]


def test_a_player_entered_twice_in_an_individual_event_is_refused(client):
    page = refused(client, "Ana\nBen\nana", format="rotating_partners")
    assert "Line 3: “ana” is entered already." in page


def test_an_entrant_of_control_characters_only_is_refused(client):
    page = refused(client, "Ana & Ben\n\x01\x02\x03")
    assert "Line 2: type a name with letters you can see." in page


def test_a_partner_of_control_characters_only_is_refused(client):
    assert "Line 1: type a name with letters you can see." in refused(client, "Ana & \x07")


def test_a_tournament_name_of_control_characters_only_is_refused(client):
    response = create(client, "Ana & Ben", name="\x01\x02")
    assert response.status_code == 422
    assert "Type a name with letters you can see." in response.content.decode()
    assert not Tournament.objects.filter(name="").exists()


def test_blank_lines_are_skipped(client):
    assert create(client, "Ana & Ben\n   \n\nCris & Dani\n").status_code == 302
    assert Tournament.objects.get(name=NAME).entrants.count() == 2


def late_entry(client, tournament, entrants):
    return client.post(tournament.entrants_url(), {"entrants": entrants})


def test_a_late_entry_of_a_pair_already_entered_is_refused(client):
    tournament = make_tournament(["Ana & Ben", "Cris & Dani"])
    response = late_entry(client, tournament, "ben & ANA")
    assert response.status_code == 422
    assert "Line 1: “ben &amp; ANA” is entered already." in response.content.decode()
    assert tournament.entrants.count() == 2


def test_a_late_entry_of_a_player_who_plays_in_a_pair_is_refused(client):
    tournament = make_tournament(["Ana & Ben", "Cris & Dani"])
    response = late_entry(client, tournament, "Eva & Fede\ndani & Gil")
    assert "Line 2: dani already plays in “Cris &amp; Dani”." in response.content.decode()
    assert tournament.entrants.count() == 2


def test_a_late_entry_of_one_name_in_a_pairs_event_is_refused(client):
    tournament = make_tournament(["Ana & Ben", "Cris & Dani"])
    response = late_entry(client, tournament, "Dario")
    assert "Line 1: a pair is two names" in response.content.decode()
    assert tournament.entrants.count() == 2


def test_a_late_entry_of_a_withdrawn_entrants_name_is_refused(client):
    tournament = make_tournament(["Ana", "Ben", "Cris", "Dani"], format="rotating_partners")
    tournament.entrants.filter(name="Ben").update(withdrawn=True)
    response = late_entry(client, tournament, "BEN")
    assert "Line 1: “BEN” is entered already." in response.content.decode()
    assert tournament.entrants.count() == 4


def test_the_entrants_box_says_what_a_line_holds_for_the_event(client):
    """An event of players each entered alone was asked for pairs (“a pair as Ana & Ben”)."""
    new = client.get(reverse("new_tournament")).content.decode()
    assert "a player, or a pair as" in new
    players = make_tournament(["Ann", "Bo", "Cy", "Dee"], format="rotating_partners")
    pairs = make_tournament(["Ann & Bo", "Cy & Dee"])

    alone = client.get(players.get_absolute_url()).content.decode()
    paired = client.get(pairs.get_absolute_url()).content.decode()

    assert "each player&#x27;s name" in alone and "a pair as" not in alone
    assert "a pair as" in paired


@pytest.mark.parametrize("format", ["single_elimination", "double_elimination"])
def test_a_late_entry_once_the_bracket_is_drawn_is_refused(client, format):
    # It was taken: listed among the entrants, in no bracket, never to play (a bracket is drawn
    # once), and the director told nothing.
    tournament = make_tournament(["Ana & Ben", "Cris & Dani", "Eva & Fede"], format=format)
    client.post(reverse("bracket_draw", args=[tournament.key]), {"seeding": "entry"})
    response = late_entry(client, tournament, "Gil & Hugo")
    assert response.status_code == 422
    assert "The bracket is drawn: a late entrant cannot join it." in response.content.decode()
    assert tournament.entrants.count() == 3
