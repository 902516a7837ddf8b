"""The one mapping between the rules' dataclasses and the models' fields covers every field."""

import copy
import dataclasses
import uuid

import pytest

from scorekeeper import models, rules
from scorekeeper.backup import export_table, import_table, replay
from scorekeeper.backup import fields as backup_fields
from scorekeeper.forms.hand import HandForm
from scorekeeper.forms.hand_inputs import HAND_INPUTS
from scorekeeper.models import rules_fields
from scorekeeper.models.rules_fields import Kept, Stored
from scorekeeper.models.saving import same_report
from tests.support import testing

HOUSE = rules.HouseRules(
    target=150,
    capicu_bonus=30,
    count_rule=rules.CountRule.OPPONENTS_ONLY,
    blocked_rule=rules.BlockedRule.LIGHTER_PAIR,
    rounding=rules.Rounding.EXACT,
    blocked_pays_difference=True,
    won_hand_pays_two=True,
    doubles_lose_count=True,
    lead_rule=rules.LeadRule.TURN_PASSES,
    ties_to_leaders=True,
    blocker_against_next=True,
    chuchazo_bonus=100,
    pase_corrido_bonus=25,
    pase_de_salida_bonus=50,
    pase_de_salida_on_double_only=True,
    first_hands_bonus=(100, 50),
)

HAND = rules.Hand(
    ending=rules.Ending.BLOCKED,
    went_out=None,
    pips={0: 5, 1: 0, 2: 7, 3: 9},
    capicu=True,
    pooled=12,
    pair_pips={0: 0, 1: 9},
    holding_doubles=frozenset({2, 0}),
    led_by=1,
    blocked_by=3,
    chuchazo=True,
    pases_corridos={0: 2},
    pase_de_salida=True,
    led_a_double=True,
    key=True,
)


def not_stored_yet(attribute):
    """The fields only a game not yet offered reads (its own switches or hand fields): no table
    can play it, so they have no column until its screens come."""
    return {
        name
        for game in rules.GAMES.values()
        if not game.offered
        for name in getattr(game, attribute)
    }


def fields_of(dataclass, attribute):
    return sorted(
        field.name
        for field in dataclasses.fields(dataclass)
        if field.name not in not_stored_yet(attribute)
    )


def test_every_house_rule_has_one_entry_and_a_column():
    names = [field.name for field in rules_fields.HOUSE_RULES]
    assert sorted(names) == fields_of(rules.HouseRules, "own_switches")
    columns = {field.name for field in models.HouseRulesFields._meta.get_fields()}
    assert {field.field for field in rules_fields.HOUSE_RULES} <= columns


def test_the_house_rules_come_back_as_they_were_stored():
    table = models.Table()
    table.take_rules(rules.make_game("caribbean", 4, rules=HOUSE), "caribbean")
    assert table.count_rule == "opponents_only"
    assert table.first_hands_bonus == [100, 50]
    assert table.house_rules() == HOUSE


def test_every_field_of_a_hand_has_one_entry_and_a_place():
    names = [field.name for field in rules_fields.HAND]
    assert sorted(names) == fields_of(rules.Hand, "own_hand_fields")
    columns = {field.name for field in models.Hand._meta.get_fields()}
    kept = {field.field for field in rules_fields.HAND if field.stored is not Stored.ROWS}
    assert kept <= columns
    assert set(rules_fields.REGIONAL_INPUTS) <= columns


def test_a_hand_comes_back_as_it_was_stored():
    saved = models.Hand()
    counts = saved.take_reported(HAND)
    assert saved.leader_told == 1
    assert saved.pair_pips == {"0": 0, "1": 9}  # a pair's nought is kept
    assert saved.pases_corridos == {"0": 2}
    assert saved.holding_doubles == [0, 2]
    pips = {count.position: count.pips for count in counts}
    assert rules_fields.hand_of(saved, pips) == HAND


def test_a_pase_corrido_not_made_is_not_stored():
    fields = rules_fields.hand_fields(dataclasses.replace(HAND, pases_corridos={0: 0, 1: 1}))
    assert fields["pases_corridos"] == {"1": 1}


def test_a_reason_comes_back_from_its_json():
    reason = rules.Reason(
        code=rules.ReasonCode.LIGHTEST_HAND,
        count_rule=rules.CountRule.ALL_OTHER_HANDS,
        winning_seat=2,
        winning_pips=3,
        counted=((0, 5), (1, 7)),
        capicu_bonus=0,
        tied_seats=(1,),
        led_by=0,
        compared_seats=(0, 1, 2),
    )
    assert rules_fields.reason_from_json(rules_fields.reason_to_json(reason)) == reason


def test_a_jamaican_reason_keeps_its_marks_and_worth():
    reason = rules.Reason(
        code=rules.ReasonCode.WENT_OUT,
        count_rule=rules.CountRule.ALL_OTHER_HANDS,
        winning_seat=2,
        winning_pips=None,
        counted=(),
        capicu_bonus=0,
        marks=(rules.HandMark.KEY, rules.HandMark.BRUK),
        played_for=3,
    )
    data = rules_fields.reason_to_json(reason)

    assert data["marks"] == ["key", "bruk"] and "replay_for" not in data
    assert rules_fields.reason_from_json(data) == reason


def test_a_hand_summary_keeps_every_field_the_table_set():
    # Seat 0 led and blocked: a seat's number 0 is a value the log keeps, not an empty one.
    hand = dataclasses.replace(HAND, led_by=0, blocked_by=0)
    saved = models.Hand()
    saved.take_reported(hand)
    summary = saved.summary(pips=hand.pips)
    assert set(summary) == {field.field for field in rules_fields.HAND}
    assert summary["leader_told"] == 0
    assert summary["blocked_by"] == 0
    assert summary["pips"] == {"0": 5, "1": 0, "2": 7, "3": 9}


def test_a_hand_summary_leaves_out_what_the_table_did_not_set():
    hand = rules.Hand(ending=rules.Ending.WENT_OUT, went_out=2, pips={0: 4})
    saved = models.Hand()
    saved.take_reported(hand)
    always = {field.field for field in rules_fields.HAND if field.kept is Kept.ALWAYS}
    assert saved.summary(pips=hand.pips) == {
        "ending": "went_out",
        "went_out": 2,
        "capicu": False,
        "pips": {"0": 4},
    }
    assert set(saved.summary(pips=hand.pips)) == always


def test_every_consumer_of_a_hand_covers_each_of_its_fields():
    """The form, the change log's check and the backup each take every field of HAND."""
    for field in rules_fields.HAND:
        assert field.name in HAND_INPUTS, field.name
        assert field.field in replay.SUMMARY_KEYS, field.name
        if field.stored is not Stored.ROWS:  # the pips are the backup's counts
            kept = (*backup_fields.HAND_FIELDS, *backup_fields.HAND_SPARSE)
            assert field.field in kept, field.name
        if field.kept is not Kept.ALWAYS:  # a file written before it reads as its default
            assert field.field in backup_fields.ADDED_FIELDS, field.name


def posted(form: HandForm) -> dict[str, str]:
    """What a phone posts back of a form as it was drawn: its values, switches on as "on"."""
    values = {name: form[name].value() for name in form.fields}
    return {
        name: "on" if value is True else str(value)
        for name, value in values.items()
        if value not in (None, False, "", [])
    }


def moved(data: dict) -> dict:
    """The same backup under new keys, so it restores beside the original."""
    data = copy.deepcopy(data)
    data["table"]["key"] = "k" * 22
    data["table"]["watch_key"] = "w" * 22
    return data


def bergen_match():
    return testing.scoring_match("bergen", doubles_lose_count=True)


def all_fives_match():
    match = testing.scoring_match(partnership=False)
    testing.tap(match, 0, 10)
    return match


def mexican_train_match():
    return testing.make_match(preset="mexican_train", double_blank_counts=50)


ROUND_TRIPS = {
    "block": (
        lambda: testing.make_match(preset="puerto_rico_500", chuchazo_bonus=100),
        rules.Hand(
            ending=rules.Ending.WENT_OUT, went_out=1, pips={0: 10, 2: 12, 3: 8}, chuchazo=True
        ),
    ),
    "all_fives": (
        all_fives_match,
        rules.Hand(ending=rules.Ending.WENT_OUT, went_out=3, pips={0: 7, 1: 12, 2: 4}),
    ),
    "bergen": (
        bergen_match,
        rules.Hand(
            ending=rules.Ending.BLOCKED,
            pips={0: 9, 1: 15, 2: 3, 3: 9},
            holding_doubles=frozenset({1}),
        ),
    ),
    "mexican_train": (
        mexican_train_match,
        rules.Hand(
            ending=rules.Ending.WENT_OUT,
            went_out=0,
            pips={1: 10, 2: 30, 3: 5},
            holding_doubles=frozenset({2}),
        ),
    ),
}


@pytest.mark.django_db
@pytest.mark.parametrize("game", ROUND_TRIPS)
def test_a_hand_goes_through_form_model_and_backup_unchanged(game):
    make, hand = ROUND_TRIPS[game]
    match = make()
    number = match.hand_count + 1
    match.add_hand(hand, token=uuid.uuid4(), number=number)
    saved = match.hands.get(number=number)
    assert saved.as_rules_hand() == hand

    # The correction form, filled from the stored hand and posted back unchanged.
    form = HandForm.for_hand(match, saved)
    known = None if saved.leader_told is not None else saved.led_by
    again = HandForm(match, posted(form), led_by=known)
    assert again.is_valid(), again.errors
    # The form sends a nought for each pase corrido it did not see: the same report.
    assert same_report(hand, again.cleaned_data["hand"])
    match.edit_hand(number, again.cleaned_data["hand"], version=match.version)

    table = import_table(moved(export_table(match.table)))

    restored_match = table.matches.get(number=match.number)
    restored = restored_match.hands.get(number=number)
    assert restored.as_rules_hand() == hand
    assert restored.summary() == saved.summary()
    assert HandForm.for_hand(restored_match, restored).initial == form.initial
