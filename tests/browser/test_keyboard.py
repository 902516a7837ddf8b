"""Entering a hand with the number pad: focus after tapping, Enter moves on, Done saves last."""

import pytest
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser


@pytest.fixture
def table(live_server, page: Page, make_match) -> Page:
    match = make_match()
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{live_server.url}/t/{match.table.key}/m/{match.number}/")
    return page


def tap_out(page: Page, name: str) -> None:
    page.locator("#entry .outs").get_by_role("link", name=name, exact=True).tap()
    expect(page.locator("form.hand-form")).to_be_visible()


def type_once_focused(page: Page, name: str, text: str) -> None:
    expect(page.get_by_label(name, exact=True)).to_be_focused()
    page.keyboard.type(text)


def test_tapping_who_went_out_puts_the_cursor_in_the_first_count(table: Page):
    tap_out(table, "Ben")
    expect(table.get_by_label("Alice", exact=True)).to_be_focused()
    expect(table.get_by_label("Alice", exact=True)).to_have_attribute("inputmode", "numeric")


def test_the_pad_says_next_on_every_count_but_the_last(table: Page):
    tap_out(table, "Ben")
    hints = [
        table.get_by_label(name, exact=True).get_attribute("enterkeyhint")
        for name in ("Alice", "Cara", "Dev")
    ]
    assert hints == ["next", "next", "done"]


def test_enter_moves_to_the_next_count(table: Page):
    tap_out(table, "Ben")
    type_once_focused(table, "Alice", "12")
    table.keyboard.press("Enter")
    expect(table.get_by_label("Cara", exact=True)).to_be_focused()
    expect(table.locator(".msg")).to_have_count(0)


def test_enter_on_the_last_count_never_saves_a_half_filled_hand(table: Page):
    tap_out(table, "Ben")
    type_once_focused(table, "Alice", "12")
    table.keyboard.press("Enter")
    expect(table.get_by_label("Cara", exact=True)).to_be_focused()
    table.keyboard.press("Enter")  # Cara left empty
    type_once_focused(table, "Dev", "7")
    table.keyboard.press("Enter")  # Dev is the last: Cara is still empty
    expect(table.get_by_label("Cara", exact=True)).to_be_focused()
    expect(table.locator(".msg")).to_have_count(0)
    expect(table.get_by_label("Dev", exact=True)).to_have_value("7")


def test_enter_on_the_last_count_saves_a_full_hand(table: Page):
    tap_out(table, "Ben")
    for name, pips in (("Alice", "12"), ("Cara", "9"), ("Dev", "7")):
        type_once_focused(table, name, pips)
        table.keyboard.press("Enter")
    expect(table.locator(".msg")).to_have_text("Hand 1 saved.")
    expect(table.get_by_test_id("total-1")).to_have_text("28")


def test_save_is_in_reach_above_the_number_pad_for_a_blocked_hand(
    live_server, browser: Browser, make_match
):
    # With the pad up the page is 400 px tall (interactive-widget=resizes-content).
    context = browser.new_context(
        viewport={"width": 360, "height": 400}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    match = make_match()
    page.goto(f"{live_server.url}/t/{match.table.key}/m/{match.number}/")
    tap_out(page, "Blocked")
    for name in ("Alice", "Ben", "Cara", "Dev"):
        page.get_by_label(name, exact=True).focus()
        box = page.get_by_role("button", name="Save hand").bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 400, name
    context.close()


def save_top(page: Page) -> float:
    return page.get_by_role("button", name="Save hand").bounding_box()["y"]


def test_save_stays_under_the_thumb_as_the_preview_answers(live_server, page: Page, make_match):
    """On a screen the hand form fits, the preview's answer (three lines where its hint took
    one) would push Save down just as a thumb goes for it: the page scrolls with it instead."""
    match = make_match()
    page.set_viewport_size({"width": 360, "height": 1000})
    page.goto(f"{live_server.url}/t/{match.table.key}/m/{match.number}/")
    tap_out(page, "Ben")
    page.get_by_role("link", name="Per hand").click()
    expect(page.get_by_label("Alice", exact=True)).to_be_focused()
    preview = page.locator("#preview")
    hint = preview.bounding_box()["height"]
    before = save_top(page)
    assert before + 60 < 1000  # the save bar is not stuck to the bottom: it can move
    with page.expect_response(lambda r: "pips_3=7" in (r.request.post_data or "").split("&")):
        for name, value in {"Alice": 12, "Cara": 5, "Dev": 7}.items():
            page.get_by_label(name, exact=True).fill(str(value))
    expect(preview).to_contain_text("24 for Ben & Dev")
    assert preview.bounding_box()["height"] > hint + 10  # the answer is taller than the hint
    assert abs(save_top(page) - before) <= 1
