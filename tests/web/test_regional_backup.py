"""Backups and CSV carry the regional rules, taps, bonus entries and series; import re-scores."""

import csv
import io
import json
from uuid import uuid4

import pytest

from scorekeeper import rules
from scorekeeper.backup import export_table, import_table, match_csv
from scorekeeper.models import REGIONAL_INPUTS, REGIONAL_RULES, Match, ScoreEntry, Table

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

    assert export_table(Table.objects.get(pk=imported.pk)) == exported


def test_the_export_carries_the_rules_taps_entries_and_series():
    exported = export_table(dominican_match().table)

    match = exported["matches"][0]
    assert (match["ties_to_leaders"], match["pase_corrido_bonus"]) == (True, 25)
    assert match["hands"][0]["leader_told"] == 3
    assert match["hands"][1]["pases_corridos"] == {"1": 1}
    assert {"side": 1, "kind": "pase_corrido", "points": 25} in match["hands"][1]["entries"]
    assert exported["series"][0]["sides"] == [["Alice", "Cara"], ["Ben", "Dev"]]
    assert match["series"] == 1


def test_import_refuses_bonus_entries_the_rules_do_not_make():
    exported = export_table(pr500_match().table)
    exported["matches"][0]["hands"][0]["entries"] = [
        {"side": 1, "kind": "count", "points": 30},
        {"side": 1, "kind": "chuchazo", "points": 100},
    ]  # the first hand's bonus left out
    Table.objects.all().delete()

    with pytest.raises(ValueError, match="hand 1"):
        import_table(exported)

    assert not Table.objects.exists()


def test_import_scores_the_bonuses_again_and_keeps_them():
    exported = export_table(pr500_match().table)
    Table.objects.all().delete()

    match = import_table(exported).matches.get()

    assert match.totals == [15 + 100 + 50, 30 + 100 + 100]
    assert {(e.side, e.kind, e.points) for e in ScoreEntry.objects.filter(hand__number=1)} == {
        (1, "count", 30),
        (1, "chuchazo", 100),
        (1, "first_hands", 100),
    }


def test_import_refuses_a_hand_its_rules_refuse():
    exported = export_table(pr500_match().table)
    exported["matches"][0]["hands"][1]["chuchazo"] = True  # on a blocked hand
    Table.objects.all().delete()

    with pytest.raises(ValueError, match="refuse"):
        import_table(exported)

    assert not Table.objects.exists()


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
