"""The hands waiting on the phone without signal count on its score sheet: rows marked not sent
yet, totals with them, the end of the match when one reaches the target; the server's sheet
takes their place with the same numbers when the signal returns."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.signal import controlled, offline, online
from tests.browser.test_queue import ALICE_OUT, BEN_OUT, enter

pytestmark = [pytest.mark.browser, pytest.mark.no_signal]


def rows(page: Page, which: str) -> list[list[str]]:
    """Each sheet row (hand number, then each side's "+points total") of the kind asked."""
    found = []
    for row in page.locator(f".sheet tbody tr{which}:not(.void-note)").all():
        cells = [row.locator("th").inner_text()]
        for cell in row.locator("td").all():
            plus = cell.locator(".plus")
            points = plus.inner_text() if plus.count() else ""
            cells.append(f"{points} {cell.locator('.run').inner_text()}".strip())
        found.append(cells)
    return found


def totals(page: Page) -> list[str]:
    return [page.get_by_test_id(f"total-{side}").inner_text() for side in (0, 1)]


def test_waiting_hands_count_on_the_sheet_until_the_server_has_them(
    live_server, phone: Page, make_match
):
    match = make_match(target=80)
    controlled(phone, f"{live_server.url}/t/{match.table.key}/m/{match.number}/")
    enter(phone, ALICE_OUT)
    expect(phone.locator(".msg")).to_contain_text("Hand 1 saved")
    offline(phone)

    enter(phone, BEN_OUT)
    unsent = phone.locator(".sheet tr.unsent:not(.void-note)")
    expect(unsent).to_have_count(1)
    expect(phone.get_by_test_id("total-1")).to_have_text("12")
    expect(phone.locator(".board .side-1 .side-to-go")).to_have_text("68 to go")
    expect(phone.locator("[data-waiting-totals]")).to_be_visible()
    enter(phone, ALICE_OUT)
    phone.reload()  # the kept copy of the page: the waiting hands still count
    expect(unsent).to_have_count(2)
    assert totals(phone) == ["44", "12"]
    enter(phone, ALICE_OUT)
    expect(phone.locator("[data-waiting-end]")).to_be_hidden()
    # Each still on show: the no-signal note was looked up by a mark the waiting rows carry
    # too, and a save after the reload took the first row for it and hid it.
    expect(unsent).to_have_count(3)
    for row in unsent.all():
        expect(row).to_be_visible()
    enter(phone, ALICE_OUT)  # 88: past the target of 80

    expect(unsent).to_have_count(4)
    expect(phone.locator("[data-waiting-end]")).to_have_text(
        "The match ends with hand 5: confirmed when it is sent."
    )
    expect(phone.locator("#entry")).to_be_hidden()
    expect(phone.locator(".sheet tr.void-note.unsent").first).to_have_text("Not sent yet")
    assert totals(phone) == ["88", "12"]
    mine = rows(phone, ".unsent")
    assert mine == [
        ["2", "22", "+12 12"],
        ["3", "+22 44", "12"],
        ["4", "+22 66", "12"],
        ["5", "+22 88", "12"],
    ]

    online(phone)

    expect(phone.get_by_role("button", name="Rematch")).to_be_visible(timeout=15_000)
    expect(unsent).to_have_count(0)
    expect(phone.locator("[data-waiting-totals]")).to_be_hidden()
    assert rows(phone, "")[1:] == mine
    assert totals(phone) == ["88", "12"]


def test_who_leads_next_counts_the_hands_waiting(live_server, phone: Page, make_match, add_hand):
    match = make_match()  # the winner of a hand leads the next
    add_hand(match, 0, {1: 10, 2: 5, 3: 7})
    controlled(phone, f"{live_server.url}/t/{match.table.key}/m/{match.number}/")
    lead = phone.get_by_test_id("lead")
    expect(lead).to_have_text("Alice leads")
    offline(phone)

    enter(phone, BEN_OUT)

    expect(lead).to_have_text("Ben leads")
    phone.reload()  # the kept copy of the page: the waiting hand still counts
    expect(phone.locator(".sheet tr.unsent:not(.void-note)")).to_have_count(1)
    expect(lead).to_have_text("Ben leads")
    enter(phone, ALICE_OUT)
    expect(lead).to_have_text("Alice leads")
    online(phone)
    expect(phone.locator("[data-waiting]")).to_be_hidden(timeout=15_000)
    expect(lead).to_have_text("Alice leads")


def test_who_leads_is_not_said_while_hands_wait_that_the_phone_cannot_score(
    live_server, phone: Page, make_match
):
    match = make_match(first_hands_bonus=(10,))  # a regional rule: scored when sent
    controlled(phone, f"{live_server.url}/t/{match.table.key}/m/{match.number}/")
    lead = phone.get_by_test_id("lead")
    expect(lead).to_have_text("Double six leads")
    offline(phone)

    enter(phone, ALICE_OUT)

    expect(phone.locator("[data-waiting-unscored]")).to_be_visible()
    expect(lead).to_be_hidden()
    online(phone)
    expect(phone.locator("[data-waiting]")).to_be_hidden(timeout=15_000)
    expect(lead).to_have_text("Alice leads")


def test_a_waiting_hand_overtaken_by_another_phones_takes_the_next_free_number(
    live_server, phone: Page, make_match, add_hand
):
    match = make_match()
    controlled(phone, f"{live_server.url}/t/{match.table.key}/m/{match.number}/")
    offline(phone)
    enter(phone, ALICE_OUT)  # hand 1 on this phone
    add_hand(match, 1, {0: 3, 2: 4, 3: 5})  # hand 1 on another phone, meanwhile

    online(phone)

    expect(phone.locator("[data-keep-note=conflict]")).to_be_visible(timeout=15_000)
    numbers = phone.locator(".sheet tbody tr:not(.void-note) th")
    expect(numbers).to_have_text(["1", "2"])
    expect(phone.locator(".sheet tr.unsent:not(.void-note) th")).to_have_text("2")
    expect(phone.locator("[data-waiting] li")).to_contain_text("Hand 2: Alice, 22 pips.")
    expect(phone.locator(".hand-no")).to_have_text("Hand 3")
    phone.get_by_role("button", name="Send them as the next hands").click()
    expect(phone.locator("[data-waiting]")).to_be_hidden()
    expect(numbers).to_have_text(["1", "2"])
    assert [(hand.number, hand.went_out) for hand in match.hands.order_by("number")] == [
        (1, 1),
        (2, 0),
    ]
