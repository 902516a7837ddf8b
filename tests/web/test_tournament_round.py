"""A round: drawn from its kept seed, a table and a match for each board, redrawn only unplayed."""

import pytest
from django.urls import reverse

from scorekeeper import rules
from scorekeeper.models import Board, Match, Round, Table
from scorekeeper.testing import make_tournament, play_out, win_hand
from tests.created import created

pytestmark = pytest.mark.django_db

NINE_PAIRS = [f"P{n} & Q{n}" for n in range(1, 10)]


def draw(client, tournament, **extra):
    return client.post(tournament.draw_url(), extra)


def test_a_round_seats_every_entrant_once_with_a_bye(client):
    tournament = make_tournament(NINE_PAIRS)
    draw(client, tournament)
    round = created(Round).get()
    boards = list(round.boards.prefetch_related("places"))
    assert len(boards) == 5
    assert [board.kind for board in boards] == ["played"] * 4 + ["bye"]
    seated = [entrant for board in boards for side in board.sides() for entrant in side]
    assert sorted(seated) == sorted(tournament.entrants.values_list("pk", flat=True))
    assert all(board.match.table_id == board.table_id for board in boards[:4])


def test_each_table_plays_the_tournaments_game_with_its_pairs_opposite(client):
    tournament = make_tournament(["Ana & Ben", "Cris & Dani"], target=150)
    draw(client, tournament)
    board = created(Board).get()
    match = board.match
    assert (match.target, match.seat_count, match.partnership) == (150, 4, True)
    first, second = (tournament.entrants.get(pk=side[0]) for side in board.sides())
    assert match.seat_names() == [first.name, second.name, first.partner, second.partner]


def test_the_draw_is_the_same_for_the_same_seed(client):
    tournament = make_tournament(NINE_PAIRS)
    draw(client, tournament)
    round = created(Round).get()
    first = round.as_draw()
    expected = rules.draw_round(
        rules.Format.SWISS,
        list(tournament.entrants.values_list("pk", flat=True)),
        [],
        [],
        round.seed,
    )
    assert first == expected
    draw(client, tournament, again="1")
    round.refresh_from_db()
    assert created(Round).get().as_draw() == first
    assert created(Table).count() == 4  # the first draw's tables went with it


def test_a_round_in_play_is_not_drawn_again(client):
    tournament = make_tournament(NINE_PAIRS)
    draw(client, tournament)
    board = created(Board).first()
    win_hand(board.match, 0)
    draw(client, tournament, again="1")
    assert created(Board).first().pk == board.pk
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "can no longer be drawn again" in page


def test_the_next_round_waits_for_every_result(client):
    tournament = make_tournament(["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo"])
    draw(client, tournament)
    draw(client, tournament)
    assert created(Round).count() == 1
    for board in created(Board).all():
        play_out(board.match, 0)
    draw(client, tournament)
    assert created(Round).count() == 2


def test_a_withdrawn_entrant_is_not_drawn_and_a_late_one_is(client):
    tournament = make_tournament(["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo"])
    draw(client, tournament)
    for board in created(Board).all():
        play_out(board.match, 0)
    gone = tournament.entrants.first()
    client.post(
        reverse("tournament_entrant", args=[tournament.key, gone.pk]), {"change": "withdraw"}
    )
    client.post(tournament.entrants_url(), {"entrants": "Ines & Juan"})
    draw(client, tournament)
    second = created(Round).get(number=2).as_draw()
    drawn = set(second.seated()) | set(second.byes)
    late = tournament.entrants.get(name="Ines")
    assert gone.pk not in drawn and late.pk in drawn


def test_a_tables_link_reaches_its_own_match_only(client):
    tournament = make_tournament(["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo"])
    draw(client, tournament)
    one, two = Board.objects.select_related("table", "match")
    assert client.get(one.get_absolute_url()).status_code == 200
    other = reverse("match", args=[one.table.key, two.match.number + 1])
    assert client.get(other).status_code == 404
    assert two.table.key != one.table.key
    assert tournament.key not in client.get(one.get_absolute_url()).content.decode()


def test_the_table_cards_carry_each_tables_link_and_seats(client):
    tournament = make_tournament(["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo"])
    draw(client, tournament)
    page = client.get(reverse("tournament_cards", args=[tournament.key, 1])).content.decode()
    for board in Board.objects.select_related("table", "match"):
        assert board.get_absolute_url() in page
    assert page.count("<svg") >= 2 and "Cris" in page


def test_the_watch_link_shows_the_event_without_the_directors_controls(client):
    tournament = make_tournament(["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo"])
    draw(client, tournament)
    page = client.get(tournament.watch_url()).content.decode()
    assert "Cris &amp; Dani" in page and "Round 1" in page
    assert tournament.key not in page
    assert "forfeit" not in page.lower()
    for board in Board.objects.select_related("table"):
        assert board.table.key not in page


def test_a_forfeit_gives_the_present_side_the_directors_score(client):
    tournament = make_tournament(["Ana & Ben", "Cris & Dani"], forfeit_for=40, forfeit_against=20)
    draw(client, tournament)
    board = created(Board).get()
    client.post(reverse("tournament_forfeit", args=[tournament.key, board.pk]), {"present": "1"})
    lines = {line.entrant: line for line in tournament.standings()}
    present, absent = board.sides()[1][0], board.sides()[0][0]
    assert (lines[present].wins, lines[present].points_for, lines[present].points_against) == (
        1,
        40,
        20,
    )
    assert (lines[absent].wins, lines[absent].efectividad) == (0, -20)
    assert created(Match).count() == 1
