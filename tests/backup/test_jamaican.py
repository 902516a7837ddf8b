"""A Jamaican set in the backup, the CSV and the statistics: its switches and its keys come back,
the set replayed through the rules gives the same games, marks and six-love."""

import csv
import io
import uuid

import pytest
from django.utils import translation

from scorekeeper import rules
from scorekeeper.backup import export_table, import_table, match_csv
from scorekeeper.models import Match, Table
from scorekeeper.models.rules_fields import Group, house_rules_fields
from tests.backup.test_backup import wipe
from tests.created import created

pytestmark = pytest.mark.django_db

OUT = rules.Ending.WENT_OUT
SWITCHES = {
    "set_format": "six_love",
    "tie_replay": "flat_2",
    "one_all_play_two": True,
    "partners_level": "replay",
    "key_counts_two": True,
    "double_six_every_hand": True,
}


def jamaican_table() -> tuple[Table, Match]:
    """A partner set under chosen switches: a tie, a key, a bruk, then to six-love."""
    table = Table.objects.create(name="Yard")
    house = rules.HouseRules(**{**house_rules_fields(rules.HouseRules(target=6)), **SWITCHES})
    game = rules.make_game("jamaican_partner", 4, rules=house)
    match = table.start_match(["Alice", "Ben", "Cara", "Dev"], game, "jamaican_partner")
    hands = [
        rules.Hand(rules.Ending.BLOCKED, pips={0: 8, 1: 8, 2: 15, 3: 20}),  # tie: replay for 2
        rules.Hand(OUT, went_out=2, key=True),  # a key in the replay: 2-0
        rules.Hand(OUT, went_out=1),  # the last side on love: bruk
        *[rules.Hand(OUT, went_out=0)] * 5,
        rules.Hand(OUT, went_out=2, key=True),  # 5-0, a key: 7-0
    ]
    for hand in hands:
        match.add_hand(hand, token=uuid.uuid4(), number=match.hand_count + 1)
    return table, match


def marks(match: Match) -> list[list[str]]:
    return [hand.reason.get("marks", []) for hand in match.hands.order_by("number")]


def test_a_jamaican_set_comes_back_from_its_backup_as_it_was():
    table, match = jamaican_table()
    assert match.totals == [7, 0] and match.winner_side == 0
    before = marks(match)
    data = export_table(table)
    wipe(table)

    restored = import_table(data)

    again = created(Table).get(pk=restored.pk).matches.get()
    assert house_rules_fields(again.house_rules(), Group.GAME) == SWITCHES
    assert again.totals == [7, 0] and again.winner_side == 0
    assert marks(again) == before == [["tie"], ["key"], ["bruk"], [], [], [], [], [], ["key"]]
    assert [hand.on_a_key for hand in again.hands.order_by("number")][:2] == [False, True]
    assert export_table(restored) == data


def test_the_change_log_comes_back_saying_what_each_hand_was_worth():
    table, _ = jamaican_table()
    data = export_table(table)
    wipe(table)

    again = created(Table).get(pk=import_table(data).pk).matches.get()

    with translation.override("en"):
        lines = [line for _entry, line in again.log_lines()]
    assert "Hand 1: blocked, a tie: the replay is worth 2" in lines
    assert "Hand 2: Cara went out on a key, 2 games to Alice & Cara" in lines
    assert "Hand 3: Ben went out, a bruk: love all, and the winner scores nothing" in lines


def test_the_csv_gives_each_hands_games_and_the_winner():
    _, match = jamaican_table()

    rows = list(csv.reader(io.StringIO(match_csv(match))))

    assert rows[0][:5] == [
        "Hand",
        "Alice & Cara games",
        "Alice & Cara total",
        "Ben & Dev games",
        "Ben & Dev total",
    ]
    assert rows[3][1:5] == ["-2", "0", "0", "0"]  # the bruk takes Alice & Cara's two games
    assert rows[-3][1:5] == ["2", "7", "0", "0"]
    assert rows[-2] == ["Winner", "Alice & Cara"]


def test_the_csv_marks_each_hand_as_the_sheet_does():
    # Before, the CSV gave the tie as a blocked hand won by nobody, and no key, bruk or replay.
    _, match = jamaican_table()

    rows = list(csv.reader(io.StringIO(match_csv(match))))

    assert rows[0][-1] == "Marks"
    assert [row[-1] for row in rows[1:5]] == [
        "Tie: replay for 2",
        "Key; played for 2",
        "Bruk: back to love all",
        "",
    ]
    assert rows[-3][-1] == "Key; played for 2"  # a key is worth 2


def test_the_csv_marks_each_hand_in_the_tables_language():
    _, match = jamaican_table()

    with translation.override("es"):
        spanish = list(csv.reader(io.StringIO(match_csv(match))))
    with translation.override("sv"):
        swedish = list(csv.reader(io.StringIO(match_csv(match))))

    assert spanish[0][-1] == "Marcas" and spanish[1][-1] == "Empate: se repite por 2"
    assert swedish[0][-1] == "Markeringar" and swedish[3][-1].startswith("Bruk")


def test_the_csv_names_who_was_given_six_love_as_the_page_does(client):
    # Before, the last row named the winner only: the players on love went unsaid.
    table = Table.objects.create(name="Yard")
    game = rules.make_game("jamaican_cut_throat", 3)
    match = table.start_match(["Ann", "Bo", "Cy"], game, "jamaican_cut_throat")
    while not match.finished:
        match.add_hand(rules.Hand(OUT, went_out=0), token=uuid.uuid4(), number=match.hand_count + 1)
    page = client.get(f"/t/{table.key}/m/{match.number}/").content.decode()

    rows = list(csv.reader(io.StringIO(match_csv(match))))
    with translation.override("es"):
        spanish = list(csv.reader(io.StringIO(match_csv(match))))

    assert "Six-love! Given to Bo, Cy." in page
    assert rows[-2:] == [["Winner", "Ann"], ["Six-love to", "Bo, Cy"]]
    assert spanish[-1][1] == "Bo, Cy" and spanish[-1][0] != "Six-love to"


def test_a_partner_set_names_the_side_given_six_love():
    _, match = jamaican_table()  # won 7-0: Ben & Dev stayed on love

    rows = list(csv.reader(io.StringIO(match_csv(match))))

    assert rows[-1] == ["Six-love to", "Ben & Dev"]


def test_the_tables_pages_show_a_finished_set(client):
    table, match = jamaican_table()
    base = f"/t/{table.key}/"

    pages = {
        "table": client.get(base),
        "stats": client.get(base + "stats"),
        "watch": client.get(f"/w/{table.watch_key}/"),
        "hand": client.get(base + f"m/{match.number}/h/3/"),
        "help": client.get("/help?t=" + table.key),
        "csv": client.get(base + f"m/{match.number}/sheet.csv"),
    }

    assert {name: page.status_code for name, page in pages.items()} == dict.fromkeys(pages, 200)
    assert "Six-love! Given to Ben &amp; Dev." in pages["watch"].content.decode()
    hand = pages["hand"].content.decode()
    assert "Ben went out. For 1: a bruk: love all, and the winner scores nothing." in hand
    help_page = pages["help"].content.decode()
    assert "the hand is played again for 2." in help_page  # tie replay: flat 2
    assert "The double six poses every hand." in help_page
