"""The README, the help page and the match page agree on when the race chart is drawn."""

from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

from scorekeeper.story import CHART_FROM_HANDS

pytestmark = pytest.mark.django_db

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
