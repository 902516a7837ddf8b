"""Every kind of change in a match's log has its label and its line."""

from types import SimpleNamespace

import pytest
from django.utils import timezone
from django.utils.translation import override

from scorekeeper import models
from scorekeeper.words import log
from scorekeeper.words.units import UNITS


def test_every_kind_of_change_has_a_label_and_a_line():
    assert set(log.ACTIONS) == set(models.LogAction.values)
    assert set(log.DESCRIPTIONS) | set(log.UNIT_LINES) == set(models.LogAction.values)


@pytest.mark.parametrize(
    ("action", "before", "after", "line"),
    [
        ("started", None, None, "Match started"),
        ("saved", None, {}, "Hand 3 saved."),
        ("edited", {}, {}, "Hand 3 corrected."),
        ("undone", {}, None, "Hand 3 undone."),
        ("played", None, {"play": {"seat": 0, "points": 10}}, "Hand 3: 10 scored during play."),
        ("unplayed", {"play": {"seat": 0, "points": 5}}, None, "Hand 3: 5 during play taken back."),
    ],
)
def test_each_change_is_described_in_one_line(action, before, after, line):
    change = SimpleNamespace(action=action, hand_number=3, before=before, after=after, totals=[])
    with override("en"):
        assert log.describe(change) == line


def test_a_change_within_its_first_minute_was_just_now():
    with override("en"):
        assert log.ago(timezone.now()) == "just now"


def test_a_saved_hand_says_who_went_out_and_what_each_side_scored():
    change = SimpleNamespace(
        action="saved",
        hand_number=2,
        before=None,
        after={"ending": "went_out", "went_out": 1},
        totals=[10, 30],
    )
    with override("en"):
        line = log.line(change, ["Ana", "Bo"], ["Ana", "Bo"], [10, 5])
    assert line == "Hand 2: Bo went out, 25 for Bo"


def test_a_round_games_log_names_rounds_and_a_hand_games_hands():
    class Saved:
        action, hand_number, before, totals = "saved", 3, None, [0, 12]
        after = {"ending": "went_out", "went_out": 0}

    for unit, word in (("hand", "Hand 3"), ("round", "Round 3")):
        line = log.line(Saved(), ["Ann", "Bo"], ["Ann", "Bo"], [0, 0], UNITS[unit])
        assert line == f"{word}: Ann went out, 12 for Bo"
        Saved.action = "undone"
        assert log.describe(Saved(), UNITS[unit]) == f"{word} undone."
        Saved.action = "saved"
