"""Seasons: a date range of a club whose standings and ratings count only the matches that
ended inside it (midnight ending its last day is the next day's); the current by default."""

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scorekeeper.clubs.models import Season
from scorekeeper.models import Match
from tests.clubs.factories import club_with, played

pytestmark = pytest.mark.django_db

ANA_AND_CARA = ("Ana", "Ben", "Cara", "Dev")
EVE_AND_FINN = ("Eve", "Ben", "Finn", "Dev")


def ended(match, when: dt.datetime) -> None:
    Match.objects.filter(pk=match.pk).update(finished_at=when)


def local(day: dt.date, hour=12, minute=0) -> dt.datetime:
    return dt.datetime.combine(day, dt.time(hour, minute), tzinfo=timezone.get_current_timezone())


@pytest.fixture
def spring_club():
    """Ana & Cara's match in the spring season; Eve & Finn's on the first midnight after it."""
    club, (table,) = club_with("North")
    season = Season.objects.create(
        club=club, name="Spring", starts_on=dt.date(2026, 3, 1), ends_on=dt.date(2026, 5, 31)
    )
    ended(played(table, ANA_AND_CARA, 0), local(dt.date(2026, 3, 1), 0, 0))
    ended(played(table, EVE_AND_FINN, 0), local(dt.date(2026, 6, 1), 0, 0))
    return club, season


def players_shown(client, url) -> set[str]:
    page = client.get(url).content.decode()
    return {name for name in ("ana", "eve") if f'data-player="{name}"' in page}


def test_a_season_counts_a_match_ending_at_midnight_starting_its_first_day(client, spring_club):
    club, season = spring_club
    assert "ana" in players_shown(client, f"{club.get_absolute_url()}?season={season.pk}")


def test_a_match_ending_at_midnight_after_its_last_day_is_not_the_seasons(client, spring_club):
    club, season = spring_club
    assert "eve" not in players_shown(client, f"{club.get_absolute_url()}?season={season.pk}")


def test_every_match_counts_outside_the_seasons(client, spring_club):
    club, _season = spring_club
    assert players_shown(client, f"{club.get_absolute_url()}?season=all") == {"ana", "eve"}


def test_the_current_season_is_shown_by_default(client):
    club, (table,) = club_with("North")
    today = timezone.localdate()
    Season.objects.create(
        club=club, name="Now", starts_on=today, ends_on=today + dt.timedelta(days=30)
    )
    ended(played(table, ANA_AND_CARA, 0), local(today - dt.timedelta(days=2)))
    ended(played(table, EVE_AND_FINN, 0), local(today, 0, 1))
    assert players_shown(client, club.get_absolute_url()) == {"eve"}


def test_season_ratings_start_new(client, spring_club):
    club, season = spring_club
    table = club.tables().get()
    # Before the season Ana lost twice; in it she starts at 0 again and wins once.
    for _ in range(2):
        ended(played(table, ANA_AND_CARA, 1), local(dt.date(2026, 2, 1)))
    page = client.get(f"{club.get_absolute_url()}?season={season.pk}").content.decode()
    ana = page[page.index('data-player="ana"') :]
    assert "<dd>1</dd>" in ana[: ana.index("</li>")]  # one rated match in the season


def test_a_season_ending_before_it_starts_is_refused(client):
    club, _tables = club_with("North")
    data = {"name": "Backwards", "starts_on": "2026-06-01", "ends_on": "2026-05-01"}
    response = client.post(reverse("new_season", args=[club.key]), data)
    assert response.status_code == 422
    assert "A season cannot end before it starts." in response.content.decode()
    assert not Season.objects.filter(club=club).exists()


def test_a_season_of_one_day_is_made(client):
    club, _tables = club_with("North")
    data = {"name": "Final day", "starts_on": "2026-06-01", "ends_on": "2026-06-01"}
    response = client.post(reverse("new_season", args=[club.key]), data)
    season = Season.objects.get(club=club)
    assert response.url.endswith(f"?season={season.pk}")


def test_a_seasons_page_reads_as_many_queries_for_a_big_club(django_assert_max_num_queries):
    counts = []
    for size in (1, 12):
        club, (table,) = club_with("North")
        season = Season.objects.create(
            club=club, name="All", starts_on=dt.date(2000, 1, 1), ends_on=dt.date(2100, 1, 1)
        )
        for at in range(size):
            played(table, (f"P{at}", "Ben", f"Q{at}", "Dev"), at % 2)
        url = f"{club.get_absolute_url()}?season={season.pk}"
        Client().get(url)  # the club's own ratings kept first
        with django_assert_max_num_queries(8) as captured:
            assert Client().get(url).status_code == 200
        counts.append(len(captured))
    assert counts[0] == counts[1]


@pytest.mark.parametrize(
    "starts, ends", [("2026-01-01", "9999-12-31"), ("0001-01-01", "2026-12-31")]
)
@pytest.mark.parametrize("zone", ["America/New_York", "Europe/Stockholm"])
def test_a_season_at_the_ends_of_the_calendar_is_refused_and_the_club_page_stands(
    settings, starts, ends, zone
):
    # The last day + 1 (or the first midnight east of UTC) is past what a date can hold: the
    # season was made, then every page that read it (the club's, by default) was a 500.
    settings.TIME_ZONE = zone
    client = Client(raise_request_exception=False)
    club, (table,) = club_with("North")
    played(table, ANA_AND_CARA, 0)
    data = {"name": "Forever", "starts_on": starts, "ends_on": ends}
    response = client.post(reverse("new_season", args=[club.key]), data)
    assert response.status_code == 422
    assert "Give a day from the year 1900 to 2999." in response.content.decode()
    assert not Season.objects.filter(club=club).exists()
    assert client.get(club.get_absolute_url()).status_code == 200


def test_a_season_typed_in_other_scripts_digits_reads_as_it_shows(client):
    club, _tables = club_with("North")
    # Arabic-Indic and full-width digits, as a phone's keyboard without a date picker types.
    arabic_indic = "".join(
        chr(0x0660 + int(char)) if char.isdigit() else char for char in "2026-03-01"
    )
    data = {
        "name": "Spring",
        "starts_on": arabic_indic,
        "ends_on": "\uff12\uff10\uff12\uff16-05-31",
    }
    response = client.post(reverse("new_season", args=[club.key]), data)
    season = Season.objects.get(club=club)
    assert response.url.endswith(f"?season={season.pk}")
    assert (season.starts_on, season.ends_on) == (dt.date(2026, 3, 1), dt.date(2026, 5, 31))


def test_a_refused_season_shows_the_days_typed_in_other_digits_again(client):
    # A date input shows only ASCII digits: drawn back as typed, the first day was blank
    # beside the refusal that it came after the last.
    club, _tables = club_with("North")
    arabic_indic = "".join(
        chr(0x0660 + int(char)) if char.isdigit() else char for char in "2026-12-01"
    )
    data = {"name": "Winter", "starts_on": arabic_indic, "ends_on": "2026-11-01"}
    response = client.post(reverse("new_season", args=[club.key]), data)
    page = response.content.decode()
    assert response.status_code == 422
    assert 'name="starts_on" value="2026-12-01"' in page
    assert not Season.objects.filter(club=club).exists()


def test_a_season_tapped_twice_is_made_once(client):
    club, _tables = club_with("North")
    data = {"name": "Spring", "starts_on": "2026-03-01", "ends_on": "2026-05-31"}
    first = client.post(reverse("new_season", args=[club.key]), data)
    # The second tap (or a reload that posts again), its name as a phone's keyboard changed it.
    second = client.post(reverse("new_season", args=[club.key]), {**data, "name": " spring "})
    season = Season.objects.get(club=club)
    assert first.url == second.url == f"{club.get_absolute_url()}?season={season.pk}"


def test_a_season_of_the_same_name_on_other_days_is_another_season(client):
    club, _tables = club_with("North")
    for year in (2026, 2027):
        data = {"name": "Spring", "starts_on": f"{year}-03-01", "ends_on": f"{year}-05-31"}
        assert client.post(reverse("new_season", args=[club.key]), data).status_code == 302
    assert Season.objects.filter(club=club).count() == 2
