"""Jamaican tournaments through the pages: a partner preset in pairs, a cut-throat one each for
themselves at tables of players; every board scored in games won, the standings as RULES.md
ranks them (wins, efectividad, wins among the level, points for, else a shared place)."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.tournaments.models import Board, Tournament
from tests.created import created
from tests.web.match.test_jamaican import post

pytestmark = pytest.mark.django_db

PAIRS = ["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo"]
PLAYERS = ["Ann", "Bo", "Cy", "Dee", "Eve", "Fay"]


def options(page: str, name: str) -> list[str]:
    select = re.search(rf'<select name="{name}".*?</select>', page, re.S)[0]
    return re.findall(r'<option value="([^"]*)"', select)


def refresh(client: Client, **data) -> str:
    data = {"refresh": "1", **data}
    headers = {"HX-Request": "true"}
    return client.post(reverse("new_tournament"), data, headers=headers).content.decode()


def create(client: Client, **fields) -> Tournament:
    data = {"name": "Kingston open", **fields}
    response = client.post(reverse("new_tournament"), data)
    assert response.status_code == 302, response.content.decode()
    return created(Tournament).get()


def boards(tournament: Tournament, number: int) -> list[Board]:
    return list(
        created(Board)
        .filter(round__tournament=tournament, round__number=number)
        .select_related("match")
        .order_by("number")
    )


def win_set(client: Client, board: Board, seats) -> None:
    """The board's set, through the hand form: each hand gone out of by the seat given."""
    for seat in seats:
        post(client, board.match, seat)
    assert board.match.finished


def names(tournament: Tournament, client: Client) -> list[tuple[int, str, int, int, int]]:
    """The standings as the director's page has them: place, entrant, wins, difference,
    points for."""
    rows = client.get(tournament.get_absolute_url()).context["standings"]
    return [
        (
            row.standing.place,
            str(row.entrant),
            row.standing.wins,
            row.standing.efectividad,
            row.standing.points_for,
        )
        for row in rows
    ]


# --- What the setup offers --------------------------------------------------------------------


def test_pairs_formats_offer_the_partner_presets_not_cut_throat(client: Client):
    for format in ("swiss", "round_robin", "rotating_partners", "single_elimination"):
        offered = options(refresh(client, format=format, preset="caribbean"), "preset")
        assert "jamaican_partner" in offered and "straight_six" in offered, format
        assert "jamaican_cut_throat" not in offered, format


def test_tables_of_players_offer_cut_throat_its_sizes_and_its_target(client: Client):
    page = refresh(client, format="round_game", preset="jamaican_cut_throat")

    offered = options(page, "preset")
    assert "jamaican_cut_throat" in offered and "straight_six" in offered
    assert "jamaican_partner" not in offered and "caribbean" not in offered
    assert options(page, "table_size") == ["3", "4"]  # a Jamaican table seats four at most
    assert 'name="target"' in page and 'name="bye_for"' not in page


def test_a_cut_throat_preset_posted_for_pairs_is_refused_at_the_game(client: Client):
    data = {"name": "Mixed", "format": "swiss", "preset": "jamaican_cut_throat"}
    response = client.post(reverse("new_tournament"), {**data, "entrants": "\n".join(PAIRS)})

    assert response.status_code == 422
    assert response.context["form"].has_error("preset", "invalid_choice")
    assert not Tournament.objects.filter(name="Mixed").exists()


def test_an_empty_target_plays_to_the_games_own(client: Client):
    """The target drawn for the first game listed (200) was kept for a Jamaican event, whose
    sets would have gone to 200 games."""
    tournament = create(
        client, format="swiss", preset="jamaican_partner", entrants="\n".join(PAIRS)
    )

    assert tournament.target == 6 and tournament.game().rules.target == 6
    assert tournament.tournament_rules().bye_award.points_for == 3  # half the target


# --- A pairs Swiss ----------------------------------------------------------------------------


def test_a_jamaican_pairs_swiss_through_to_standings(client: Client):
    tournament = create(
        client, format="swiss", preset="jamaican_partner", entrants="\n".join(PAIRS)
    )
    client.post(tournament.draw_url())
    first, second = boards(tournament, 1)
    assert first.match.game().partnership and first.match.target == 6
    # Table 1: its first side goes out six times running (a six-love, 6-0). Table 2: a bruk
    # (3-0, then the side on love wins) and then its second side's six-love.
    win_set(client, first, (0, 2, 0, 2, 0, 2))
    win_set(client, second, (0, 2, 0, 1, 1, 3, 1, 3, 1, 3))
    assert (first.match.totals, second.match.totals) == ([6, 0], [0, 6])
    (a,), (b,) = first.sides()
    (c,), (d,) = second.sides()
    entrant = {e.pk: str(e) for e in tournament.entrants.all()}

    # Games won are the boards' points: two winners level on 1 win, +6, 6 for: a shared first.
    lines = names(tournament, client)
    assert sorted(lines[:2]) == sorted([(1, entrant[a], 1, 6, 6), (1, entrant[d], 1, 6, 6)])
    assert sorted(lines[2:]) == sorted([(3, entrant[b], 0, -6, 0), (3, entrant[c], 0, -6, 0)])

    client.post(tournament.draw_url())
    top, bottom = boards(tournament, 2)
    # The leaders meet at table 1 (none met before).
    assert set(top.sides()) == {(a,), (d,)} and set(bottom.sides()) == {(b,), (c,)}
    # a beats d 6-0; in the other, b's side (sitting first or second) wins 6-0.
    win_set(client, top, (0, 2, 0, 2, 0, 2) if top.sides()[0] == (a,) else (1, 3, 1, 3, 1, 3))
    seat_of_b = 0 if bottom.sides()[0] == (b,) else 1
    win_set(client, bottom, [seat_of_b, seat_of_b + 2] * 3)

    lines = names(tournament, client)
    assert lines[0] == (1, entrant[a], 2, 12, 12)
    # b and d: one win each, level on difference and points for, and they never met: shared.
    assert sorted(lines[1:3]) == sorted([(2, entrant[b], 1, 0, 6), (2, entrant[d], 1, 0, 6)])
    assert lines[3] == (4, entrant[c], 0, -12, 0)


def test_a_forfeit_at_a_jamaican_board_scores_half_the_games(client: Client):
    tournament = create(
        client, format="swiss", preset="jamaican_partner", entrants="\n".join(PAIRS)
    )
    client.post(tournament.draw_url())
    board = boards(tournament, 1)[0]
    forfeit = reverse("tournament_forfeit", args=[tournament.key, board.pk])
    client.post(forfeit, {"present": "0"})
    (present,), (_absent,) = board.sides()

    line = next(line for line in tournament.standings() if line.entrant == present)
    assert (line.wins, line.points_for, line.points_against) == (1, 3, 0)


# --- Each for themselves at tables of players ----------------------------------------------------


def test_a_cut_throat_event_at_tables_of_three_through_to_standings(client: Client):
    tournament = create(
        client,
        format="round_game",
        preset="jamaican_cut_throat",
        table_size="3",
        entrants="\n".join(PLAYERS),
    )
    assert tournament.target == 6
    client.post(tournament.draw_url())
    first, second = boards(tournament, 1)
    game = first.match.game()
    assert (game.seats, game.partnership, game.tiles_each) == (3, False, 9)
    # Table 1: its first seat wins six running: 6, 0, 0. Table 2: seat 1 twice, seat 0 once,
    # seat 1 four more: 1, 6, 0.
    win_set(client, first, (0,) * 6)
    win_set(client, second, (1, 1, 0, 1, 1, 1, 1))
    assert (first.match.totals, second.match.totals) == ([6, 0, 0], [1, 6, 0])
    one = [side[0] for side in first.sides()]
    two = [side[0] for side in second.sides()]
    entrant = {e.pk: str(e) for e in tournament.entrants.all()}

    lines = names(tournament, client)
    # A winner's points against are the best of the others' (the one it had to beat).
    assert lines[:3] == [
        (1, entrant[one[0]], 1, 6, 6),
        (2, entrant[two[1]], 1, 5, 6),
        (3, entrant[two[0]], 0, -5, 1),
    ]
    assert sorted(lines[3:]) == sorted(
        (4, entrant[pk], 0, -6, 0) for pk in (one[1], one[2], two[2])
    )

    client.post(tournament.draw_url())
    again = boards(tournament, 2)
    assert sorted(len(board.sides()) for board in again) == [3, 3]
    assert sorted(side[0] for board in again for side in board.sides()) == sorted(entrant)


def test_a_cut_throat_table_counts_as_it_finishes(client: Client):
    """Standings move with each finished table, as pairs' do, before the round is complete."""
    tournament = create(
        client,
        format="round_game",
        preset="jamaican_cut_throat",
        table_size="3",
        entrants="\n".join(PLAYERS),
    )
    client.post(tournament.draw_url())
    first, _second = boards(tournament, 1)
    win_set(client, first, (2,) * 6)

    top = tournament.standings()[0]
    assert (top.entrant, top.wins, top.efectividad) == (first.sides()[2][0], 1, 6)


def test_a_cut_throat_event_comes_back_from_its_backup_with_its_standings(client: Client):
    import json

    from scorekeeper.tournaments.backup import export_tournament, import_tournament
    from tests.tournaments.views.test_backup import forget

    tournament = create(
        client,
        format="round_game",
        preset="jamaican_cut_throat",
        table_size="3",
        entrants="\n".join(PLAYERS),
    )
    client.post(tournament.draw_url())
    first, second = boards(tournament, 1)
    win_set(client, first, (0,) * 6)
    post(client, second.match, "blocked", {0: 7, 1: 7, 2: 12})  # a tie, still in play
    standings = [(s.place, s.wins, s.efectividad) for s in tournament.standings()]
    data = export_tournament(tournament)

    forget(tournament)
    restored = import_tournament(json.loads(json.dumps(data)))

    assert (restored.format, restored.preset, restored.target) == (
        "round_game",
        tournament.preset,
        6,
    )
    assert [(s.place, s.wins, s.efectividad) for s in restored.standings()] == standings
    assert export_tournament(restored) == data


def test_a_cut_throat_events_pages_show_its_standings_and_sheets(client: Client):
    tournament = create(
        client,
        format="round_game",
        preset="jamaican_cut_throat",
        table_size="3",
        entrants="\n".join(PLAYERS),
    )
    client.post(tournament.draw_url())
    first, _second = boards(tournament, 1)
    win_set(client, first, (1,) * 6)
    winner = str(tournament.entrants.get(pk=first.sides()[1][0]))
    watch = tournament.watch_key
    pages = {
        "watch": client.get(tournament.watch_url()),
        "screen": client.get(reverse("tournament_screen", args=[watch])),
        "print": client.get(reverse("tournament_standings_print", args=[watch])),
        "csv": client.get(reverse("tournament_csv", args=[watch])),
        "cards": client.get(reverse("tournament_cards", args=[tournament.key, 1])),
        "sheets": client.get(reverse("tournament_sheets", args=[tournament.key, 1])),
    }

    assert {name: page.status_code for name, page in pages.items()} == dict.fromkeys(pages, 200)
    for name in ("watch", "screen", "print", "csv"):
        assert winner in pages[name].content.decode(), name
    csv_lines = pages["csv"].content.decode("utf-8-sig").splitlines()
    assert csv_lines[1].split(",")[:2] == ["1", winner]
    assert "Game to 6." in pages["sheets"].content.decode()
