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


def test_the_watch_page_carries_a_qr_of_its_own_link(client: Client, make_match):
    match = make_match()
    html = client.get(f"/w/{match.table.watch_key}/").content.decode()
    assert 'data-testid="watch-qr"><svg' in html
    assert f'href="http://testserver/w/{match.table.watch_key}/" data-share-url' in html
    assert f"/t/{match.table.key}/" not in html  # the scorer's link stays on the scorer's phone
