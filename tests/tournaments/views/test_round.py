"""A round: drawn from its kept seed, a table and a match for each board, redrawn only unplayed."""

import pytest
from django.urls import reverse

from scorekeeper import rules
from scorekeeper.models import Match, Table
from scorekeeper.tournaments import rules as event_rules
from scorekeeper.tournaments.models import Board, Round
from tests.created import created
from tests.support.testing import add_hand, make_tournament, play_out, win_hand

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
    expected = event_rules.draw_round(
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
    one, two = created(Board).select_related("table", "match")
    assert client.get(one.get_absolute_url()).status_code == 200
    other = reverse("match", args=[one.table.key, two.match.number + 1])
    assert client.get(other).status_code == 404
    assert two.table.key != one.table.key
    assert tournament.key not in client.get(one.get_absolute_url()).content.decode()


def test_the_table_cards_carry_each_tables_link_and_seats(client):
    tournament = make_tournament(["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo"])
    draw(client, tournament)
    page = client.get(reverse("tournament_cards", args=[tournament.key, 1])).content.decode()
    for board in created(Board).select_related("table", "match"):
        assert board.get_absolute_url() in page
    assert page.count("<svg") >= 2 and "Cris" in page


def test_the_watch_link_shows_the_event_without_the_directors_controls(client):
    tournament = make_tournament(["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo"])
    draw(client, tournament)
    page = client.get(tournament.watch_url()).content.decode()
    assert "Cris &amp; Dani" in page and "Round 1" in page
    assert tournament.key not in page
    assert "forfeit" not in page.lower()
    for board in created(Board).select_related("table"):
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


def test_an_entrants_page_says_who_won_a_forfeit_in_the_directors_words(client):
    tournament = make_tournament(["Ana & Ben", "Gina & Hugo"])
    draw(client, tournament)
    board = created(Board).get()
    client.post(reverse("tournament_forfeit", args=[tournament.key, board.pk]), {"present": "1"})
    absent, present = (tournament.entrants.get(pk=side[0]) for side in board.sides())
    url = reverse("tournament_entrant_page", args=[tournament.watch_key, absent.pk])

    english = client.get(url).content.decode()
    spanish = client.get(url, headers={"Accept-Language": "es"}).content.decode()

    winner = str(present).replace("&", "&amp;")
    assert f"Forfeit: {winner} wins" in english
    assert f"No presentado: gana {winner}" in spanish


# --- Mexican Train events: players at tables of the director's size --------------------------


def train_event(players: int, preset="mexican_train", **fields):
    names = [f"Player {n}" for n in range(1, players + 1)]
    return make_tournament(names, format="round_game", preset=preset, **fields)


def test_a_mexican_train_round_seats_tables_of_the_directors_size_each_for_themselves(client):
    tournament = train_event(11, table_size=4)
    draw(client, tournament)
    boards = list(Board.objects.filter(round__tournament=tournament).prefetch_related("places"))
    assert [len(board.sides()) for board in boards] == [4, 4, 3]
    seated = [pk for board in boards for (pk,) in board.sides()]
    assert sorted(seated) == sorted(tournament.entrants.values_list("pk", flat=True))
    for board in boards:
        match = board.match
        names = [tournament.entrants.get(pk=pk).name for (pk,) in board.sides()]
        assert (match.partnership, match.seat_count, match.seat_names()) == (
            False,
            len(names),
            names,
        )
        assert not match.game().kind.has_target


def test_fewer_than_three_players_are_refused_a_draw(client):
    tournament = train_event(2)
    response = draw(client, tournament)
    assert not Round.objects.filter(tournament=tournament).exists()
    assert "Too few entrants" in client.get(response["Location"]).content.decode()


def test_players_the_game_cannot_seat_are_refused_a_draw(client):
    # Five players at double-nine (four a table at most): no tables of 3 and 2.
    tournament = train_event(5, preset="mexican_train_nine")
    response = draw(client, tournament)
    assert not Round.objects.filter(tournament=tournament).exists()
    page = client.get(response["Location"]).content.decode()
    assert "cannot all be seated at tables this game allows" in page


def test_a_mexican_train_table_has_no_forfeit(client):
    tournament = train_event(4)
    draw(client, tournament)
    board = Board.objects.get(round__tournament=tournament)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert reverse("tournament_forfeit", args=[tournament.key, board.pk]) not in page
    client.post(reverse("tournament_forfeit", args=[tournament.key, board.pk]), {"present": "0"})
    board.refresh_from_db()
    assert board.kind == Board.Kind.PLAYED


def test_the_clock_ends_a_mexican_train_game_with_the_lowest_total_winning(client):
    tournament = train_event(4, time_cap=30)
    draw(client, tournament)
    round = Round.objects.get(tournament=tournament)
    round.start()
    Match.objects.filter(board__round=round).update(ends_at=round.started_at)
    match = Board.objects.get(round=round).match
    add_hand(match, "blocked", {0: 12, 1: 5, 2: 30, 3: 5})
    match.refresh_from_db()
    assert (match.finished, match.winner_sides()) == (True, [1, 3])
    assert match.hand_count == 1 and match.totals == [12, 5, 30, 5]
