"""The standings, live from the tables' stored results: RULES.md's worked example, and queries."""

import csv
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.models import Match
from scorekeeper.tournaments.models import Board, Entrant, Round, Tournament
from tests.created import created
from tests.support.testing import make_tournament, play_out

pytestmark = pytest.mark.django_db


def finish(board: Board, totals: tuple[int, int]) -> None:
    """The board's match ended at these totals (as its hands left them)."""
    winner = 0 if totals[0] > totals[1] else 1
    Match.objects.filter(pk=board.match_id).update(totals=list(totals), winner_side=winner)


def test_rules_worked_example(client):
    tournament = make_tournament(["A1 & A2", "B1 & B2", "C1 & C2", "D1 & D2"])
    client.post(tournament.draw_url())
    first, second = created(Board).filter(round__number=1).prefetch_related("places")
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
        b
        for b in created(Board).prefetch_related("places")
        if ana.pk in b.sides()[0] + b.sides()[1]
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
    rows = list(csv.reader(response.content.decode("utf-8-sig").splitlines()))
    assert rows[0][:4] == ["Place", "Entrant", "Played", "Wins"]
    assert rows[1] == ["1", str(winner), "1", "1", "62", "212", "150"]


# --- Mexican Train events: RULES.md's worked example through the pages ----------------------

# The worked example's two tables of round 1, each player's game total in seat order.
ROUND_1 = [
    [("Ann", 112), ("Bo", 140), ("Cy", 112), ("Dee", 230)],
    [("Eve", 95), ("Fay", 180), ("Gus", 201), ("Hal", 150)],
]


def train_event(client):
    """Eight players at tables of four, created through the director's form."""
    data = {
        "name": "Train night",
        "format": "round_game",
        "preset": "mexican_train",
        "table_size": "4",
        "entrants": "\n".join(f"Player {n}" for n in range(1, 9)),
    }
    assert client.post(reverse("new_tournament"), data).status_code == 302
    return Tournament.objects.get(name="Train night")


def end_game(board: Board, totals: list[int]) -> None:
    """The board's game ended at these totals (seat order), the lowest winning."""
    lowest = [seat for seat, total in enumerate(totals) if total == min(totals)]
    Match.objects.filter(pk=board.match_id).update(
        totals=totals, winner_side=lowest[0], co_winners=lowest[1:]
    )


def page_standings(client, tournament) -> list[tuple[str, str, str, str]]:
    """Each standings card on the director's page: place, name, total and games won."""
    page = client.get(tournament.get_absolute_url()).content.decode()
    section = page.split('class="stat-cards standings"', 1)[1].split("</ol>", 1)[0]
    lines = []
    for card in section.split('<li class="stat-card"')[1:]:
        place = card.split('class="standing-place">', 1)[1].split("<", 1)[0]
        name = re.sub(r"<[^>]+>", "", card.split("<a ", 1)[1].split(">", 1)[1].split("</a>")[0])
        total = card.split('data-stat="total">', 1)[1].split("<", 1)[0]
        won = card.split('data-stat="games-won">', 1)[1].split("<", 1)[0]
        lines.append((place, name, total, won))
    return lines


def test_mexican_train_worked_example(client):
    tournament = train_event(client)
    client.post(tournament.draw_url())
    boards = list(Board.objects.filter(round__tournament=tournament).prefetch_related("places"))
    assert [(b.match.seat_count, b.match.partnership) for b in boards] == [(4, False)] * 2
    # The seed seated the players: each takes the name of the worked example's player in
    # that seat, and that player's game total.
    for board, table in zip(boards, ROUND_1, strict=True):
        for (entrant,), (name, _total) in zip(board.sides(), table, strict=True):
            Entrant.objects.filter(pk=entrant).update(name=name)
        end_game(board, [total for _name, total in table])

    # Ann and Cy share 2nd (in the order they were entered, which the seed decided).
    assert sorted(page_standings(client, tournament), key=lambda line: line[:2]) == [
        ("1", "Eve", "95", "1"),
        ("2", "Ann", "112", "1"),
        ("2", "Cy", "112", "1"),
        ("4", "Bo", "140", "0"),
        ("5", "Hal", "150", "0"),
        ("6", "Fay", "180", "0"),
        ("7", "Gus", "201", "0"),
        ("8", "Dee", "230", "0"),
    ]

    client.post(tournament.draw_url())
    round_two = Round.objects.get(tournament=tournament, number=2)
    names = dict(tournament.entrants.values_list("pk", "name"))
    tables = [{names[pk] for (pk,) in table} for table in round_two.as_draw().tables]
    # Each table holds two of each table of round 1 (the fewest old tablemates possible),
    # table 1 the leaders.
    assert tables == [{"Eve", "Ann", "Cy", "Hal"}, {"Bo", "Fay", "Gus", "Dee"}]


def played_train_event(client):
    """Four players, one table, its game over: Player 1 to 4 at 30, 10, 50, 10 in seat order."""
    tournament = make_tournament(
        [f"Player {n}" for n in range(1, 5)], format="round_game", preset="mexican_train"
    )
    client.post(tournament.draw_url())
    board = Board.objects.prefetch_related("places").get(round__tournament=tournament)
    for number, (entrant,) in enumerate(board.sides(), start=1):
        Entrant.objects.filter(pk=entrant).update(name=f"Player {number}")
    end_game(board, [30, 10, 50, 10])
    return tournament


def test_a_mexican_train_events_spreadsheet_ranks_the_lowest_total_first(client):
    tournament = played_train_event(client)
    response = client.get(reverse("tournament_csv", args=[tournament.watch_key]))
    rows = list(csv.reader(response.content.decode("utf-8-sig").splitlines()))
    assert rows[0] == ["Place", "Entrant", "Played", "Total", "Games won", "Lowest game"]
    assert sorted(rows[1:]) == [
        ["1", "Player 2", "1", "10", "1", "10"],
        ["1", "Player 4", "1", "10", "1", "10"],
        ["3", "Player 1", "1", "30", "0", "30"],
        ["4", "Player 3", "1", "50", "0", "50"],
    ]


@pytest.mark.parametrize("page", ["tournament_screen", "tournament_standings_print"])
def test_the_big_screen_and_paper_show_a_mexican_train_events_own_numbers(client, page):
    tournament = played_train_event(client)
    text = client.get(reverse(page, args=[tournament.watch_key])).content.decode()
    assert "Games won" in text and "Lowest game" in text
    assert "Points difference" not in text
    # Player 3's line: place 4, one game played, a total of 50.
    line = re.sub(r"<[^>]+>", " ", text.split("Player 3", 1)[1].split("</tr>", 1)[0]).split()
    assert "50" in line


def test_a_late_mexican_train_entry_takes_the_highest_total_of_the_round_missed(client):
    tournament = played_train_event(client)
    client.post(tournament.entrants_url(), {"entrants": "Late Lou"})
    lou = tournament.entrants.get(name="Late Lou")
    line = next(line for line in tournament.standings() if line.entrant == lou.pk)
    # Round 1's highest total was Player 3's 50; level with them, Lou has no game to compare.
    assert (line.total, line.played, line.missed, line.place) == (50, 0, 1, 5)


def test_a_mexican_train_events_pages_read_a_fixed_number_of_queries(client):
    small = make_tournament(
        [f"P{n}" for n in range(4)], format="round_game", preset="mexican_train"
    )
    large = make_tournament(
        [f"P{n}" for n in range(13)], format="round_game", preset="mexican_train"
    )
    for tournament in (small, large):
        for _round in range(2):
            client.post(tournament.draw_url())
            for board in Board.objects.filter(round__tournament=tournament):
                if not board.match.finished:
                    end_game(board, [10 * seat for seat in range(board.match.seat_count)])
    for page in ("get_absolute_url", "watch_url"):
        assert queries(client, getattr(small, page)()) == queries(client, getattr(large, page)())


def test_the_standings_spreadsheet_keeps_a_name_a_name(client):
    # A name typed as a formula ran as one when the sheet was opened ("=SUM(...)"), and
    # without the byte-order mark a spreadsheet read "Peña" as "PeÃ±a" (the match's and the
    # club's spreadsheets had both already).
    tournament = make_tournament(["Cris & Dani"])
    typed = {"entrants": "=SUM(A1:A9) & Peña\n-Lola & @Juan"}
    assert (
        client.post(reverse("tournament_entrants", args=[tournament.key]), typed).status_code == 302
    )
    response = client.get(reverse("tournament_csv", args=[tournament.watch_key]))
    text = response.content.decode()
    assert text.startswith("\ufeff")
    names = sorted(row[1] for row in list(csv.reader(text[1:].splitlines()))[1:])
    assert names == ["'-Lola & @Juan", "'=SUM(A1:A9) & Peña", "Cris & Dani"]
