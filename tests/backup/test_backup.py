"""Backups: a table exported to JSON comes back exactly; a match's sheet as CSV."""

import copy
import csv
import io
import json
from uuid import uuid4

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from scorekeeper import rules
from scorekeeper.backup import export_table, import_table, match_csv
from scorekeeper.models import Match, Player, Table, new_key
from tests.created import created

pytestmark = pytest.mark.django_db

WORKED_EXAMPLE = [
    # RULES.md: Alice 0, Ben 1, Cara 2, Dev 3; Alice and Cara against Ben and Dev.
    rules.Hand(rules.Ending.WENT_OUT, went_out=3, pips={0: 10, 1: 11, 2: 10}, capicu=True),
    rules.Hand(rules.Ending.WENT_OUT, went_out=0, pips={1: 15, 2: 14, 3: 15}),
    rules.Hand(rules.Ending.BLOCKED, pips={0: 9, 1: 15, 2: 3, 3: 9}),
    rules.Hand(rules.Ending.WENT_OUT, went_out=2, pips={0: 12, 1: 13, 3: 13}),
]


def play(match: Match, hands: list[rules.Hand]) -> Match:
    for hand in hands:
        match.add_hand(hand, token=uuid4(), number=match.hand_count + 1)
    return match


def worked_example(table: Table | None = None) -> Match:
    table = table or Table.objects.create(name="Sunday")
    match = table.start_match(
        ["Alice", "Ben", "Cara", "Dev"], rules.make_game("caribbean", 4), "caribbean"
    )
    return play(match, WORKED_EXAMPLE)


def busy_table() -> Table:
    """Two matches with corrections, an undo, a finished match and a player with no seat."""
    table = Table.objects.create(name="Café Zoë")
    first = worked_example(table)
    first.edit_hand(
        2,
        rules.Hand(rules.Ending.WENT_OUT, went_out=0, pips={1: 20, 2: 14, 3: 10}),
        version=first.version,
    )
    play(first, [rules.Hand(rules.Ending.BLOCKED, pips={0: 5, 1: 5, 2: 9, 3: 9})])
    first.undo(version=first.version)
    game = rules.make_game("standard", 3, rules=rules.HouseRules(target=50))
    second = table.start_match(["Zoë", "Ben", "Alice"], game, "standard")
    play(
        second,
        [
            rules.Hand(rules.Ending.BLOCKED, pips={0: 7, 1: 7, 2: 20}),
            rules.Hand(rules.Ending.WENT_OUT, went_out=1, pips={0: 30, 2: 25}),
        ],
    )
    Player.objects.create(table=table, name="Eve")
    return created(Table).get(pk=table.pk)


def wipe(table: Table) -> None:
    """Delete the table and everything of it."""
    # Matches first: Seat.player is on_delete=PROTECT, so Table.delete() alone raises
    # ProtectedError once a match has been played (reported; RESTRICT would cascade).
    table.matches.all().delete()
    table.delete()


def test_export_is_json_ready_and_complete():
    table = busy_table()
    data = export_table(table)
    assert json.loads(json.dumps(data)) == data
    assert data["table"]["key"] == table.key
    assert data["players"] == ["Alice", "Ben", "Cara", "Dev", "Eve", "Zoë"]
    first, second = data["matches"]
    assert [hand["number"] for hand in first["hands"]] == [1, 2, 3, 4]
    assert [entry["action"] for entry in first["log"]] == [
        "started", "saved", "saved", "saved", "saved", "edited", "saved", "undone",
    ]  # fmt: skip
    assert first["hands"][0]["entries"] == [
        {"side": 1, "kind": "capicu", "points": 25},
        {"side": 1, "kind": "count", "points": 31},
    ]
    assert second["winner_side"] == 1
    assert second["finished_at"] is not None


def test_export_wipe_import_gives_back_everything():
    table = busy_table()
    exported = json.loads(json.dumps(export_table(table)))
    wipe(table)
    assert not created(Table).exists()

    imported = import_table(exported)

    assert export_table(created(Table).get(pk=imported.pk)) == exported


def test_an_imported_match_goes_on():
    table = busy_table()
    exported = export_table(table)
    wipe(table)
    match = import_table(exported).matches.get(number=1)

    play(match, [rules.Hand(rules.Ending.WENT_OUT, went_out=1, pips={0: 10, 2: 10, 3: 10})])

    assert match.totals == [115, 86]
    assert Client().get(f"/t/{match.table.key}/m/1/").status_code == 200


def test_import_refuses_a_key_that_exists():
    table = busy_table()
    before = export_table(table)

    with pytest.raises(ValueError, match="already exists"):
        import_table(before)

    assert created(Table).count() == 1
    assert export_table(table) == before


def as_version_1(data: dict) -> dict:
    """The file as version 1 wrote it: each hand also carried its side and points."""
    old = copy.deepcopy(data)
    old["version"] = 1
    for match in old["matches"]:
        for hand in match["hands"]:
            sides = {entry["side"] for entry in hand["entries"]}
            hand["scoring_side"] = sides.pop() if sides else None
            hand["points"] = sum(entry["points"] for entry in hand["entries"])
    return old


def test_import_reads_a_version_1_file():
    table = busy_table()
    exported = json.loads(json.dumps(export_table(table)))
    wipe(table)

    imported = import_table(as_version_1(exported))

    assert export_table(created(Table).get(pk=imported.pk)) == exported


def test_import_refuses_an_unknown_format_version():
    table = busy_table()
    data = export_table(table)
    wipe(table)

    with pytest.raises(ValueError, match="Unknown backup format"):
        import_table({**data, "version": 99})

    assert not created(Table).exists()


def _break(data: dict, damage: str) -> object:
    first = data["matches"][0]
    hand = first["hands"][0]
    match damage:
        case "not an object":
            return [data]
        case "no table":
            del data["table"]
        case "short key":
            data["table"]["key"] = "abc"
        case "name not text":
            data["table"]["name"] = 12
        case "bad date":
            first["created_at"] = "yesterday"
        case "naive date":
            first["created_at"] = "2025-01-01T10:00:00"
        case "matches not a list":
            data["matches"] = {"1": first}
        case "unknown player":
            first["seats"][0]["player"] = "Nobody"
        case "seat off the table":
            first["seats"][0]["position"] = 7
        case "duplicate match number":
            data["matches"][1]["number"] = 1
        case "number not a number":
            hand["number"] = "one"
        case "bad ending":
            hand["ending"] = "exploded"
        case "bad token":
            hand["token"] = "not-a-uuid"
        case "bad reason":
            hand["reason"] = {"code": "nonsense"}
        case "side off the table":
            hand["entries"][0]["side"] = 5
        case "bad rules":
            first["seat_count"] = 9
        case "totals not numbers":
            first["totals"] = ["a", "b"]
        case "log not a list":
            first["log"] = None
    return data


@pytest.mark.parametrize(
    "damage",
    [
        "not an object",
        "no table",
        "short key",
        "name not text",
        "bad date",
        "naive date",
        "matches not a list",
        "unknown player",
        "seat off the table",
        "duplicate match number",
        "number not a number",
        "bad ending",
        "bad token",
        "bad reason",
        "side off the table",
        "bad rules",
        "totals not numbers",
        "log not a list",
    ],
)
def test_import_refuses_garbage_and_saves_nothing(damage):
    table = busy_table()
    data = export_table(table)
    wipe(table)

    with pytest.raises(ValueError):
        import_table(_break(copy.deepcopy(data), damage))

    assert not created(Table).exists()
    assert not created(Match).exists()
    assert not created(Player).exists()


def test_commands_round_trip_through_a_file(tmp_path):
    table = busy_table()
    exported = export_table(table)
    path = tmp_path / "table.json"
    call_command("export_table", "-o", str(path), "--", table.key)
    assert "Zoë" in path.read_text(encoding="utf-8")  # ensure_ascii=False
    wipe(table)

    out = io.StringIO()
    call_command("import_table", str(path), stdout=out)

    assert out.getvalue().strip() == f"/t/{exported['table']['key']}/"
    assert export_table(created(Table).get()) == exported


def test_export_command_writes_to_stdout():
    table = busy_table()
    out = io.StringIO()

    call_command("export_table", "--", table.key, stdout=out)

    assert json.loads(out.getvalue()) == export_table(table)
    assert '\n  "format": ' in out.getvalue()


def test_export_command_takes_a_key_that_starts_with_a_dash():
    # One key in 64 starts with "-", which argparse would read as an option.
    table = Table.objects.create(key="-" + new_key()[1:])
    out = io.StringIO()

    call_command("export_table", "--", table.key, stdout=out)

    assert json.loads(out.getvalue())["table"]["key"] == table.key


def test_export_command_takes_the_table_link():
    table = Table.objects.create(key="-" + new_key()[1:])
    out = io.StringIO()

    call_command("export_table", f"https://dominoes.example/t/{table.key}/m/1/", stdout=out)

    assert json.loads(out.getvalue())["table"]["key"] == table.key


def test_export_command_refuses_an_unknown_key():
    with pytest.raises(CommandError, match="No table"):
        call_command("export_table", "no-such-table")


def test_import_command_refuses_garbage_json(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "scorekeeper.table", ', encoding="utf-8")

    with pytest.raises(CommandError, match="not a JSON file"):
        call_command("import_table", str(path))


def test_import_command_refuses_an_existing_key(tmp_path):
    table = busy_table()
    path = tmp_path / "table.json"
    call_command("export_table", "-o", str(path), "--", table.key)

    with pytest.raises(CommandError, match="already exists"):
        call_command("import_table", str(path))

    assert created(Table).count() == 1


def test_csv_has_the_worked_example_sheet():
    match = worked_example()

    rows = list(csv.reader(io.StringIO(match_csv(match))))

    assert rows == [
        [
            "Hand",
            "Alice & Cara points", "Alice & Cara total",
            "Ben & Dev points", "Ben & Dev total",
            "Ending", "Went out / winner", "Capicú",
        ],
        ["1", "0", "0", "56", "56", "Went out", "Dev", "yes"],
        ["2", "44", "44", "0", "56", "Went out", "Alice", ""],
        ["3", "33", "77", "0", "56", "Blocked", "Cara", ""],
        ["4", "38", "115", "0", "56", "Went out", "Cara", ""],
    ]  # fmt: skip


def test_csv_keeps_a_formula_like_name_as_text():
    table = Table.objects.create()
    match = table.start_match(["=1+1", "Ben"], rules.make_game("standard", 2), "standard")
    play(match, [rules.Hand(rules.Ending.WENT_OUT, went_out=0, pips={1: 10})])

    rows = list(csv.reader(io.StringIO(match_csv(match))))

    assert rows[0][1] == "'=1+1 points"
    assert rows[1][rows[0].index("Went out / winner")] == "'=1+1"


# --- The download views


def downloaded(client: Client, url: str, content_type: str, filename: str):
    """The answer to a download link, checked to be a file of this type and name."""
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == content_type
    assert response["Content-Disposition"] == f'attachment; filename="{filename}"'
    return response


def test_json_download_is_the_export(client: Client):
    table = busy_table()

    url = f"/t/{table.key}/export.json"
    response = downloaded(client, url, "application/json", "table-cafe-zoe.json")

    assert "no-store" in response["Cache-Control"]
    assert json.loads(response.content) == export_table(table)


def test_json_download_of_an_unnamed_table_is_named_by_key(client: Client):
    table = Table.objects.create()

    response = client.get(f"/t/{table.key}/export.json")

    assert response["Content-Disposition"] == f'attachment; filename="table-{table.key}.json"'


def test_csv_download_is_the_sheet(client: Client):
    match = worked_example()

    url = f"/t/{match.table.key}/m/1/sheet.csv"
    response = downloaded(client, url, "text/csv; charset=utf-8", "table-sunday-match-1.csv")

    text = response.content.decode("utf-8-sig")
    assert text == match_csv(Match.objects.with_sheet().get(pk=match.pk))


def test_downloads_need_the_key(client: Client):
    match = worked_example()
    key = match.table.watch_key

    assert client.get(f"/t/{key}/export.json").status_code == 404
    assert client.get(f"/t/{key}/m/1/sheet.csv").status_code == 404
    assert client.get(f"/t/{match.table.key}/m/2/sheet.csv").status_code == 404


def test_csv_of_a_game_without_capicu_has_no_capicu_column():
    table = Table.objects.create()
    match = table.start_match(["Ann", "Ben"], rules.make_game("standard", 2), "standard")
    play(match, [rules.Hand(rules.Ending.WENT_OUT, went_out=0, pips={1: 10})])

    rows = list(csv.reader(io.StringIO(match_csv(match))))

    assert "Capicú" not in rows[0]
    assert len(rows[1]) == len(rows[0])


@pytest.mark.parametrize("key", list(rules.GAMES))
def test_every_games_sheet_has_its_csv_columns_and_a_round_game_names_its_engine(key):
    from scorekeeper.backup.sheet import SHEET_COLUMNS

    kind = rules.GAMES[key]
    columns = SHEET_COLUMNS[kind.sheet]

    assert [str(title) for title in columns.first] == (
        ["Round", "Engine"] if kind.ending == "rounds" else ["Hand"]
    )
    assert columns.plays == (kind.sheet == "plays")
