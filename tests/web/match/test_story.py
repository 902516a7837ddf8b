"""A match's race chart and summary, checked against its score sheet."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from scorekeeper import story
from scorekeeper.models import ScoreEntry
from scorekeeper.story import CHART_FROM_HANDS
from tests.support.testing import scoring_match, tap

pytestmark = pytest.mark.django_db


def page(client: Client, match) -> str:
    return client.get(f"/t/{match.table.key}/m/{match.number}/").content.decode()


def sheet_totals(html: str) -> list[tuple[int, ...]]:
    """The running totals of the visible score sheet, hand by hand."""
    sheet = html[
        html.index('class="sheet"') : html.index("</section>", html.index('class="sheet"'))
    ]
    row = r"<tr data-hand=\"\d+\"(?: class=\"void\")?>\s*<th scope=\"row\">(.*?)</tr>"
    rows = re.findall(row, sheet, re.S)
    return [tuple(int(total) for total in re.findall(r'class="run">(\d+)<', row)) for row in rows]


def chart_points(html: str) -> list[list[tuple[float, float]]]:
    lines = re.findall(r'<polyline class="race-line race-\d" points="([^"]+)"', html)
    return [[tuple(map(float, point.split(","))) for point in line.split()] for line in lines]


def test_the_chart_draws_each_sides_running_total_from_the_sheet(client: Client, park_table):
    third = park_table.matches.get(number=3)
    html = page(client, third)
    totals = sheet_totals(html)
    assert totals == [(0, 25), (33, 25), (33, 55)]
    top = max(third.target, 55)
    plot_height = story.HEIGHT - story.TOP - story.BOTTOM
    plot_width = story.WIDTH - story.LEFT - story.RIGHT
    for side, line in enumerate(chart_points(html)):
        running = [0] + [row[side] for row in totals]
        assert [
            round((story.TOP + plot_height - y) / plot_height * top) for _, y in line
        ] == running
        assert [round((x - story.LEFT) / plot_width * 3) for x, _ in line] == [0, 1, 2, 3]


def test_the_charts_text_table_holds_the_same_totals(client: Client, park_table):
    html = page(client, park_table.matches.get(number=3))
    hidden = html[html.index('<div class="visually-hidden">') :]
    hidden = hidden[: hidden.index("</table>")]
    assert re.findall(r"<td>(\d+)</td>", hidden) == ["0", "25", "33", "25", "33", "55"]


def test_the_chart_has_a_title_and_description(client: Client, park_table):
    html = page(client, park_table.matches.get(number=3))
    assert 'role="img" aria-labelledby="race-title race-desc"' in html
    assert "Running totals over 3 hands" in html
    assert "Alice &amp; Cara: 33. Ben &amp; Dev: 55. The line is at 50." in html


def test_an_open_match_shows_no_chart_before_its_third_hand(client: Client, make_match, add_hand):
    match = make_match()
    add_hand(match, 0, {1: 5, 2: 5, 3: 5})
    add_hand(match, 1, {0: 5, 2: 5, 3: 5})
    assert "race-chart" not in page(client, match)
    add_hand(match, 2, {0: 5, 1: 5, 3: 5})
    assert "race-chart" in page(client, match)


def test_a_finished_match_shows_its_chart_even_after_one_hand(client: Client, park_table):
    assert "race-chart" in page(client, park_table.matches.get(number=1))


def test_the_summary_of_a_finished_match(client: Client, park_table):
    summary = story.summary(park_table.matches.with_sheet().get(number=3))
    assert summary == {
        "hands": 3,
        "biggest": {"number": 2, "side": "Alice & Cara", "points": 33},
        "capicus": 0,
        "blocked": 1,
        # Ben went out in hand 1 and led hand 2; Cara won the block and led hand 3.
        "led_most": {"names": ["Ben", "Cara"], "count": 1},
        "ahead_most": {"names": ["Ben & Dev"], "count": 2},
        # A set counted in games marks its hands; a block game's never are.
        "marks": {"key": 0, "tie": 0, "bruk": 0, "one_all": 0},
    }


def test_the_summary_counts_the_capicu(park_table):
    summary = story.summary(park_table.matches.with_sheet().get(number=1))
    assert (summary["capicus"], summary["biggest"]["points"]) == (1, 50)


def test_only_a_finished_match_shows_the_summary(client: Client, park_table):
    assert "The match in short" in page(client, park_table.matches.get(number=3))
    assert "The match in short" not in page(client, park_table.matches.get(number=4))


def test_the_chart_keeps_its_numbers_unlocalised_in_swedish(client: Client, park_table):
    html = client.get(
        f"/t/{park_table.key}/m/3/", headers={"Accept-Language": "sv"}
    ).content.decode()
    assert '<html lang="sv">' in html
    numbers = re.findall(
        r' (?:cx|cy|x1|y1|x2|y2|x|y)="([^"]*)"', html[html.index('<svg class="race-chart') :]
    )
    assert numbers and all(re.fullmatch(r"-?\d+(\.\d+)?", number) for number in numbers)


def test_the_match_page_links_to_the_tables_statistics(client: Client, park_table):
    assert f'href="/t/{park_table.key}/stats"' in page(client, park_table.matches.get(number=4))


def test_a_game_without_capicu_leaves_it_out_of_the_summary(client: Client, make_match, add_hand):
    bergen = scoring_match("bergen", names=("Ann", "Bo"), target=3)
    tap(bergen, 1, 3)  # Bo reaches 3 during the hand: the match is over
    no_bonus = make_match(target=10, capicu_bonus=0)
    add_hand(no_bonus, 0, {1: 5, 2: 5, 3: 5})
    park = make_match(target=10)
    add_hand(park, 0, {1: 5, 2: 5, 3: 5})

    assert ["Capicús" in page(client, match) for match in (bergen, no_bonus, park)] == [
        False,
        False,
        True,
    ]
    assert "The match in short" in page(client, bergen)


RULE = "a match still being played draws its race once three hands are in; a finished match"


def test_the_readme_says_when_the_chart_is_drawn():
    readme = " ".join((Path(settings.BASE_DIR) / "README.md").read_text().split())
    assert CHART_FROM_HANDS == 3
    assert f"{RULE} draws it however few hands it took" in readme


def test_the_help_says_when_the_chart_is_drawn(client: Client):
    html = " ".join(client.get("/help").content.decode().split())
    assert "A match still being played draws its race to the target once three hands are in" in html
    assert "a finished match draws it however few hands it took" in html


def test_a_match_finished_in_two_hands_draws_its_race(client: Client, make_match, add_hand):
    match = make_match(target=40)
    add_hand(match, 0, {1: 5, 2: 5, 3: 5})
    assert "race-chart" not in client.get(match.get_absolute_url()).content.decode()
    add_hand(match, 0, {1: 10, 2: 5, 3: 10})
    assert match.finished and match.hand_count == 2
    assert "race-chart" in client.get(match.get_absolute_url()).content.decode()


def chart_ticks(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'text-anchor="middle"[^>]*>(\d+)</text>', html)]


def test_a_long_open_match_charts_its_latest_hands_from_where_the_sides_stood(
    client: Client, make_match, add_hand
):
    """The sheet folds to its latest hands: the chart starts where the sides stood before the
    first of them (not from 0), and its ticks are those hands' numbers."""
    match = make_match(target=300)
    for number in range(25):
        out = number % 2
        add_hand(match, out, {seat: seat for seat in range(4) if seat != out})
    html = page(client, match)
    totals = sheet_totals(html)
    assert len(totals) == 20  # hands 6 to 25
    earlier = ScoreEntry.objects.filter(hand__match=match, hand__number__lte=5)
    before = [sum(e.points for e in earlier if e.side == side) for side in (0, 1)]
    assert min(before) > 0
    plot_height = story.HEIGHT - story.TOP - story.BOTTOM
    for side, line in enumerate(chart_points(html)):
        drawn = [round((story.TOP + plot_height - y) / plot_height * match.target) for _, y in line]
        assert drawn == [before[side]] + [row[side] for row in totals]
    ticks = chart_ticks(html)
    assert (ticks[0], ticks[-1]) == (5, 25)


def test_the_summary_counts_blocked_hands_in_spanish_as_a_count(
    client: Client, make_match, add_hand, fresh_catalogues
):
    """The summary's line is a number of blocked hands: 'Tranques 1', as 'Capicús 1' beside it
    (the help page's heading shares the words, and reads as well so)."""
    match = make_match(target=10)
    add_hand(match, "blocked", {0: 3, 1: 5, 2: 5, 3: 5})
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    html = page(client, match)
    facts = html[html.index('<dl class="facts">') : html.index("</dl>")]
    assert re.search(r"<dt>Tranques</dt><dd>1</dd>", facts), facts
