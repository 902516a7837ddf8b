"""Every code the pages offer has its words: a new member of an enum without a label fails here."""

import pytest

from scorekeeper import models, rules
from scorekeeper.words import labels, log


@pytest.mark.parametrize(
    ("codes", "words"),
    [
        (rules.CountRule, labels.COUNT_RULES),
        (rules.BlockedRule, labels.BLOCKED_RULES),
        (rules.LeadRule, labels.LEAD_RULES),
        (rules.Rounding, labels.ROUNDINGS),
        (rules.Ending, labels.ENDINGS),
        (rules.PointKind, labels.POINT_KINDS),
        (models.EntryMode, labels.ENTRY_MODES),
    ],
    ids=lambda value: getattr(value, "__name__", ""),
)
def test_every_choice_has_a_label(codes, words):
    assert set(words) == set(codes)
    assert all(str(words[code]).strip() for code in codes)


# The presets of the games the setup offers (a game whose screens are not built has no words yet).
OFFERED = [key for key, preset in rules.ALL_PRESETS.items() if preset.kind.offered]


def test_every_offered_preset_and_old_key_has_a_label():
    assert set(labels.PRESET_LABELS) == {*OFFERED, *rules.LEGACY_PRESETS}


def test_every_switch_of_a_house_rule_is_explained():
    switches = [*rules.CountRule, *rules.BlockedRule, *rules.LeadRule, *rules.Rounding]
    assert set(labels.RULE_EXPLANATIONS) == set(switches)


def test_the_fields_choices_carry_the_labels():
    assert models.CountRule.ALL_OTHER_HANDS.label == labels.COUNT_RULES["all_other_hands"]
    assert models.EntryKind.choices == [
        (str(kind), labels.POINT_KINDS[kind]) for kind in rules.PointKind
    ]
    assert models.LogAction.choices[0] == ("started", log.ACTIONS["started"])


def test_the_setup_offers_every_current_preset_of_an_offered_game_and_no_old_key():
    offered = [key for key, _label in labels.offered_presets()]
    assert offered == [*rules.PRESETS, *rules.ROUND_PRESETS]
    assert sorted(offered) == sorted(OFFERED)
    assert "jamaican_partner" in OFFERED
