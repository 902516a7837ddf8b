"""A club's pages on a 360 px phone without JavaScript: read without sideways scrolling, a
season chosen by the page's own form (the leaderboard's and a player's), and a Swiss tournament
made from the club, its first round seeded by the ratings its tables' matches made."""

import datetime as dt
import re

import pytest
from playwright.sync_api import Browser, expect

from scorekeeper.clubs.models import ClubRating, Season
from scorekeeper.tournaments.models import Round, Tournament
from tests.browser.test_stats_phone import OVERFLOWING
from tests.clubs.factories import club_with, played
from tests.created import created

pytestmark = pytest.mark.browser


SEATS = [
    ("Ana", "Ben", "Cara", "Dev"),
    ("ana", "Maximiliana Fernández", "Eve", "Bartholomew"),
    ("Eve", "Dev", "BEN", "Cara"),
]


@pytest.fixture
def club(transactional_db):
    """Three tables, thirty matches between the same park's players."""
    club, tables = club_with("North park table with a long name", "South", "East")
    for number in range(30):
        played(tables[number % 3], SEATS[number % 3], (number * 7 // 3) % 2)
    today = dt.date.today()
    Season.objects.create(
        club=club, name="This year", starts_on=today.replace(month=1, day=1), ends_on=today
    )
    return club


@pytest.fixture
def scriptless(browser: Browser):
    context = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False)
    yield context.new_page()
    context.close()


def test_the_leaderboard_and_a_players_page_fit_360px_without_javascript(
    live_server, scriptless, club
):
    scriptless.goto(f"{live_server.url}{club.get_absolute_url()}?season=all")
    expect(scriptless.locator('[data-player="ana"]')).to_be_visible()
    assert scriptless.evaluate("document.documentElement.scrollWidth") <= 360
    assert scriptless.evaluate(OVERFLOWING) == []
    scriptless.locator('[data-player="ana"] a').click()
    expect(scriptless.locator("svg.rating-chart")).to_be_visible()
    assert scriptless.evaluate("document.documentElement.scrollWidth") <= 360
    assert scriptless.evaluate(OVERFLOWING) == []


def test_a_season_is_chosen_without_javascript(live_server, scriptless, club):
    scriptless.goto(f"{live_server.url}{club.get_absolute_url()}?season=all")
    season = Season.objects.get(club=club)
    scriptless.select_option("#club-season", str(season.pk))
    scriptless.get_by_role("button", name="Show").click()
    expect(scriptless.locator(f'[data-season="{season.pk}"]')).to_be_visible()


def fits(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.evaluate(OVERFLOWING) == []


def test_a_players_chart_follows_the_season_switch_without_javascript(
    live_server, scriptless, club
):
    season = Season.objects.get(club=club)
    scriptless.goto(f"{live_server.url}{club.get_absolute_url()}?season=all")
    scriptless.locator('[data-player="ana"] a').click()
    expect(scriptless.locator("svg.rating-chart")).to_be_visible()
    # Every match: the kept rating, as the leaderboard line shows it.
    kept = ClubRating.objects.get(club=club, player="ana")
    expect(scriptless.get_by_text(f"Rating {kept.rating:.1f} in Block games")).to_be_visible()
    fits(scriptless)
    scriptless.select_option("#player-season", str(season.pk))
    scriptless.get_by_role("button", name="Show").click()
    expect(scriptless.locator(f'[data-season="{season.pk}"]')).to_be_visible()
    expect(scriptless.locator("svg.rating-chart")).to_be_visible()
    expect(scriptless.locator("#player-season")).to_have_value(str(season.pk))
    fits(scriptless)


def seeding_order(club, pairs: list[tuple[str, str]]) -> list[str]:
    """The pairs by their two players' mu added, the unrated last (RULES.md, "Seeding")."""
    mu = dict(ClubRating.objects.filter(club=club).values_list("player", "mu"))
    rated = [pair for pair in pairs if any(name.lower() in mu for name in pair)]
    rated.sort(key=lambda pair: -sum(mu.get(name.lower(), 25.0) for name in pair))
    return [" & ".join(pair) for pair in rated]


def test_a_swiss_tournament_of_the_club_is_seeded_by_rating(live_server, scriptless, club):
    pairs = [("Ana", "Cara"), ("Ben", "Dev"), ("Eve", "Bartholomew"), ("Zoe", "Yuri")]
    scriptless.goto(f"{live_server.url}{club.get_absolute_url()}")
    scriptless.get_by_role("link", name="Run a tournament seeded by rating").click()
    # The new page first (measured mid-navigation, the page had no document yet).
    expect(scriptless.get_by_label("Seeding")).to_have_value("rating")
    fits(scriptless)
    scriptless.get_by_label("Name of the tournament").fill("Park open")
    scriptless.get_by_label(re.compile("^Entrants, one a line")).fill(
        "\n".join(" & ".join(pair) for pair in pairs)
    )
    scriptless.get_by_role("button", name="Create the tournament").click()
    expect(scriptless.get_by_role("heading", name="Park open")).to_be_visible()
    scriptless.get_by_role("button", name="Draw round 1").click()
    section = scriptless.locator("#round-1")
    expect(section).to_be_visible()
    fits(scriptless)
    shown = [
        card.locator(".card-sides").inner_text().split(" \u2013 ")
        for card in section.locator("li.board").all()
    ]
    seeds = [*seeding_order(club, pairs[:3]), "Zoe & Yuri"]  # Zoe & Yuri never played here
    # Top half against bottom half: 1 v 3 at table 1, 2 v 4 at table 2.
    assert shown == [[seeds[0], seeds[2]], [seeds[1], seeds[3]]]
    tournament = created(Tournament).get()
    assert created(Round).get(tournament=tournament).number == 1


UNMARKED_FOLDS = """() => Array.from(document.querySelectorAll('summary')).filter((summary) => {
  if (!summary.offsetParent) return false;
  const own = getComputedStyle(summary).display === 'list-item';
  const after = getComputedStyle(summary, '::after').content;
  const before = getComputedStyle(summary, '::before').content;
  const drawn = [after, before].some(
    (content) => content && content !== 'none' && content !== 'normal');
  return !own && !drawn;
}).map((summary) => summary.textContent.trim())"""


def test_every_fold_shows_that_it_opens(live_server, scriptless, club):
    """A fold drawn as a flex row loses the browser's own marker: "New season", "Head to head
    with everyone" and a table's "Only one player or pair" looked like plain headings."""
    table = club.memberships.first().table
    scriptless.goto(f"{live_server.url}{club.get_absolute_url()}?season=all")
    expect(scriptless.get_by_text("New season")).to_be_visible()
    assert scriptless.evaluate(UNMARKED_FOLDS) == []
    scriptless.locator('[data-player="ana"] a').click()
    expect(scriptless.get_by_text("Head to head with everyone")).to_be_visible()
    assert scriptless.evaluate(UNMARKED_FOLDS) == []
    scriptless.goto(f"{live_server.url}{table.get_absolute_url()}")
    expect(scriptless.get_by_text("Only one player or pair")).to_be_visible()
    assert scriptless.evaluate(UNMARKED_FOLDS) == []


def test_a_new_seasons_days_are_as_easy_to_tap_as_its_name(live_server, scriptless):
    """The first and last day were the browser's bare date boxes, 21 px tall in 13 px type,
    under a name field of the page's own 48 px."""
    bare, _ = club_with("North")
    scriptless.goto(f"{live_server.url}{bare.get_absolute_url()}")
    scriptless.get_by_text("New season").click()
    name = scriptless.get_by_label("Season name")
    expect(name).to_be_visible()
    for label in ("First day", "Last day"):
        day = scriptless.get_by_label(label)
        assert day.bounding_box()["height"] >= 48, label
        assert day.evaluate("e => getComputedStyle(e).fontSize") == name.evaluate(
            "e => getComputedStyle(e).fontSize"
        ), label
