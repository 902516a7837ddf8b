"""Confirming a result: the setting, the confirm step on the scorer's phone, each side's own
link, the director's accept, what the next draw waits for, and every refusal."""

import re
from dataclasses import replace
from html import escape

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Match, Table
from scorekeeper.tournaments.backup import export_tournament, import_tournament
from scorekeeper.tournaments.models import Board, Confirmation, Round, SideLink, Tournament
from scorekeeper.tournaments.rules.tournament_confirm import Entered
from tests.created import created
from tests.support.testing import add_hand, make_tournament, play_out, win_hand

pytestmark = pytest.mark.django_db

PAIRS = ["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo"]


def drawn(client, need="other_side", pairs=PAIRS, format="swiss"):
    """A tournament whose results need `need`, its first round drawn."""
    tournament = make_tournament(pairs, format=format, results_need=need)
    client.post(tournament.draw_url())
    return tournament, list(created(Board).order_by("number").select_related("match__table"))


def finished(board: Board, winner: int = 0) -> Board:
    play_out(board.match, winner)
    board.match.refresh_from_db()
    return board


def shown(board: Board) -> str:
    match = Match.objects.get(pk=board.match_id)
    return Entered(tuple(match.totals), match.winner_side).shown()


def state(client, tournament, board: Board) -> str:
    page = client.get(tournament.get_absolute_url()).content.decode()
    marker = f'data-board="{board.number}"'
    card = page[page.index(marker) :]
    return card[card.index("data-confirm-state=") :].split('"')[1]


def side_links(board: Board) -> list[SideLink]:
    return SideLink.for_boards([Board.objects.prefetch_related("places").get(pk=board.pk)])[
        board.pk
    ]


def correct_last_hand(board: Board) -> None:
    """The match's last hand corrected after the end (more pips left): it still ends the match,
    with other totals."""
    match = Match.objects.get(pk=board.match_id)
    last = match.hands.order_by("number").last()
    hand = last.as_rules_hand()
    match.edit_hand(
        last.number, replace(hand, pips={seat: 40 for seat in hand.pips}), version=match.version
    )
    match.refresh_from_db()
    assert match.finished


def confirm_url(board: Board) -> str:
    return reverse("confirm_at_table", args=[board.match.table.key, board.match.number])


# --- The setting --------------------------------------------------------------------------------


def test_the_tournament_form_offers_the_setting_and_keeps_it(client):
    page = client.get(reverse("new_tournament")).content.decode()
    assert "Results need" in page and "The other side&#x27;s confirmation" in page
    data = {
        "name": "Park open",
        "format": "swiss",
        "preset": "caribbean",
        "target": "200",
        "results_need": "director",
        "entrants": "\n".join(PAIRS),
    }
    assert client.post(reverse("new_tournament"), data).status_code == 302
    assert created(Tournament).get().results_need == "director"


def test_a_tournament_made_without_the_setting_needs_nothing(client):
    data = {"name": "Park open", "format": "swiss", "preset": "caribbean", "target": "200"}
    client.post(reverse("new_tournament"), data)
    assert created(Tournament).get().results_need == "nothing"


def test_players_each_for_themselves_cannot_ask_the_other_side(client):
    data = {
        "name": "Trains",
        "format": "round_game",
        "preset": "mexican_train",
        "table_size": "4",
        "results_need": "other_side",
    }
    response = client.post(reverse("new_tournament"), data)
    assert response.status_code == 422
    assert "no other side to confirm" in response.content.decode()
    assert not created(Tournament).exists()


# --- Needing nothing: today's behaviour ---------------------------------------------------------


def test_needing_nothing_the_next_round_is_drawn_as_soon_as_every_table_ends(client):
    tournament, boards = drawn(client, need="nothing")
    for board in boards:
        finished(board)
    client.post(tournament.draw_url())
    assert created(Round).count() == 2
    page = client.get(boards[0].get_absolute_url()).content.decode()
    assert 'id="confirm-step"' not in page


# --- The scorer's phone -------------------------------------------------------------------------


def test_the_scorers_phone_asks_the_side_that_lost_to_confirm(client):
    tournament, boards = drawn(client)
    board = finished(boards[0], winner=0)
    page = client.get(board.get_absolute_url()).content.decode()
    loser = board.match.side_names()[1]
    assert f"{escape(loser)}: confirm you lost" in page
    assert state(client, tournament, board) == "unconfirmed"


def test_the_scorers_phone_asks_the_pair_in_spanish_as_ustedes(client, fresh_catalogues, settings):
    """It said "confirmad que perdisteis", Spain's vosotros, at tables in the Caribbean."""
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    _tournament, boards = drawn(client)
    board = finished(boards[0], winner=0)
    page = client.get(board.get_absolute_url()).content.decode()
    loser = board.match.side_names()[1]
    assert f"{escape(loser)}: confirmen que perdieron" in page
    assert "confirmad" not in page and "perdisteis" not in page


def test_a_player_of_the_other_side_confirms_by_their_own_name(client):
    tournament, boards = drawn(client)
    board = finished(boards[0], winner=0)
    seat = board.match.game().sides[1][0]
    response = client.post(confirm_url(board), {"seat": str(seat), "shown": shown(board)})
    assert response.status_code == 302
    confirmation = Confirmation.objects.get(board=board)
    assert (confirmation.kind, confirmation.side) == ("confirmed", 1)
    assert confirmation.name == board.match.seat_names()[seat]
    assert state(client, tournament, board) == "confirmed"
    page = client.get(board.get_absolute_url()).content.decode()
    assert "Confirmed by" in page


def test_a_side_cannot_confirm_its_own_result_on_the_scorers_phone(client):
    _tournament, boards = drawn(client)
    board = finished(boards[0], winner=0)
    seat = board.match.game().sides[0][0]
    response = client.post(
        confirm_url(board), {"seat": str(seat), "shown": shown(board)}, follow=True
    )
    assert "cannot confirm a result in its own favour" in response.content.decode()
    assert not Confirmation.objects.filter(board=board).exists()


def test_a_seat_that_is_not_at_the_table_is_not_found(client):
    _tournament, boards = drawn(client)
    board = finished(boards[0])
    response = client.post(confirm_url(board), {"seat": "9", "shown": shown(board)})
    assert response.status_code == 404
    assert not Confirmation.objects.filter(board=board).exists()


def test_an_ordinary_table_has_no_confirm_step(client, make_match):
    match = make_match()
    url = reverse("confirm_at_table", args=[match.table.key, match.number])
    assert client.post(url, {"seat": "1"}).status_code == 404


# --- Each side's own link -----------------------------------------------------------------------


def test_each_side_has_its_own_link_on_the_table_cards(client):
    tournament, boards = drawn(client)
    page = client.get(reverse("tournament_cards", args=[tournament.key, 1])).content.decode()
    links = side_links(boards[0])
    assert [link.side for link in links] == [0, 1]
    assert all(link.get_absolute_url() in page for link in links)
    assert "your own link, to confirm the result" in page


def test_no_side_links_on_the_cards_when_results_need_nothing(client):
    tournament, _boards = drawn(client, need="nothing")
    page = client.get(reverse("tournament_cards", args=[tournament.key, 1])).content.decode()
    assert "your own link" not in page
    assert not created(SideLink).exists()


def test_the_side_links_are_made_with_the_draw_and_the_cards_only_read(client):
    tournament, boards = drawn(client)
    assert created(SideLink).count() == 2 * len(boards)
    keys = set(created(SideLink).values_list("key", flat=True))
    page = client.get(reverse("tournament_cards", args=[tournament.key, 1])).content.decode()
    assert set(created(SideLink).values_list("key", flat=True)) == keys
    assert all(key in page for key in keys)


def test_the_other_side_confirms_from_its_own_link(client):
    tournament, boards = drawn(client)
    board = finished(boards[0], winner=0)
    loser = side_links(board)[1]
    page = client.get(loser.get_absolute_url()).content.decode()
    assert "Confirm you lost" in page
    response = client.post(loser.get_absolute_url(), {"shown": shown(board)}, follow=True)
    assert "Result confirmed" in response.content.decode()
    assert state(client, tournament, board) == "confirmed"


def test_the_other_sides_own_link_asks_the_pair_in_spanish_as_ustedes(
    client, fresh_catalogues, settings
):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    _tournament, boards = drawn(client)
    board = finished(boards[0], winner=0)
    totals = Match.objects.get(pk=board.match_id).totals
    page = client.get(side_links(board)[1].get_absolute_url()).content.decode()
    assert f"¿Confirman que perdieron {totals[0]}\u2013{totals[1]}?" in page


def test_the_winners_link_waits_and_cannot_confirm(client):
    _tournament, boards = drawn(client)
    board = finished(boards[0], winner=0)
    winner = side_links(board)[0]
    page = client.get(winner.get_absolute_url()).content.decode()
    assert "Waiting for" in page and "Confirm you lost" not in page
    response = client.post(winner.get_absolute_url(), {"shown": shown(board)}, follow=True)
    assert "cannot confirm a result in its own favour" in response.content.decode()
    assert not Confirmation.objects.filter(board=board).exists()


def test_a_forged_side_link_is_not_found(client):
    _tournament, boards = drawn(client)
    board = finished(boards[0])
    forged = reverse("side_page", args=["x" * 22])
    assert client.get(forged).status_code == 404
    assert client.post(forged, {"shown": shown(board)}).status_code == 404
    assert not Confirmation.objects.filter(board=board).exists()


def test_confirming_twice_changes_nothing_and_says_so(client):
    _tournament, boards = drawn(client)
    board = finished(boards[0], winner=0)
    loser = side_links(board)[1]
    client.post(loser.get_absolute_url(), {"shown": shown(board)})
    first = Confirmation.objects.get(board=board)
    response = client.post(loser.get_absolute_url(), {"shown": shown(board)}, follow=True)
    assert "confirmed already" in response.content.decode()
    assert Confirmation.objects.get(board=board).at == first.at


def test_a_result_that_changed_since_the_page_was_drawn_is_not_confirmed(client):
    _tournament, boards = drawn(client)
    board = finished(boards[0], winner=0)
    page_shown = shown(board)
    correct_last_hand(board)  # after the page was drawn: the totals move
    assert shown(board) != page_shown
    loser = side_links(board)[1]
    response = client.post(loser.get_absolute_url(), {"shown": page_shown}, follow=True)
    assert "changed since this page was drawn" in response.content.decode()
    assert not Confirmation.objects.filter(board=board).exists()


def test_a_match_in_play_has_nothing_to_confirm(client):
    _tournament, boards = drawn(client)
    win_hand(boards[0].match, 0)
    loser = side_links(boards[0])[1]
    page = client.get(loser.get_absolute_url()).content.decode()
    assert "The match is in play" in page
    response = client.post(loser.get_absolute_url(), {"shown": "60-0/0"}, follow=True)
    assert "not over" in response.content.decode()


def test_either_side_disputes_and_the_director_sees_it(client):
    tournament, boards = drawn(client)
    board = finished(boards[0], winner=0)
    winner = side_links(board)[0]
    client.post(winner.get_absolute_url(), {"shown": shown(board), "dispute": "1"})
    assert Confirmation.objects.get(board=board).kind == "disputed"
    assert state(client, tournament, board) == "disputed"
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "Results to confirm" in page and f'data-to-confirm="1-{board.number}"' in page
    response = client.post(side_links(board)[1].get_absolute_url(), {"shown": shown(board)})
    assert Confirmation.objects.get(board=board).kind == "disputed"
    assert response.status_code == 302


# --- The director ---------------------------------------------------------------------------------


def accept(client, tournament, board, shown_result):
    url = reverse("director_accept", args=[tournament.key, board.pk])
    return client.post(url, {"shown": shown_result}, follow=True)


def test_the_director_lists_unconfirmed_results_and_accepts_one(client):
    tournament, boards = drawn(client, need="director")
    board = finished(boards[1], winner=1)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert f'data-to-confirm="1-{board.number}"' in page
    response = accept(client, tournament, board, shown(board))
    assert "Result accepted" in response.content.decode()
    assert state(client, tournament, board) == "accepted"
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert f'data-to-confirm="1-{board.number}"' not in page


def test_with_the_director_accepting_no_side_confirms(client):
    _tournament, boards = drawn(client, need="director")
    board = finished(boards[0], winner=0)
    seat = board.match.game().sides[1][0]
    response = client.post(
        confirm_url(board), {"seat": str(seat), "shown": shown(board)}, follow=True
    )
    assert "the director accepts each result" in response.content.decode()
    assert not Confirmation.objects.filter(board=board).exists()


def test_the_director_accepts_only_the_result_the_page_showed(client):
    tournament, boards = drawn(client)
    board = finished(boards[0], winner=0)
    response = accept(client, tournament, board, "1-0/0")
    assert "changed since this page was drawn" in response.content.decode()
    assert not Confirmation.objects.filter(board=board).exists()


def test_another_tournaments_director_cannot_accept(client):
    _tournament, boards = drawn(client)
    board = finished(boards[0])
    other = make_tournament(["Xavi & Yuri", "Zoe & Walt"], results_need="other_side")
    url = reverse("director_accept", args=[other.key, board.pk])
    assert client.post(url, {"shown": shown(board)}).status_code == 404
    assert not Confirmation.objects.filter(board=board).exists()


# --- What waits ---------------------------------------------------------------------------------


def test_the_next_round_waits_naming_the_tables_unconfirmed(client):
    tournament, boards = drawn(client)
    for board in boards:
        finished(board)
    response = client.post(tournament.draw_url(), follow=True)
    page = response.content.decode()
    assert created(Round).count() == 1
    assert "The next round waits for the results of round 1, table 1, round 1, table 2" in page
    loser = side_links(boards[0])[1]
    client.post(loser.get_absolute_url(), {"shown": shown(boards[0])})
    page = client.post(tournament.draw_url(), follow=True).content.decode()
    assert "waits for the result of round 1, table 2:" in page
    accept(client, tournament, boards[1], shown(boards[1]))
    client.post(tournament.draw_url())
    assert created(Round).count() == 2


def test_a_round_robin_draw_does_not_wait_for_confirmations(client):
    tournament, boards = drawn(client, format="round_robin")
    for board in boards:
        finished(board)
    client.post(tournament.draw_url())
    assert created(Round).count() == 2


def test_unconfirmed_results_count_in_the_standings_marked_as_such(client):
    tournament, boards = drawn(client)
    board = finished(boards[0], winner=0)
    page = client.get(tournament.watch_url()).content.decode()
    assert page.count("includes 1 unconfirmed result") == 2  # both pairs of the table
    winner = board.sides()[0][0]
    line = page[page.index(f'data-entrant="{winner}"') :]
    assert line[line.index('data-stat="wins"') :].split(">")[1].startswith("1")


# --- A correction after the end -------------------------------------------------------------------


def test_a_hand_corrected_after_confirmation_returns_the_result_to_unconfirmed(client):
    tournament, boards = drawn(client)
    board = finished(boards[0], winner=0)
    client.post(side_links(board)[1].get_absolute_url(), {"shown": shown(board)})
    assert state(client, tournament, board) == "confirmed"
    correct_last_hand(board)
    assert state(client, tournament, board) == "unconfirmed"
    page = client.get(board.get_absolute_url()).content.decode()
    assert "confirm you lost" in page  # the kept match page is drawn again


# --- The tournament's backup --------------------------------------------------------------------


def test_the_setting_side_links_and_confirmations_are_kept_in_the_backup(client):
    tournament, boards = drawn(client)
    first, second = (finished(board) for board in boards)
    loser = side_links(first)[1]
    client.post(loser.get_absolute_url(), {"shown": shown(first)})
    side_links(second)
    data = export_tournament(tournament)
    Table.objects.filter(board__round__tournament=tournament).delete()
    tournament.delete()
    restored = import_tournament(data)
    assert restored.results_need == "other_side"
    link = SideLink.objects.get(key=loser.key)
    assert link.board.round.tournament == restored
    kept = Confirmation.objects.get(board__round__tournament=restored)
    assert (kept.kind, kept.side, kept.board.number) == ("confirmed", 1, first.number)
    page = client.post(restored.draw_url(), follow=True).content.decode()
    assert "waits for the result of round 1, table 2:" in page


def test_a_backup_from_before_confirmations_needs_nothing(client):
    tournament, _boards = drawn(client, need="nothing")
    data = export_tournament(tournament)
    del data["tournament"]["results_need"]
    for board in data["rounds"][0]["boards"]:
        del board["side_links"], board["confirmation"]
    restored = import_tournament(data, new_keys=True)
    assert restored.results_need == "nothing"


def test_a_backups_unreadable_confirmation_is_refused_naming_its_table(client):
    tournament, boards = drawn(client)
    finished(boards[0])
    data = export_tournament(tournament)
    data["rounds"][0]["boards"][0]["confirmation"] = {"kind": "confirmed", "totals": "lots"}
    before = created(Tournament).count()
    with pytest.raises(ValueError, match="round 1, table 1: its side links or its confirmation"):
        import_tournament(data, new_keys=True)
    assert created(Tournament).count() == before


def test_a_correction_after_the_next_draw_keeps_that_draw_and_holds_the_one_after(client):
    tournament, boards = drawn(client)
    for board in boards:
        finished(board)
        accept(client, tournament, board, shown(board))
    client.post(tournament.draw_url())
    correct_last_hand(boards[0])  # a round-1 result corrected once round 2 is drawn
    assert created(Round).count() == 2
    for board in created(Board).filter(round__number=2).select_related("match"):
        finished(board)
        accept(client, tournament, board, shown(board))
    page = client.post(tournament.draw_url(), follow=True).content.decode()
    assert "waits for the result of round 1, table 1:" in page
    assert created(Round).count() == 2


# --- Players each for themselves (a round game's event) -------------------------------------------


def test_a_round_games_table_waits_for_the_director_only(client):
    players = ["Ann", "Bo", "Cy"]
    tournament = make_tournament(
        players, format="round_game", preset="mexican_train", table_size=3, results_need="director"
    )
    client.post(tournament.draw_url())
    board = created(Board).select_related("match__table").get()
    while not board.match.finished:
        add_hand(board.match, 0, {1: 5, 2: 9})
    page = client.get(board.get_absolute_url()).content.decode()
    assert "Waiting for the director to accept the result." in page
    assert "confirm you lost" not in page
    client.post(confirm_url(board), {"shown": shown(board), "dispute": "1"})
    disputed = Confirmation.objects.get(board=board)
    assert (disputed.kind, disputed.side) == ("disputed", None)
    assert not SideLink.for_boards([Board.objects.prefetch_related("places").get(pk=board.pk)])
    page = client.post(tournament.draw_url(), follow=True).content.decode()
    assert "waits for the result of round 1, table 1:" in page
    accept(client, tournament, board, shown(board))
    client.post(tournament.draw_url())
    assert created(Round).count() == 2


def test_the_confirm_step_of_a_kept_match_page_posts_with_this_phones_token(client):
    _tournament, boards = drawn(client)
    board = finished(boards[0], winner=0)
    phone = Client(enforce_csrf_checks=True)
    phone.get(board.get_absolute_url())
    page = phone.get(board.get_absolute_url()).content.decode()  # served as kept
    step = page[page.index('id="confirm-step"') :]
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', step)[1]
    seat = board.match.game().sides[1][1]
    data = {"csrfmiddlewaretoken": token, "seat": str(seat), "shown": shown(board)}
    assert phone.post(confirm_url(board), data).status_code == 302
    assert Confirmation.objects.get(board=board).kind == "confirmed"
