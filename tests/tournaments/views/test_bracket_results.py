"""A knockout's results on the write side: the winner goes on once its result is settled
(entered, confirmed or accepted), the bracket moves when a result or a confirmation is stored
(never when a page is drawn), and a correction that would move a winner whose next match has
begun is refused at the scorer's phone."""

import json

import pytest
from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.models import Table
from scorekeeper.tournaments.backup import export_tournament, import_tournament
from scorekeeper.tournaments.models import Bracket, BracketBoard, Confirmation, SideLink
from tests.support.testing import make_tournament, play_out, post_data, win_hand
from tests.web.test_limits import in_parallel

pytestmark = pytest.mark.django_db

FOUR = ["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo"]


def drawn(client, need="nothing", pairs=FOUR, **fields):
    """A single elimination of these pairs in entry order (1 v 4: W1-1, 2 v 3: W1-2)."""
    tournament = make_tournament(pairs, format="single_elimination", target=50, results_need=need)
    client.post(reverse("bracket_draw", args=[tournament.key]), {"seeding": "entry", **fields})
    return tournament


def boards(tournament) -> dict[str, BracketBoard]:
    found = BracketBoard.objects.filter(bracket__tournament=tournament)
    return {board.key: board for board in found.select_related("match", "table", "first")}


def ended(board: BracketBoard, side: int) -> BracketBoard:
    """The board's match won by `side` in one hand (to 50; the others hold 30 pips each)."""
    play_out(board.match, side)
    assert board.match.hand_count == 1
    return board


def link_of(board: BracketBoard, side: int) -> str:
    return SideLink.objects.get(bracket_board=board, side=side).get_absolute_url()


def test_with_nothing_needed_the_winner_goes_on_when_the_match_ends_no_page_drawn(client):
    tournament = drawn(client)
    ended(boards(tournament)["W1-1"], 0)
    ended(boards(tournament)["W1-2"], 1)
    # No page was asked for: the final was made in the transactions that ended the matches.
    final = boards(tournament)["W2-1"]
    assert (str(final.first), str(final.second)) == ("Ana & Ben", "Eva & Fede")


def test_a_finished_bracket_matchs_table_says_its_winner_goes_on_not_that_a_round_is_drawn(client):
    """It said 'The director draws the next round.', which a bracket never waits for."""
    tournament = drawn(client)
    board = ended(boards(tournament)["W1-1"], 0)

    page = client.get(board.match.get_absolute_url()).content.decode()

    assert "This bracket match is over: its winner goes on in the bracket." in page
    assert "draws the next round" not in page
    spanish = client.get(board.match.get_absolute_url(), headers={"accept-language": "es"})
    assert "quien la ganó sigue adelante en el cuadro" in spanish.content.decode()


def test_a_bracket_match_awaiting_the_other_side_says_so_until_it_is_confirmed(
    client, fresh_catalogues
):
    """Before the losers confirmed, the table said its winner goes on in the bracket: it had not,
    and does not until they confirm."""
    tournament = drawn(client, need="other_side")
    board = ended(boards(tournament)["W1-1"], 0)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    waiting = "quien la ganó sigue adelante en cuanto la otra pareja confirme el resultado"
    gone_on = "quien la ganó sigue adelante en el cuadro"

    page = client.get(board.match.get_absolute_url()).content.decode()
    assert waiting in page and gone_on not in page

    shown = page.split('name="shown" value="')[1].split('"')[0]
    url = reverse("confirm_at_table", args=[board.table.key, board.match.number])
    client.post(url, {"seat": "1", "shown": shown})

    page = client.get(board.match.get_absolute_url()).content.decode()
    assert gone_on in page and waiting not in page
    # A correction that keeps the winner waits to be confirmed again; the winner stays gone on.
    assert correct(client, board.match, 2, pips=20).status_code == 302
    page = client.get(board.match.get_absolute_url()).content.decode()
    assert gone_on in page and waiting not in page


def test_a_match_played_to_its_end_and_awaiting_confirmation_offers_no_walkover(client):
    """Its card offered 'A side did not come', which the director then tapped only to be
    told the match was over and its result stands."""
    tournament = drawn(client, need="other_side")
    ended(boards(tournament)["W1-1"], 0)

    page = client.get(tournament.get_absolute_url()).content.decode()

    played = page.split('data-match="W1-1"', 1)[1].split("</li>", 1)[0]
    waiting = page.split('data-match="W1-2"', 1)[1].split("</li>", 1)[0]
    assert "Open the table" in played
    assert "A side did not come" not in played
    assert "A side did not come" in waiting


def test_a_disputed_bracket_match_says_disputed_in_one_word_in_swedish(client):
    """The card said 'bestritt: tävlingsledaren avgör' above the list's 'ifrågasatt' on the
    same director's page: two words for one state."""
    tournament = drawn(client, need="other_side")
    semi = ended(boards(tournament)["W1-1"], 0)
    page = client.get(link_of(semi, 1)).content.decode()
    shown = page.split('name="shown" value="')[1].split('"')[0]
    client.post(link_of(semi, 1), {"dispute": "1", "shown": shown})

    swedish = client.get(tournament.get_absolute_url(), headers={"accept-language": "sv"})

    card = swedish.content.decode().split('data-match="W1-1"', 1)[1].split("</li>", 1)[0]
    assert "ifrågasatt: tävlingsledaren avgör" in card
    assert "bestritt" not in swedish.content.decode()


@pytest.mark.parametrize("need", ["nothing", "other_side", "director"])
def test_the_pages_only_read(client, need):
    tournament = drawn(client, need=need)
    ended(boards(tournament)["W1-1"], 0)
    before = (Table.objects.count(), BracketBoard.objects.count(), SideLink.objects.count())
    urls = [
        tournament.get_absolute_url(),
        tournament.watch_url(),
        reverse("tournament_screen", args=[tournament.watch_key]),
        reverse("bracket_print", args=[tournament.watch_key]),
        reverse("bracket_cards", args=[tournament.key]),
    ]
    for url in urls:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200, url
        writes = [
            query["sql"]
            for query in queries.captured_queries
            if query["sql"].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE"))
        ]
        assert writes == [], url
    assert (Table.objects.count(), BracketBoard.objects.count(), SideLink.objects.count()) == before


def test_the_other_side_confirms_from_its_own_link_and_the_next_match_comes_to_life(client):
    tournament = drawn(client, need="other_side")
    semi = ended(boards(tournament)["W1-1"], 0)
    ended(boards(tournament)["W1-2"], 0)
    assert "W2-1" not in boards(tournament)  # entered, not yet confirmed
    page = client.get(link_of(semi, 1)).content.decode()
    assert "Confirm you lost" in page and "Gil &amp; Hugo" in page
    shown = page.split('name="shown" value="')[1].split('"')[0]
    # The winners' own link cannot confirm: only the side the result goes against.
    client.post(link_of(semi, 0), {"confirm": "1", "shown": shown})
    assert "W2-1" not in boards(tournament)
    client.post(link_of(semi, 1), {"confirm": "1", "shown": shown})
    assert Confirmation.objects.get(bracket_board=semi).kind == "confirmed"
    assert "W2-1" not in boards(tournament)  # the other semi-final is still unconfirmed
    other = boards(tournament)["W1-2"]
    # On the scorer's phone: a player of the losing side taps their own name (seat 1: Gil).
    match = other.match
    step = client.get(other.get_absolute_url()).content.decode()
    assert 'id="confirm-step"' in step and 'value="1"' in step
    shown = step.split('name="shown" value="')[1].split('"')[0]
    client.post(
        reverse("confirm_at_table", args=[other.table.key, match.number]),
        {"seat": "1", "shown": shown},
    )
    final = boards(tournament)["W2-1"]
    assert (str(final.first), str(final.second)) == ("Ana & Ben", "Cris & Dani")


def test_a_sides_own_page_names_the_bracket_match_by_its_round(client):
    # Before, it read "Cup · Cup, bracket 1, W1-1": the event's name twice and the match's key.
    tournament = drawn(client, need="other_side")
    tournament.name = "Cup"
    tournament.save()
    semi = boards(tournament)["W1-1"]
    page = client.get(link_of(semi, 1)).content.decode()
    note = page.split('<p class="note">', 1)[1].split("</p>", 1)[0]
    assert "Semi-finals" in note and "W1-1" not in note
    assert note.count("Cup") == 1


def test_the_cards_show_each_sides_link_when_the_other_side_confirms(client):
    tournament = drawn(client, need="other_side")
    cards = client.get(reverse("bracket_cards", args=[tournament.key])).content.decode()
    for board in boards(tournament).values():
        assert link_of(board, 0) in cards and link_of(board, 1) in cards


def test_the_director_accepts_a_bracket_result_from_the_list(client):
    tournament = drawn(client, need="director")
    semi = ended(boards(tournament)["W1-1"], 1)
    ended(boards(tournament)["W1-2"], 0)
    page = client.get(tournament.get_absolute_url()).content.decode()
    accept = reverse("director_accept_bracket", args=[tournament.key, semi.pk])
    assert 'id="to-confirm"' in page and accept in page
    assert f'data-to-confirm="{semi.key}"' in page
    shown = page.split(f'action="{accept}"')[1].split('name="shown" value="')[1].split('"')[0]
    client.post(accept, {"shown": shown})
    # Only one semi-final accepted: the final waits for the other.
    assert "W2-1" not in boards(tournament)
    other = boards(tournament)["W1-2"]
    accept = reverse("director_accept_bracket", args=[tournament.key, other.pk])
    page = client.get(tournament.get_absolute_url()).content.decode()
    shown = page.split(f'action="{accept}"')[1].split('name="shown" value="')[1].split('"')[0]
    client.post(accept, {"shown": shown})
    final = boards(tournament)["W2-1"]
    assert (str(final.first), str(final.second)) == ("Gil & Hugo", "Cris & Dani")
    # Another tournament's director key cannot accept this one's board.
    stranger = make_tournament(FOUR, format="single_elimination")
    response = client.post(reverse("director_accept_bracket", args=[stranger.key, semi.pk]))
    assert response.status_code == 404


def correct(client, match, out: int, pips: int = 30):
    """Post a correction of the match's last hand: seat `out` went out."""
    data = post_data(out, match.hand_count, {s: pips for s in range(4) if s != out})
    url = reverse("hand", args=[match.table.key, match.number, match.hand_count])
    return client.post(url, {**data, "version": str(match.version)})


def test_a_correction_moves_the_winner_while_the_next_match_has_no_hand(client):
    tournament = drawn(client)
    semi = ended(boards(tournament)["W1-1"], 0)
    ended(boards(tournament)["W1-2"], 0)
    final = boards(tournament)["W2-1"]
    assert str(final.first) == "Ana & Ben"
    response = correct(client, semi.match, 1)
    assert response.status_code == 302
    semi.match.refresh_from_db()
    assert semi.match.winner_side == 1
    final = boards(tournament)["W2-1"]
    assert str(final.first) == "Gil & Hugo" and boards(tournament)["W1-1"].winner_side == 1


def test_a_correction_that_moves_the_winner_is_refused_once_the_next_match_began(client):
    tournament = drawn(client)
    semi = ended(boards(tournament)["W1-1"], 0)
    ended(boards(tournament)["W1-2"], 0)
    win_hand(boards(tournament)["W2-1"].match, 0, pips=5)
    match = semi.match
    match.refresh_from_db()
    version, log = match.version, match.log.count()
    response = correct(client, match, 1)
    assert response.status_code == 422
    page = response.content.decode()
    assert "the winner&#x27;s next match has already begun" in page
    match.refresh_from_db()
    assert (match.version, match.winner_side, match.log.count()) == (version, 0, log)
    assert str(boards(tournament)["W2-1"].first) == "Ana & Ben"
    # A correction that keeps the winner is still taken.
    assert correct(client, match, 2, pips=20).status_code == 302
    match.refresh_from_db()
    assert match.version == version + 1 and match.winner_side == 0
    # Taking back the last hand would leave the match without a winner: refused as well.
    response = client.post(
        reverse("undo_hand", args=[match.table.key, match.number]),
        {"version": str(match.version)},
        follow=True,
    )
    assert "the winner&#x27;s next match has already begun" in response.content.decode()
    match.refresh_from_db()
    assert match.finished and match.version == version + 1


def test_a_bracket_match_of_one_game_shows_no_series_line(client):
    """Its table said "Series 1, an open series: Ana & Ben 1 - Gil & Hugo 0": one game decides."""
    tournament = drawn(client)
    board = ended(boards(tournament)["W1-1"], 0)

    for page in (board.match.get_absolute_url(), board.table.get_absolute_url()):
        shown = client.get(page).content.decode()
        assert 'data-testid="series"' not in shown and "open series" not in shown


def test_a_best_of_three_keeps_its_series_line(client):
    tournament = drawn(client, best_of="3")
    board = ended(boards(tournament)["W1-1"], 0)

    page = client.get(board.match.get_absolute_url()).content.decode()
    assert "Series 1, best of three:" in page


UNDO = "Undo last hand"


def test_a_finished_match_offers_no_undo_once_the_winners_next_match_began(client):
    """The semi-final's page still offered Undo after the final began; tapped, it only said the
    result stays as it was."""
    tournament = drawn(client)
    semi = ended(boards(tournament)["W1-1"], 0)
    ended(boards(tournament)["W1-2"], 0)
    url = semi.match.get_absolute_url()
    watching = Client()  # a phone with no message waiting: it is served the page as kept
    assert UNDO in watching.get(url).content.decode()

    win_hand(boards(tournament)["W2-1"].match, 0, pips=5)

    assert UNDO not in watching.get(url).content.decode()
    # Undo tapped on a page drawn before: told at once, nothing asked.
    tapped = Client()
    response = tapped.get(reverse("undo_hand", args=[semi.table.key, semi.match.number]))
    assert response.status_code == 302 and response.url == url
    told = tapped.get(url).content.decode()
    assert "the winner&#x27;s next match has already begun" in told and UNDO not in told
    # The final's first hand taken back: the semi-final's result may move again.
    final = boards(tournament)["W2-1"].match
    final.undo(version=final.version)
    assert UNDO in watching.get(url).content.decode()


def test_a_winner_goes_on_once_however_many_times_the_bracket_moves(client):
    tournament = drawn(client)
    ended(boards(tournament)["W1-1"], 0)
    ended(boards(tournament)["W1-2"], 0)
    # Two app servers, each with the bracket as it read it, moving it again at once.
    first, second = (Bracket.objects.get(tournament=tournament) for _ in range(2))
    first.advance()
    second.advance()
    finals = BracketBoard.objects.filter(bracket__tournament=tournament, key="W2-1")
    assert finals.count() == 1
    assert Table.objects.filter(bracket_board__in=finals).count() == 1
    # And the database itself refuses a second table for the same bracket match.
    final = finals.get()
    with pytest.raises(IntegrityError), transaction.atomic():
        BracketBoard.objects.create(
            bracket=final.bracket,
            key="W2-1",
            first=final.first,
            second=final.second,
            first_seed=1,
            second_seed=2,
        )


def test_a_bracket_matchs_links_and_confirmation_come_back_with_the_backup(client):
    tournament = drawn(client, need="other_side")
    semi = ended(boards(tournament)["W1-1"], 0)
    page = client.get(link_of(semi, 1)).content.decode()
    shown = page.split('name="shown" value="')[1].split('"')[0]
    client.post(link_of(semi, 1), {"confirm": "1", "shown": shown})
    data = export_tournament(tournament)
    kept = data["brackets"][0]["boards"][0]
    assert len(kept["side_links"]) == 2 and kept["confirmation"]["kind"] == "confirmed"
    Table.objects.filter(bracket_board__bracket__tournament=tournament).delete()
    tournament.delete()
    restored = import_tournament(json.loads(json.dumps(data)))
    assert export_tournament(restored) == data
    board = boards(restored)["W1-1"]
    assert Confirmation.objects.get(bracket_board=board).kind == "confirmed"
    # A confirmation the file mangled is refused, nothing stored.
    kept["confirmation"]["totals"] = "many"
    with pytest.raises(ValueError):
        import_tournament(data, new_keys=True)


@pytest.mark.django_db(transaction=True)
def test_two_phones_ending_both_semi_finals_at_once_make_one_final(client):
    tournament = drawn(client)
    semis = [boards(tournament)["W1-1"], boards(tournament)["W1-2"]]
    # Both matches one hand from the end; the last hands are saved at the same moment (each
    # thread its own connection, as two app servers), and each save moves the bracket.
    for board in semis:
        win_hand(board.match, 0, pips=10)
    ends = [{**post_data(0, 2, {1: 30, 2: 30, 3: 30}), "confirm_end": "1"} for _ in semis]
    statuses = in_parallel(
        2,
        lambda n: (
            Client()
            .post(reverse("save_hand", args=[semis[n].table.key, semis[n].match.number]), ends[n])
            .status_code
        ),
    )
    assert statuses == [302, 302]
    finals = BracketBoard.objects.filter(bracket__tournament=tournament, key="W2-1")
    assert finals.count() == 1
    final = finals.get()
    assert (str(final.first), str(final.second)) == ("Ana & Ben", "Cris & Dani")
    assert Table.objects.filter(bracket_board__bracket__tournament=tournament).count() == 3


def test_a_best_of_three_is_confirmed_as_its_match_wins_on_its_last_match(client):
    tournament = drawn(client, need="other_side", best_of="3")
    board = boards(tournament)["W1-1"]
    table, first = board.table, board.match
    play_out(first, 0)
    second = table.start_match(first.seat_names(), first.game(), first.preset)
    play_out(second, 0)
    assert "W2-1" not in boards(tournament)
    # The first match's page asks nothing: the series is confirmed on its last match.
    assert 'id="confirm-step"' not in client.get(first.get_absolute_url()).content.decode()
    step = client.get(second.get_absolute_url()).content.decode()
    assert 'id="confirm-step"' in step and 'value="2-0/0"' in step
    client.post(
        reverse("confirm_at_table", args=[table.key, second.number]),
        {"seat": "1", "shown": "2-0/0"},
    )
    assert Confirmation.objects.get(bracket_board=board).kind == "confirmed"
    assert "W2-1" not in boards(tournament)  # the other semi-final is not played yet
    other = boards(tournament)["W1-2"]
    for _ in range(2):
        match = other.table.matches.order_by("number").last()
        if match.finished:
            match = other.table.start_match(match.seat_names(), match.game(), match.preset)
        play_out(match, 1)
    # The losing side confirms the series from its own link: the final comes to life.
    client.post(link_of(other, 0), {"confirm": "1", "shown": "0-2/1"})
    final = boards(tournament)["W2-1"]
    assert (str(final.first), str(final.second)) == ("Ana & Ben", "Eva & Fede")


@pytest.mark.django_db(transaction=True)
def test_draw_tapped_on_four_phones_at_once_draws_one_bracket_and_no_error():
    # Each tap saw no bracket and then met the others' at the unique number: three 500s.
    tournament = make_tournament(FOUR, format="single_elimination", target=50)
    url = reverse("bracket_draw", args=[tournament.key])
    statuses = in_parallel(
        4,
        lambda n: Client(raise_request_exception=False).post(url, {"seeding": "entry"}).status_code,
    )
    assert statuses == [302] * 4
    assert Bracket.objects.filter(tournament=tournament).count() == 1
    assert sorted(boards(tournament)) == ["W1-1", "W1-2"]


def test_a_bracket_matchs_table_is_named_by_its_round_not_its_key(client):
    # Before, "Cup, bracket 1, W1-2": a key no player knows.
    tournament = drawn(client)
    semis = boards(tournament)
    assert str(semis["W1-1"].table) == f"{tournament.name} · Semi-finals, match 1"
    assert str(semis["W1-2"].table) == f"{tournament.name} · Semi-finals, match 2"
    ended(semis["W1-1"], 0)
    ended(semis["W1-2"], 1)
    # The round's only match: no number.
    assert str(boards(tournament)["W2-1"].table) == f"{tournament.name} · Final"


def test_a_long_events_name_is_cut_so_its_tables_name_keeps_the_round(client):
    tournament = make_tournament(FOUR, format="single_elimination")
    tournament.name = "Copa Relámpago del Parque de la Calle Ocho, edición XX"
    tournament.save()
    client.post(reverse("bracket_draw", args=[tournament.key]), {"seeding": "entry"})
    name = str(boards(tournament)["W1-2"].table)
    assert len(name) <= 60 and name.endswith(" · Semi-finals, match 2")
