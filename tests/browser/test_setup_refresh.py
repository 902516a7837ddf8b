"""The setup page as the server draws it again while it is filled in, on a 360 px phone."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_choosing_all_fives_shows_its_switches_and_hides_the_block_ones(live_server, phone: Page):
    phone.goto(f"{live_server.url}/new")
    phone.locator("details.rules-fold summary").click()
    scoring = phone.locator("fieldset.scoring-games")
    block = phone.locator(".block-switches")
    expect(scoring).to_be_hidden()
    expect(block).to_be_visible()
    phone.locator("label.choice", has_text="All Fives").first.click()
    expect(scoring).to_be_visible()
    expect(block).to_be_hidden()
    expect(phone.locator("#rules-line")).to_contain_text("All Fives · to 200, 250 in pairs")
    expect(phone.locator("input[name=rules_of]")).to_have_value("all_fives")
    expect(phone.locator("details.rules-fold")).to_have_attribute("open", "")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_typed_names_name_the_partners_as_the_server_writes_them(live_server, phone: Page):
    phone.goto(f"{live_server.url}/new")
    phone.locator("footer button[value=es]").click()
    for seat, name in enumerate(("Ana", "Ben", "Isa", "Dev"), start=1):
        phone.fill(f"#id_player_{seat}", name)
    pairing = phone.locator("[data-pairing]")
    expect(pairing.nth(0)).to_have_text("Ana e Isa  ·  Ben y Dev")
    expect(pairing.nth(1)).to_have_text("Ana y Ben  ·  Isa y Dev")
    expect(pairing.nth(2)).to_have_text("Ana y Dev  ·  Ben e Isa")
    # The names typed stay as typed while the partners are drawn again.
    expect(phone.locator("#id_player_3")).to_have_value("Isa")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_bonus_typed_while_the_game_s_rules_come_stays_as_typed(live_server, phone: Page):
    """The game's answer is held until the player has typed a bonus: it stays (the answer put
    back the game's own, and the match started with a value nobody saw go in)."""
    phone.goto(f"{live_server.url}/new")
    phone.wait_for_function("() => document.querySelector('form[data-keep-typed=on]')")
    phone.locator("details.rules-fold summary").click()
    held = []
    phone.route("**/new", lambda route: held.append(route))
    with phone.expect_request("**/new"):
        phone.locator("input[name=preset][value=puerto_rico_500]").check()
    phone.get_by_label("Chuchazo bonus").fill("-100")
    phone.locator("#rules").evaluate("element => element.dataset.old = 'yes'")
    assert len(held) == 1
    held[0].continue_()
    expect(phone.locator("#rules")).not_to_have_attribute("data-old", "yes")
    expect(phone.locator("input[name=rules_of]")).to_have_value("puerto_rico_500")
    expect(phone.get_by_label("Chuchazo bonus")).to_have_value("-100")
    # What was not typed is the game's own: Puerto Rico's capicú pays 100.
    expect(phone.locator("input[name=capicu_other]")).to_have_value("100")


def test_names_typed_come_back_after_a_reload_until_the_match_starts(live_server, phone: Page):
    # A reload (a pull down, the address bar) cleared them: the browser does not fill the
    # names back in.
    phone.goto(f"{live_server.url}/new")
    names = ("Ana", "Ben", "Isa", "Dev")
    for seat, name in enumerate(names, start=1):
        phone.fill(f"#id_player_{seat}", name)

    phone.reload()

    for seat, name in enumerate(names, start=1):
        expect(phone.locator(f"#id_player_{seat}")).to_have_value(name)
    phone.get_by_role("button", name="Start the match").click()
    expect(phone.get_by_text("Who went out?")).to_be_visible()
    phone.goto(f"{live_server.url}/new")
    expect(phone.locator("#id_player_1")).to_have_value("")
