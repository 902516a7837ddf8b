"""Knockout brackets on the director's, watch, screen, print and cards pages; their refusals."""

import pytest
from django.urls import reverse

from scorekeeper.models import HandConflict
from scorekeeper.tournaments.models import Bracket, BracketBoard, Tournament
from scorekeeper.tournaments.rules import tournament_bracket as knockout
from tests.created import created
from tests.support.testing import make_tournament, play_out, win_hand

pytestmark = pytest.mark.django_db

SIX = ["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo", "Ines & Juan", "Kim & Leo"]


def draw(client, tournament, **fields):
    return client.post(reverse("bracket_draw", args=[tournament.key]), fields)


def boards(tournament):
    return {
        board.key: board
        for board in BracketBoard.objects.filter(bracket__tournament=tournament).select_related(
            "match", "first", "second"
        )
    }


def refresh(client, tournament):
    """The director's page read again (as its live part is every few seconds)."""
    return client.get(tournament.get_absolute_url()).content.decode()


def test_the_form_offers_the_knockout_formats(client):
    page = client.get(reverse("new_tournament")).content.decode()
    assert 'value="single_elimination"' in page and 'value="double_elimination"' in page
    response = client.post(
        reverse("new_tournament"),
        {
            "name": "Cup",
            "format": "double_elimination",
            "preset": "caribbean",
            "target": "200",
            "entrants": "\n".join(SIX),
        },
    )
    tournament = created(Tournament).get()
    assert response.status_code == 302 and tournament.format == "double_elimination"
    assert tournament.time_cap is None and tournament.round_count is None
    form = client.post(reverse("new_tournament"), {"format": "single_elimination", "refresh": "1"})
    assert 'name="round_count"' not in form.content.decode()
    page = refresh(client, tournament)
    assert "Draw the bracket" in page and "Draw round" not in page
    assert 'name="reset"' in page and 'name="third_place"' not in page


def test_six_pairs_by_entry_order_give_the_top_seeds_byes(client):
    tournament = make_tournament(SIX, format="single_elimination")
    response = draw(client, tournament, seeding="entry", third_place="on", best_of="1")
    assert response.status_code == 302
    bracket = created(Bracket).get()
    assert bracket.third_place and len(bracket.seeds) == 6
    played = boards(tournament)
    # Seeds 3 v 6 and 4 v 5 play; 1 and 2 wait for them (the RULES.md example).
    sides = sorted((str(b.first), str(b.second)) for b in played.values())
    assert sides == [("Eva & Fede", "Kim & Leo"), ("Gil & Hugo", "Ines & Juan")]
    page = refresh(client, tournament)
    for board in played.values():
        assert board.get_absolute_url() in page
    assert "Semi-finals" in page and "Quarter-finals" in page


def test_a_winner_advances_as_soon_as_the_match_ends(client):
    tournament = make_tournament(SIX, format="single_elimination")
    draw(client, tournament, seeding="entry")
    first = boards(tournament)
    d_e = next(b for b in first.values() if str(b.first) == "Gil & Hugo")
    play_out(d_e.match, 1)  # Ines & Juan (seed 5) beat seed 4
    page = refresh(client, tournament)
    semi = boards(tournament)["W2-1"]
    assert (str(semi.first), str(semi.second)) == ("Ana & Ben", "Ines & Juan")
    assert semi.get_absolute_url() in page
    watch = client.get(tournament.watch_url()).content.decode()
    assert "Ines &amp; Juan" in watch and semi.get_absolute_url() not in watch


def test_a_correction_moves_the_winner_until_the_next_match_begins(client):
    tournament = make_tournament(SIX, format="single_elimination")
    draw(client, tournament, seeding="entry")
    d_e = next(b for b in boards(tournament).values() if str(b.first) == "Gil & Hugo")
    play_out(d_e.match, 1)
    refresh(client, tournament)
    # Corrected before the semi-final has a hand: the other side goes on instead.
    match = d_e.match
    match.undo(version=match.version)
    match.refresh_from_db()
    refresh(client, tournament)
    assert "W2-1" not in boards(tournament)
    play_out(match, 0)
    refresh(client, tournament)
    semi = boards(tournament)["W2-1"]
    assert str(semi.second) == "Gil & Hugo"
    # Once the semi-final has a hand, a change of the winner is refused, nothing changed.
    win_hand(semi.match, 0)
    match.refresh_from_db()
    version = match.version
    with pytest.raises(HandConflict) as refused:
        match.undo(version=match.version)
    assert refused.value.kind == HandConflict.RESULT_KEPT
    match.refresh_from_db()
    assert match.finished and match.version == version
    page = refresh(client, tournament)
    kept = boards(tournament)
    assert str(kept["W2-1"].second) == "Gil & Hugo" and kept["W1-2"].winner_side == 0
    assert "keeps the winner it had" not in page


def test_double_elimination_plays_the_reset(client):
    tournament = make_tournament(SIX[:2], format="double_elimination")
    draw(client, tournament, seeding="entry", reset="on")
    play_out(boards(tournament)["W1-1"].match, 0)
    refresh(client, tournament)
    play_out(boards(tournament)["F1-1"].match, 1)  # the losers' champion wins
    page = refresh(client, tournament)
    assert "Deciding final" in page and "Winner:" not in page
    play_out(boards(tournament)["R1-1"].match, 1)
    page = refresh(client, tournament)
    assert "Winner: Cris &amp; Dani" in page


def test_the_bracket_is_drawn_once(client):
    tournament = make_tournament(SIX, format="single_elimination")
    draw(client, tournament, seeding="drawn")
    first = boards(tournament)
    response = draw(client, tournament, seeding="entry")
    assert response.status_code == 302
    assert "The bracket is drawn already." in refresh(client, tournament)
    assert created(Bracket).count() == 1 and boards(tournament).keys() == first.keys()


def test_one_entrant_is_refused(client):
    tournament = make_tournament(SIX[:1], format="single_elimination")
    response = draw(client, tournament, seeding="entry")
    assert response.status_code == 422
    assert "A bracket needs at least 2 entrants." in response.content.decode()
    assert not created(Bracket).exists()


def test_a_knockout_of_no_club_is_not_offered_seeding_by_club_rating(client):
    # It was offered, and choosing it was only ever refused: no club, no ratings.
    tournament = make_tournament(SIX, format="single_elimination")
    page = refresh(client, tournament)
    assert 'value="entry"' in page and 'value="drawn"' in page
    assert 'value="rating"' not in page and "By club rating" not in page


def test_seeding_by_club_rating_forged_on_a_knockout_of_no_club_is_refused_at_its_field(client):
    tournament = make_tournament(SIX, format="single_elimination")
    response = draw(client, tournament, seeding="rating")
    assert response.status_code == 422
    page = response.content.decode()
    error = page.split('id="id_seeding_error">')[1].split("</")[0]
    assert error == "This tournament has no club ratings to seed by: choose another seeding."
    assert not created(Bracket).exists()


NINE = [*SIX, "Mar & Nico", "Olga & Pau", "Quim & Rosa"]


def swiss_played(rounds=1):
    tournament = make_tournament(NINE, round_count=rounds)
    for _ in range(rounds):
        for side, board in enumerate(tournament.draw_next_round().boards.all()):
            if board.match is not None:
                play_out(board.match, side % 2)
    return tournament


def test_the_standings_seed_a_championship_and_a_consolation(client):
    tournament = swiss_played()
    response = draw(client, tournament, elimination="single", qualifiers="4", consolation="4")
    assert response.status_code == 302
    lines = tournament.standings()
    # In the standings' order, a shared place in the order its lot drew (see below).
    ranked = knockout.by_lot(lines, f"{tournament.key}:qualifiers")
    championship, consolation = created(Bracket).order_by("number")
    assert championship.seeds == ranked[:4] and consolation.seeds == ranked[4:8]
    place = {line.entrant: line.place for line in lines}
    places = [place[pk] for pk in championship.seeds + consolation.seeds]
    assert places == sorted(places)
    page = refresh(client, tournament)
    assert "Championship bracket" in page and "Consolation bracket" in page


def test_a_cut_inside_a_shared_place_is_drawn_by_lot_and_the_standings_say_so(client):
    """Six pairs, one round, every winner by the same score: three share 1st place. With two
    qualifying, the cut falls among them: a lot from the tournament's seed decides (RULES.md
    stops at a shared place), not the order they were entered, and each of the three's
    standings line says where the lot put it."""
    tournament = make_tournament(SIX, round_count=1)
    for board in tournament.draw_next_round().boards.all():
        play_out(board.match, 0)
    lines = tournament.standings()
    first = [line.entrant for line in lines if line.place == 1]
    assert len(first) == 3
    response = draw(client, tournament, elimination="single", qualifiers="2", consolation="2")
    assert response.status_code == 302
    championship, consolation = created(Bracket).order_by("number")
    lot = knockout.by_lot(lines, f"{tournament.key}:qualifiers")
    assert championship.seeds == lot[:2] and consolation.seeds == lot[2:4]
    assert set(championship.seeds) < set(first)
    page = client.get(tournament.get_absolute_url()).content.decode()
    said = {pk: page.split(f'data-entrant="{pk}"')[1].split("</tr>")[0] for pk in first}
    for pk in championship.seeds:
        assert "A lot drawn among them put it in the championship bracket." in said[pk]
    (left,) = set(first) - set(championship.seeds)
    assert "A lot drawn among them put it in the consolation bracket." in said[left]
    assert "Shared place: level on wins and every tie-break." in said[left]


def test_the_rounds_must_be_played_first(client):
    tournament = make_tournament(NINE)
    response = draw(client, tournament, elimination="single", qualifiers="4")
    assert "Play at least one round first" in response.content.decode()
    tournament.draw_next_round()
    response = draw(client, tournament, elimination="single", qualifiers="4")
    assert "Every round needs its results" in response.content.decode()
    assert not created(Bracket).exists()


def test_more_qualifiers_than_entrants_is_refused_at_the_field(client):
    tournament = swiss_played()
    response = draw(client, tournament, elimination="double", qualifiers="10")
    page = response.content.decode()
    assert response.status_code == 422 and 'id="id_qualifiers_error"' in page
    assert "Only 9 entrants are in the standings." in page
    response = draw(client, tournament, elimination="double", qualifiers="8", consolation="4")
    assert 'id="id_consolation_error"' in response.content.decode()
    assert not created(Bracket).exists()


def test_a_consolation_of_fewer_than_two_is_refused_at_its_field_in_words(client):
    """Eight of nine qualify: a consolation bracket of the one left cannot be drawn, and the
    message says why (not Django's "greater than or equal to", nor "1 entrants")."""
    tournament = swiss_played()
    for asked, said in (
        ("1", "A bracket needs at least 2 entrants."),
        ("2", "Only 1 entrant is left after the qualifiers."),
    ):
        response = draw(client, tournament, elimination="single", qualifiers="8", consolation=asked)
        page = response.content.decode()
        assert response.status_code == 422
        error = page.split('id="id_consolation_error">')[1].split("<")[0]
        assert error == said
    response = draw(client, tournament, elimination="single", qualifiers="6", consolation="4")
    assert "Only 3 entrants are left after the qualifiers." in response.content.decode()
    assert not created(Bracket).exists()


def test_watch_screen_print_and_cards_draw_the_bracket(client):
    tournament = make_tournament(SIX, format="double_elimination")
    draw(client, tournament, seeding="entry", reset="on")
    for url in (
        tournament.watch_url(),
        reverse("tournament_screen", args=[tournament.watch_key]),
        reverse("bracket_print", args=[tournament.watch_key]),
    ):
        page = client.get(url).content.decode()
        assert 'class="bracket-box"' in page and "Losers&#x27; round 1" in page, url
    cards = client.get(reverse("bracket_cards", args=[tournament.key])).content.decode()
    assert cards.count("<svg") >= 2
    assert client.get(reverse("bracket_cards", args=["x" * 22])).status_code == 404


def test_a_best_of_three_advances_the_first_to_win_two(client):
    tournament = make_tournament(SIX[:2], format="single_elimination")
    draw(client, tournament, seeding="entry", best_of="3")
    board = boards(tournament)["W1-1"]
    play_out(board.match, 1)
    page = refresh(client, tournament)
    assert "Winner:" not in page
    # The table's Rematch continues the series (its rules kept at the table).
    table, last = board.table, board.match
    second = table.start_match(last.seat_names(), last.game(), last.preset)
    assert second.series_id == last.series_id
    play_out(second, 0)
    assert "Winner:" not in refresh(client, tournament)
    third = table.start_match(last.seat_names(), last.game(), last.preset)
    play_out(third, 1)
    page = refresh(client, tournament)
    assert "Winner: Cris &amp; Dani" in page
    assert boards(tournament)["W1-1"].totals() == [1, 2]


def test_an_unknown_best_of_is_refused_at_its_field(client):
    tournament = make_tournament(SIX, format="single_elimination")
    response = draw(client, tournament, seeding="entry", best_of="4")
    assert response.status_code == 422
    assert 'id="id_best_of_error"' in response.content.decode()
    assert not created(Bracket).exists()


def test_a_bracket_table_plays_its_match_only(client):
    tournament = make_tournament(SIX[:2], format="single_elimination")
    draw(client, tournament, seeding="entry")
    board = boards(tournament)["W1-1"]
    play_out(board.match, 0)
    response = client.post(reverse("rematch", args=[board.table.key]))
    assert response.status_code == 302 and response["Location"] == board.get_absolute_url()
    assert board.table.matches.count() == 1
    page = client.get(board.get_absolute_url()).content.decode()
    assert "Rematch" not in page


def test_a_series_table_plays_on_until_the_series_is_won(client):
    tournament = make_tournament(SIX[:2], format="single_elimination")
    draw(client, tournament, seeding="entry", best_of="3")
    board = boards(tournament)["W1-1"]
    play_out(board.match, 0)
    assert "Rematch" in client.get(board.get_absolute_url()).content.decode()
    client.post(reverse("rematch", args=[board.table.key]))
    second = board.table.matches.order_by("number").last()
    assert second.number == 2 and second.series_id == board.match.series_id
    play_out(second, 0)
    client.post(reverse("rematch", args=[board.table.key]))
    assert board.table.matches.count() == 2  # won 2-0: no third match
    assert "Winner: Ana &amp; Ben" in refresh(client, tournament)


def test_a_renamed_entrant_is_renamed_at_its_bracket_table(client):
    tournament = make_tournament(SIX[:2], format="single_elimination")
    draw(client, tournament, seeding="entry")
    entrant = tournament.entrants.get(name="Ana")
    client.post(
        reverse("tournament_rename", args=[tournament.key, entrant.pk]),
        {f"entrant-{entrant.pk}-name": "Anna & Ben"},
    )
    match = boards(tournament)["W1-1"].match
    assert match.seat_names() == ["Anna", "Cris", "Ben", "Dani"]


def forfeit(client, tournament, board, **fields):
    return client.post(reverse("bracket_forfeit", args=[tournament.key, board.pk]), fields)


def test_a_walkover_sends_the_side_present_on_and_can_be_undone(client):
    tournament = make_tournament(SIX[:4], format="single_elimination")
    draw(client, tournament, seeding="entry")
    first = boards(tournament)["W1-1"]  # Ana & Ben v Gil & Hugo
    page = refresh(client, tournament)
    assert "Walkover to Gil &amp; Hugo" in page
    assert "Walkover to" not in client.get(tournament.watch_url()).content.decode()
    assert forfeit(client, tournament, first, present="1").status_code == 302
    final = boards(tournament)
    assert "W2-1" not in final  # the other semi-final is still to play
    play_out(final["W1-2"].match, 0)
    refresh(client, tournament)
    assert str(boards(tournament)["W2-1"].first) == "Gil & Hugo"
    forfeit(client, tournament, first, undo="1")
    assert "W2-1" not in boards(tournament)
    assert "Undo the walkover" not in refresh(client, tournament)


def cell(page: str, key: str) -> str:
    """A bracket match's cell as a page draws it."""
    return page.split(f'data-match="{key}"', 1)[1].split("</li>", 1)[0]


def test_a_walkover_says_so_on_every_page_of_the_bracket(client):
    # Before, the watch page and the big screen showed the side present ticked and no score,
    # as if the match had been played and its result lost.
    tournament = make_tournament(SIX[:4], format="single_elimination")
    draw(client, tournament, seeding="entry")
    first = boards(tournament)["W1-1"]
    assert "Walkover" not in cell(client.get(tournament.watch_url()).content.decode(), "W1-1")
    forfeit(client, tournament, first, present="1")
    screen = reverse("tournament_screen", args=[tournament.watch_key])
    for page in (tournament.watch_url(), screen, tournament.get_absolute_url()):
        assert "Walkover: not played" in cell(client.get(page).content.decode(), "W1-1")
    forfeit(client, tournament, first, undo="1")
    assert "Walkover" not in cell(client.get(tournament.watch_url()).content.decode(), "W1-1")


def test_a_walkover_is_refused_once_the_match_is_over(client):
    tournament = make_tournament(SIX[:2], format="single_elimination")
    draw(client, tournament, seeding="entry")
    board = boards(tournament)["W1-1"]
    play_out(board.match, 0)
    forfeit(client, tournament, board, present="1")
    assert boards(tournament)["W1-1"].forfeit_side is None
    assert "Winner: Ana &amp; Ben" in refresh(client, tournament)
    forfeit(client, tournament, board, present="2")
    assert boards(tournament)["W1-1"].forfeit_side is None


def test_a_walkover_stays_once_its_winners_next_match_began(client):
    # The walkover was taken back silently while Ana & Ben played on in the final: the bracket
    # then had no winner of their semi-final, yet Ana & Ben in the final (and a walkover the
    # other way was then taken too: Gil & Hugo its winner, Ana & Ben still in the final).
    tournament = make_tournament(SIX[:4], format="single_elimination")
    draw(client, tournament, seeding="entry")
    first = boards(tournament)["W1-1"]  # Ana & Ben v Gil & Hugo
    forfeit(client, tournament, first, present="0")
    play_out(boards(tournament)["W1-2"].match, 0)
    win_hand(boards(tournament)["W2-1"].match, 0, pips=5)
    response = forfeit(client, tournament, first, undo="1")
    page = client.get(response.url).content.decode()
    assert "already plays its next match: the walkover stays." in page
    forfeit(client, tournament, first, present="1")
    after = boards(tournament)
    assert (after["W1-1"].forfeit_side, after["W1-1"].winner_side) == (0, 0)
    assert (str(after["W2-1"].first), str(after["W2-1"].second)) == ("Ana & Ben", "Cris & Dani")
    assert after["W2-1"].match.hand_count == 1


def test_undo_the_walkover_is_offered_only_while_it_can_be_taken_back(client):
    # Offered still once its winner's next match began, it could only be refused when tapped.
    tournament = make_tournament(SIX[:4], format="single_elimination")
    draw(client, tournament, seeding="entry")
    first = boards(tournament)["W1-1"]
    forfeit(client, tournament, first, present="0")
    play_out(boards(tournament)["W1-2"].match, 0)
    assert "Undo the walkover" in cell(refresh(client, tournament), "W1-1")
    win_hand(boards(tournament)["W2-1"].match, 0, pips=5)
    page = refresh(client, tournament)
    assert "Walkover: not played" in cell(page, "W1-1")
    assert "Undo the walkover" not in cell(page, "W1-1")


@pytest.mark.parametrize("change", ["withdraw", "absent"])
def test_an_entrant_in_a_drawn_bracket_is_kept_and_the_director_told_why(client, change):
    # Withdraw and Not here did nothing once the bracket was drawn, and said nothing.
    tournament = make_tournament(SIX, format="single_elimination")
    draw(client, tournament, seeding="entry")
    before = {key: (b.first_id, b.second_id) for key, b in boards(tournament).items()}
    entrant = tournament.entrants.order_by("pk")[1]
    url = reverse("tournament_entrant", args=[tournament.key, entrant.pk])
    response = client.post(url, {"change": change})
    assert response.status_code == 422
    page = response.content.decode()
    row = page[page.index(f'id="entrant-{entrant.pk}"') :]
    row = row[: row.index("</li>")]
    assert "The bracket is drawn: its entrants stay in it, so nothing was changed." in row
    entrant.refresh_from_db()
    assert (entrant.checked_in, entrant.withdrawn) == (True, False)
    assert {key: (b.first_id, b.second_id) for key, b in boards(tournament).items()} == before


def test_before_the_bracket_is_drawn_an_entrant_is_still_withdrawn(client):
    tournament = make_tournament(SIX, format="single_elimination")
    entrant = tournament.entrants.order_by("pk")[1]
    url = reverse("tournament_entrant", args=[tournament.key, entrant.pk])
    assert client.post(url, {"change": "withdraw"}).status_code == 302
    entrant.refresh_from_db()
    assert entrant.withdrawn


def test_a_bracket_tables_hand_form_opens_with_one_total_as_any_new_table_does(client):
    tournament = make_tournament(SIX[:2], format="single_elimination")
    draw(client, tournament, seeding="entry")
    match = boards(tournament)["W1-1"].match

    html = client.get(match.get_absolute_url(), {"out": "1"}).content.decode()

    assert 'name="pooled"' in html and 'name="pips_0"' not in html
