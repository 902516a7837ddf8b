"""The ratings follow on the write side: a match's end, its correction or undo, a table joining
or leaving re-rate the club; the club's pages only read what is kept."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper import rules
from scorekeeper.clubs.management.commands.recompute_ratings import differences
from scorekeeper.clubs.models import Club, ClubRating, Membership, Season
from tests.clubs.factories import club_with, played
from tests.support.testing import reported, win_hand

SEATS = [
    ("Ana", "Ben", "Cara", "Dev"),
    ("Eve", "Ana", "Finn", "Cara"),
    ("Ben", "Dev", "Eve", "Finn"),
]


def play_some(table, count):
    return [played(table, SEATS[n % len(SEATS)], n % 2) for n in range(count)]


def writes(captured) -> list[str]:
    return [
        query["sql"]
        for query in captured.captured_queries
        if query["sql"].split()[0] in ("INSERT", "UPDATE", "DELETE")
    ]


@pytest.mark.django_db
def test_the_club_pages_write_nothing_on_get():
    club, (table,) = club_with("North")
    play_some(table, 4)
    ana = ClubRating.objects.get(club=club, player="ana")
    pages = [
        club.get_absolute_url(),
        reverse("club_player", args=[club.key]) + "?p=" + ana.player,
        reverse("club_pairs", args=[club.key]),
        reverse("club_csv", args=[club.key]),
        reverse("club_json", args=[club.key]),
    ]
    phone = Client()
    for page in pages:
        with CaptureQueriesContext(connection) as captured:
            assert phone.get(page).status_code == 200, page
        assert writes(captured) == [], page


@pytest.mark.django_db
def test_each_end_correction_and_undo_keeps_the_ratings_equal_to_a_recomputation():
    club, (table,) = club_with("North")
    matches = play_some(table, 4)
    assert differences(club) == []
    first = matches[0]
    first.edit_hand(1, reported(1, {0: 40, 2: 5, 3: 7}), version=first.version)
    assert differences(club) == []
    last = matches[-1]
    last.refresh_from_db()
    last.undo(version=last.version)
    assert differences(club) == []
    last.refresh_from_db()
    win_hand(last, 0)  # it ends again, won by the other side now
    assert differences(club) == []


@pytest.mark.django_db
def test_a_table_leaving_and_joining_again_re_rates_the_club():
    club, (north, south) = club_with("North", "South")
    play_some(north, 3)
    play_some(south, 2)
    Membership.objects.filter(table=south).delete()
    assert differences(club) == []
    assert ClubRating.objects.get(club=club, player="ana").played == 2  # North alone
    club.join(south)
    assert differences(club) == []
    assert ClubRating.objects.get(club=club, player="ana").played == 4


@pytest.mark.django_db
def test_every_change_moves_the_clubs_version_so_its_kept_page_is_drawn_again():
    club, (table,) = club_with("North")
    phone = Client()
    assert "Ana" not in phone.get(club.get_absolute_url()).content.decode()
    before = Club.objects.get(pk=club.pk).version
    play_some(table, 1)
    assert Club.objects.get(pk=club.pk).version > before
    assert "Ana" in phone.get(club.get_absolute_url()).content.decode()


def end_queries(club_size: int) -> int:
    """The statements of the save that ends a match at a club that rated `club_size` before."""
    club, (table,) = club_with("North")
    play_some(table, club_size)
    game = rules.make_game("caribbean", 4, rules=rules.HouseRules(target=50))
    match = table.start_match(list(SEATS[0]), game, "caribbean")
    with CaptureQueriesContext(connection) as captured:
        win_hand(match, 0, pips=30)
    assert match.finished
    assert differences(club) == []
    return len(captured)


@pytest.mark.django_db
def test_a_match_end_re_rates_in_the_same_queries_whatever_the_clubs_size():
    assert end_queries(2) == end_queries(12)


def leaderboard_queries(club_size: int) -> int:
    club, (table,) = club_with("North")
    play_some(table, club_size)
    with CaptureQueriesContext(connection) as captured:
        assert Client().get(club.get_absolute_url()).status_code == 200
    return len(captured)


@pytest.mark.django_db
def test_the_leaderboard_reads_the_same_queries_whatever_the_clubs_size():
    assert leaderboard_queries(2) == leaderboard_queries(12)


@pytest.mark.django_db(transaction=True)
def test_a_committed_match_end_re_rates_after_its_transaction():
    club, (table,) = club_with("North")
    play_some(table, 2)
    assert ClubRating.objects.get(club=club, player="ana").played == 2
    assert differences(club) == []


def csrf_of(page: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)


@pytest.mark.django_db
def test_the_kept_leaderboard_gives_each_phone_its_own_token_for_the_season_form():
    club, _tables = club_with("North")
    phone, other = Client(enforce_csrf_checks=True), Client(enforce_csrf_checks=True)
    phone.get(club.get_absolute_url())  # drawn and kept
    token = csrf_of(phone.get(club.get_absolute_url()).content.decode())  # served as kept
    assert csrf_of(other.get(club.get_absolute_url()).content.decode()) != token
    data = {"csrfmiddlewaretoken": token, "name": "S", "starts_on": "2026-01-01"}
    response = phone.post(reverse("new_season", args=[club.key]), {**data, "ends_on": "2026-02-01"})
    assert response.status_code == 302
    assert Season.objects.filter(club=club).exists()
