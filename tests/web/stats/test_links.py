"""Each number on the statistics page links to exactly the matches behind it; a counted 0 links
nowhere, a rate or an average of 0 to the matches it stands on."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def cells(client: Client, table, name: str) -> dict[str, tuple]:
    response = client.get(table.stats_url())
    players, pairs = (rows for _title, rows in response.context["groups"])
    row = next(row for row in players + pairs if row["record"].name == name)
    return {column.key: (value, href) for column, value, href in row["cells"]}


def listed(client: Client, href: str) -> list[int]:
    return [match.number for match in client.get(href).context["matches"]]


# The park table (tests/conftest.py): match 4 is still in play and is behind no number.
BEHIND = {
    "Ben": {
        "played": [3, 2, 1],
        "won": [3, 2],
        "win_rate": [3, 2, 1],
        "hands_won": [3, 2],
        "points_per_hand": [3, 2, 1],
        "shutouts_given": [2],
        "shutouts_taken": [1],
        "best_streak": [3, 2],
    },
    "Alice": {
        "played": [3, 2, 1],
        "won": [2, 1],
        "win_rate": [3, 2, 1],
        "hands_won": [3, 2, 1],
        "points_per_hand": [3, 2, 1],
        "capicus": [1],
        "blocked_won": [3],
        "shutouts_given": [2, 1],
        "best_streak": [2, 1],
    },
    # Beaten without a point: a win rate of 0 and 0.0 points a hand, each over match 2.
    "Cara & Dev": {"played": [2], "win_rate": [2], "points_per_hand": [2], "shutouts_taken": [2]},
}


@pytest.mark.parametrize("name", BEHIND)
def test_each_link_lists_exactly_the_matches_behind_its_number(client: Client, park_table, name):
    found = {
        key: listed(client, href)
        for key, (_value, href) in cells(client, park_table, name).items()
        if href
    }
    assert found == BEHIND[name]


def test_a_counted_zero_is_not_a_link(client: Client, park_table):
    for key, (value, href) in cells(client, park_table, "Cara & Dev").items():
        if key not in ("win_rate", "points_per_hand"):
            assert (href is None) == (value in (None, 0))
    html = client.get(park_table.stats_url()).content.decode()
    assert "<dd>0</dd>" in html


def test_a_win_rate_of_0_links_to_the_matches_it_stands_on(client: Client, park_table):
    value, href = cells(client, park_table, "Cara & Dev")["win_rate"]

    assert (value, listed(client, href)) == (0, [2])


def test_points_a_hand_of_0_link_to_the_matches_they_stand_on(client: Client, park_table):
    value, href = cells(client, park_table, "Cara & Dev")["points_per_hand"]

    assert (value, listed(client, href)) == (0.0, [2])


def test_the_longest_streak_lists_the_streak_not_every_win(client: Client, make_match, add_hand):
    first = make_match(target=20)
    table = first.table
    winners = [0, 1, 0, 0, 1, 0]  # Alice & Cara win 1, 3, 4 and 6: their longest run is 3-4
    add_hand(first, winners[0], {1: 10, 2: 5, 3: 10} if winners[0] == 0 else {0: 10, 2: 5, 3: 10})
    for winner in winners[1:]:
        match = table.start_match(first.seat_names(), first.game(), "caribbean")
        pips = {1: 10, 2: 5, 3: 10} if winner == 0 else {0: 10, 2: 5, 3: 10}
        add_hand(match, winner, pips)
    value, href = cells(client, table, "Alice & Cara")["best_streak"]
    assert (value, listed(client, href)) == (2, [4, 3])
