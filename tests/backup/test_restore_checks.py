"""A restored backup is checked like a live table: anything that does not add up is refused,
whole; the newer games replayed through the rules; each thing checked once."""

import copy
import html
import json
import uuid

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client

from scorekeeper import rules
from scorekeeper.backup import export_table, import_table, load, load_backup, restore
from scorekeeper.models import Match, Table
from tests.backup.test_backup import as_version_1, busy_table, wipe
from tests.created import created
from tests.support.testing import add_hand, scoring_match, tap
from tests.web.backup.test_restore_page import upload
from tests.web.test_translations import assert_no_english

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
    assert not created(Table).exists()


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
    assert not created(Table).exists()


def newer_games() -> dict:
    """An All Fives hand played and ended, and a Bergen match ended by its last hand's end."""
    match = scoring_match(partnership=False)
    tap(match, 0, 10)
    add_hand(match, 3, {0: 7, 1: 12, 2: 4})
    bergen = scoring_match("bergen", names=("Ann", "Bo"), target=3)
    table = match.table
    bergen.table.delete()
    bergen = table.start_match(["Ann", "Bo"], bergen.game(), "bergen")
    tap(bergen, 0, 2)
    add_hand(bergen, 0, {1: 9})
    data = export_table(created(Table).get(pk=table.pk))
    table.matches.all().delete()
    table.delete()
    return data


def series_of_three() -> dict:
    """Three block-game matches of one best-of-three series: Alice & Cara, Ben & Dev, Alice &
    Cara."""
    table = Table.objects.create(name="Park")
    game = rules.make_game("caribbean", 4, rules=rules.HouseRules(target=10))
    for side in (0, 1, 0):
        match = table.start_match(["Alice", "Ben", "Cara", "Dev"], game, "caribbean")
        pips = {seat: 0 for seat in range(4) if seat != side}
        pips[side + 1] = 20
        hand = rules.Hand(rules.Ending.WENT_OUT, went_out=side, pips=pips)
        match.add_hand(hand, token=uuid.uuid4(), number=1)
    data = export_table(table)
    table.matches.all().delete()
    table.delete()
    return data


def damaged(data: dict, damage: str) -> dict:
    data = copy.deepcopy(data)
    matches = data["matches"]
    fives, bergen = [*matches, None, None][:2]
    end = fives and fives["hands"][0]
    match damage:
        case "fives reason seat 9":
            end["reason"]["winning_seat"] = 9
        case "fives reason no seat":
            end["reason"]["winning_seat"] = None
        case "bergen reason seat 9":
            bergen["hands"][0]["reason"]["winning_seat"] = 9
        case "bergen reason no seat":
            bergen["hands"][0]["reason"]["winning_seat"] = None
        case "end points filed as play":
            count = next(entry for entry in end["entries"] if entry["kind"] != "play")
            count["kind"] = "play"
        case "reason of another ending":
            end["reason"]["code"] = "lightest_hand"
        case "log after not a summary":
            entry = next(entry for entry in fives["log"] if entry["action"] == "saved")
            entry["after"] = "went out"
        case "log went_out not a seat":
            entry = next(entry for entry in fives["log"] if entry["action"] == "saved")
            entry["after"]["went_out"] = "Dee"
        case "log totals not a list":
            fives["log"][-1]["totals"] = "15, 0, 0, 25"
        case "log totals not numbers":
            fives["log"][-1]["totals"] = ["a", "b", "c", "d"]
        case "log result not a reason":
            entry = next(entry for entry in fives["log"] if entry["action"] == "saved")
            entry["result"] = {"code": "went out"}
        case "log result on a play":
            entry = next(entry for entry in fives["log"] if entry["action"] == "played")
            entry["result"] = next(e for e in fives["log"] if e["action"] == "saved")["result"]
        case "log play without its play":
            entry = next(entry for entry in fives["log"] if entry["action"] == "played")
            entry["after"] = {}
        case "series first to 1 with three matches":
            data["series"][0]["first_to"] = 1
        case "series with one side":
            data["series"][0]["sides"] = [["Alice", "Ben", "Cara", "Dev"]]
    return data


SCORING_DAMAGES = [
    "fives reason seat 9",
    "fives reason no seat",
    "bergen reason seat 9",
    "bergen reason no seat",
    "end points filed as play",
    "reason of another ending",
    "log after not a summary",
    "log went_out not a seat",
    "log totals not a list",
    "log totals not numbers",
    "log play without its play",
    "log result not a reason",
    "log result on a play",
]


SERIES_DAMAGES = ["series first to 1 with three matches", "series with one side"]


def test_the_untouched_files_come_back():
    for data in (newer_games(), series_of_three()):
        table = import_table(data)
        assert export_table(table)["matches"] == data["matches"]


@pytest.mark.parametrize("damage", SCORING_DAMAGES + SERIES_DAMAGES)
def test_a_file_that_does_not_add_up_is_refused_with_nothing_stored(damage):
    data = series_of_three() if damage in SERIES_DAMAGES else newer_games()

    with pytest.raises(ValueError, match="Invalid backup"):
        import_table(damaged(data, damage))

    assert not created(Table).exists()
    assert not created(Match).exists()


REFUSED = {
    "log totals not a list": {
        "es": "Copia no válida: partida 1, el historial de cambios: saved tiene totals",
        "sv": "Ogiltig säkerhetskopia: parti 1, ändringsloggen: saved har totals",
    },
    "series first to 1 with three matches": {
        "es": "Copia no válida: la serie 1 tiene 3 partidas ganadas",
        "sv": "Ogiltig säkerhetskopia: serie 1 har 3 vunna partier",
    },
}


@pytest.mark.parametrize("damage", REFUSED)
def test_the_refusal_is_in_the_phones_language(speaking, language, damage):
    data = series_of_three() if damage in SERIES_DAMAGES else newer_games()
    content = json.dumps(damaged(data, damage)).encode()

    response = speaking.post("/import", upload(content))

    assert response.status_code == 422
    assert REFUSED[damage][language] in html.unescape(response.content.decode())
    assert_no_english(response, language)
    assert not created(Table).exists()


@pytest.fixture
def shape_checks(monkeypatch) -> list:
    """Each check of a file's shape, wherever it is called from."""
    calls = []
    check = load.check_shape

    def counted(data, *depth):
        calls.append(data)
        check(data, *depth)

    monkeypatch.setattr(load, "check_shape", counted)
    monkeypatch.setattr(restore, "check_shape", counted)
    return calls


def test_an_upload_checks_the_file_shape_once(client: Client, shape_checks):
    table = busy_table()
    content = client.get(f"/t/{table.key}/export.json").content
    wipe(table)

    upload = {"backup": SimpleUploadedFile("backup.json", content, "application/json")}
    assert client.post("/import", upload).status_code == 302
    assert created(Table).count() == 1
    assert len(shape_checks) == 1


def test_a_backup_made_in_code_is_still_checked_for_its_shape(shape_checks):
    data = export_table(busy_table())
    data["matches"][0]["hands"][0]["counts"][0]["pips"] = 2.5

    with pytest.raises(ValueError, match="whole number"):
        import_table(data, new_keys=True)
    assert len(shape_checks) == 1


ODD_SHAPES = {
    # Each was a TypeError or an AttributeError (a 500 at the restore pages, the table's and a
    # tournament's) where a ValueError turns into a refusal in words.
    "seat's player a list": lambda m: m["seats"][0].update(player=["Alice"]),
    "match's series a list": lambda m: m.update(series=[1]),
    "series sides a number": lambda m: m.update(series_sides=-1),
    "series sides of lists": lambda m: m.update(series_sides=[[0], 1]),
    "pases corridos a list": lambda m: m["hands"][0].update(pases_corridos=[1]),
}


@pytest.mark.parametrize("damage", ODD_SHAPES)
def test_a_value_of_the_wrong_shape_is_refused_with_nothing_stored(damage):
    data = series_of_three()
    ODD_SHAPES[damage](data["matches"][0])
    with pytest.raises(ValueError):
        import_table(data)
    assert not created(Table).exists()
