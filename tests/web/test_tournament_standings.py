"""The standings, live from the tables' stored results: RULES.md's worked example, and queries."""

import csv

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.models import Board, Match, Round
from scorekeeper.testing import make_tournament, play_out
from tests.created import created

pytestmark = pytest.mark.django_db


def finish(board: Board, totals: tuple[int, int]) -> None:
    """The board's match ended at these totals (as its hands left them)."""
    winner = 0 if totals[0] > totals[1] else 1
    Match.objects.filter(pk=board.match_id).update(totals=list(totals), winner_side=winner)


def test_rules_worked_example(client):
    tournament = make_tournament(["A1 & A2", "B1 & B2", "C1 & C2", "D1 & D2"])
    client.post(tournament.draw_url())
    first, second = Board.objects.filter(round__number=1).prefetch_related("places")
    # The pairs are named by where the seed sat them: table 1 is A against B, table 2 C and D.
    a, b = (side[0] for side in first.sides())
    c, d = (side[0] for side in second.sides())
    finish(first, (212, 150))
    finish(second, (205, 90))
    lines = tournament.standings()
    assert [(line.entrant, line.wins, line.efectividad) for line in lines] == [
        (c, 1, 115),
        (a, 1, 62),
        (b, 0, -62),
        (d, 0, -115),
    ]
    client.post(tournament.draw_url())
    round_two = created(Round).get(number=2)
    assert round_two.as_draw().tables == (((c,), (a,)), ((b,), (d,)))
    top, bottom = round_two.boards.all()
    finish(top, (180, 230))  # A beats C 230-180
    finish(bottom, (199, 201))  # D beats B 201-199
    lines = tournament.standings()
    assert [(line.entrant, line.wins, line.efectividad) for line in lines] == [
        (a, 2, 112),
        (c, 1, 65),
        (d, 1, -113),
        (b, 0, -64),
    ]


def test_standings_link_each_entrant_to_their_matches(client):
    tournament = make_tournament(["Ana & Ben", "Cris & Dani"])
    client.post(tournament.draw_url())
    page = client.get(tournament.get_absolute_url()).content.decode()
    for entrant in tournament.entrants.all():
        url = reverse("tournament_entrant_page", args=[tournament.watch_key, entrant.pk])
        assert f'href="{url}"' in page


def queries(client, url) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_pages_read_a_fixed_number_of_queries(client):
    small = make_tournament([f"P{n} & Q{n}" for n in range(4)])
    large = make_tournament([f"P{n} & Q{n}" for n in range(13)])
    for tournament in (small, large):
        for _round in range(2):
            client.post(tournament.draw_url())
            for board in Board.objects.filter(round__tournament=tournament, kind="played"):
                if not board.match.finished:
                    play_out(board.match, 0, pips=40)
    for page in ("get_absolute_url", "watch_url"):
        assert queries(client, getattr(small, page)()) == queries(client, getattr(large, page)())


def test_each_entrants_page_lists_their_matches_only(client):
    tournament = make_tournament(["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo"])
    client.post(tournament.draw_url())
    ana = tournament.entrants.get(name="Ana")
    board = next(
        b for b in Board.objects.prefetch_related("places") if ana.pk in b.sides()[0] + b.sides()[1]
    )
    other = next(pk for side in board.sides() for pk in side if pk != ana.pk)
    page = client.get(reverse("tournament_entrant_page", args=[tournament.watch_key, ana.pk]))
    text = page.content.decode()
    named = {str(e) for e in tournament.entrants.exclude(pk__in=[ana.pk, other])}
    shown = {str(e) for e in tournament.entrants.all() if str(e).replace("&", "&amp;") in text}
    assert shown == {"Ana & Ben", str(tournament.entrants.get(pk=other))}
    assert named.isdisjoint(shown)
    missing = reverse("tournament_entrant_page", args=[tournament.watch_key, 999999])
    assert client.get(missing).status_code == 404


def test_the_standings_download_as_csv(client):
    tournament = make_tournament(["Ana & Ben", "Cris & Dani"])
    client.post(tournament.draw_url())
    board = created(Board).get()
    finish(board, (212, 150))
    winner = tournament.entrants.get(pk=board.sides()[0][0])
    response = client.get(reverse("tournament_csv", args=[tournament.watch_key]))
    rows = list(csv.reader(response.content.decode().splitlines()))
    assert rows[0][:4] == ["Place", "Entrant", "Played", "Wins"]
    assert rows[1] == ["1", str(winner), "1", "1", "62", "212", "150"]
