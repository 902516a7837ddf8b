"""Scores tapped during play (All Fives, Bergen) without signal wait on the phone in the same
queue as the hands, in order with them, shown on the sheet as not sent yet, and go out once each
when the signal is back."""

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.models import Hand, PlayEntry
from tests.browser.signal import controlled, forms_kept, offline, online
from tests.support.testing import scoring_match

pytestmark = [pytest.mark.browser, pytest.mark.no_signal]


def tap(page: Page, name: str, amount: str) -> None:
    page.locator("#strip .outs").get_by_role("link", name=name, exact=True).click()
    page.locator(".amounts").get_by_role("button", name=amount, exact=True).click()


def plays(match) -> list[tuple[int, int, int]]:
    return list(
        PlayEntry.objects.filter(hand__match=match)
        .order_by("hand__number", "position")
        .values_list("hand__number", "seat", "points")
    )


def test_scores_tapped_without_signal_wait_in_order_with_the_hands_and_go_out_once(
    live_server, phone: Page, db
):
    match = scoring_match(target=150)
    url = f"{live_server.url}/t/{match.table.key}/m/{match.number}/"
    controlled(phone, url)
    tap(phone, "Ann", "+10")
    expect(phone.get_by_test_id("total-0")).to_have_text("10")
    offline(phone)

    tap(phone, "Bo", "+15")
    waiting = phone.locator("[data-waiting] li")
    expect(waiting).to_have_count(1)
    expect(waiting.nth(0)).to_contain_text("Hand 1: Bo +15. Not sent yet.")
    expect(phone.get_by_test_id("total-1")).to_have_text("15")  # counted in, marked unsent
    tap(phone, "Bo", "+5")  # the same seat again: a score of its own, not a repeat
    expect(waiting).to_have_count(2)
    phone.locator("#entry > .outs").get_by_role("link", name="Cy", exact=True).click()
    phone.get_by_label("Bo", exact=True).fill("7")
    phone.get_by_label("Dee", exact=True).fill("4")
    phone.get_by_role("button", name="Save hand").click()
    tap(phone, "Dee", "+20")  # hand 2's first score
    expect(waiting).to_have_count(4)
    expect(waiting.nth(3)).to_contain_text("Hand 2: Dee +20. Not sent yet.")
    expect(phone.locator(".hand-no")).to_have_text("Hand 2")
    expect(phone.get_by_test_id("total-1")).to_have_text("40")
    assert plays(match) == [(1, 0, 10)]

    online(phone)

    expect(phone.locator("[data-waiting]")).to_be_hidden(timeout=15_000)
    assert plays(match) == [(1, 0, 10), (1, 1, 15), (1, 1, 5), (2, 3, 20)]
    assert list(Hand.objects.filter(match=match).values_list("number", "went_out")) == [
        (1, 2),
        (2, None),
    ]
    # Ann & Cy: 10, and Cy's hand: 7 + 4 = 11, to the nearest five 10; Bo & Dee: 15 + 5 + 20.
    expect(phone.get_by_test_id("total-0")).to_have_text("20")
    expect(phone.get_by_test_id("total-1")).to_have_text("40")
    phone.reload()
    assert len(plays(match)) == 4


def test_a_double_tap_on_a_score_without_signal_keeps_it_once(live_server, phone: Page, db):
    match = scoring_match()
    controlled(phone, f"{live_server.url}/t/{match.table.key}/m/{match.number}/")
    offline(phone)
    phone.locator("#strip .outs").get_by_role("link", name="Bo", exact=True).click()

    phone.locator(".amounts").get_by_role("button", name="+10", exact=True).dblclick()

    waiting = phone.locator("[data-waiting] li")
    expect(waiting).to_have_count(1)
    expect(phone.locator(".amounts")).to_have_count(0)  # the strip asks who scored, as online
    online(phone)
    expect(phone.locator("[data-waiting]")).to_be_hidden(timeout=15_000)
    assert plays(match) == [(1, 1, 10)]


def test_a_score_tapped_after_the_phone_lost_its_cookies_goes_in(
    live_server, phone: Page, db, debug
):
    # The strip was made for a cookie the phone no longer has (cleared, or a page open for very
    # long): the server refuses the tap; the score waits on the phone, and the page comes back
    # with a form of today that sends it. With DEBUG on (`make run`) too, where django-htmx's
    # script would put the refusal's page in place of the whole page.
    match = scoring_match()
    phone.goto(f"{live_server.url}/t/{match.table.key}/m/{match.number}/")
    phone.locator("#strip .outs").get_by_role("link", name="Bo", exact=True).click()
    amount = phone.locator(".amounts").get_by_role("button", name="+10", exact=True)
    expect(amount).to_be_visible()
    forms_kept(phone)
    phone.context.clear_cookies()

    amount.click()

    # Drawn by the server once it has the score (the total counts a waiting one in at once).
    expect(phone.get_by_test_id("hand-plays")).to_contain_text("Bo +10")
    expect(phone.get_by_test_id("total-1")).to_have_text("10")
    assert plays(match) == [(1, 1, 10)]
    phone.reload()
    expect(phone.get_by_test_id("total-1")).to_have_text("10")
    assert plays(match) == [(1, 1, 10)]


def test_a_bergen_header_tapped_without_signal_waits_and_goes_out_once(
    live_server, phone: Page, db
):
    match = scoring_match("bergen", names=("Ann", "Bo", "Cy"))
    controlled(phone, f"{live_server.url}/t/{match.table.key}/m/{match.number}/")
    offline(phone)

    tap(phone, "Ann", "Double-header +2")

    waiting = phone.locator("[data-waiting] li")
    expect(waiting).to_have_count(1)
    expect(waiting.nth(0)).to_contain_text("Hand 1: Ann +2. Not sent yet.")
    expect(phone.get_by_test_id("total-0")).to_have_text("2")
    assert plays(match) == []
    online(phone)
    expect(phone.locator("[data-waiting]")).to_be_hidden(timeout=15_000)
    assert plays(match) == [(1, 0, 2)]
