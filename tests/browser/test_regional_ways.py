"""The regional ways to play on a 360 x 740 phone: presets, bonuses, leaders, series."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

PLAYERS = ("Alice", "Ben", "Cara", "Dev")  # seats 0-3: Alice & Cara against Ben & Dev


def set_up(page: Page, base: str, preset: str, **switches) -> None:
    page.goto(base + "/new")
    for number, name in enumerate(PLAYERS, 1):
        page.fill(f"#id_player_{number}", name)
    page.get_by_text("Game and house rules").click()  # the game and its rules are folded
    page.check(f"input[name=preset][value={preset}]")  # the server fills in its switches
    expect(page.locator("input[name=rules_of]")).to_have_value(preset)
    if switches:
        for name, value in switches.items():
            page.fill(f"input[name={name}]", str(value))
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_text("Who went out?")).to_be_visible()


def play(page: Page, out: str, pips: dict[int, int], *, ends: bool = False, **taps) -> None:
    """Tap who went out (or Blocked), type the pips, make the taps, save (and confirm the
    hand that ends the match)."""
    number = page.locator(".hand-no").inner_text()  # "Hand 3"
    tap(page, out)
    if out != "Blocked":
        per_hand(page)
    for seat, value in pips.items():
        page.fill(f"#id_pips_{seat}", str(value))
    for name, value in taps.items():
        if value is True:
            page.check(f"input[name={name}]")
        elif name in ("led_by", "blocked_by"):
            page.check(f"input[name={name}][value='{value}']")
        else:
            page.fill(f"input[name={name}]", str(value))
    page.get_by_role("button", name="Save hand").click()
    if ends:  # the hand that ends the match is asked about once
        page.get_by_role("button", name="Yes, save: the match ends").click()
    expect(page.locator(".msg")).to_have_text(f"{number} saved.")


def tap(page: Page, out: str) -> None:
    """Tap who went out (or Blocked) unless already chosen, and wait for the fields."""
    link = page.locator("#entry .outs").get_by_role("link", name=out, exact=True)
    if link.get_attribute("aria-current") != "true":
        link.click()
    expect(link).to_have_attribute("aria-current", "true")


def per_hand(page: Page) -> None:
    """Give the pips hand by hand (a new table counts them in one total)."""
    link = page.locator(".entry-switch").get_by_role("link", name="Per hand")
    if link.get_attribute("aria-current") != "true":
        link.click()
    expect(link).to_have_attribute("aria-current", "true")


def expect_totals(page: Page, first: int, second: int) -> None:
    expect(page.get_by_test_id("total-0")).to_have_text(str(first))
    expect(page.get_by_test_id("total-1")).to_have_text(str(second))


def test_puerto_rico_500_pays_chuchazo_and_the_first_hands(live_server, phone: Page):
    set_up(phone, live_server.url, "puerto_rico_500")
    expect(phone.locator(".status .line")).to_have_text("to 500")

    # Ben goes out with the double blank: 30 in the hands, chuchazo 100, first hand 100.
    play(phone, "Ben", {0: 10, 2: 12, 3: 8}, chuchazo=True)
    expect_totals(phone, 0, 230)
    # Alice goes out with a capicú: 15, capicú 100, second hand 75.
    play(phone, "Alice", {1: 5, 2: 5, 3: 5}, capicu=True)
    expect_totals(phone, 190, 230)
    # Blocked, both pairs at 9: void; it takes hand 3's bonus with it.
    play(phone, "Blocked", {0: 4, 1: 5, 2: 5, 3: 4})
    expect_totals(phone, 190, 230)
    # Dev goes out: 20 and the fourth hand's 25.
    play(phone, "Dev", {0: 10, 1: 5, 2: 5})
    expect_totals(phone, 190, 275)
    expect(phone.locator(".sheet abbr[title=Chuchazo]")).to_have_count(1)
    expect(phone.locator(".sheet abbr[title='First hands']")).to_have_count(3)


def test_dominican_pase_corrido_and_a_tie_to_the_leaders(live_server, phone: Page):
    set_up(phone, live_server.url, "dominican")

    # The first hand blocks with the pairs level at 12: the form asks who led; Dev did.
    tap(phone, "Blocked")
    expect(phone.get_by_text("Who led this hand?")).to_be_visible()
    play(phone, "Blocked", {0: 5, 1: 6, 2: 7, 3: 6}, led_by=3)
    expect_totals(phone, 0, 18)
    expect(phone.get_by_test_id("lead")).to_have_text("Dev leads")
    # Now the sheet knows who leads: no question. Alice goes out; Ben & Dev ran two passes.
    tap(phone, "Alice")
    expect(phone.get_by_text("Who led this hand?")).to_have_count(0)
    play(phone, "Alice", {1: 5, 2: 5, 3: 5}, pase_corrido_1=2)
    expect_totals(phone, 15, 68)
    phone.locator(".sheet a", has_text="2").click()
    expect(phone.locator(".why")).to_contain_text("Bonuses: pase corrido 50 for Ben & Dev.")


def test_spanish_tables_pass_the_lead_in_turn(live_server, phone: Page):
    set_up(phone, live_server.url, "spanish")
    expect(phone.get_by_test_id("lead")).to_have_text("Double six leads")

    # Ben put down the double six; Cara goes out, and every hand left counts.
    play(phone, "Cara", {0: 5, 1: 6, 3: 7}, led_by=1)
    expect_totals(phone, 18, 0)
    expect(phone.get_by_test_id("lead")).to_have_text("Cara leads")
    play(phone, "Cara", {0: 1, 1: 2, 3: 3})
    expect_totals(phone, 24, 0)
    expect(phone.get_by_test_id("lead")).to_have_text("Dev leads")
    play(phone, "Ben", {0: 4, 2: 4, 3: 4})
    expect_totals(phone, 24, 12)
    expect(phone.get_by_test_id("lead")).to_have_text("Alice leads")


def test_a_shutout_counts_double_in_a_best_of_three(live_server, phone: Page):
    phone.goto(live_server.url + "/new")
    for number, name in enumerate(PLAYERS, 1):
        phone.fill(f"#id_player_{number}", name)
    phone.get_by_text("Game and house rules").click()
    phone.fill("input[name=target_other]", "20")
    phone.get_by_text("A shutout counts as two match wins").click()
    phone.get_by_role("button", name="Start the match").click()

    # Match 1: Ben & Dev win 25 to 5.
    play(phone, "Ben", {0: 0, 2: 0, 3: 5})
    play(phone, "Alice", {1: 5, 2: 0, 3: 0})
    play(phone, "Dev", {0: 10, 1: 0, 2: 10}, ends=True)
    expect_totals(phone, 5, 25)
    expect(phone.locator(".banner")).to_contain_text("Match to Ben & Dev!")
    expect(phone.get_by_test_id("shutout")).to_have_count(0)
    expect(phone.get_by_test_id("series")).to_contain_text("Alice & Cara 0 \u2013 Ben & Dev 1")

    # Match 2: Alice & Cara win before Ben & Dev score: a shutout, two match wins.
    phone.get_by_role("button", name="Rematch").click()
    play(phone, "Cara", {0: 0, 1: 12, 3: 12}, ends=True)
    expect_totals(phone, 24, 0)
    expect(phone.get_by_test_id("shutout")).to_have_text("Zapatero: a shutout!")
    expect(phone.get_by_test_id("series")).to_contain_text("Alice & Cara 2 \u2013 Ben & Dev 1")
    expect(phone.get_by_test_id("series")).to_contain_text("Series to Alice & Cara!")
    phone.get_by_role("link", name="Table").click()
    expect(phone.get_by_test_id("series")).to_contain_text("Alice & Cara 2 \u2013 Ben & Dev 1")
