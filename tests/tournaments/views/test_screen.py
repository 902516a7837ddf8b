"""The big screen: the standings and the round's tables with their state, redrawn by itself."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.tournaments.models import Board
from tests.created import created
from tests.support.testing import make_tournament, play_out, win_hand

pytestmark = pytest.mark.django_db

PAIRS = ["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo", "Ines & Juan"]


def screen_url(tournament) -> str:
    return reverse("tournament_screen", args=[tournament.watch_key])


def states(page: str) -> dict[str, str]:
    return dict(re.findall(r'data-board="(\d+)" data-state="(\w+)"', page))


def test_it_shows_each_tables_state_and_the_standings(client):
    tournament = make_tournament(PAIRS, time_cap=30)
    client.post(tournament.draw_url())
    client.post(reverse("tournament_clock", args=[tournament.key, 1]))
    playing, finished = created(Board).filter(kind="played").select_related("match")
    win_hand(playing.match, 0, pips=10)
    play_out(finished.match, 1)
    page = client.get(screen_url(tournament)).content.decode()
    assert states(page) == {"1": "playing", "2": "finished", "3": "bye"}
    text = re.sub(r"<[^>]+>", "", page)
    assert "0 · playing" in text
    # The round's clock stands in the heading, once, not at every table.
    head = page.split('class="screen-head"')[1].split("</header>")[0]
    assert re.search(r"Time left: (29|30)", re.sub(r"<[^>]+>", "", head))
    assert text.count("Time left") == 1
    assert 'hx-trigger="every 3s"' in page and "js/screen" in page
    winner = tournament.entrants.get(pk=finished.sides()[1][0])
    rows = re.findall(r'<tr data-entrant="(\d+)"[^>]*><td>(\d+)</td>', page)
    assert rows[0] == (str(winner.pk), "1")  # a win, and the best efectividad


def test_the_clock_says_time_is_up_once_the_round_is_ended(client):
    tournament = make_tournament(PAIRS, time_cap=30)
    client.post(tournament.draw_url())
    client.post(reverse("tournament_clock", args=[tournament.key, 1]))
    client.post(reverse("tournament_clock", args=[tournament.key, 1]), {"end": "1"})
    page = client.get(screen_url(tournament)).content.decode()
    head = page.split('class="screen-head"')[1].split("</header>")[0]
    assert "Time is up: each table finishes the hand in play." in head
    assert "Time left" not in head


def test_a_table_not_started_is_waiting(client):
    tournament = make_tournament(PAIRS[:2])
    client.post(tournament.draw_url())
    assert states(client.get(screen_url(tournament)).content.decode()) == {"1": "waiting"}


def test_its_refresh_is_the_screen_alone(client):
    tournament = make_tournament(PAIRS)
    client.post(tournament.draw_url())
    part = client.get(screen_url(tournament), headers={"HX-Request": "true"}).content.decode()
    assert part.lstrip().startswith('<div id="screen"') and "<html" not in part


def queries(client, url) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url, headers={"HX-Request": "true"}).status_code == 200
    return len(captured)


def test_its_refresh_reads_a_fixed_number_of_queries(client):
    small = make_tournament([f"P{n} & Q{n}" for n in range(4)], time_cap=30)
    large = make_tournament([f"P{n} & Q{n}" for n in range(15)], time_cap=30)
    for tournament in (small, large):
        for number in (1, 2):
            client.post(tournament.draw_url())
            client.post(reverse("tournament_clock", args=[tournament.key, number]))
            for board in Board.objects.filter(round__tournament=tournament, round__number=number):
                if board.match and number == 1:
                    play_out(board.match, 0, pips=40)
                elif board.match:
                    win_hand(board.match, 0, pips=5)
    assert queries(client, screen_url(small)) == queries(client, screen_url(large))


def test_a_kept_screen_follows_every_change(client, settings):
    """Drawn at most once a slice of time, the screen shows a hand, a forfeit, a withdrawal."""
    settings.TOURNAMENT_KEEP_SECONDS = 0
    tournament = make_tournament(PAIRS)
    client.post(tournament.draw_url())
    first, second = created(Board).filter(kind="played").select_related("match")
    url = screen_url(tournament)
    assert states(client.get(url).content.decode())["1"] == "waiting"
    win_hand(first.match, 0, pips=10)
    assert states(client.get(url).content.decode())["1"] == "playing"
    client.post(reverse("tournament_forfeit", args=[tournament.key, second.pk]), {"present": "0"})
    assert states(client.get(url).content.decode())["2"] == "forfeit"
    assert "withdrawn" not in client.get(tournament.watch_url()).content.decode()
    entrant = tournament.entrants.get(pk=first.sides()[0][0])
    client.post(
        reverse("tournament_entrant", args=[tournament.key, entrant.pk]), {"change": "withdraw"}
    )
    assert "withdrawn" in client.get(tournament.watch_url()).content.decode()


def test_a_hundred_refreshes_in_a_slice_draw_the_screen_once(client, settings):
    settings.TOURNAMENT_KEEP_SECONDS = 3600
    tournament = make_tournament([f"P{n} & Q{n}" for n in range(15)])
    client.post(tournament.draw_url())
    drawn = queries(client, screen_url(tournament))
    kept = [queries(client, screen_url(tournament)) for _ in range(100)]
    assert set(kept) == {1} and drawn > 1  # the tournament's row, nothing more


def test_a_finished_tournament_shows_its_winner_on_the_screen(client):
    tournament = make_tournament(["Ana & Ben", "Cris & Dani"], round_count=1)
    client.post(tournament.draw_url())
    board = tournament.rounds.get().boards.select_related("match").get()
    play_out(board.match, 0)
    winner = tournament.entrants.get(pk=board.sides()[0][0])
    page = client.get(screen_url(tournament)).content.decode()
    head = re.sub(r"<[^>]+>", "", page.split('class="screen-head"')[1].split("</header>")[0])
    assert f"Winner of the tournament: {winner}".replace("&", "&amp;") in head
    assert "Final standings" in page
