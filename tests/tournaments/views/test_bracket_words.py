"""A knockout's pages in Spanish and Swedish: no English string of ours left on screen."""

import pytest
from django.conf import settings
from django.urls import reverse

from scorekeeper.tournaments.models import BracketBoard
from tests.support.testing import make_tournament, play_out, win_hand
from tests.web.test_translations import assert_no_english

pytestmark = pytest.mark.django_db


def test_the_bracket_pages_are_translated(speaking, language):
    tournament = make_tournament([f"P{n} & Q{n}" for n in range(6)], format="double_elimination")
    assert_no_english(speaking.get(tournament.get_absolute_url()), language)
    speaking.post(reverse("bracket_draw", args=[tournament.key]), {"seeding": "entry"})
    play_out(BracketBoard.objects.filter(bracket__tournament=tournament).first().match, 0)
    for url in (
        tournament.get_absolute_url(),
        tournament.watch_url(),
        reverse("tournament_screen", args=[tournament.watch_key]),
        reverse("bracket_print", args=[tournament.watch_key]),
        reverse("bracket_cards", args=[tournament.key]),
    ):
        assert_no_english(speaking.get(url), language)


def test_the_qualifying_form_and_its_refusals_are_translated(speaking, language):
    tournament = make_tournament([f"P{n} & Q{n}" for n in range(5)])
    refused = speaking.post(
        reverse("bracket_draw", args=[tournament.key]), {"elimination": "single", "qualifiers": "9"}
    )
    assert refused.status_code == 422
    assert_no_english(refused, language)


def test_a_pending_result_on_the_bracket_is_translated(speaking, language):
    tournament = make_tournament([f"P{n} & Q{n}" for n in range(4)], results_need="other_side")
    tournament.format = "single_elimination"
    tournament.save()
    speaking.post(reverse("bracket_draw", args=[tournament.key]), {"seeding": "entry"})
    play_out(BracketBoard.objects.filter(bracket__tournament=tournament).first().match, 0)
    page = speaking.get(tournament.watch_url())
    assert b"data-result" in page.content
    assert_no_english(page, language)


def test_the_walkover_and_its_refusal_are_translated(speaking, language):
    # "A side did not come", "Walkover to ..." and "Undo the walkover" had no Spanish or
    # Swedish: the director's page showed them in English.
    tournament = make_tournament([f"P{n} & Q{n}" for n in range(4)], format="single_elimination")
    speaking.post(reverse("bracket_draw", args=[tournament.key]), {"seeding": "entry"})
    english = ("A side did not come", "Walkover to", "Undo the walkover", "Not changed")
    page = speaking.get(tournament.get_absolute_url()).content.decode()
    assert "bracket-walkover" in page
    assert not [words for words in english if words in page]
    boards = BracketBoard.objects.filter(bracket__tournament=tournament)
    first = boards.get(key="W1-1")
    walkover = reverse("bracket_forfeit", args=[tournament.key, first.pk])
    speaking.post(walkover, {"present": "0"})
    play_out(boards.get(key="W1-2").match, 0)
    page = speaking.get(tournament.get_absolute_url()).content.decode()
    assert 'name="undo"' in page
    assert not [words for words in english if words in page]
    play_out(boards.get(key="W2-1").match, 1)
    page = speaking.post(walkover, {"undo": "1"}, follow=True).content.decode()
    assert 'name="undo"' not in page  # (its winner played on: it stays, and says so)
    assert not [words for words in english if words in page]
    assert_no_english(speaking.get(tournament.get_absolute_url()), language)


def test_an_entrant_kept_in_the_bracket_is_told_in_the_language(speaking, language):
    tournament = make_tournament([f"P{n} & Q{n}" for n in range(4)], format="single_elimination")
    speaking.post(reverse("bracket_draw", args=[tournament.key]), {"seeding": "entry"})
    entrant = tournament.entrants.first()
    url = reverse("tournament_entrant", args=[tournament.key, entrant.pk])
    refused = speaking.post(url, {"change": "withdraw"})
    assert refused.status_code == 422
    assert "The bracket is drawn" not in refused.content.decode()
    assert_no_english(refused, language)


def test_the_standings_say_where_a_lot_at_the_cut_put_each_in_words(speaking, language):
    """Six pairs, one round won alike: three share 1st, two qualify; the lot's sentences in
    the standings are in the language."""
    tournament = make_tournament([f"P{n} & Q{n}" for n in range(6)], round_count=1)
    for board in tournament.draw_next_round().boards.all():
        play_out(board.match, 0)
    speaking.post(
        reverse("bracket_draw", args=[tournament.key]),
        {"elimination": "single", "qualifiers": "2", "best_of": "1"},
    )
    assert tournament.brackets.exists()
    assert_no_english(speaking.get(tournament.get_absolute_url()), language)


def test_the_refusal_of_club_seeding_speaks_to_the_director_as_the_page_does(client):
    """The one Spanish line in 'usted' ('elija otro orden') on a page that says 'tú'
    everywhere else ('guarda su enlace para ti', 'elige')."""
    tournament = make_tournament([f"P{n} & Q{n}" for n in range(3)], format="single_elimination")
    url = reverse("bracket_draw", args=[tournament.key])

    refused = client.post(url, {"seeding": "rating"}, headers={"accept-language": "es"})

    assert refused.status_code == 422
    assert "elige otro orden" in refused.content.decode()


def test_the_refused_correction_tells_the_player_to_ask_the_director_as_tu(
    client, fresh_catalogues
):
    """It said "pregunte al director" (usted) on the phone of a player told "tú" everywhere."""
    from tests.tournaments.views.test_bracket_results import boards, correct, drawn, ended

    tournament = drawn(client)
    semi = ended(boards(tournament)["W1-1"], 0)
    ended(boards(tournament)["W1-2"], 0)
    win_hand(boards(tournament)["W2-1"].match, 0, pips=5)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"

    refused = correct(client, semi.match, 1)

    assert refused.status_code == 422
    page = refused.content.decode()
    assert "pregunta al director" in page and "pregunte" not in page


@pytest.mark.parametrize(
    ("language", "bye", "not_bye"), [("es", "descanso", "pase"), ("sv", "frilott", "fripass")]
)
def test_a_bye_in_the_bracket_is_not_called_a_pass(
    client, fresh_catalogues, language, bye, not_bye
):
    """Spanish tables say "pase" (Swedish "pass") for a knock: a bracket's bye read "pase" and
    "fripass", while the tournament's own form says "descanso" and its help "frilott"."""
    tournament = make_tournament([f"P{n} & Q{n}" for n in range(3)], format="single_elimination")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    client.post(reverse("bracket_draw", args=[tournament.key]), {"seeding": "entry"})

    page = client.get(tournament.watch_url()).content.decode()

    assert f'<span class="bracket-name">{bye}</span>' in page
    assert f">{not_bye}<" not in page
