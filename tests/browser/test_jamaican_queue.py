"""A Jamaican set without signal: its hands wait on the phone (the phone cannot score a set, so
it shows no games of its own), then go to the table in order, once, the key and the counts
kept, and the set's games are the server's."""

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.models import Hand
from tests.browser.signal import controlled, offline, online
from tests.web.match.test_jamaican import jamaican

pytestmark = [pytest.mark.browser, pytest.mark.no_signal]


def tap(page: Page, out: str, counts: dict | None = None, *, key=False) -> None:
    page.locator("#entry .outs").get_by_role("link", name=out, exact=True).click()
    for name, pips in (counts or {}).items():
        page.get_by_role("textbox", name=name, exact=True).fill(str(pips))
    if key:
        page.get_by_text("Out on a key").click()
    page.locator(".save-row button.save").click()


def test_a_set_played_without_signal_arrives_in_order_once(live_server, phone: Page, make_match):
    match = jamaican(make_match)
    controlled(phone, f"{live_server.url}/t/{match.table.key}/m/{match.number}/")
    offline(phone)
    tap(phone, "Alice")
    expect(phone.locator("[data-keep-note=queued]")).to_be_visible()
    expect(phone.locator("[data-keep-note=queued]")).to_contain_text("Hand 1 is kept")
    tap(phone, "Blocked", {"Alice": 8, "Ben": 8, "Cara": 15, "Dev": 20})  # a tie
    tap(phone, "Cara", key=True)  # the replay on a key: worth 2
    waiting = phone.locator("[data-waiting] li")
    expect(waiting).to_have_count(3)
    # The hands in the set's words: who went out, or Blocked; no pips (they did not score).
    expect(waiting.nth(0)).to_contain_text("Hand 1: Alice went out. Not sent yet.")
    expect(waiting.nth(1)).to_contain_text("Hand 2: Blocked. Not sent yet.")
    expect(waiting).not_to_contain_text(["pips", "pips", "pips"])
    # The phone does not score a set: the games shown are still the table's.
    expect(phone.get_by_test_id("total-0")).to_have_text("0")
    assert not Hand.objects.filter(match=match).exists()

    online(phone)

    expect(phone.get_by_test_id("total-0")).to_have_text("3", timeout=15_000)
    expect(phone.locator("[data-waiting]")).to_be_hidden()
    hands = Hand.objects.filter(match=match).order_by("number")
    assert [(hand.number, hand.went_out, hand.on_a_key) for hand in hands] == [
        (1, 0, False),
        (2, None, False),
        (3, 2, True),
    ]
    match.refresh_from_db()
    assert match.totals == [3, 0]


def test_what_the_next_hand_is_worth_is_not_said_while_a_hand_waits(
    live_server, phone: Page, make_match, add_hand
):
    match = jamaican(make_match)  # a replay after a tie rises by one game with each tie
    add_hand(match, "blocked", {0: 8, 1: 8, 2: 15, 3: 20})  # a tie: the replay is worth 2
    controlled(phone, f"{live_server.url}/t/{match.table.key}/m/{match.number}/")
    worth = phone.get_by_test_id("worth")
    expect(worth).to_have_text("This hand is played for 2")
    offline(phone)

    tap(phone, "Blocked", {"Alice": 8, "Ben": 8, "Cara": 15, "Dev": 20})  # a tie again: 3

    expect(phone.locator("[data-waiting] li")).to_have_count(1)
    # The phone does not keep the set's rules: no worth rather than the hand before's.
    expect(worth).to_be_hidden()
    phone.reload()  # the kept copy of the page, the hand still waiting
    expect(phone.locator("[data-waiting] li")).to_have_count(1)
    expect(worth).to_be_hidden()
    online(phone)
    expect(phone.locator("[data-waiting]")).to_be_hidden(timeout=15_000)
    expect(worth).to_have_text("This hand is played for 3")


def test_the_next_hand_s_preview_says_no_worth_while_a_hand_waits(
    live_server, phone: Page, make_match, add_hand
):
    match = jamaican(make_match)
    add_hand(match, "blocked", {0: 8, 1: 8, 2: 15, 3: 20})  # a tie: the replay is worth 2
    controlled(phone, f"{live_server.url}/t/{match.table.key}/m/{match.number}/")
    offline(phone)
    tap(phone, "Blocked", {"Alice": 8, "Ben": 8, "Cara": 15, "Dev": 20})  # a tie again: 3
    expect(phone.locator("[data-waiting] li")).to_have_count(1)

    # The form kept on the phone for Alice, drawn when the hand was worth 2.
    phone.locator("#entry .outs").get_by_role("link", name="Alice", exact=True).click()

    preview = phone.locator("#preview")
    expect(preview).to_have_text(
        "Alice went out. What it is worth is said once the hands before it are sent.",
        use_inner_text=True,  # as shown: the server's line, hidden, comes back with the server's
    )
    expect(phone.locator("#preview-short")).to_be_hidden()
    online(phone)
    expect(phone.locator("[data-waiting]")).to_be_hidden(timeout=15_000)
    expect(preview).to_contain_text("Alice went out. For 3:")
