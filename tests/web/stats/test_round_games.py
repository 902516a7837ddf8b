"""Statistics for Mexican Train: wins (a shared win counts for each who shares it), rounds
played, the average count a round, rounds gone out and the lowest game, each number linking to
exactly the games behind it (a counted 0 links nowhere; an average or a game's total of 0
links to its games)."""

import pytest
from django.test import Client

from scorekeeper.models import Match
from tests.created import created
from tests.web.match.test_rounds import play_short_game, post_round, text

pytestmark = pytest.mark.django_db

# Game 1: Ann 0+4+6 = 10, Bo 10+0+0 = 10: a shared win. Game 2: Ann 5+0+0 = 5, Bo 0+9+3 = 12.
SHARED = [("0", {1: 10}), ("1", {0: 4}), ("blocked", {0: 6, 1: 0})]
SECOND = [("1", {0: 5}), ("0", {1: 9}), ("0", {1: 3})]


@pytest.fixture
def two_games(client: Client) -> tuple[Match, Match]:
    first = play_short_game(client, SHARED)
    second = first.table.start_match(["Ann", "Bo"], first.game(), first.table.preset)
    for out, pips in SECOND:
        post_round(client, second, out, pips)
    assert first.winner_sides() == [0, 1] and second.winner_sides() == [0]
    return first, second


def cells(client: Client, table, name: str) -> dict[str, tuple]:
    players, _pairs = (rows for _title, rows in client.get(table.stats_url()).context["groups"])
    row = next(row for row in players if row["record"].name == name)
    return {column.key: (value, href) for column, value, href in row["cells"]}


def listed(client: Client, href: str) -> list[int]:
    return [match.number for match in client.get(href).context["matches"]]


def test_the_numbers_of_mexican_train(client: Client, two_games):
    table = two_games[0].table
    ann, bo = cells(client, table, "Ann"), cells(client, table, "Bo")

    numbers = ("played", "won", "rounds", "count_per_round", "rounds_out", "lowest_game")
    assert [ann[key][0] for key in numbers] == [2, 2, 6, 2.5, 3, 5]
    assert [bo[key][0] for key in numbers] == [2, 1, 6, 3.7, 2, 10]


def test_each_number_links_to_exactly_the_games_behind_it(client: Client, two_games):
    table = two_games[0].table
    ann, bo = cells(client, table, "Ann"), cells(client, table, "Bo")

    assert listed(client, ann["won"][1]) == [2, 1]
    assert listed(client, bo["won"][1]) == [1]
    assert listed(client, ann["rounds_out"][1]) == [2, 1]
    assert listed(client, ann["count_per_round"][1]) == [2, 1]
    assert listed(client, ann["lowest_game"][1]) == [2]
    assert listed(client, bo["lowest_game"][1]) == [1]


def test_a_round_game_has_no_hand_numbers_and_a_zero_of_its_games_links_to_them(
    client: Client,
):
    match = play_short_game(client, [("0", {1: 10}), ("0", {1: 4}), ("0", {1: 6})])
    ann = cells(client, match.table, "Ann")

    assert ann["rounds_out"][0] == 3 and ann["lowest_game"][0] == 0
    assert listed(client, ann["lowest_game"][1]) == [1]  # a lowest game of 0 is a game
    # An average count of 0 stands on the rounds of that game.
    assert ann["count_per_round"][0] == 0
    assert listed(client, ann["count_per_round"][1]) == [1]
    # The pips counted against a player are not points scored: no "Points a hand" from them.
    assert "points_per_hand" not in ann and "hands_won" not in ann


def test_the_page_says_a_shared_win_is_a_win(client: Client, two_games):
    page = text(client.get(two_games[0].table.stats_url()))

    assert "a shared win counts as a win for each player who shares it." in page
    assert "Lowest game" in page and "Count a round" in page


def test_the_migration_counts_the_games_played_before_as_the_app_does(client: Client, two_games):
    import importlib

    from django.db import connection
    from django.db.migrations.loader import MigrationLoader

    from scorekeeper.statistics.records import COUNTERS, STORED, Record, SideRecord

    def stored() -> tuple[set, set]:
        sides = created(SideRecord).values_list(
            "match_id", "side", "player_a_id", "lowest_game", *COUNTERS
        )
        records = created(Record).values_list("player_a_id", "lowest_game", *STORED)
        return set(sides), set(records)

    kept = stored()
    # As the records were before: rounds as hands, counts as points, no shared win.
    SideRecord.objects.update(rounds=0, round_pips=0, rounds_out=0, lowest_game=None, hands=3)
    SideRecord.objects.filter(match=two_games[0], side=1).update(won=0)
    Record.objects.update(rounds=0, round_pips=0, rounds_out=0, lowest_game=None, won=0)
    assert stored() != kept
    state = MigrationLoader(connection).project_state(("scorekeeper", "0024_round_game_records"))
    module = importlib.import_module("scorekeeper.migrations.0024_round_game_records")

    module.recount(state.apps, None)

    assert stored() == kept


def test_every_game_names_a_shape_of_side_record_the_records_write():
    from scorekeeper import rules
    from scorekeeper.statistics.records import SIDE_RECORDS

    assert {kind.records for kind in rules.GAMES.values()} <= set(SIDE_RECORDS)


def test_the_games_whose_numbers_are_shown_are_chosen_by_their_records():
    from scorekeeper import rules
    from scorekeeper.statistics import reading as stats

    rounds = [column for column in stats.COLUMNS if column.games in ("", "rounds")]
    hands = [column for column in stats.COLUMNS if column.games in ("", "hands")]

    assert stats.games_shown(rounds) == [rules.find_game("mexican_train")]
    assert stats.games_shown(hands) == []


def test_spanish_says_rounds_gone_out_with_the_word_for_going_out(client: Client, two_games):
    # In Spanish "salió" is who led; who went out "dominó".
    client.cookies["django_language"] = "es"
    page = text(client.get(two_games[0].table.stats_url()))

    assert "Rondas en que dominó" in page
    assert "Rondas en que salió" not in page
