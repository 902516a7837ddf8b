"""The hand form the way a park treats it, on a 360x740 phone: a double tap on Save, the back
gesture after a save, and a second phone saving the same hand while this one types."""

import pytest
from playwright.sync_api import Browser, Page, expect

from scorekeeper.models import Hand

pytestmark = pytest.mark.browser


def match_url(live_server, match) -> str:
    return f"{live_server.url}/t/{match.table.key}/m/{match.number}/"


def type_hand(page: Page, out: str, pips: dict[str, int]) -> None:
    page.locator("#entry .outs").get_by_role("link", name=out, exact=True).click()
    page.wait_for_load_state("networkidle")
    for name, value in pips.items():
        page.get_by_label(name, exact=True).fill(str(value))


def stored(match) -> list[tuple[int, int | None]]:
    return list(
        Hand.objects.filter(match=match).order_by("number").values_list("number", "went_out")
    )


def test_a_double_tap_on_save_saves_the_hand_once(live_server, phone: Page, make_match):
    match = make_match()
    phone.goto(match_url(live_server, match))
    type_hand(phone, "Alice", {"Ben": 10, "Cara": 5, "Dev": 7})

    phone.get_by_role("button", name="Save hand").dblclick()

    expect(phone.locator(".msg")).to_contain_text("Hand 1 saved")
    phone.wait_for_load_state("networkidle")
    assert stored(match) == [(1, 0)]
    expect(phone.get_by_test_id("total-0")).to_have_text("22")
    expect(phone.locator(".hand-no")).to_have_text("Hand 2")


def test_the_back_gesture_after_a_save_brings_back_neither_the_hand_nor_an_old_score(
    live_server, phone: Page, make_match
):
    match = make_match()
    phone.goto(live_server.url + f"/t/{match.table.key}/")
    phone.goto(match_url(live_server, match))
    type_hand(phone, "Alice", {"Ben": 10, "Cara": 5, "Dev": 7})
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.locator(".msg")).to_contain_text("Hand 1 saved")

    phone.go_back()
    phone.go_forward()

    expect(phone.get_by_test_id("total-0")).to_have_text("22")
    expect(phone.locator("[data-keep-note=restored]")).to_be_hidden()
    type_hand(phone, "Ben", {"Alice": 3, "Cara": 4, "Dev": 5})
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.locator(".msg")).to_contain_text("Hand 2 saved")
    assert stored(match) == [(1, 0), (2, 1)]


def test_a_hand_typed_while_another_phone_saves_that_hand_is_said_not_dropped(
    live_server, phone: Page, browser: Browser, make_match
):
    match = make_match()
    phone.goto(match_url(live_server, match))
    type_hand(phone, "Alice", {"Ben": 10, "Cara": 5, "Dev": 7})

    other = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
    other.goto(match_url(live_server, match))
    type_hand(other, "Ben", {"Alice": 3, "Cara": 4, "Dev": 5})
    other.get_by_role("button", name="Save hand").click()
    expect(other.locator(".msg")).to_contain_text("Hand 1 saved")
    other.context.close()

    phone.get_by_role("button", name="Save hand").click()

    expect(phone.locator(".msg")).to_contain_text("Hand 1 was already entered")
    assert stored(match) == [(1, 1)]  # the other phone's hand stands
    # What this phone typed is said beside the score, to correct hand 1 with if it was right.
    expect(phone.locator(".msg")).to_contain_text("This phone had: Alice went out, 22 pips.")


def test_a_double_tap_on_the_end_question_s_yes_saves_the_last_hand_once(
    live_server, phone: Page, make_match
):
    match = make_match(target=50)
    phone.goto(match_url(live_server, match))
    type_hand(phone, "Alice", {"Ben": 20, "Cara": 20, "Dev": 20})
    phone.get_by_role("button", name="Save hand").click()

    phone.get_by_role("button", name="Yes, save: the match ends").dblclick()

    expect(phone.locator(".banner.win")).to_be_visible()
    phone.wait_for_load_state("networkidle")
    assert stored(match) == [(1, 0)]
    match.refresh_from_db()
    assert match.finished


def test_a_reload_while_the_end_is_asked_keeps_the_hand_as_typed_and_saves_nothing(
    live_server, phone: Page, make_match
):
    match = make_match(target=50)
    phone.goto(match_url(live_server, match))
    type_hand(phone, "Alice", {"Ben": 20, "Cara": 20, "Dev": 20})
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.get_by_role("button", name="Yes, save: the match ends")).to_be_visible()

    phone.reload()

    expect(phone.get_by_text("Hand 1 as you were typing it.")).to_be_visible()
    for name in ("Ben", "Cara", "Dev"):
        expect(phone.get_by_label(name, exact=True)).to_have_value("20")
    assert stored(match) == []
    phone.get_by_role("button", name="Save hand").click()
    phone.get_by_role("button", name="Yes, save: the match ends").click()
    expect(phone.locator(".banner.win")).to_be_visible()
    assert stored(match) == [(1, 0)]
