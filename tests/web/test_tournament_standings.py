"""The standings, live from the tables' stored results: RULES.md's worked example, and queries."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorekeeper.models import Board, Match, Round
from scorekeeper.testing import make_tournament, play_out

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
    round_two = Round.objects.get(number=2)
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
        assert f'href="#entrant-{entrant.pk}"' in page


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
