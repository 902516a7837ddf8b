"""Statistics, head to head and the filtered history: queries constant in matches and hands."""

import random

import pytest
from django.test import Client

from tests.support.generate_matches import create_matches
from tests.support.testing import QUERY_BUDGETS

pytestmark = pytest.mark.django_db

BUDGETS = {view: QUERY_BUDGETS[view] for view in ("statistics", "head_to_head", "history_filtered")}


def paths(table) -> dict[str, str]:
    ids = {player.name: player.pk for player in table.players.all()}
    ours = "-".join(str(pk) for pk in sorted((ids["Alice"], ids["Cara"])))
    theirs = "-".join(str(pk) for pk in sorted((ids["Ben"], ids["Dev"])))
    return {
        "statistics": f"{table.stats_url()}?sort=best_streak",
        "head_to_head": f"{table.versus_url()}?one={ours}&other={theirs}",
        "history_filtered": f"{table.get_absolute_url()}?who={ids['Dev']}&only=won",
    }


@pytest.fixture
def big_table(make_match):
    """200 finished matches of 8 hands between the same two pairs."""
    match = make_match()
    table = match.table
    players = sorted(table.players.all(), key=lambda player: match.seat_names().index(player.name))
    match.delete()
    create_matches(table, players, "caribbean", range(1, 201), 8, random.Random(5), 200)
    return table


@pytest.mark.parametrize("view", BUDGETS)
def test_stats_queries_are_the_same_with_200_matches_as_with_three(
    view, park_table, big_table, django_assert_max_num_queries
):
    small, large = paths(park_table)[view], paths(big_table)[view]
    with django_assert_max_num_queries(BUDGETS[view]) as few:
        assert Client().get(small).status_code == 200
    with django_assert_max_num_queries(BUDGETS[view]) as many:
        assert Client().get(large).status_code == 200
    assert len(many) == len(few)


def test_a_finishing_hand_writes_the_records_in_constant_queries(make_match, add_hand, big_table):
    """The hand that ends a match costs as many queries at a busy table as at a new one."""

    def finishing_queries(table) -> int:
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        from scorekeeper import rules

        game = rules.make_game("caribbean", 4, rules=rules.HouseRules(target=20))
        match = table.start_match(["Alice", "Ben", "Cara", "Dev"], game, "caribbean")
        with CaptureQueriesContext(connection) as captured:
            add_hand(match, 0, {1: 10, 2: 5, 3: 10})
        assert match.finished
        return len(captured)

    fresh = make_match(target=20).table
    assert finishing_queries(big_table) == finishing_queries(fresh)
