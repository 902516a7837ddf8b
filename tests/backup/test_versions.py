"""A backup's version: files are written as version 6 (round rules, shared wins, a round's
clock), older ones still restore; a file's shared win must be the one its rounds give."""

import json

import pytest
from django.test import Client

from scorekeeper.backup import FORMAT_VERSION, export_table, import_table
from scorekeeper.models import Match, Table
from scorekeeper.models.rules_fields import ROUND_RULES
from tests.backup.test_backup import busy_table, wipe
from tests.created import created
from tests.web.match.test_rounds import play_short_game

pytestmark = pytest.mark.django_db

SHARED = [("0", {1: 10}), ("1", {0: 4}), ("blocked", {0: 6, 1: 0})]  # 10 each: shared
ALONE = [("0", {1: 10}), ("1", {0: 4}), ("blocked", {0: 3, 1: 2})]  # 7 to 12: Ann alone


def stored() -> tuple[int, int]:
    return created(Table).count(), created(Match).count()


def test_a_backup_is_written_as_version_6():
    assert FORMAT_VERSION == 6
    assert export_table(busy_table())["version"] == 6


def without_later_fields(data: dict) -> dict:
    """The file as version 5 wrote it: no round rules, no shared win, no round clock."""
    data = json.loads(json.dumps(data))
    for part in (data["table"], *data["matches"]):
        for field in (*ROUND_RULES, "ends_at", "co_winners"):
            part.pop(field, None)
    return data


def test_a_version_5_file_without_the_later_fields_restores():
    table = busy_table()
    data = without_later_fields(export_table(table)) | {"version": 5}
    wipe(table)

    restored = import_table(data)

    assert without_later_fields(export_table(restored)) == data | {"version": 6}


def test_a_version_6_file_with_a_shared_win_restores(client: Client):
    match = play_short_game(client, SHARED)
    data = export_table(match.table)
    assert data["version"] == 6 and data["matches"][0]["co_winners"] == [1]
    wipe(match.table)

    restored = import_table(json.loads(json.dumps(data)))

    assert restored.matches.get().winner_sides() == [0, 1]
    assert export_table(restored) == data


@pytest.mark.parametrize(
    ("counts", "claimed"), [(ALONE, [1]), (SHARED, [])], ids=["claimed", "left_out"]
)
def test_a_shared_win_the_rounds_do_not_give_is_refused(client: Client, counts, claimed):
    match = play_short_game(client, counts)
    data = export_table(match.table)
    wipe(match.table)
    data["matches"][0]["co_winners"] = claimed
    before = stored()

    with pytest.raises(ValueError, match="co_winners") as refused:
        import_table(data)

    assert "shared" in str(refused.value)
    assert stored() == before
