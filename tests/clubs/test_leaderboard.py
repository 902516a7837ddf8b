"""The club's leaderboard and a player's page: ranked by rating, the provisional below, a
rating chart drawn by the server, partners and opponents; queries constant in the club's size."""

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from scorekeeper.clubs.rerating import up_to_date
from tests.clubs.factories import club_with, played

pytestmark = pytest.mark.django_db

ANA_AND_CARA = ("Ana", "Ben", "Cara", "Dev")
ANA_AND_DEV = ("Ana", "Ben", "Dev", "Cara")


def club_of(schedule):
    club, (table,) = club_with("North")
    for seats, winner in schedule:
        played(table, seats, winner)
    return club


def test_ranked_players_come_by_rating_and_the_provisional_below(client):
    # Ana, Ben, Cara and Dev play five; Eve plays one.
    club = club_of([(ANA_AND_CARA, 0)] * 4 + [(ANA_AND_DEV, 0), (("Eve", "Ben", "Ana", "Dev"), 0)])
    page = client.get(club.get_absolute_url()).content.decode()
    ranked, provisional = page.split('class="stat-cards provisional-lines"')
    order = re.findall(r'data-player="(\w+)"', ranked)
    assert order[0] == "ana"
    assert set(order) == {"ana", "ben", "cara", "dev"}
    assert re.findall(r'data-player="(\w+)"', provisional) == ["eve"]


def test_a_line_shows_rated_matches_wins_win_rate_and_last_results(client):
    club = club_of([(ANA_AND_CARA, 0), (ANA_AND_CARA, 1), (ANA_AND_CARA, 0)])
    page = client.get(club.get_absolute_url()).content.decode()
    ana = page[page.index('data-player="ana"') :]
    ana = ana[: ana.index("</li>")]
    numbers = re.findall(r"<dd[^>]*>([^<]*)</dd>", ana)
    assert numbers[1:] == ["3", "2", "67", "WLW"]


def test_the_player_page_draws_the_rating_after_each_match(client):
    club = club_of([(ANA_AND_CARA, 0), (ANA_AND_CARA, 1), (ANA_AND_DEV, 0)])
    url = reverse("club_player", args=[club.key]) + "?p=ana&game=block"
    page = client.get(url).content.decode()
    points = re.search(r'<polyline class="race-line race-0" points="([^"]+)"', page).group(1)
    assert len(points.split()) == 4  # the start at 0 and three matches


def test_best_partner_and_hardest_opponent(client):
    # Ana with Cara: won twice. Ana with Dev: lost once. Ben beat her once, with Cara.
    schedule = [(ANA_AND_CARA, 0), (ANA_AND_CARA, 0), (ANA_AND_DEV, 1)]
    club = club_of(schedule)
    up_to_date(club)
    page = client.get(reverse("club_player", args=[club.key]) + "?p=ana").content.decode()
    partners = page[page.index("Best partners") : page.index("Hardest opponents")]
    opponents = page[page.index("Hardest opponents") :]
    assert partners.index("Cara") < partners.index("Dev")
    assert opponents.index("Ben") < opponents.index("Dev")


# Kim with Max against Lou and Ned: Kim and Max win five of six.
KIM_AND_MAX = ("Kim", "Lou", "Max", "Ned")
# Whose wins each line counts, in each language: with Max, then against Lou.
WHOSE_WINS = {
    "en": (
        "With <bdi>Max</bdi>: <bdi>Kim</bdi> won 5 of 6 matches",
        "Against <bdi>Lou</bdi>: <bdi>Kim</bdi> won 5 of 6 matches",
    ),
    "es": (
        "Con <bdi>Max</bdi>: <bdi>Kim</bdi> ganó 5 de 6 partidas",
        "Contra <bdi>Lou</bdi>: <bdi>Kim</bdi> ganó 5 de 6 partidas",
    ),
    "sv": (
        "Med <bdi>Max</bdi>: <bdi>Kim</bdi> vann 5 av 6 partier",
        "Mot <bdi>Lou</bdi>: <bdi>Kim</bdi> vann 5 av 6 partier",
    ),
}


@pytest.mark.parametrize("language", ["en", "es", "sv"])
def test_each_partner_and_opponent_line_says_whose_wins_it_counts(
    client, language, fresh_catalogues
):
    """Kim's page read "Lou · ganó 5 de 6 partidas": as if Lou had won the five, not Kim."""
    club = club_of([(KIM_AND_MAX, 0)] * 5 + [(KIM_AND_MAX, 1)])
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = client.get(reverse("club_player", args=[club.key]) + "?p=kim").content.decode()
    partners = page[page.index('class="cards rivals"') :]
    beside, across = WHOSE_WINS[language]
    assert f"<li>{beside}</li>" in partners
    opponents = partners[partners.index("</ul>") :]
    assert f"<li>{across}</li>" in opponents and beside not in opponents


def test_an_unknown_player_is_a_404(client):
    club = club_of([(ANA_AND_CARA, 0)])
    url = reverse("club_player", args=[club.key]) + "?p=nobody"
    assert client.get(url).status_code == 404


def test_the_leaderboard_queries_do_not_grow_with_the_club(django_assert_max_num_queries):
    small = club_of([(ANA_AND_CARA, 0)])
    big, tables = club_with("East", "West", "South")
    for at in range(12):
        names = (f"P{at}", "Ben", f"Q{at}", "Dev")
        played(tables[at % 3], names, at % 2)
    counts = []
    for club in (small, big):
        up_to_date(club)
        for url in (
            club.get_absolute_url(),
            reverse("club_player", args=[club.key]) + "?p=ben",
        ):
            with django_assert_max_num_queries(6) as captured:
                assert Client().get(url).status_code == 200
            counts.append(len(captured))
    assert counts[:2] == counts[2:]


def test_head_to_head_counts_every_opponent_across_the_clubs_tables(client):
    club, (north, south) = club_with("North", "South")
    played(north, ANA_AND_CARA, 0)
    played(south, ("ana", "BEN", "Eve", "Finn"), 1)
    page = client.get(reverse("club_player", args=[club.key]) + "?p=ana").content.decode()
    everyone = page[page.index("Head to head with everyone") :]
    ben = everyone[everyone.index("Ben") :]
    assert ben[: ben.index("</li>")].endswith("won 1 of 2 matches")
    assert "Finn" in everyone and "Dev" in everyone
