"""The tournament's pages in Spanish and Swedish: no English string of ours left on screen."""

from datetime import timedelta

import pytest
from django.urls import reverse

from scorekeeper.models import Match
from scorekeeper.tournaments.models import Board, Round
from tests.created import created
from tests.support.testing import make_tournament, win_hand
from tests.web.test_translations import assert_no_english

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(speaking):
    """A Swiss event of five pairs: a round drawn (a bye), started, one table over its time."""
    tournament = make_tournament([f"P{n} & Q{n}" for n in range(5)], time_cap=30)
    speaking.post(tournament.draw_url())
    speaking.post(reverse("tournament_clock", args=[tournament.key, 1]))
    board = created(Board).filter(kind="played").first()
    speaking.post(reverse("tournament_forfeit", args=[tournament.key, board.pk]), {"present": "0"})
    return tournament


def test_the_directors_and_watch_pages_are_translated(speaking, language, event):
    for url in (event.get_absolute_url(), event.watch_url(), reverse("new_tournament")):
        assert_no_english(speaking.get(url), language)
    cards = reverse("tournament_cards", args=[event.key, 1])
    assert_no_english(speaking.get(cards), language)
    refused = speaking.post(reverse("new_tournament"), {"format": "rotating_partners"})
    assert_no_english(refused, language)


def test_the_clock_on_the_match_page_is_translated(speaking, language, event):
    board = created(Board).filter(kind="played", match__isnull=False).last()
    assert_no_english(speaking.get(board.get_absolute_url()), language)
    round = created(Round).get()
    round.started_at -= timedelta(minutes=31)
    round.save()
    Match.objects.update(ends_at=round.ends_at())
    assert_no_english(speaking.get(board.get_absolute_url()), language)
    win_hand(created(Match).get(pk=board.match_id), 0)
    assert_no_english(speaking.get(board.get_absolute_url()), language)


def test_the_big_screen_and_the_print_pages_are_translated(speaking, language, event):
    board = created(Board).filter(kind="played", match__isnull=False).last()
    win_hand(board.match, 0)
    for url in (
        reverse("tournament_screen", args=[event.watch_key]),
        reverse("tournament_sheets", args=[event.key, 1]),
        reverse("tournament_standings_print", args=[event.watch_key]),
    ):
        assert_no_english(speaking.get(url), language)


def test_a_tournament_tables_own_pages_are_translated(speaking, language, event):
    board = created(Board).filter(kind="played", match__isnull=False).select_related("table").last()
    assert_no_english(speaking.get(board.table.get_absolute_url()), language)


def test_restoring_a_tournament_is_translated(speaking, language, event):
    assert_no_english(speaking.get(reverse("tournament_import")), language)
    refused = speaking.post(reverse("tournament_import"), {})
    assert_no_english(refused, language)


@pytest.mark.usefixtures("fresh_catalogues")
def test_the_standings_say_efectividad_only_in_spanish(client):
    """The column is the points difference: "Efectividad" is its Spanish name, not English."""
    tournament = make_tournament(["Ana & Ben", "Cris & Dani"])
    pages = [
        tournament.get_absolute_url(),
        tournament.watch_url(),
        reverse("tournament_screen", args=[tournament.watch_key]),
        reverse("tournament_standings_print", args=[tournament.watch_key]),
        reverse("tournament_csv", args=[tournament.watch_key]),
    ]
    expected = {"en": "Points difference", "es": "Efectividad", "sv": "Poängskillnad"}
    for language, column in expected.items():
        client.cookies["django_language"] = language
        for url in pages:
            page = client.get(url).content.decode()
            assert column in page, (language, url)
            if language != "es":
                assert "Efectividad" not in page, (language, url)


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "Give the tournament a name."), ("es", "Ponle un nombre al torneo.")],
)
def test_a_tournament_sent_without_a_name_is_asked_for_one_in_our_words(client, language, said):
    # Not Django's "This field is required." (es: "Este campo es obligatorio.").
    client.cookies["django_language"] = language
    refused = client.post(
        reverse("new_tournament"), {"format": "swiss", "preset": "caribbean", "name": "  "}
    )
    page = refused.content.decode()
    assert refused.status_code == 422
    assert said in page
    assert "obligatorio" not in page and "required" not in page.lower().split("<script")[0]
