"""Playing a match on a phone in Chromium: setup, hands, tiles, corrections, watching."""

import re
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(page: Page):
    """The phone page, failing the test on any console error or CSP violation."""
    problems: list[str] = []
    page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    yield page
    assert problems == []


def set_up(page: Page, base: str, names=("Alice", "Ben", "Cara", "Dev"), target=None) -> None:
    page.goto(base + "/new")
    for number, name in enumerate(names, 1):
        page.fill(f"#id_player_{number}", name)
    if target:
        page.get_by_text("Game and house rules").click()  # the house rules are folded
        page.fill("input[name=target_other]", str(target))
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_text("Who went out?")).to_be_visible()


def play(page: Page, out: str, pips: dict[str, int], capicu: bool = False, ends=False) -> None:
    number = page.locator(".hand-no").inner_text()  # "Hand 3"
    page.locator("#entry .outs").get_by_role("link", name=out, exact=True).click()
    if out != "Blocked":
        # A new table counts one total; these hands give each hand's pips.
        page.get_by_role("link", name="Per hand").click()
        # The per-hand form is in, and the first count has the cursor, before typing.
        expect(page.get_by_label(next(iter(pips)), exact=True)).to_be_focused()
    # The preview's answer to the hand as typed can lengthen the form above Save: Save is
    # tapped once that answer is in, not where the button stood before it.
    with page.expect_response(previewed(page, pips, capicu)):
        type_pips(page, pips)
        if capicu:
            page.get_by_text(re.compile("Capicú")).click()
    expect(page.locator("#preview")).not_to_have_class(re.compile("htmx-request"))
    page.get_by_role("button", name="Save hand").click()
    if ends:  # the hand that ends the match is asked about once
        page.get_by_role("button", name="Yes, save: the match ends").click()
    expect(page.locator(".msg")).to_have_text(f"{number} saved.")


def previewed(page: Page, pips: dict[str, int], capicu: bool = False):
    """Whether a response is the preview's answer to the hand as it will be typed: its request
    carries the last count's value (typed after the others) and the capicú tap."""
    name, value = list(pips.items())[-1]
    field = page.get_by_label(name, exact=True).get_attribute("name")
    marks = [urlencode({field: str(value)}), *(["capicu=on"] if capicu else [])]
    return lambda response: (
        response.url.endswith("/preview")
        and all(mark in (response.request.post_data or "").split("&") for mark in marks)
    )


def type_pips(page: Page, pips: dict[str, int | str]) -> None:
    for name, value in pips.items():
        page.get_by_label(name, exact=True).fill(str(value))


def expect_field_error(page: Page, message: str) -> None:
    expect(page.locator(".field-error", has_text=message)).to_be_visible()


def totals(page: Page) -> list[str]:
    return [page.get_by_test_id(f"total-{side}").inner_text() for side in range(2)]


def test_the_worked_match_of_the_rules_on_a_phone(live_server, phone: Page):
    set_up(phone, live_server.url)
    expect(phone.get_by_test_id("lead")).to_have_text("Double six leads")
    play(phone, "Dev", {"Alice": 10, "Ben": 12, "Cara": 9}, capicu=True)
    assert totals(phone) == ["0", "56"]
    play(phone, "Alice", {"Ben": 20, "Cara": 10, "Dev": 14})
    play(phone, "Blocked", {"Alice": 9, "Ben": 15, "Cara": 3, "Dev": 9})
    assert totals(phone) == ["77", "56"]
    play(phone, "Cara", {"Alice": 8, "Ben": 17, "Dev": 13})
    assert totals(phone) == ["115", "56"]
    expect(phone.get_by_test_id("lead")).to_have_text("Cara leads")
    phone.get_by_text("Change log").click()  # fetched afresh: the four htmx saves are there
    expect(phone.locator(".log li")).to_have_count(5)
    expect(phone.locator(".log li").first).to_contain_text(
        "Hand 4: Cara went out, 38 for Alice & Cara"
    )


def test_the_tab_title_follows_the_score_of_each_save(live_server, phone: Page):
    set_up(phone, live_server.url)
    expect(phone).to_have_title(re.compile(r"^0\u20130 · "))
    play(phone, "Dev", {"Alice": 10, "Ben": 12, "Cara": 9}, capicu=True)
    expect(phone).to_have_title(re.compile(r"^0\u201356 · "))
    assert phone.locator("#play title, main title").count() == 0  # not left in the page


def test_live_preview_explains_the_blocked_hand(live_server, phone: Page):
    set_up(phone, live_server.url)
    phone.locator("#entry .outs").get_by_role("link", name="Blocked").click()
    for name, value in {"Alice": 9, "Ben": 15, "Cara": 3, "Dev": 9}.items():
        phone.get_by_label(name, exact=True).fill(str(value))
    expect(phone.locator("#preview")).to_contain_text(
        "33 for Alice & Cara: blocked, Cara had the lightest hand (3 pips)"
    )


def test_a_match_to_the_line_ends_with_no_form_left(live_server, phone: Page):
    set_up(phone, live_server.url, target=60)
    play(phone, "Ben", {"Alice": 20, "Cara": 10, "Dev": 14})
    play(phone, "Dev", {"Alice": 20, "Ben": 10, "Cara": 14}, ends=True)
    expect(phone.locator(".banner")).to_contain_text("Match to Ben & Dev!")
    expect(phone.get_by_text("Who went out?")).to_have_count(0)
    expect(phone.get_by_role("button", name="Rematch")).to_be_visible()


def test_partners_switch_appears_only_with_four_names(live_server, phone: Page):
    phone.goto(live_server.url + "/new")
    partners = phone.locator("[data-partners]")
    for number, name in enumerate(["Alice", "Ben", "Cara"], 1):
        phone.fill(f"#id_player_{number}", name)
    expect(partners).to_be_hidden()
    phone.fill("#id_player_4", "Dev")
    expect(partners).to_be_visible()
    expect(partners).to_contain_text("Alice & Cara")
    phone.locator("label.choice", has_text="Alice & Ben").click()
    phone.get_by_role("button", name="Start the match").click()
    expect(phone.locator(".side-name").first).to_have_text("Alice & Ben")


def test_counting_a_hand_by_tapping_its_tiles(live_server, phone: Page):
    set_up(phone, live_server.url)
    phone.locator("#entry .outs").get_by_role("link", name="Alice").click()
    phone.get_by_role("link", name="Per hand").click()
    ben = phone.locator(".pip-field").filter(has=phone.get_by_label("Ben", exact=True))
    ben.get_by_text("Tiles").click()
    ben.locator(".tile:has(input[value='6-6'])").click()
    ben.locator(".tile:has(input[value='6-5'])").click()
    expect(phone.get_by_label("Ben", exact=True)).to_have_value("23")
    cara = phone.locator(".pip-field").filter(has=phone.get_by_label("Cara", exact=True))
    cara.get_by_text("Tiles").click()
    expect(cara.locator("input[value='6-6']")).to_be_disabled()
    phone.get_by_label("Cara", exact=True).fill("5")
    phone.get_by_label("Dev", exact=True).fill("7")
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.get_by_test_id("total-0")).to_have_text("35")


def test_undo_and_edit_change_the_totals_and_grow_the_log(live_server, phone: Page):
    set_up(phone, live_server.url)
    play(phone, "Alice", {"Ben": 10, "Cara": 5, "Dev": 7})
    play(phone, "Ben", {"Alice": 10, "Cara": 5, "Dev": 7})
    assert totals(phone) == ["22", "22"]
    phone.get_by_role("link", name="Undo last hand").click()
    phone.get_by_role("button", name="Yes, undo it").click()
    expect(phone.get_by_test_id("total-1")).to_have_text("0")
    phone.locator(".sheet").get_by_role("link", name="1", exact=True).click()
    phone.get_by_label("Ben", exact=True).fill("30")
    phone.get_by_role("button", name="Save correction").click()
    expect(phone.get_by_test_id("total-0")).to_have_text("42")
    phone.get_by_text("Change log").click()
    expect(phone.locator(".log li")).to_have_count(5)


def test_every_refusal_is_shown_at_its_field(live_server, phone: Page):
    set_up(phone, live_server.url)
    phone.locator("#entry .outs").get_by_role("link", name="Alice").click()
    phone.get_by_role("link", name="Per hand").click()
    type_pips(phone, {"Ben": 70, "Cara": -2, "Dev": "x"})
    phone.get_by_role("button", name="Save hand").click()
    expect_field_error(phone, "No hand of 7 tiles can hold more than 69 pips.")
    expect_field_error(phone, "Pips can't be below 0.")
    expect_field_error(phone, "Type a whole number of pips, like 12.")
    expect(phone.get_by_label("Ben", exact=True)).to_have_value("70")
    type_pips(phone, {"Ben": "", "Cara": 3, "Dev": 4})
    phone.get_by_role("button", name="Save hand").click()
    expect_field_error(phone, "How many pips did Ben have left?")
    assert totals(phone) == ["0", "0"]


def test_the_watch_link_follows_the_score_and_cannot_post(live_server, phone: Page, browser):
    set_up(phone, live_server.url)
    phone.get_by_text("Watch on another phone").click()
    watch_url = phone.locator("a[href*='/w/']").get_attribute("href")
    other = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True)
    watcher = other.new_page()
    assert watch_url.startswith(live_server.url + "/w/")
    watcher.goto(watch_url)
    expect(watcher.get_by_test_id("total-0")).to_have_text("0")
    expect(watcher.locator("form[action$='/hand']")).to_have_count(0)
    expect(watcher.get_by_text("Who went out?")).to_have_count(0)
    play(phone, "Alice", {"Ben": 10, "Cara": 5, "Dev": 7})
    expect(watcher.get_by_test_id("total-0")).to_have_text("22", timeout=15_000)
    response = watcher.request.post(watch_url, fail_on_status_code=False)
    assert response.status in (403, 405)
    other.close()


def test_a_table_cannot_be_reached_without_its_key(live_server, page: Page):
    set_up(page, live_server.url)
    key = page.url.split("/t/")[1].split("/")[0]
    assert page.goto(live_server.url + f"/t/{key[:-1]}x/m/1/").status == 404
    assert page.goto(live_server.url + f"/t/{key}/m/1/").status == 200


def test_a_whole_hand_works_without_javascript(live_server, browser):
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740})
    page = context.new_page()
    set_up(page, live_server.url)
    page.get_by_role("link", name="Blocked", exact=True).click()
    for name, value in {"Alice": 9, "Ben": 15, "Cara": 3, "Dev": 9}.items():
        page.get_by_label(name, exact=True).fill(str(value))
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".msg")).to_have_text("Hand 1 saved.")
    assert totals(page) == ["33", "0"]
    page.get_by_role("link", name="Undo last hand").click()
    page.get_by_role("button", name="Yes, undo it").click()
    assert totals(page) == ["0", "0"]
    context.close()


def test_the_hand_that_ends_the_match_is_confirmed_once(live_server, phone: Page):
    set_up(phone, live_server.url, target=60)
    play(phone, "Ben", {"Alice": 20, "Cara": 10, "Dev": 14})
    phone.locator("#entry .outs").get_by_role("link", name="Dev", exact=True).click()
    phone.get_by_role("link", name="Per hand").click()
    expect(phone.get_by_label("Alice", exact=True)).to_be_focused()  # the per-hand form is in
    for name, value in {"Alice": 20, "Ben": 10, "Cara": 14}.items():
        phone.get_by_label(name, exact=True).fill(str(value))
    expect(phone.locator("#preview")).to_contain_text("Ben & Dev reach 88 and win.")
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.locator(".confirm.ends")).to_contain_text("Ben & Dev reach 88 and win.")
    assert totals(phone) == ["0", "44"]  # asked, not saved
    phone.get_by_role("button", name="Yes, save: the match ends").click()
    expect(phone.locator(".banner")).to_contain_text("Match to Ben & Dev!")
    expect(phone.locator(".banner").get_by_role("link", name="Undo last hand")).to_be_visible()


def test_the_banner_of_the_match_just_ended_is_in_sight(live_server, phone_in):
    # On a phone the page stayed where the end was asked, the banner above it out of sight.
    phone = phone_in("es", is_mobile=True, has_touch=True)
    set_up_in_spanish(phone, live_server.url)
    for pips in (90, 90, 75):
        phone.locator("#entry .outs").get_by_role("link", name="Alice", exact=True).click()
        phone.get_by_label("Puntos de las manos que cuentan").fill(str(pips))
        phone.get_by_role("button", name="Anotar mano").click()
        expect(phone.locator(".msg, .confirm.ends")).to_be_visible()
    phone.get_by_role("button", name="Sí, guardar y terminar la partida").click()

    expect(phone.locator(".banner.win")).to_contain_text("¡Partida para Alice y Cara!")
    expect(phone.locator(".banner.win")).to_be_in_viewport(ratio=1)


def set_up_in_spanish(page: Page, base: str) -> None:
    page.goto(base + "/new")
    for number, name in enumerate(("Alice", "Ben", "Cara", "Dev"), 1):
        page.fill(f"#id_player_{number}", name)
    page.get_by_role("button", name="Empezar la partida").click()
    expect(page.get_by_text("¿Quién dominó?")).to_be_visible()
