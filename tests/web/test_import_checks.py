"""An import is checked like a live table: anything that does not add up is refused, whole."""

import json

import pytest
from django.core.management import CommandError, call_command

from scorekeeper.backup import export_table, import_table, load_backup
from scorekeeper.models import Table

from .test_backup import as_version_1, busy_table, wipe

pytestmark = pytest.mark.django_db


@pytest.fixture
def exported() -> dict:
    """A backup of a busy table whose keys are free again."""
    table = busy_table()
    data = export_table(table)
    wipe(table)
    return data


def refused(data, expected: str) -> None:
    with pytest.raises(ValueError) as caught:
        import_table(data)
    assert expected in str(caught.value)
    assert not Table.objects.exists()


def test_totals_that_disagree_with_the_hands_are_refused(exported):
    exported["matches"][0]["totals"][0] += 1
    refused(exported, "match 1: the file has totals")


def test_a_wrong_hand_count_is_refused(exported):
    exported["matches"][0]["hand_count"] += 1
    refused(exported, "match 1: the file has hand_count")


def test_points_that_disagree_with_the_entries_are_refused(exported):
    old = as_version_1(exported)  # version 1 kept a copy of the points on the hand
    old["matches"][0]["hands"][1]["points"] += 10
    refused(old, "match 1, hand 2: the file has points")


def test_entries_that_disagree_with_the_hand_are_refused(exported):
    exported["matches"][0]["hands"][1]["entries"][0]["points"] += 10
    refused(exported, "match 1, hand 2: the file has entries")


def test_a_gap_in_hand_numbers_is_refused(exported):
    exported["matches"][0]["hands"][1]["number"] = 7
    refused(exported, "match 1, hand 2 is missing")


def test_a_went_out_hand_with_nobody_going_out_is_refused(exported):
    exported["matches"][0]["hands"][1]["went_out"] = None
    refused(exported, "match 1, hand 2: the rules refuse this hand")


def test_an_impossible_pip_count_is_refused(exported):
    exported["matches"][0]["hands"][1]["counts"][0]["pips"] = 500
    refused(exported, "match 1, hand 2: the rules refuse this hand")


def test_negative_totals_are_refused(exported):
    exported["matches"][0]["totals"] = [-5, 56]
    refused(exported, "match 1: the file has totals")


def test_a_winner_below_the_target_is_refused(exported):
    exported["matches"][0]["winner_side"] = 0
    refused(exported, "match 1: the file has winner_side")


def test_a_key_that_equals_the_watch_key_is_refused(exported):
    exported["table"]["watch_key"] = exported["table"]["key"]
    refused(exported, "key and watch key are the same")


def test_a_float_pip_count_is_refused_not_rounded(exported):
    exported["matches"][0]["hands"][1]["counts"][0]["pips"] = 2.5
    refused(exported, "2.5")


def test_a_boolean_where_a_number_belongs_is_refused(exported):
    exported["matches"][0]["hands"][1]["went_out"] = True
    refused(exported, "match 1, hand 2: went_out True is not a whole number")


@pytest.mark.parametrize("name", ["\u200b", "\u2060\u00ad", " "])
def test_a_player_name_with_nothing_to_see_is_refused(exported, name):
    exported["players"].append(name)
    refused(exported, "has no letters you can see")


def test_names_are_stored_normalised(exported):
    exported["table"]["name"] = "Caf\u00e9\u202e  Zo\u00eb"
    exported["players"][exported["players"].index("Zoë")] = "Zoe\u0308\u200b"
    for match in exported["matches"]:
        for seat in match["seats"]:
            if seat["player"] == "Zoë":
                seat["player"] = "Zoe\u0308\u200b"
    table = import_table(exported)
    assert table.name == "Café Zoë"
    assert table.matches.get(number=2).seat_names()[0] == "Zoë"


def test_two_names_that_normalise_alike_are_refused(exported):
    exported["players"].append("Ben\u200b")
    refused(exported, "two players are both named 'Ben'")


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"a": Infinity}',
        '{"a": NaN}',
        '{"a": -Infinity}',
        '{"a": 1e400}',
        '{"a": 2.5}',
        '{"a": ' + "9" * 5000 + "}",
        '"\\ud800"',
        "\x00",
    ],
)
def test_hostile_json_gets_a_clean_refusal(text):
    with pytest.raises(ValueError):
        import_table(load_backup(text, 10_000_000))


def test_a_file_over_the_size_limit_is_refused_unread():
    with pytest.raises(ValueError, match="larger than"):
        load_backup(b" " * 101, 100)


@pytest.mark.parametrize("text", ["[" * 100_000, '{"a": Infinity}', '{"pips": 1e400}'])
def test_the_import_command_refuses_hostile_json_without_a_traceback(tmp_path, text):
    path = tmp_path / "backup.json"
    path.write_text(text)
    with pytest.raises(CommandError):
        call_command("import_table", str(path))


def test_the_import_command_refuses_a_file_that_does_not_add_up(tmp_path, exported):
    exported["matches"][0]["totals"][0] += 1
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(exported))
    with pytest.raises(CommandError, match="match 1"):
        call_command("import_table", str(path))
    assert not Table.objects.exists()
