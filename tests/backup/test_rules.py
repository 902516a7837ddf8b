"""Backups of a table's rules: the regional rules (taps, bonus entries, series), Mexican Train's
switches, and switches renamed since a file was written; import re-scores."""

import csv
import io
import json
from uuid import uuid4

import pytest

from scorekeeper import rules
from scorekeeper.backup import export_table, import_table, match_csv
from scorekeeper.models import REGIONAL_INPUTS, REGIONAL_RULES, Match, ScoreEntry, Table
from scorekeeper.models.rules_fields import ROUND_RULES, Group, house_rules_fields
from tests.backup.test_backup import busy_table, wipe
from tests.created import created
from tests.support.testing import scoring_match

pytestmark = pytest.mark.django_db


PLAYERS = ["Alice", "Ben", "Cara", "Dev"]


def pr500_match() -> Match:
    table = Table.objects.create(name="San Juan")
    match = table.start_match(PLAYERS, rules.make_game("puerto_rico_500", 4), "puerto_rico_500")
    hands = [
        rules.Hand(rules.Ending.WENT_OUT, went_out=1, pips={0: 10, 2: 12, 3: 8}, chuchazo=True),
        rules.Hand(rules.Ending.BLOCKED, pips={0: 4, 1: 5, 2: 5, 3: 4}),
        rules.Hand(rules.Ending.WENT_OUT, went_out=0, pips={1: 5, 2: 5, 3: 5}, capicu=True),
    ]
    for hand in hands:
        match.add_hand(hand, token=uuid4(), number=match.hand_count + 1)
    return match


def dominican_match() -> Match:
    table = Table.objects.create(name="Santo Domingo")
    match = table.start_match(PLAYERS, rules.make_game("dominican", 4), "dominican")
    hands = [
        rules.Hand(rules.Ending.BLOCKED, pips={0: 5, 1: 6, 2: 7, 3: 6}, led_by=3),
        rules.Hand(
            rules.Ending.WENT_OUT, went_out=0, pips={1: 5, 2: 5, 3: 5}, pases_corridos={1: 1}
        ),
    ]
    for hand in hands:
        match.add_hand(hand, token=uuid4(), number=match.hand_count + 1)
    return match


def round_trip(table: Table) -> tuple[dict, Table]:
    exported = json.loads(json.dumps(export_table(table)))
    table.matches.all().delete()
    table.delete()
    return exported, import_table(exported)


def test_a_regional_match_comes_back_exactly():
    exported, imported = round_trip(pr500_match().table)

    assert export_table(created(Table).get(pk=imported.pk)) == exported


def test_the_export_carries_the_rules_taps_entries_and_series():
    exported = export_table(dominican_match().table)

    match = exported["matches"][0]
    assert (match["ties_to_leaders"], match["pase_corrido_bonus"]) == (True, 25)
    assert match["hands"][0]["leader_told"] == 3
    assert match["hands"][1]["pases_corridos"] == {"1": 1}
    assert {"side": 1, "kind": "pase_corrido", "points": 25} in match["hands"][1]["entries"]
    assert exported["series"][0]["sides"] == [["Alice", "Cara"], ["Ben", "Dev"]]
    assert match["series"] == 1


def case_typed_series() -> Table:
    """A pub-block table of Ana and Ben whose second match was typed `Ben`, `ana`."""
    table = Table.objects.create(name="Pub")
    game = rules.make_game("pub_block", 2, rules=rules.HouseRules(target=10))
    for names in (["Ana", "Ben"], ["Ben", "ana"]):
        match = table.start_match(names, game, "pub_block")
        hand = rules.Hand(rules.Ending.WENT_OUT, went_out=0, pips={1: 20})
        match.add_hand(hand, token=uuid4(), number=1)
    return table


def test_a_series_with_a_name_typed_in_another_case_comes_back():
    exported, imported = round_trip(case_typed_series())

    assert export_table(Table.objects.get(pk=imported.pk)) == exported


def test_a_series_that_kept_a_name_as_typed_comes_back():
    table = case_typed_series()
    exported = json.loads(json.dumps(export_table(table)))
    wipe(table)
    # As the app stored a series before it named sides as the table seats them.
    exported["series"][0]["sides"] = [["ana"], ["Ben"]]

    imported = import_table(exported)

    assert imported.series.get().sides == [["ana"], ["Ben"]]


def test_import_refuses_bonus_entries_the_rules_do_not_make():
    exported = export_table(pr500_match().table)
    exported["matches"][0]["hands"][0]["entries"] = [
        {"side": 1, "kind": "count", "points": 30},
        {"side": 1, "kind": "chuchazo", "points": 100},
    ]  # the first hand's bonus left out
    created(Table).all().delete()

    with pytest.raises(ValueError, match="hand 1"):
        import_table(exported)

    assert not created(Table).exists()


def test_import_scores_the_bonuses_again_and_keeps_them():
    exported = export_table(pr500_match().table)
    created(Table).all().delete()

    match = import_table(exported).matches.get()

    assert match.totals == [15 + 100 + 50, 30 + 100 + 100]
    assert {
        (e.side, e.kind, e.points)
        for e in ScoreEntry.objects.filter(hand__match=match, hand__number=1)
    } == {
        (1, "count", 30),
        (1, "chuchazo", 100),
        (1, "first_hands", 100),
    }


def test_import_refuses_a_hand_its_rules_refuse():
    exported = export_table(pr500_match().table)
    exported["matches"][0]["hands"][1]["chuchazo"] = True  # on a blocked hand
    created(Table).all().delete()

    with pytest.raises(ValueError, match="refuse"):
        import_table(exported)

    assert not created(Table).exists()


def test_a_file_from_before_the_regional_rules_still_imports():
    table = Table.objects.create(name="Old park")
    match = table.start_match(PLAYERS, rules.make_game("caribbean", 4), "caribbean")
    match.add_hand(
        rules.Hand(rules.Ending.WENT_OUT, went_out=0, pips={1: 5, 2: 5, 3: 5}),
        token=uuid4(),
        number=1,
    )
    exported = export_table(table)
    for name in (*REGIONAL_RULES, "series_first_to", "shutout_counts_double"):
        exported["table"].pop(name)
    del exported["series"]
    first = exported["matches"][0]
    for name in (*REGIONAL_RULES, "series", "series_sides"):
        first.pop(name)
    first["preset"] = "double_nine"
    for hand in first["hands"]:
        for name in REGIONAL_INPUTS:
            hand.pop(name)
    table.matches.all().delete()
    table.delete()

    imported = import_table(exported)

    assert (imported.lead_rule, imported.series_first_to) == ("winner_leads", 2)
    assert imported.matches.get().series is None
    assert imported.matches.get().totals == [15, 0]


def test_csv_names_the_bonuses_of_each_hand():
    rows = list(csv.reader(io.StringIO(match_csv(pr500_match()))))

    assert rows[0][-1] == "Bonuses"
    # Each name is isolated, as everywhere in the sheet (FSI ... PDI).
    ben_dev, alice_cara = "Ben & Dev", "Alice & Cara"
    assert rows[1][-1] == f"Chuchazo 100 ({ben_dev}); First hands 100 ({ben_dev})"
    assert rows[2][-1] == ""
    assert rows[3][-1] == f"First hands 50 ({alice_cara})"


def test_a_backup_with_going_out_pays_two_restores_as_a_won_hand_pays_two():
    match = scoring_match("bergen", names=("Ann", "Bo"), won_hand_pays_two=True)
    hand = rules.Hand(rules.Ending.WENT_OUT, went_out=1)
    match.add_hand(hand, token=uuid4(), number=1)
    exported = json.loads(json.dumps(export_table(match.table)))
    old = json.loads(json.dumps(exported))
    for part in (old["table"], *old["matches"]):
        part["going_out_pays_two"] = part.pop("won_hand_pays_two")
    match.table.matches.all().delete()
    match.table.delete()

    imported = import_table(old)

    table = created(Table).get(pk=imported.pk)
    assert table.won_hand_pays_two
    assert table.matches.get().won_hand_pays_two
    assert export_table(table) == exported


CHOSEN = {"first_engine": 9, "double_blank_counts": 50, "ties_to_most_outs": True}


DEFAULTS = house_rules_fields(rules.HouseRules(), Group.ROUND)


def round_rules(row) -> dict:
    return {field: getattr(row, field) for field in ROUND_RULES}


def table_with_round_rules() -> Table:
    table = busy_table()
    Table.objects.filter(pk=table.pk).update(**CHOSEN)
    table.matches.update(**CHOSEN)
    return created(Table).get(pk=table.pk)


def test_the_round_rules_are_in_the_backup():
    data = export_table(table_with_round_rules())

    assert {field: data["table"][field] for field in ROUND_RULES} == CHOSEN
    for match in data["matches"]:
        assert {field: match[field] for field in ROUND_RULES} == CHOSEN


def test_the_round_rules_come_back_from_the_backup():
    table = table_with_round_rules()
    data = export_table(table)
    wipe(table)

    restored = import_table(data)

    assert round_rules(restored) == CHOSEN
    assert [round_rules(match) for match in restored.matches.all()] == [CHOSEN, CHOSEN]
    assert export_table(restored) == data


def test_a_backup_without_the_round_rules_restores_with_their_defaults():
    table = table_with_round_rules()
    data = export_table(table)
    wipe(table)
    for part in (data["table"], *data["matches"]):
        for field in ROUND_RULES:
            del part[field]

    restored = import_table(data)

    assert round_rules(restored) == DEFAULTS
    assert [round_rules(match) for match in restored.matches.all()] == [DEFAULTS, DEFAULTS]
