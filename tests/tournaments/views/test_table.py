"""A tournament's table plays its drawn match only: no new match, no rematch, at its own link."""

import pytest
from django.urls import reverse

from scorekeeper.models import Match
from scorekeeper.tournaments.models import Board
from tests.created import created
from tests.support.testing import make_match, make_tournament, play_out

pytestmark = pytest.mark.django_db

PAIRS = ["Ana & Ben", "Cris & Dani"]


@pytest.fixture
def board(client) -> Board:
    tournament = make_tournament(PAIRS)
    client.post(tournament.draw_url())
    return created(Board).select_related("table", "match").get()


def test_its_table_page_offers_no_new_match(client, board):
    page = client.get(board.table.get_absolute_url()).content.decode()
    assert board.table.new_match_url() not in page
    assert "This table plays one match of a tournament." in page


def test_its_finished_match_offers_no_rematch(client, board):
    play_out(board.match, 0)
    page = client.get(board.get_absolute_url()).content.decode()
    assert board.table.rematch_url() not in page
    assert board.table.new_match_url() not in page
    assert "The director draws the next round." in page


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_new_match_there_is_refused(client, board, method):
    response = getattr(client, method)(board.table.new_match_url(), {})
    assert response.status_code == 302
    assert response.url == board.get_absolute_url()
    assert created(Match).count() == 1


def test_a_rematch_there_is_refused(client, board):
    play_out(board.match, 0)
    response = client.post(board.table.rematch_url(), {"after": board.match.number})
    assert response.status_code == 302
    assert response.url == board.get_absolute_url()
    assert created(Match).count() == 1


def test_an_ordinary_table_still_offers_both(client):
    match = play_out(make_match(), 0)
    page = client.get(match.get_absolute_url()).content.decode()
    assert match.table.rematch_url() in page
    table_page = client.get(match.table.get_absolute_url()).content.decode()
    assert match.table.new_match_url() in table_page
    assert client.post(reverse("rematch", args=[match.table.key])).status_code == 302
    assert created(Match).count() == 2


def test_its_finished_match_shows_no_series_line(client, board):
    """A round's table plays one match: it said "Series 1, an open series: ... 1 - 0"."""
    play_out(board.match, 0)
    for page in (board.get_absolute_url(), board.table.get_absolute_url()):
        shown = client.get(page).content.decode()
        assert 'data-testid="series"' not in shown and "open series" not in shown


def test_its_hand_form_opens_with_one_total_as_any_new_table_does(client, board):
    html = client.get(board.match.get_absolute_url(), {"out": "1"}).content.decode()

    assert 'name="pooled"' in html and 'name="pips_0"' not in html
