"""A restore writes a match's hands, counts, entries, plays and log in bulk: its queries do not
grow with the number of hands, so the largest file the import page takes restores in seconds
(bench/restore_bench.py times it)."""

import copy
import random
import uuid

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorekeeper import rules
from scorekeeper.backup import export_table, import_table
from scorekeeper.models import Table
from tests.created import created
from tests.support.testing import deal_hand, scoring_match, tap

pytestmark = pytest.mark.django_db


def backup_of(hands: int, *, scoring: bool = False) -> dict:
    """A table with one match of so many hands (an All Fives one has a score in play in each)."""
    rng = random.Random(hands)
    if scoring:
        match = scoring_match(target=1000)
    else:
        table = Table.objects.create(name="Park")
        game = rules.make_game("caribbean", 4, rules=rules.HouseRules(target=1000))
        match = table.start_match(["Ann", "Bo", "Cy", "Dee"], game, "caribbean")
    while match.hand_count < hands:
        if scoring:
            tap(match, 0, 5)
        hand = deal_hand(match.game(), rng, capicu_share=0)
        match.add_hand(hand, token=uuid.uuid4(), number=match.hand_count + 1)
    data = export_table(match.table)
    data["table"]["key"], data["table"]["watch_key"] = "k" * 22, "w" * 22
    return data


def restore_queries(data: dict) -> int:
    with CaptureQueriesContext(connection) as queries:
        import_table(data)
    created(Table).get(key="k" * 22).matches.all().delete()
    Table.objects.filter(key="k" * 22).delete()
    return len(queries)


@pytest.mark.parametrize("scoring", [False, True])
def test_a_restore_costs_the_same_queries_with_more_hands(scoring):
    few, many = backup_of(2, scoring=scoring), backup_of(12, scoring=scoring)

    assert restore_queries(many) == restore_queries(few)


@pytest.mark.parametrize(
    ("part", "field", "message"),
    [
        ("hands", "token", "match 1: token '"),
        ("hands", "number", "match 1: number '2' is there twice"),
        ("plays", "token", "match 1, hand 1: token '"),
    ],
)
def test_rows_written_together_still_may_not_share_a_place_or_token(part, field, message):
    data = backup_of(2, scoring=True)
    hands = data["matches"][0]["hands"]
    if part == "hands":
        hands[1][field] = hands[0][field] if field == "token" else 2
        if field == "number":
            hands[0]["number"] = 2
    else:
        tap_copy = dict(hands[0]["plays"][0], position=2)
        hands[0]["plays"].append(tap_copy)

    with pytest.raises(ValueError, match=message):
        import_table(data)
    assert not Table.objects.filter(key="k" * 22).exists()


def with_matches(data: dict, count: int) -> dict:
    """The backup with its one match there `count` times, numbered 1, 2, ..."""
    copied = copy.deepcopy(data)
    copied["matches"] = [
        dict(copy.deepcopy(data["matches"][0]), number=n + 1) for n in range(count)
    ]
    return copied


@pytest.mark.parametrize("scoring", [False, True])
def test_a_restore_costs_the_same_queries_with_more_matches(scoring):
    data = backup_of(3, scoring=scoring)

    assert restore_queries(with_matches(data, 4)) == restore_queries(with_matches(data, 1))


def test_two_matches_with_one_number_are_refused():
    data = with_matches(backup_of(2), 2)
    data["matches"][1]["number"] = 1

    with pytest.raises(ValueError, match="number '1' is there twice"):
        import_table(data)
    assert not Table.objects.filter(key="k" * 22).exists()
