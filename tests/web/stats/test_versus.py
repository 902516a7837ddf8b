"""Head to head, and the history filtered by a player or a pair."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def ids(table) -> dict[str, int]:
    return {player.name: player.pk for player in table.players.all()}


def pair(table, one: str, other: str) -> str:
    first, second = sorted((ids(table)[one], ids(table)[other]))
    return f"{first}-{second}"


def history(client: Client, table, **query) -> list[int]:
    response = client.get(f"/t/{table.key}/", query)
    assert response.status_code == 200
    return [match.number for match in response.context["matches"]]


def versus(client: Client, table, one: str, other: str):
    return client.get(f"/t/{table.key}/versus", {"one": one, "other": other})


def test_two_players_record_against_each_other_and_as_partners(client: Client, park_table):
    players = ids(park_table)
    result = versus(client, park_table, players["Alice"], players["Ben"]).context["versus"]
    assert result["played"] == 2
    assert [side["won"] for side in result["sides"]] == [1, 1]
    assert [side["points"] for side in result["sides"]] == [50 + 33, 0 + 55]
    assert result["partners"] == {"played": 1, "won": 1}


def test_two_pairs_list_their_last_matches_newest_first(client: Client, park_table):
    response = versus(
        client, park_table, pair(park_table, "Alice", "Cara"), pair(park_table, "Ben", "Dev")
    )
    result = response.context["versus"]
    assert [match.number for match in result["last"]] == [3, 1]
    assert [side["shutouts_given"] for side in result["sides"]] == [1, 0]
    assert result["partners"] is None


def test_a_player_cannot_be_set_against_a_pair(client: Client, park_table):
    response = versus(client, park_table, ids(park_table)["Dev"], pair(park_table, "Alice", "Cara"))
    assert response.status_code == 422
    assert "Set a player against a player, or a pair against a pair." in response.content.decode()
    assert "versus" not in response.context


def test_a_pair_cannot_be_set_against_one_of_its_own(client: Client, park_table):
    response = versus(
        client, park_table, pair(park_table, "Alice", "Cara"), pair(park_table, "Alice", "Ben")
    )
    assert response.status_code == 422
    assert "Pick someone who is not in the first choice." in response.content.decode()


def test_an_unknown_choice_is_refused_at_the_field(client: Client, park_table):
    response = versus(client, park_table, "99999", "'; drop")
    assert response.status_code == 422
    assert "Pick a player or a pair from the list." in response.content.decode()


def test_history_of_a_pair_lists_the_matches_they_sat_together(client: Client, park_table):
    assert history(client, park_table, who=pair(park_table, "Alice", "Cara")) == [4, 3, 1]


def test_history_of_a_player_lists_every_match_they_played(client: Client, park_table):
    assert history(client, park_table, who=ids(park_table)["Dev"]) == [4, 3, 2, 1]


def test_history_of_shutouts_taken(client: Client, park_table):
    who = ids(park_table)["Dev"]
    assert history(client, park_table, who=who, only="shutouts_taken") == [2, 1]


def test_history_of_a_pairs_wins(client: Client, park_table):
    assert history(client, park_table, who=pair(park_table, "Ben", "Dev"), only="won") == [3]


def test_an_unknown_player_in_the_filter_says_so_and_lists_everything(client: Client, park_table):
    response = client.get(f"/t/{park_table.key}/", {"who": "424242"})
    assert "Nobody by that name plays at this table." in response.content.decode()
    assert [match.number for match in response.context["matches"]] == [4, 3, 2, 1]


def test_older_matches_keep_the_filter(client: Client, make_match, add_hand):
    match = make_match()
    table = match.table
    for _ in range(22):
        table.start_match(["Alice", "Ben", "Cara", "Dev"], match.game(), "caribbean")
    table.start_match(["Elena", "Ben", "Cara", "Dev"], match.game(), "caribbean")
    alice = ids(table)["Alice"]
    response = client.get(f"/t/{table.key}/", {"who": alice})
    assert [m.number for m in response.context["matches"]] == list(range(23, 3, -1))
    assert f'href="?who={alice}&amp;before=4"' in response.content.decode()
    assert history(client, table, who=alice, before=4) == [3, 2, 1]


def test_the_empty_page_offers_two_different_players_to_compare(client: Client, park_table):
    # Both lists started on the first player: "Compare" first answered with a refusal.
    players = ids(park_table)
    form = client.get(f"/t/{park_table.key}/versus").context["form"]
    one, other = form["one"].value(), form["other"].value()

    assert (one, other) == (str(players["Alice"]), str(players["Ben"]))
    assert "versus" in versus(client, park_table, one, other).context
