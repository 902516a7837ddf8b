"""A hand that ends the match is asked about once before it is saved."""

import uuid

from django.test import Client

from scorekeeper.models import Hand


def near_the_line(make_match, add_hand):
    match = make_match(names=("Ana", "Ben"), preset="standard", target=50)
    return add_hand(match, 0, {1: 40})


def winning_hand(**extra) -> dict:
    return {"out": "0", "number": "2", "token": str(uuid.uuid4()), "pips_1": "12", **extra}


def url(match, action: str) -> str:
    return f"/t/{match.table.key}/m/{match.number}/{action}"


def test_a_hand_that_ends_the_match_is_not_saved_without_confirming(
    client: Client, make_match, add_hand
):
    match = near_the_line(make_match, add_hand)
    response = client.post(url(match, "hand"), winning_hand())
    html = response.content.decode()
    assert Hand.objects.count() == 1
    assert "Ana reaches 52 and wins." in html
    assert 'name="confirm_end"' in html
    assert 'value="12"' in html  # the numbers as typed come back


def test_a_confirmed_hand_ends_the_match(client: Client, make_match, add_hand):
    match = near_the_line(make_match, add_hand)
    client.post(url(match, "hand"), winning_hand(confirm_end="1"))
    match.refresh_from_db()
    assert match.finished
    assert Hand.objects.count() == 2


def test_a_hand_that_does_not_end_the_match_saves_at_once(client: Client, make_match, add_hand):
    match = near_the_line(make_match, add_hand)
    client.post(url(match, "hand"), winning_hand(pips_1="3"))
    assert Hand.objects.count() == 2


def test_the_preview_says_the_hand_ends_the_match(client: Client, make_match, add_hand):
    match = near_the_line(make_match, add_hand)
    html = client.post(url(match, "preview"), winning_hand()).content.decode()
    assert "Ana reaches 52 and wins." in html


def test_undo_is_on_the_winning_banner(client: Client, make_match, add_hand):
    match = near_the_line(make_match, add_hand)
    add_hand(match, 0, {1: 12})
    html = client.get(url(match, "")).content.decode()
    banner = html[html.index('class="banner win"') :]
    assert "banner-undo" in banner[: banner.index("</div>")]


def test_the_question_asks_for_the_preview_of_the_numbers_as_typed(
    client: Client, make_match, add_hand
):
    match = near_the_line(make_match, add_hand)
    html = client.post(url(match, "hand"), winning_hand()).content.decode()
    assert 'hx-trigger="load, input from:closest form' in html


def test_the_question_sits_in_the_bar_beside_its_button(client: Client, make_match, add_hand):
    match = near_the_line(make_match, add_hand)
    html = client.post(url(match, "hand"), winning_hand()).content.decode()
    bar = html[html.index('<div class="save-row confirming">') :]
    assert bar.index('class="confirm ends"') < bar.index('name="confirm_end"') < bar.index("</div>")


def test_backing_out_of_the_question_keeps_the_numbers_as_typed(
    client: Client, make_match, add_hand
):
    match = near_the_line(make_match, add_hand)
    html = client.post(url(match, "hand"), winning_hand()).content.decode()
    assert 'name="back"' in html  # the question offers a way back

    response = client.post(url(match, "hand"), winning_hand(back="1"))

    html = response.content.decode()
    assert Hand.objects.count() == 1
    assert 'name="confirm_end"' not in html
    assert 'value="12"' in html
    assert "Save hand" in html
