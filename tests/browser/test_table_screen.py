"""The hand form at the table: the score in sight above Save while typing, and a way back from
the question of a hand that ends the match."""

import pytest
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser


def match_url(live_server, match) -> str:
    return f"{live_server.url}/t/{match.table.key}/m/{match.number}/"


def near_the_line(make_match, add_hand):
    match = make_match(names=("Ana", "Ben"), preset="standard", target=50)
    return add_hand(match, 0, {1: 40})


def ask_to_end(page: Page) -> None:
    """Type the hand that takes Ana past the line and tap Save: the question comes up."""
    page.locator("#entry .outs").get_by_role("link", name="Ana", exact=True).click()
    page.get_by_label("Ben", exact=True).fill("12")
    page.get_by_role("button", name="Save hand").click()
    expect(page.get_by_role("button", name="Yes, save: the match ends")).to_be_visible()


def test_the_question_of_the_last_hand_has_a_way_back(
    live_server, phone: Page, make_match, add_hand
):
    match = near_the_line(make_match, add_hand)
    phone.goto(match_url(live_server, match))
    ask_to_end(phone)
    phone.get_by_role("button", name="No, go back").click()
    expect(phone.get_by_role("button", name="Save hand")).to_be_visible()
    expect(phone.get_by_role("button", name="Yes, save: the match ends")).to_have_count(0)
    expect(phone.get_by_label("Ben", exact=True)).to_have_value("12")
    match.refresh_from_db()
    assert (match.hand_count, match.finished) == (1, False)


def test_the_way_back_works_without_javascript(live_server, browser: Browser, make_match, add_hand):
    match = near_the_line(make_match, add_hand)
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(match_url(live_server, match))
    ask_to_end(page)
    page.get_by_role("button", name="No, go back").click()
    expect(page.get_by_role("button", name="Save hand")).to_be_visible()
    expect(page.get_by_label("Ben", exact=True)).to_have_value("12")
    match.refresh_from_db()
    assert match.hand_count == 1
    context.close()


def test_with_the_number_pad_up_the_score_shows_above_save(live_server, phone: Page, make_match):
    # The number pad up: a phone of 740 px keeps about 450 px for the page.
    phone.set_viewport_size({"width": 360, "height": 450})
    phone.goto(match_url(live_server, make_match()))
    phone.locator("#entry .outs").get_by_role("link", name="Blocked", exact=True).click()
    for name, value in {"Alice": 5, "Ben": 10, "Cara": 7, "Dev": 12}.items():
        phone.get_by_label(name, exact=True).fill(str(value))
    expect(phone.locator("#preview")).to_contain_text("Alice & Cara")
    phone.wait_for_load_state("networkidle")  # the last preview in: none swapped while measured
    bar = phone.locator(".save-row").bounding_box()
    # Who scores what, in sight: above the Save bar's button and inside the window.
    score = phone.get_by_text("29 for Alice & Cara", exact=True)
    expect(score).to_be_visible()
    box = score.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 450
    save = phone.get_by_role("button", name="Save hand").bounding_box()
    assert box["y"] + box["height"] <= save["y"]
    assert bar["y"] <= box["y"]  # in the bar that stays above the pad, not under it
