"""Backups of scoring games: plays go into the JSON and the CSV, and the import re-scores them."""

import copy
import csv
import io
from datetime import timedelta

import pytest
from django.utils import timezone

from scorekeeper.backup import export_table, import_table, match_csv
from scorekeeper.models import Match, Table
from tests.created import created
from tests.support.testing import add_hand, scoring_match, tap

pytestmark = pytest.mark.django_db


def played_table() -> Table:
    """An All Fives hand played out, then a second one in play; a Bergen match ended mid-hand."""
    match = scoring_match(partnership=False)
    for seat, points in ((0, 10), (1, 15), (0, 5), (2, 20)):
        tap(match, seat, points)
    add_hand(match, 3, {0: 7, 1: 12, 2: 4})
    tap(match, 1, 5)
    bergen = match.table.start_match(
        ["Ann", "Bo"], scoring_match("bergen", names=("Ann", "Bo"), target=3).game(), "bergen"
    )
    tap(bergen, 0, 2)
    tap(bergen, 0, 2)
    return created(Table).get(pk=match.table_id)


def moved(data: dict) -> dict:
    """The same backup under new keys, so it can be imported beside the original."""
    data = copy.deepcopy(data)
    data["table"]["key"] = "k" * 22
    data["table"]["watch_key"] = "w" * 22
    return data


def test_export_carries_every_play_in_order():
    hands = export_table(played_table())["matches"][0]["hands"]

    assert [(play["seat"], play["points"]) for play in hands[0]["plays"]] == [
        (0, 10),
        (1, 15),
        (0, 5),
        (2, 20),
    ]
    assert (hands[1]["ending"], len(hands[1]["plays"])) == ("", 1)


def test_import_brings_back_plays_and_the_match_ended_mid_hand():
    data = moved(export_table(played_table()))

    table = import_table(data)

    first, second = table.matches.order_by("number")
    assert (first.totals, first.hand_count) == ([15, 20, 20, 25], 1)
    assert (second.winner_side, second.hands.get().plays.count()) == (0, 2)
    assert export_table(table)["matches"] == data["matches"]


def test_a_copy_restores_beside_the_original_under_new_keys():
    original = played_table()

    copy_of = import_table(export_table(original), new_keys=True)

    assert copy_of.key != original.key
    assert copy_of.matches.get(number=1).hands.get(number=2).plays.count() == 1


def test_import_refuses_plays_that_do_not_make_the_stored_score():
    data = moved(export_table(played_table()))
    data["matches"][0]["hands"][0]["plays"][0]["points"] = 20

    with pytest.raises(
        ValueError,
        match=r"match 1, hand 1: the file credits \[15, 15, 20, 25\], its plays and end make \[25,",
    ):
        import_table(data)
    assert not Table.objects.filter(key="k" * 22).exists()


def test_import_refuses_a_play_off_the_fives():
    data = moved(export_table(played_table()))
    data["matches"][0]["hands"][1]["plays"][0]["points"] = 7

    with pytest.raises(
        ValueError, match=r"the rules refuse its plays or ends \(A score during play is a multiple"
    ):
        import_table(data)


def test_csv_sheet_lists_the_plays_of_each_hand():
    match = played_table().matches.order_by("number").first()

    rows = list(csv.reader(io.StringIO(match_csv(match))))

    assert rows[0][-1] == "During play"
    plays = [row[-1].replace("\u2068", "").replace("\u2069", "") for row in rows[1:]]
    assert plays == ["Ann 10; Bo 15; Ann 5; Cy 20", "Bo 5"]


def test_a_scoring_match_the_clock_ended_comes_back():
    # A tournament round's clock ends an All Fives match after its hand, as it ends a block one:
    # the import plays it to the same end.
    match = scoring_match(partnership=False)
    Match.objects.filter(pk=match.pk).update(ends_at=timezone.now() - timedelta(minutes=1))
    match.refresh_from_db()
    tap(match, 0, 10)
    add_hand(match, 3, {0: 7, 1: 12, 2: 4})
    match.refresh_from_db()
    assert match.finished

    table = import_table(moved(export_table(match.table)))

    assert table.matches.get().winner_side == match.winner_side
