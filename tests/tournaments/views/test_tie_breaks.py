"""The standings say why level entrants stand where they do: the tie-break that placed each
line level on the first key, or a shared place (RULES.md "Tournaments": Standings)."""

import re

import pytest
from django.urls import reverse

from scorekeeper.tournaments.models import Board
from tests.created import created
from tests.support.testing import make_tournament
from tests.tournaments.views.test_standings import finish, played_train_event

pytestmark = pytest.mark.django_db

PAIRS = ["A1 & A2", "B1 & B2", "C1 & C2", "D1 & D2"]


def first_round(client, totals):
    """Four pairs, round 1 drawn and each table ended at these totals: the pairs named by their
    seats (a and b at table 1, c and d at table 2)."""
    tournament = make_tournament(PAIRS)
    client.post(tournament.draw_url())
    first, second = created(Board).filter(round__number=1).prefetch_related("places")
    finish(first, totals[0])
    finish(second, totals[1])
    (a,), (b,) = first.sides()
    (c,), (d,) = second.sides()
    return tournament, (a, b, c, d)


def card_notes(html: str) -> dict[int, tuple[str, str]]:
    """Each standings card on the page: the entrant's id, its place and its tie-break words."""
    section = html.split('class="stat-cards standings"', 1)[1].split("</ol>", 1)[0]
    notes = {}
    for card in section.split('<li class="stat-card" data-entrant="')[1:]:
        entrant = int(card.split('"', 1)[0])
        place = card.split('class="standing-place">', 1)[1].split("<", 1)[0]
        note = re.search(r"data-tie>([^<]*)<", card)
        notes[entrant] = (place, note[1] if note else "")
    return notes


def test_level_on_wins_the_cards_say_which_tie_break_decided(client):
    # RULES.md's worked example, round 1: C and A 1 win each, C ahead on +115 against +62.
    tournament, (a, b, c, d) = first_round(client, [(212, 150), (205, 90)])
    notes = card_notes(client.get(tournament.get_absolute_url()).content.decode())
    assert notes == {
        c: ("1", "Level on wins; ahead on points difference."),
        a: ("2", "Level on wins; behind on points difference."),
        b: ("3", "Level on wins; ahead on points difference."),
        d: ("4", "Level on wins; behind on points difference."),
    }


def test_level_on_everything_the_cards_share_the_place_and_say_so(client):
    tournament, (a, b, c, d) = first_round(client, [(200, 100), (200, 100)])
    notes = card_notes(client.get(tournament.watch_url()).content.decode())
    shared = "Shared place: level on wins and every tie-break."
    assert notes == {a: ("1", shared), c: ("1", shared), b: ("3", shared), d: ("3", shared)}


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("es", "Empate en victorias; por delante en efectividad."),
        ("sv", "Lika på vinster; före på poängskillnad."),
    ],
)
def test_the_tie_break_is_said_in_the_readers_language(speaking, language, words):
    tournament, (_a, _b, c, _d) = first_round(speaking, [(212, 150), (205, 90)])
    notes = card_notes(speaking.get(tournament.get_absolute_url()).content.decode())
    assert notes[c] == ("1", words)


def test_the_big_screen_and_paper_show_the_tie_break(client):
    tournament, (a, _b, _c, _d) = first_round(client, [(212, 150), (205, 90)])
    for page in ("tournament_screen", "tournament_standings_print"):
        html = client.get(reverse(page, args=[tournament.watch_key])).content.decode()
        row = html.split(f'data-entrant="{a}"', 1)[1].split("</tr>", 1)[0]
        assert "Level on wins; behind on points difference." in row, page


def test_a_mexican_train_event_says_what_parted_level_totals(client):
    # Player 2 and Player 4 both 10 with a game won each: level on everything, they share 1st.
    tournament = played_train_event(client)
    names = dict(tournament.entrants.values_list("pk", "name"))
    notes = card_notes(client.get(tournament.get_absolute_url()).content.decode())
    by_name = {names[pk]: note for pk, note in notes.items()}
    shared = "Shared place: level on total and every tie-break."
    assert by_name == {
        "Player 1": ("3", ""),
        "Player 2": ("1", shared),
        "Player 3": ("4", ""),
        "Player 4": ("1", shared),
    }


def test_before_any_result_no_card_speaks_of_ties(client):
    tournament = make_tournament(PAIRS)
    client.post(tournament.draw_url())
    notes = card_notes(client.get(tournament.get_absolute_url()).content.decode())
    assert sorted(notes.values()) == [("1", "")] * 4


def test_a_jamaican_event_speaks_of_games_not_points(client):
    # Sets counted in games won: the table's totals are games (a straight-six set ends 6-2).
    tournament = make_tournament(PAIRS, preset="jamaican_partner", target=6)
    client.post(tournament.draw_url())
    first, second = created(Board).filter(round__number=1).prefetch_related("places")
    finish(first, (6, 2))
    finish(second, (6, 0))
    (c,), _d = second.sides()
    html = client.get(tournament.get_absolute_url()).content.decode()
    assert card_notes(html)[c] == ("1", "Level on wins; ahead on games difference.")
    card = html.split(f'data-entrant="{c}"', 1)[1].split("</li>", 1)[0]
    labels = re.findall(r"<dt>([^<]*)</dt>", card)
    assert labels == ["Played", "Wins", "Games difference", "Games for"]
    assert "Points difference" not in html
