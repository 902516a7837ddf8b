"""Never lose a typed hand: kept through a reload, queued without signal, saved exactly once."""

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.models import Hand
from tests.browser.signal import forms_kept, offline, online, save_without_signal

pytestmark = [pytest.mark.browser, pytest.mark.no_signal]


def open_match(page: Page, live_server, match) -> None:
    page.goto(f"{live_server.url}/t/{match.table.key}/m/{match.number}/")


def type_hand(page: Page, out: str, pips: dict[str, int]) -> None:
    page.locator("#entry .outs").get_by_role("link", name=out, exact=True).click()
    for name, value in pips.items():
        page.get_by_label(name, exact=True).fill(str(value))


def queue_a_hand(page: Page, live_server, match) -> None:
    """Open the match, type a hand and tap Save without signal: the phone keeps it queued.

    `offline` waits until the save could not get out, and the server refuses it if it did: a save
    sent in the moment before Chromium's emulation reaches the request can still arrive."""
    open_match(page, live_server, match)
    type_hand(page, "Alice", {"Ben": 10, "Cara": 5, "Dev": 7})
    offline(page)
    save_without_signal(page, page.get_by_label("Dev", exact=True))
    expect(page.locator("[data-keep-note=queued]")).to_be_visible()


def saved(match) -> int:
    return Hand.objects.filter(match=match).count()


def test_a_typed_hand_survives_a_reload(live_server, phone: Page, make_match):
    open_match(phone, live_server, make_match())
    type_hand(phone, "Ben", {"Alice": 4})
    cara = phone.locator(".pip-field", has=phone.get_by_label("Cara", exact=True))
    cara.get_by_text("Tiles").click()
    cara.locator(".tile:has(input[value='6-5'])").click()
    phone.get_by_text("Capicú").click()
    phone.reload()
    expect(phone.get_by_label("Alice", exact=True)).to_have_value("4")
    expect(phone.get_by_label("Cara", exact=True)).to_have_value("11")
    expect(cara.locator("input[value='6-5']")).to_be_checked()
    expect(phone.get_by_label("Dev", exact=True)).to_have_value("")
    expect(phone.get_by_role("checkbox", name="Capicú")).to_be_checked()
    expect(phone.locator("#entry .out.chosen")).to_have_text("Ben")
    expect(phone.locator("[data-keep-note=restored]")).to_be_visible()
    expect(phone.locator("[data-keep-note=restored]")).to_contain_text(
        "Hand 1 as you were typing it"
    )


def test_a_typed_hand_survives_the_back_gesture(live_server, phone: Page, make_match):
    match = make_match()
    open_match(phone, live_server, match)
    type_hand(phone, "Blocked", {"Alice": 9, "Ben": 15})
    phone.get_by_role("link", name="Table").click()
    phone.go_back()
    expect(phone.get_by_label("Ben", exact=True)).to_have_value("15")


def test_a_discarded_hand_does_not_come_back(live_server, phone: Page, make_match):
    open_match(phone, live_server, make_match())
    type_hand(phone, "Ben", {"Alice": 4})
    phone.reload()
    expect(phone.get_by_label("Alice", exact=True)).to_have_value("4")
    phone.locator("[data-keep-note=restored]").get_by_role("button", name="Discard it").click()
    expect(phone.get_by_label("Alice", exact=True)).to_have_value("")
    phone.reload()
    expect(phone.locator("[data-keep-note=restored]")).to_be_hidden()
    expect(phone.get_by_label("Alice", exact=True)).to_have_count(0)


def test_a_hand_saved_without_signal_arrives_once_and_its_form_leaves_the_page(
    live_server, phone: Page, make_match
):
    match = make_match()
    queue_a_hand(phone, live_server, match)
    queued = phone.locator("[data-keep-note=queued]")
    expect(queued).to_contain_text("No signal. Hand 1 is kept on this phone")
    # The waiting hand cannot be saved a second time: its form is gone, the next seat is free.
    expect(phone.get_by_role("button", name="Save hand")).to_have_count(0)
    expect(phone.locator("[data-waiting]")).to_contain_text("Hand 1: Alice, 22 pips. Not sent yet.")
    phone.screenshot(path="/tmp/pwa/queued.png")
    assert saved(match) == 0
    online(phone)
    expect(phone.locator(".msg")).to_contain_text("Hand 1 saved")
    expect(queued).to_be_hidden()
    expect(phone.get_by_test_id("total-0")).to_have_text("22")
    assert saved(match) == 1
    phone.reload()
    expect(phone.locator(".sheet tbody tr")).to_have_count(1)
    assert saved(match) == 1


def test_a_queued_hand_goes_out_on_the_next_visit(live_server, phone: Page, make_match):
    match = make_match()
    queue_a_hand(phone, live_server, match)
    phone.goto("about:blank")
    online(phone)
    open_match(phone, live_server, match)
    expect(phone.locator(".msg")).to_contain_text("Hand 1 saved")
    assert saved(match) == 1


def test_a_queued_hand_another_phone_entered_first_is_shown_plainly(
    live_server, phone: Page, make_match, add_hand
):
    match = make_match()
    queue_a_hand(phone, live_server, match)
    add_hand(match, 1, {0: 30, 2: 5, 3: 7})  # the other phone, with signal
    online(phone)
    expect(phone.locator(".msg")).to_have_text(
        "Hand 1 was already entered, maybe from another phone. Here is the score."
        " This phone had: Alice went out, 22 pips."
        " If that is right, correct hand 1 from the sheet."
    )
    expect(phone.get_by_test_id("total-1")).to_have_text("42")
    assert saved(match) == 1


def test_after_a_refused_save_the_preview_shows_the_numbers_again(
    live_server, phone: Page, make_match
):
    open_match(phone, live_server, make_match())
    type_hand(phone, "Alice", {"Ben": 10, "Cara": 5, "Dev": 700})
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.locator(".form-errors, .field-error").first).to_be_visible()
    phone.get_by_label("Dev", exact=True).fill("7")
    expect(phone.locator("#preview")).to_contain_text("22 for Alice & Cara")
    phone.get_by_label("Dev", exact=True).fill("700")
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.get_by_label("Dev", exact=True)).to_have_value("700")
    expect(phone.locator("#preview")).not_to_have_text("Fill in the pips to see the score.")


# A route sees the page's own requests only: once the service worker controls the page (it
# claims it as soon as it is installed, sooner or later under load), the save would go past it.
@pytest.mark.browser_context_args(service_workers="block")
def test_a_queued_hand_is_tried_again_on_a_wifi_with_no_way_out(
    live_server, phone: Page, make_match
):
    match = make_match()
    phone.clock.install()
    open_match(phone, live_server, match)
    type_hand(phone, "Alice", {"Ben": 10, "Cara": 5, "Dev": 7})
    phone.route("**/hand", lambda route: route.abort("internetdisconnected"))
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.locator("[data-keep-note=queued]")).to_be_visible()
    phone.unroute("**/hand")
    assert saved(match) == 0
    phone.clock.fast_forward(16_000)
    expect(phone.locator(".msg")).to_contain_text("Hand 1 saved")
    assert saved(match) == 1


def test_who_led_comes_back_chosen_after_a_reload(live_server, phone: Page, make_match):
    open_match(phone, live_server, make_match(preset="spanish", lead_rule="turn_passes"))
    phone.locator("#entry .outs").get_by_role("link", name="Blocked", exact=True).click()
    phone.get_by_role("textbox", name="Alice").fill("9")
    phone.get_by_role("radio", name="Ben").check()
    phone.reload()
    led = phone.locator("input[name=led_by]")
    expect(led).to_have_count(4)
    expect(phone.locator("input[name=led_by][value='1']")).to_be_checked()
    assert led.evaluate_all("radios => radios.map(radio => radio.value)") == ["0", "1", "2", "3"]


def test_a_save_refused_after_an_undo_on_another_phone_says_why_and_keeps_the_hand(
    live_server, phone: Page, make_match, add_hand
):
    match = make_match()
    add_hand(match, 0, {1: 10, 2: 5, 3: 7})
    open_match(phone, live_server, match)
    type_hand(phone, "Ben", {"Alice": 4, "Cara": 6, "Dev": 9})  # typed as hand 2
    match.refresh_from_db()
    match.undo(version=match.version)  # another phone takes hand 1 back meanwhile
    phone.on("framenavigated", lambda frame: navigated.append(frame.url))
    navigated: list[str] = []
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.locator("[data-keep-note=restored]")).to_be_visible()
    expect(phone.locator("[data-keep-note=restored]")).to_contain_text("Hand 1 as you were")
    expect(phone.locator(".msg")).to_have_text(
        "The match changed on another phone, so nothing was changed. Check the score and try again."
    )
    expect(phone.get_by_label("Dev", exact=True)).to_have_value("9")
    assert navigated == []  # the form came back in place, not by loading the page again
    assert saved(match) == 0


def test_a_hand_saved_after_the_phone_lost_its_cookies_goes_in_on_the_next_tap(
    live_server, phone: Page, make_match, debug
):
    # The form on the page was made for a cookie the phone no longer has (cleared, or a page
    # open for a very long time): the first Save is refused; the page comes back with the hand
    # as typed and a form that the next tap gets through. With DEBUG on (`make run`) too, where
    # django-htmx's script would put the refusal's page in place of this one.
    match = make_match()
    open_match(phone, live_server, match)
    type_hand(phone, "Alice", {"Ben": 10, "Cara": 5, "Dev": 7})
    # Every answer in, first: a preview answered after the cookies went would set them again.
    expect(phone.locator("#preview")).to_contain_text("22 for Alice & Cara")
    forms_kept(phone)
    phone.context.clear_cookies()

    phone.get_by_role("button", name="Save hand").click()
    expect(phone.locator("[data-keep-note=restored]")).to_be_visible()
    expect(phone.get_by_label("Ben", exact=True)).to_have_value("10")
    assert saved(match) == 0
    phone.get_by_role("button", name="Save hand").click()

    expect(phone.get_by_text("Hand 1 saved.")).to_be_visible()
    assert saved(match) == 1
