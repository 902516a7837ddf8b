"""The watch page keeps a won match's final score until the rematch's first hand."""

from django.test import Client


def won_then_rematched(make_match, add_hand):
    match = make_match(names=("Ana", "Ben"), preset="standard", target=10)
    add_hand(match, 0, {1: 20})
    rematch = match.table.start_match(["Ana", "Ben"], match.game(), "standard")
    return match, rematch


def test_the_final_score_stays_until_the_rematch_has_a_hand(client: Client, make_match, add_hand):
    match, _ = won_then_rematched(make_match, add_hand)
    html = client.get(f"/w/{match.table.watch_key}/").content.decode()
    assert "Winner" in html
    assert "A new match has started" in html


def test_the_rematch_shows_from_its_first_hand(client: Client, make_match, add_hand):
    match, rematch = won_then_rematched(make_match, add_hand)
    add_hand(rematch, 1, {0: 4})
    html = client.get(f"/w/{match.table.watch_key}/").content.decode()
    assert "Winner" not in html
    assert "A new match has started" not in html


def test_the_board_refresh_swaps_once_the_rematch_has_a_hand(client: Client, make_match, add_hand):
    match, rematch = won_then_rematched(make_match, add_hand)
    url = f"/w/{match.table.watch_key}/board"
    seen = f"{rematch.pk}.{rematch.version}"
    assert client.get(url, {"seen": seen}).status_code == 204
    add_hand(rematch, 1, {0: 4})
    response = client.get(url, {"seen": seen})
    assert response.status_code == 200
    assert "Winner" not in response.content.decode()


def test_a_finished_match_shows_no_points_to_go(client: Client, make_match, add_hand):
    match = make_match(names=("Ana", "Ben"), preset="standard", target=10)
    add_hand(match, 0, {1: 20})
    html = client.get(f"/t/{match.table.key}/m/{match.number}/").content.decode()
    assert "to go" not in html
