"""The race chart's drawing: its per-hand and per-side parts are built once in story.py, as the
template's loops drew them, so an ordinary save's answer spends no template loop on them."""

from pathlib import Path

import pytest
from django.conf import settings
from django.template import engines
from django.utils import translation

from scorekeeper import story

pytestmark = pytest.mark.django_db

# The chart as the template drew it with a loop for each hand, tick and line (before
# story.py built those parts): what the player sees must stay the same, byte for byte.
LOOPED = (Path(__file__).parent / "race_looped.html").read_text()


def drawn(template: str, chart: dict, game=None) -> str:
    context = {"chart": chart, "oob": True, "game": game}
    return engines["django"].from_string(template).render(context)


def with_loops(chart: dict) -> str:
    return drawn(LOOPED, chart)


def as_drawn_now(chart: dict, game) -> str:
    """The chart as race.html draws it now, in the words of the game's unit (as the match page
    gives it its game)."""
    wrapped = '{% load l10n %}{% localize off %}{% include "includes/race.html" %}{% endlocalize %}'
    return drawn(wrapped, chart, game)


@pytest.mark.parametrize("language", ["en", "sv"])
@pytest.mark.parametrize("hands", [3, 20, 37])
def test_the_chart_draws_the_same_as_with_a_loop_a_hand(make_match, language, hands):
    match = make_match(preset="standard", names=("Ana <b>", "Bo & Co", "דן"), target=150)
    totals = [0, 0, 0]
    numbered = []
    for number in range(5, 5 + hands):
        totals[number % 3] += 7 * number % 40
        numbered.append((number, tuple(totals)))
    with translation.override(language):
        chart = story.race_chart(match, numbered, (3, 0, 12))
        assert as_drawn_now(chart, match.game()) == with_loops(chart)


def test_the_charts_template_has_no_loop():
    """The hands' rows and ticks come drawn, and so do the sides' names in the description,
    the legend and the text table's head: an ordinary save's chart runs no template loop."""
    race = (Path(settings.BASE_DIR) / "templates/includes/race.html").read_text()
    assert "{% for " not in race


# The frame as race.html drew it before story.py built it (a game with no line has none).
FRAME = """{% load l10n %}{% localize off %}\
<line class="race-axis" x1="{{ chart.left }}" y1="{{ chart.zero_y }}" x2="{{ chart.right }}" \
y2="{{ chart.zero_y }}" stroke="currentColor" stroke-width="1"/>
      {% if chart.target is not None %}<line class="race-target" x1="{{ chart.left }}" \
y1="{{ chart.target_y }}" x2="{{ chart.right }}" y2="{{ chart.target_y }}" stroke="currentColor" \
stroke-width="1" stroke-dasharray="3 3"/>
      <text x="{{ chart.left|add:'-4' }}" y="{{ chart.target_y }}" dy="4" text-anchor="end" \
font-size="11" fill="currentColor">{{ chart.target }}</text>{% endif %}
      <text x="{{ chart.left|add:'-4' }}" y="{{ chart.zero_y }}" dy="4" text-anchor="end" \
font-size="11" fill="currentColor">0</text>{% endlocalize %}"""


@pytest.mark.parametrize(("preset", "target"), [("mexican_train_nine", None), ("standard", 150)])
def test_the_charts_frame_draws_as_the_template_drew_it(make_match, preset, target):
    match = make_match(preset=preset, names=("Ana", "Bo"), target=target or 100)
    chart = story.race_chart(match, [(1, (12, 30)), (2, (40, 31)), (3, (41, 77))], (0, 0))
    assert chart["target"] == target
    assert chart["drawn_frame"] == drawn(FRAME, chart)
