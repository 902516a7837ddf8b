"""Paper: the round's score sheets and the standings as print pages, for A4 and Letter."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from scorekeeper.tournaments.models import Board
from tests.created import created
from tests.support.testing import make_tournament, play_out

pytestmark = pytest.mark.django_db

PAIRS = ["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo", "Ines & Juan"]


def test_the_score_sheets_have_one_page_per_table_with_its_seats(client):
    tournament = make_tournament(PAIRS, time_cap=40)
    client.post(tournament.draw_url())
    page = client.get(reverse("tournament_sheets", args=[tournament.key, 1])).content.decode()
    assert page.count('class="score-sheet print-page"') == 2  # two tables; the bye has none
    for board in created(Board).filter(kind="played").prefetch_related("places"):
        assert f"Table {board.number}</h1>" in page
    entrants = {str(e): e for e in tournament.entrants.all()}
    seated = [name for name in entrants if name.replace("&", "&amp;") in page]
    assert len(seated) == 4
    assert page.count("<tr><td>1</td><td></td><td></td></tr>") == 2
    assert "Round of 40 minutes" in page and "Game to 200." in page
    other = make_tournament(PAIRS[:2])
    assert client.get(reverse("tournament_sheets", args=[other.key, 1])).status_code == 404


def test_the_standings_print_with_every_column(client):
    tournament = make_tournament(PAIRS[:2])
    client.post(tournament.draw_url())
    play_out(created(Board).select_related("match").get().match, 0)
    url = reverse("tournament_standings_print", args=[tournament.watch_key])
    page = client.get(url).content.decode()
    assert page.count("<tr data-entrant=") == 2
    assert "Points against" in page and "After 1 round." in page
    assert tournament.key not in page


def test_the_print_css_fits_a4_and_letter():
    css = (Path(settings.BASE_DIR) / "static" / "css" / "app.css").read_text()
    page = re.search(r"@page\s*{([^}]*)}", css).group(1)
    assert "size: auto" in page
    margins = [float(mm) for mm in re.findall(r"([\d.]+)mm", page)]
    # The width left on the narrower sheet (A4, 210 mm) and the height on the shorter (Letter).
    assert 210 - 2 * margins[1] >= 170 and 279.4 - 2 * margins[0] >= 250


def test_a_mexican_train_tables_sheet_has_a_column_a_player_and_a_row_a_round(client):
    players = ["Ann", "Bo", "Cy", "Dee"]
    tournament = make_tournament(players, format="round_game", preset="mexican_train")
    client.post(tournament.draw_url())
    page = client.get(reverse("tournament_sheets", args=[tournament.key, 1])).content.decode()
    assert all(f'<th scope="col"><bdi>{name}</bdi></th>' in page for name in players)
    assert "<tr><td>13</td><td></td><td></td><td></td><td></td></tr>" in page
    assert "<tr><td>14</td>" not in page
    assert "the lowest total wins" in page and "Game to" not in page


def test_a_round_with_a_table_still_waiting_is_not_counted_as_played(client):
    tournament = make_tournament(PAIRS[:4])
    client.post(tournament.draw_url())
    first = created(Board).filter(round__tournament=tournament).select_related("match").first()
    play_out(first.match, 0)  # the other table still waits
    url = reverse("tournament_standings_print", args=[tournament.watch_key])
    page = client.get(url).content.decode()
    assert "After 1 round." not in page
    assert "After 0 rounds." in page
    assert "Round 1 is still in play: its results so far are counted." in page
