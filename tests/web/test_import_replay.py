"""A backup of the newer games is replayed through the rules on import: what does not add up is
refused, naming the problem, with nothing stored."""

import copy
import html
import json
import uuid

import pytest

from scorekeeper import rules
from scorekeeper.backup import export_table, import_table
from scorekeeper.models import Match, Table
from scorekeeper.testing import add_hand, scoring_match, tap

from .test_import_page import upload
from .test_translations import assert_no_english

pytestmark = pytest.mark.django_db


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
    data = export_table(Table.objects.get(pk=table.pk))
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

    assert not Table.objects.exists()
    assert not Match.objects.exists()


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
    assert not Table.objects.exists()
