"""The director's page: a tournament created, its entrants checked in, added and withdrawn."""

import pytest
from django.test import Client
from django.urls import reverse

from scorekeeper.tournaments.models import Board, Entrant, Tournament
from tests.created import created
from tests.support.testing import make_tournament, play_out

pytestmark = pytest.mark.django_db

PAIRS = ["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo"]


def create(client, **fields):
    data = {
        "name": "Park open",
        "format": "swiss",
        "preset": "caribbean",
        "target": "200",
        "entrants": "\n".join(PAIRS),
        **fields,
    }
    return client.post(reverse("new_tournament"), data)


def test_home_page_offers_a_tournament(client):
    assert reverse("new_tournament") in client.get(reverse("home")).content.decode()


def test_a_tournament_is_created_with_its_entrants_and_opened_by_its_key(client):
    response = create(client, time_cap="40", forfeit_for="40", forfeit_against="20")
    tournament = created(Tournament).get()
    assert response.status_code == 302
    assert response["Location"] == tournament.get_absolute_url()
    assert len(tournament.key) >= 22 and tournament.key != tournament.watch_key
    assert [str(entrant) for entrant in tournament.entrants.all()] == PAIRS
    assert tournament.time_cap == 40
    settings = tournament.tournament_rules()
    assert (settings.forfeit_award.points_for, settings.forfeit_award.points_against) == (40, 20)
    assert settings.bye_award.points_for == 100  # half the target, by default
    page = client.get(response["Location"]).content.decode()
    assert "Park open" in page and "Cris &amp; Dani" in page


def test_the_game_and_target_are_every_tables(client):
    create(client, preset="puerto_rico_500", target="300")
    tournament = created(Tournament).get()
    game = tournament.game()
    assert (tournament.preset, game.rules.target, game.seats, game.partnership) == (
        "puerto_rico_500",
        300,
        4,
        True,
    )
    assert game.rules.chuchazo_bonus == 100  # the preset's own house rules


def test_an_individual_event_takes_one_player_a_line(client):
    response = create(client, format="rotating_partners")
    assert response.status_code == 422
    assert not created(Tournament).exists()
    create(client, format="rotating_partners", entrants="Ana\nBen\nCris\nDani")
    assert created(Tournament).get().entrants.count() == 4


def test_a_wrong_key_is_not_found(client):
    make_tournament(PAIRS)
    assert client.get(reverse("tournament", args=["x" * 22])).status_code == 404


def test_late_entries_are_added(client):
    tournament = make_tournament(PAIRS)
    client.post(tournament.entrants_url(), {"entrants": "Ines & Juan\nKim / Luz"})
    assert [str(e) for e in tournament.entrants.all()][-2:] == ["Ines & Juan", "Kim & Luz"]


def test_a_player_typed_twice_in_another_case_is_refused(client):
    response = create(client, entrants="Ana & Ben\nCris & ana\nEva & Fede\nGil & Hugo")

    assert response.status_code == 422
    assert "Line 2: ana already plays in “Ana &amp; Ben”." in response.content.decode()


def test_a_late_entry_of_a_player_already_entered_is_refused(client):
    tournament = make_tournament(PAIRS)

    response = client.post(tournament.entrants_url(), {"entrants": "BEN & Ines"})

    assert "Line 1: BEN already plays in “Ana &amp; Ben”." in response.content.decode()
    assert [str(e) for e in tournament.entrants.all()] == PAIRS


@pytest.mark.parametrize(
    ("change", "checked_in", "withdrawn"),
    [("absent", False, False), ("withdraw", True, True)],
)
def test_an_entrant_is_checked_out_or_withdrawn(client, change, checked_in, withdrawn):
    tournament = make_tournament(PAIRS)
    entrant = tournament.entrants.first()
    url = reverse("tournament_entrant", args=[tournament.key, entrant.pk])
    client.post(url, {"change": change})
    entrant.refresh_from_db()
    assert (entrant.checked_in, entrant.withdrawn, entrant.drawn) == (checked_in, withdrawn, False)


def test_another_tournaments_entrant_is_left_alone(client):
    tournament = make_tournament(PAIRS)
    other = make_tournament(PAIRS)
    entrant = other.entrants.first()
    client.post(
        reverse("tournament_entrant", args=[tournament.key, entrant.pk]), {"change": "withdraw"}
    )
    assert not created(Entrant).get(pk=entrant.pk).withdrawn


# --- Only the games the format can seat ------------------------------------------------------

PLAYERS = "\n".join(["Ann", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"])


def options(page: str, name: str) -> list[str]:
    """The values a select of the form offers."""
    select = page.split(f'name="{name}"', 1)[1].split("</select>", 1)[0]
    return [part.split('"', 1)[0] for part in select.split('<option value="')[1:]]


def test_a_pairs_event_does_not_offer_mexican_train(client):
    page = client.get(reverse("new_tournament")).content.decode()

    offered = options(page, "preset")
    assert "caribbean" in offered and "all_fives" in offered
    assert not any(key.startswith("mexican_train") for key in offered)


def test_mexican_train_posted_as_a_pairs_event_is_refused_at_the_game(client):
    response = create(client, name="Train night", preset="mexican_train")

    assert response.status_code == 422
    assert response.context["form"].has_error("preset", "invalid_choice")
    assert "This format cannot seat that game" in response.content.decode()
    assert not Tournament.objects.filter(name="Train night").exists()


def test_choosing_the_round_game_format_offers_mexican_train_and_its_table_size(client):
    data = {"format": "round_game", "preset": "mexican_train", "refresh": "1"}
    response = client.post(reverse("new_tournament"), data, headers={"HX-Request": "true"})
    page = response.content.decode()

    assert response.status_code == 200
    assert 'id="tournament-fields"' in page
    # The games played each for themselves at tables: Mexican Train and Jamaican cut-throat
    # (tests/web/tournament/test_jamaican.py).
    offered = options(page, "preset")
    assert offered[-2:] == ["mexican_train", "mexican_train_nine"]
    assert "caribbean" not in offered and "jamaican_partner" not in offered
    assert options(page, "table_size") == ["3", "4", "5", "6"]
    assert 'name="target"' not in page and "Points to win" not in page
    assert 'name="bye_for"' not in page


def test_the_one_time_token_is_drawn_once_and_without_a_label(client):
    """It was drawn a second time among the format's fields, under a visible label 'Token'
    (in English on every language's page) and with the same id as the first."""
    page = client.get(reverse("new_tournament")).content.decode()

    assert page.count('name="token"') == 1
    assert 'for="id_token"' not in page and ">Token<" not in page


def test_a_change_of_format_leaves_the_name_and_the_entrants_as_typed(client):
    """The refresh draws only what the format decides: a director who typed on while it was
    on its way keeps what they typed (the browser test of an individual event lost its
    entrants so, and the tournament was made with none)."""
    data = {"format": "rotating_partners", "name": "Park", "entrants": "Ana\nBen", "refresh": "1"}
    response = client.post(reverse("new_tournament"), data, headers={"HX-Request": "true"})
    page = response.content.decode()

    assert 'name="format"' in page and 'name="target"' in page
    assert 'name="name"' not in page and 'name="entrants"' not in page
    whole = client.get(reverse("new_tournament")).content.decode()
    assert all(f'name="{name}"' in whole for name in ("name", "format", "entrants"))


def test_a_mexican_train_event_is_created_with_its_table_size(client):
    response = create(
        client,
        name="Train night",
        format="round_game",
        preset="mexican_train",
        table_size="5",
        entrants=PLAYERS,
    )

    tournament = Tournament.objects.get(name="Train night")
    assert response["Location"] == tournament.get_absolute_url()
    assert (tournament.format, tournament.preset, tournament.table_size) == (
        "round_game",
        "mexican_train",
        5,
    )
    game = tournament.game()
    assert (game.seats, game.partnership, not game.kind.has_target) == (5, False, True)


def test_a_table_size_the_game_cannot_seat_is_refused_at_the_field(client):
    response = create(
        client,
        name="Train night",
        format="round_game",
        preset="mexican_train_nine",
        table_size="5",
        entrants=PLAYERS,
    )

    assert response.status_code == 422
    assert response.context["form"].errors["table_size"] == [
        "This game seats at most 4 players at a table."
    ]
    assert not Tournament.objects.filter(name="Train night").exists()


def test_a_mexican_train_event_takes_one_player_a_line(client):
    response = create(client, name="Train night", format="round_game", preset="mexican_train")

    assert response.status_code == 422
    assert response.context["form"].has_error("entrants")


def test_double_nine_mexican_train_offers_tables_of_three_or_four(client):
    data = {"format": "round_game", "preset": "mexican_train_nine", "refresh": "1"}
    page = client.post(reverse("new_tournament"), data).content.decode()

    assert options(page, "preset")[-2:] == ["mexican_train", "mexican_train_nine"]
    assert options(page, "table_size") == ["3", "4"]


def test_a_complete_round_robin_offers_no_further_round(client):
    tournament = make_tournament(["Ana & Ben", "Cris & Dani", "Eva & Fede"], format="round_robin")
    for number in (1, 2, 3):  # three pairs: three rounds, each with one bye
        client.post(tournament.draw_url())
        for board in Board.objects.filter(round__tournament=tournament, round__number=number):
            if board.match is not None:
                play_out(board.match, 0)
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert "Draw round 4" not in page
    response = client.post(tournament.draw_url(), follow=True)
    assert "Every round of the tournament has been drawn." in response.content.decode()
    assert tournament.rounds.count() == 3


def test_the_number_of_rounds_set_stops_the_draw(client):
    tournament = make_tournament(PAIRS, round_count=1)
    client.post(tournament.draw_url())
    for board in Board.objects.filter(round__tournament=tournament):
        play_out(board.match, 0)
    client.post(tournament.draw_url())
    assert tournament.rounds.count() == 1


def test_an_unknown_entrant_change_says_nothing_changed(client):
    tournament = make_tournament(PAIRS)
    entrant = tournament.entrants.first()
    url = reverse("tournament_entrant", args=[tournament.key, entrant.pk])
    response = client.post(url, {"change": "promote"}, follow=True)
    assert "nothing was changed" in response.content.decode()
    entrant.refresh_from_db()
    assert (entrant.checked_in, entrant.withdrawn) == (True, False)


def test_a_forfeit_without_a_side_present_says_nothing_changed(client):
    tournament = make_tournament(PAIRS)
    client.post(tournament.draw_url())
    board = Board.objects.filter(round__tournament=tournament).first()
    url = reverse("tournament_forfeit", args=[tournament.key, board.pk])
    response = client.post(url, {"present": "7"}, follow=True)
    assert "nothing was changed" in response.content.decode()
    board.refresh_from_db()
    assert board.kind == Board.Kind.PLAYED


def test_a_forfeit_on_a_finished_match_is_refused(client):
    tournament = make_tournament(PAIRS)
    client.post(tournament.draw_url())
    board = Board.objects.filter(round__tournament=tournament).select_related("match").first()
    play_out(board.match, 1)
    url = reverse("tournament_forfeit", args=[tournament.key, board.pk])
    response = client.post(url, {"present": "0"}, follow=True)
    assert "The match at this table is over: its result stands." in response.content.decode()
    board.refresh_from_db()
    assert board.kind == Board.Kind.PLAYED


def test_an_entrant_is_renamed_and_keeps_its_results(client):
    tournament = make_tournament(PAIRS)
    client.post(tournament.draw_url())
    entrant = tournament.entrants.get(name="Ana")
    board = Board.objects.get(round__tournament=tournament, places__entrant=entrant)
    play_out(board.match, 0)
    before = {line.entrant: line for line in tournament.standings()}[entrant.pk]
    url = reverse("tournament_rename", args=[tournament.key, entrant.pk])
    response = client.post(url, {f"entrant-{entrant.pk}-name": "Ana María & Ben"})
    assert response.status_code == 302
    entrant.refresh_from_db()
    assert str(entrant) == "Ana María & Ben"
    assert {line.entrant: line for line in tournament.standings()}[entrant.pk] == before
    board.match.refresh_from_db()
    assert "Ana María" in board.match.seat_names()


def test_a_rename_to_another_entrants_player_is_refused_at_the_field(client):
    tournament = make_tournament(PAIRS)
    entrant = tournament.entrants.get(name="Ana")
    url = reverse("tournament_rename", args=[tournament.key, entrant.pk])
    response = client.post(url, {f"entrant-{entrant.pk}-name": "Ana & cris"})
    assert response.status_code == 422
    assert "cris already plays in “Cris &amp; Dani”." in response.content.decode()
    entrant.refresh_from_db()
    assert str(entrant) == "Ana & Ben"


def test_the_round_in_play_comes_before_the_standings(client):
    tournament = make_tournament(PAIRS)
    client.post(tournament.draw_url())
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert page.index('id="round-1"') < page.index('class="tournament-standings"')


def test_the_directors_page_follows_the_results_by_itself(client):
    tournament = make_tournament(PAIRS)
    client.post(tournament.draw_url())
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert 'hx-trigger="every 5s"' in page
    board = Board.objects.filter(round__tournament=tournament).select_related("match").first()
    play_out(board.match, 0)
    live = client.get(tournament.get_absolute_url(), headers={"HX-Request": "true"})
    card = live.content.decode().split(f'data-board="{board.number}"')[1].split("</li>")[0]
    assert f"{board.match.totals[0]} \u2013 0 · finished" in card
    assert "<html" not in live.content.decode() and "Add entrants" not in live.content.decode()


def test_a_forfeit_is_asked_before_it_is_entered(client):
    tournament = make_tournament(PAIRS)
    client.post(tournament.draw_url())
    board = Board.objects.filter(round__tournament=tournament).first()
    url = reverse("tournament_forfeit", args=[tournament.key, board.pk])
    assert url in client.get(tournament.get_absolute_url()).content.decode()
    page = client.get(url).content.decode()
    assert "Which side was present? It wins 100 to 0" in page
    board.refresh_from_db()
    assert board.kind == Board.Kind.PLAYED


def test_a_forfeit_shows_who_won_and_can_be_undone(client):
    tournament = make_tournament(PAIRS)
    client.post(tournament.draw_url())
    board = Board.objects.filter(round__tournament=tournament).first()
    winner = tournament.entrants.get(pk=board.sides()[1][0])
    url = reverse("tournament_forfeit", args=[tournament.key, board.pk])
    client.post(url, {"present": "1"})
    page = client.get(tournament.get_absolute_url()).content.decode()
    assert f"Forfeit: {str(winner).replace('&', '&amp;')} wins" in page
    client.post(url, {"undo": "1"})
    board.refresh_from_db()
    assert (board.kind, board.present_side) == (Board.Kind.PLAYED, None)
    assert all(line.played == 0 for line in tournament.standings())


def test_the_number_of_rounds_is_set_with_the_tournament(client):
    create(client, name="Rounds set", round_count="3")
    assert Tournament.objects.get(name="Rounds set").round_count == 3


def test_a_round_robin_of_more_rounds_than_meetings_is_refused(client):
    response = create(client, name="Too many", format="round_robin", round_count="4")
    assert response.status_code == 422
    assert "4 pairs all meet in 3 rounds: at most that many." in response.content.decode()
    assert not Tournament.objects.filter(name="Too many").exists()


def test_a_finished_tournament_shows_its_winner_and_final_standings(client):
    tournament = make_tournament(["Ana & Ben", "Cris & Dani"], round_count=1)
    client.post(tournament.draw_url())
    board = Board.objects.filter(round__tournament=tournament).select_related("match").get()
    play_out(board.match, 0)
    winner = tournament.entrants.get(pk=board.sides()[0][0])
    for url in (tournament.get_absolute_url(), tournament.watch_url()):
        page = client.get(url).content.decode()
        assert "Final standings" in page and "Winner of the tournament" in page
        winners = page.split('class="winners"')[1].split("</ul>")[0]
        assert str(winner).replace("&", "&amp;") in winners
        assert "Draw round 2" not in page
        assert "Start the round" not in page and "Draw this round again" not in page


def test_the_home_page_lists_the_tournaments_this_phone_directs(client):
    response = create(client, name="Listed open")
    tournament = Tournament.objects.get(name="Listed open")
    client.get(response["Location"])
    home = client.get(reverse("home")).content.decode()
    assert "Your tournaments" in home and "Listed open" in home
    assert f'href="{tournament.get_absolute_url()}"' in home


def test_another_phone_home_page_does_not_list_the_tournament(client):
    tournament = make_tournament(PAIRS)
    Client().get(tournament.get_absolute_url())
    assert tournament.get_absolute_url() not in client.get(reverse("home")).content.decode()


def test_the_directors_link_is_shared_with_a_qr_code(client):
    tournament = make_tournament(PAIRS)
    page = client.get(tournament.get_absolute_url()).content.decode()
    director = f"http://testserver{tournament.get_absolute_url()}"
    box = page.split('data-testid="director-qr"')[1].split("</details>")[0]
    assert "<svg" in box and f'href="{director}" data-share-url' in box
    assert "data-share-actions" in box
    watch = page.split('data-testid="tournament-watch-qr"')[1].split("</details>")[0]
    assert "<svg" in watch and f"http://testserver{tournament.watch_url()}" in watch


def test_new_tournaments_past_the_hours_limit_are_refused(client, settings):
    settings.TOURNAMENTS_PER_HOUR = 2
    answers = [create(client, name=f"Limited {n}") for n in range(3)]
    assert [answer.status_code for answer in answers] == [302, 302, 429]
    assert "Too many new tournaments from here this hour" in answers[2].content.decode()
    assert not Tournament.objects.filter(name="Limited 2").exists()


def test_a_rename_to_an_invisible_name_is_refused_without_a_line_number(client):
    tournament = make_tournament(PAIRS)
    entrant = tournament.entrants.get(name="Ana")
    url = reverse("tournament_rename", args=[tournament.key, entrant.pk])
    response = client.post(url, {f"entrant-{entrant.pk}-name": "Ana & \x01"})
    assert response.status_code == 422
    page = response.content.decode()
    assert "Type a name with letters you can see." in page and "Line 1" not in page
    entrant.refresh_from_db()
    assert str(entrant) == "Ana & Ben"


def test_a_round_says_how_many_rounds_the_event_has(client):
    tournament = make_tournament(PAIRS, round_count=3)
    client.post(tournament.draw_url())
    assert "Round 1 of 3" in client.get(tournament.get_absolute_url()).content.decode()


@pytest.mark.parametrize(
    ("field", "typed", "said"),
    [
        ("target", "-100", "The target must be at least 1."),
        ("target", "0", "The target must be at least 1."),
        ("target", "100000", "The target can be at most 10000."),
        ("time_cap", "0", "Type a number of at least 1."),
        ("round_count", "99", "Type a number of at most 50."),
        ("forfeit_for", "-5", "Type a number of at least 0."),
    ],
)
def test_a_number_out_of_range_is_refused_at_its_field_in_our_words(client, field, typed, said):
    """Not Django's "Ensure this value is greater than or equal to 1.": the setup's words for
    the target, and a plain one for the event's other numbers. Nothing is created."""
    response = create(client, **{field: typed})

    assert response.status_code == 422
    assert response.context["form"].errors[field] == [said]
    assert not created(Tournament).exists()


def test_a_tournament_name_too_long_is_refused_in_our_words(client):
    response = create(client, name="A" * 61)
    assert response.status_code == 422
    error = response.content.decode().split('id="id_name_error">')[1].split("<")[0]
    assert error == "Type a name of at most 60 characters."
