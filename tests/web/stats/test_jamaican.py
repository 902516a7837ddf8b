"""Statistics of Jamaican sets: sets won, six-loves given and taken, hands won, and the game's
own counts, keys and hands tied, each linked to the sets behind it; a table that never played
Jamaican shows neither."""

import pytest
from django.test import Client

from scorekeeper.backup import export_table, import_table
from scorekeeper.statistics import reading as stats
from tests.web.match.test_jamaican import jamaican, post

pytestmark = pytest.mark.django_db


def cells(client: Client, table, name: str) -> dict[str, tuple]:
    groups = client.get(table.stats_url()).context["groups"]
    row = next(row for _title, rows in groups for row in rows if row["record"].name == name)
    return {column.key: (value, href) for column, value, href in row["cells"]}


def listed(client: Client, href: str) -> list[int]:
    return [match.number for match in client.get(href).context["matches"]]


@pytest.fixture
def two_sets(client: Client, make_match):
    """Set 1: Cara on a key (2-0), a tie, the replay for 2 (4-0), two more: a six-love with a
    key and a tie. Set 2: Ben and Dev six hands running, no key, no tie."""
    first = jamaican(make_match)
    post(client, first, 2, key=True)
    post(client, first, "blocked", {0: 8, 1: 8, 2: 15, 3: 20})
    for seat in (0, 2, 0):
        post(client, first, seat)
    assert first.totals == [6, 0] and first.winner_side == 0
    second = first.table.start_match(PARTNER_NAMES, first.game(), first.table.preset)
    for seat in (1, 3, 1, 3, 1, 3):
        post(client, second, seat)
    assert second.totals == [0, 6] and second.winner_side == 1
    return first, second


PARTNER_NAMES = ["Alice", "Ben", "Cara", "Dev"]


def test_sets_six_loves_hands_keys_and_ties_of_a_pair(client: Client, two_sets):
    table = two_sets[0].table
    ours, theirs = cells(client, table, "Alice & Cara"), cells(client, table, "Ben & Dev")

    keys = ("played", "won", "hands_won", "shutouts_given", "shutouts_taken", "keys", "ties")
    assert [ours[key][0] for key in keys] == [2, 1, 4, 1, 1, 1, 1]
    assert [theirs[key][0] for key in keys] == [2, 1, 6, 1, 1, 0, 1]
    # A player counts the pair's: Cara went out on the key, the tie was at both sides' table.
    cara = cells(client, table, "Cara")
    assert (cara["keys"][0], cara["ties"][0]) == (1, 1)


def test_keys_and_ties_link_to_the_sets_they_were_in(client: Client, two_sets):
    ours = cells(client, two_sets[0].table, "Alice & Cara")
    theirs = cells(client, two_sets[0].table, "Ben & Dev")

    assert listed(client, ours["keys"][1]) == [1]
    assert listed(client, ours["ties"][1]) == [1]
    assert listed(client, theirs["ties"][1]) == [1]
    assert theirs["keys"][1] is None  # a counted 0 links nowhere


def test_the_page_names_keys_ties_and_says_what_a_six_love_counts_as(client: Client, two_sets):
    page = client.get(two_sets[0].table.stats_url()).content.decode()

    assert "Keys" in page and "Hands tied" in page
    assert "Shutouts are six-loves" in page


def test_a_jamaican_table_shows_keys_and_ties_before_anyone_has_one(client: Client, make_match):
    match = jamaican(make_match)
    for seat in (0, 2, 0, 2, 0, 2):
        post(client, match, seat)
    alice = cells(client, match.table, "Alice")

    assert (alice["keys"][0], alice["ties"][0]) == (0, 0)


def test_a_table_of_block_games_shows_no_keys_or_ties(client: Client, make_match, add_hand):
    match = make_match(target=20)
    add_hand(match, 0, {1: 10, 2: 10, 3: 10})
    assert match.finished
    response = client.get(match.table.stats_url())

    assert "keys" not in [column.key for column in response.context["columns"]]
    assert "Hands tied" not in response.content.decode()
    assert "Jamaican" not in response.content.decode()


def test_a_jamaican_table_shows_no_pips_a_hand_capicu_or_bonus(client: Client, two_sets):
    """A set counts games: "Points a hand" read 0.7 (games a hand) and "Capicús" stood at 0;
    a block table keeps both."""
    response = client.get(two_sets[0].table.stats_url())
    keys = [column.key for column in response.context["columns"]]

    assert "hands_won" in keys and "shutouts_given" in keys
    assert not {"points_per_hand", "capicus", "bonuses"} & set(keys)
    assert "Points a hand" not in response.content.decode()


def test_a_block_table_keeps_points_a_hand_and_capicus(client: Client, make_match, add_hand):
    match = make_match(target=20)
    add_hand(match, 0, {1: 10, 2: 10, 3: 10})
    keys = [column.key for column in client.get(match.table.stats_url()).context["columns"]]

    assert {"points_per_hand", "capicus", "bonuses"} <= set(keys)


def test_a_tie_in_a_block_game_is_not_counted_as_a_jamaican_tie(make_match, add_hand):
    """A void blocked hand of another game is not a tie the statistics count."""
    match = make_match(target=20)
    add_hand(match, "blocked", {0: 9, 1: 9, 2: 15, 3: 20})
    add_hand(match, 0, {1: 10, 2: 10, 3: 10})
    players, pairs = stats.records(match.table)

    assert all(record.ties == 0 for record in players + pairs)


def test_history_offers_keys_and_ties_once_someone_has_one(client: Client, two_sets):
    history = client.get(two_sets[0].table.get_absolute_url()).content.decode()

    assert 'value="keys"' in history and 'value="ties"' in history


def test_a_restored_table_keeps_its_keys_and_ties(two_sets):
    def counts(table) -> dict[str, tuple]:
        players, pairs = stats.records(table)
        return {row.name: (row.keys, row.ties, row.shutouts_given) for row in players + pairs}

    before = counts(two_sets[0].table)
    data = export_table(two_sets[0].table)
    two_sets[0].table.delete()

    assert counts(import_table(data)) == before
    assert before["Alice & Cara"] == (1, 1, 1)


def shutouts(table) -> dict[str, tuple[int, int]]:
    players, _pairs = stats.records(table)
    return {row.name: (row.shutouts_given, row.shutouts_taken) for row in players}


def test_a_cut_throat_six_love_is_taken_by_each_player_still_on_love(client: Client, make_match):
    """RULES.md example 10's end: Ann wins 6, 1, 0, 0 and gives six-love to Cy and Dee (the
    statistics counted none: not every other player was on love)."""
    match = jamaican(make_match, "jamaican_cut_throat", names=("Ann", "Bo", "Cy", "Dee"))
    for seat in (0, 0, 0, 0, 1, 0, 0):
        post(client, match, seat)
    assert match.totals == [6, 1, 0, 0] and match.winner_side == 0

    assert shutouts(match.table) == {"Ann": (1, 0), "Bo": (0, 0), "Cy": (0, 1), "Dee": (0, 1)}


def test_a_straight_six_is_a_six_love_only_with_everyone_else_on_love(client: Client, make_match):
    match = jamaican(make_match, "straight_six", names=("Ann", "Bo", "Cy"))  # three: each alone
    for seat in (0, 0, 0, 0, 0, 1, 0):
        post(client, match, seat)
    assert match.totals == [6, 1, 0] and match.winner_side == 0

    assert shutouts(match.table) == {"Ann": (0, 0), "Bo": (0, 0), "Cy": (0, 0)}
