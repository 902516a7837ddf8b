"""Hands under the regional rules, entered through the hand form: bonuses, leaders, blockers."""

import uuid
from dataclasses import asdict

from django.test import Client

from scorekeeper import rules
from scorekeeper.models import Match, ScoreEntry


def url(match: Match, end="") -> str:
    return f"/t/{match.table.key}/m/{match.number}/{end}"


def post_hand(client: Client, match: Match, out, pips: dict, **taps):
    match.refresh_from_db()
    data = {"out": str(out), "number": str(match.hand_count + 1), "token": str(uuid.uuid4())}
    data.update({f"pips_{seat}": str(value) for seat, value in pips.items()})
    data.update({name: "on" if value is True else str(value) for name, value in taps.items()})
    response = client.post(url(match, "hand"), data)
    match.refresh_from_db()
    return response


def entries(match: Match, number: int) -> set[tuple[int, str, int]]:
    found = ScoreEntry.objects.filter(hand__match=match, hand__number=number)
    return {(entry.side, entry.kind, entry.points) for entry in found}


def game_of(make_match, preset: str) -> Match:
    """A match under every switch of the preset."""
    return make_match(preset=preset, **asdict(rules.PRESETS[preset].rules))


def test_chuchazo_and_first_hand_bonus_are_entries_of_the_winners(client: Client, make_match):
    match = game_of(make_match, "puerto_rico_500")

    response = post_hand(client, match, 1, {0: 10, 2: 12, 3: 8}, chuchazo=True)

    assert response.status_code == 302
    assert entries(match, 1) == {(1, "count", 30), (1, "chuchazo", 100), (1, "first_hands", 100)}
    assert match.totals == [0, 230]


def test_the_second_hand_pays_75(client: Client, make_match):
    match = game_of(make_match, "puerto_rico_500")
    post_hand(client, match, 1, {0: 10, 2: 12, 3: 8})

    post_hand(client, match, 0, {1: 5, 2: 5, 3: 5})

    assert (0, "first_hands", 75) in entries(match, 2)
    assert match.totals == [90, 130]


def test_pase_corrido_goes_to_the_side_that_made_the_play(client: Client, make_match):
    match = game_of(make_match, "dominican")

    post_hand(client, match, 0, {1: 5, 2: 5, 3: 5}, pase_corrido_1=2)

    assert entries(match, 1) == {(0, "count", 15), (1, "pase_corrido", 50)}
    assert match.totals == [15, 50]


def test_a_first_hand_tie_asks_who_led(client: Client, make_match):
    match = game_of(make_match, "dominican")

    response = post_hand(client, match, "blocked", {0: 5, 1: 6, 2: 7, 3: 6})

    assert response.status_code == 422
    assert response.context["form"].errors["led_by"]
    assert match.hand_count == 0


def test_a_tie_goes_to_the_side_that_led(client: Client, make_match):
    match = game_of(make_match, "dominican")

    post_hand(client, match, "blocked", {0: 5, 1: 6, 2: 7, 3: 6}, led_by=3)

    assert match.totals == [0, 5 + 7 + 6]
    assert match.next_leader == 3  # the pair's hands are level: the leader won the count
    assert match.hands.get().leader_told == 3


def test_the_hand_form_asks_who_led_only_while_nobody_knows(client: Client, make_match):
    match = game_of(make_match, "dominican")
    first = client.get(url(match) + "?out=blocked").context["form"]
    post_hand(client, match, 0, {1: 5, 2: 5, 3: 5})

    second = client.get(url(match) + "?out=blocked").context["form"]

    assert (first.asks_leader, second.asks_leader) == (True, False)


def test_the_lead_passes_in_turn_at_a_spanish_table(client: Client, make_match):
    match = game_of(make_match, "spanish")

    post_hand(client, match, 2, {0: 5, 1: 5, 3: 5}, led_by=0)
    post_hand(client, match, 2, {0: 5, 1: 5, 3: 5})

    assert match.next_leader == 2
    assert match.totals == [30, 0]


def test_blocker_against_the_next_hand_asks_who_blocked(client: Client, make_match):
    match = make_match(blocker_against_next=True)

    refused = post_hand(client, match, "blocked", {0: 5, 1: 6, 2: 7, 3: 6})
    saved = post_hand(client, match, "blocked", {0: 9, 1: 6, 2: 1, 3: 1}, blocked_by=0)

    assert refused.context["form"].errors["blocked_by"]
    assert saved.status_code == 302
    assert match.hands.get().winning_seat == 1


def test_a_bonus_the_table_does_not_pay_is_refused_at_its_field(client: Client, make_match):
    match = make_match()

    response = post_hand(client, match, 0, {1: 5, 2: 5, 3: 5}, chuchazo=True)

    assert response.context["form"].errors["chuchazo"] == [
        "This table plays without a chuchazo bonus."
    ]
    assert match.hand_count == 0


def test_chuchazo_is_refused_on_a_blocked_hand(client: Client, make_match):
    match = game_of(make_match, "puerto_rico_500")

    response = post_hand(client, match, "blocked", {0: 5, 1: 6, 2: 7, 3: 8}, chuchazo=True)

    assert "chuchazo" in response.context["form"].errors
    assert match.hand_count == 0


def test_pase_de_salida_at_a_cuban_table_pays_the_side_that_led(client: Client, make_match):
    match = game_of(make_match, "cuban")

    post_hand(client, match, 0, {1: 5, 2: 5, 3: 5}, led_by=1, pase_de_salida=True)

    assert entries(match, 1) == {(0, "count", 15), (1, "pase_de_salida", 20)}


def test_correcting_a_hand_keeps_its_taps_and_scores_again(client: Client, make_match):
    match = game_of(make_match, "puerto_rico_500")
    post_hand(client, match, 1, {0: 10, 2: 12, 3: 8}, chuchazo=True)
    hand = match.hands.get()
    page = client.get(url(match, "h/1/"))
    assert page.context["form"]["chuchazo"].value() is True

    client.post(
        url(match, "h/1/"),
        {
            "out": "1",
            "number": "1",
            "token": str(hand.token),
            "version": str(match.version),
            "pips_0": "10",
            "pips_2": "12",
            "pips_3": "18",
        },
    )

    match.refresh_from_db()
    assert match.totals == [0, 40 + 100]
