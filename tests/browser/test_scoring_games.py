"""All Fives and Bergen on a 360x740 phone: scores tapped during play, matches to the end."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def set_up(page: Page, base: str, names, game: str, target=None) -> None:
    page.goto(base + "/new")
    for number, name in enumerate(names, 1):
        page.fill(f"#id_player_{number}", name)
    page.get_by_text("Game and house rules").click()  # the house rules are folded
    page.locator("label.choice", has_text=game).click()
    expect(page.locator("#rules-line")).to_contain_text(game)  # the server drew its rules in
    if target:
        page.fill("input[name=target_other]", str(target))
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator("#strip")).to_be_visible()


def score(page: Page, name: str, amount: str) -> None:
    """Tap who scored, then the amount: saved at once."""
    page.locator("#strip .outs").get_by_role("link", name=name, exact=True).click()
    with page.expect_response(lambda response: response.url.endswith("/play")) as saved:
        page.locator(".amounts").get_by_role("button", name=amount, exact=True).click()
    assert saved.value.status == 200
    expect(page.locator(".amounts")).to_have_count(0)


def end_hand(page: Page, out: str, pips: dict[str, int]) -> None:
    number = page.locator(".hand-no").inner_text()
    page.locator("#entry > .outs").get_by_role("link", name=out, exact=True).click()
    for name, value in pips.items():
        page.get_by_label(name, exact=True).fill(str(value))
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".msg")).to_have_text(f"{number} saved.")


def totals(page: Page, sides: int) -> list[str]:
    return [page.get_by_test_id(f"total-{side}").inner_text() for side in range(sides)]


def test_all_fives_in_pairs_ends_in_the_middle_of_a_hand(live_server, phone: Page):
    set_up(phone, live_server.url, ("Ann", "Bo", "Cy", "Dee"), "All Fives", target=60)
    score(phone, "Ann", "+10")
    score(phone, "Bo", "+15")
    score(phone, "Cy", "+20")
    phone.get_by_role("button", name="Take back the last score").click()
    expect(phone.locator(".hand-plays .played")).to_have_text(["Ann +10", "Bo +15"])
    score(phone, "Cy", "+5")
    phone.reload()  # the hand in play is kept by the server, not the page
    expect(phone.locator(".hand-plays .played")).to_have_text(["Ann +10", "Bo +15", "Cy +5"])
    phone.locator("#entry > .outs").get_by_role("link", name="Dee", exact=True).click()
    phone.get_by_label("Ann", exact=True).fill("7")
    phone.get_by_label("Cy", exact=True).fill("4")
    # Leaving the field, as a thumb moving on does, asks for the preview once more: once in
    # four CI runs the typing alone left it empty (cause not yet found; see the closing note).
    phone.get_by_label("Cy", exact=True).blur()
    expect(phone.locator("#preview")).to_contain_text("7 + 4 = 11, to the nearest five 10")
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.locator(".msg")).to_have_text("Hand 1 saved.")
    assert totals(phone, 2) == ["15", "25"]
    score(phone, "Dee", "+20")
    score(phone, "Bo", "+15")
    expect(phone.locator(".banner")).to_contain_text("Match to Bo & Dee!")
    assert totals(phone, 2) == ["15", "60"]
    expect(phone.get_by_text("The match ended during this hand")).to_be_visible()
    expect(phone.locator("#strip")).to_have_count(0)
    expect(phone.get_by_role("button", name="Rematch")).to_be_visible()


def test_bergen_each_for_themselves_to_ten_with_a_watching_phone(live_server, phone: Page):
    set_up(phone, live_server.url, ("Ann", "Bo", "Cy"), "Bergen")
    expect(phone.locator(".status .line")).to_have_text("to 10")
    watcher = phone.context.new_page()
    watcher.goto(phone.locator("a[href*='/w/']").first.get_attribute("href"))
    score(phone, "Ann", "Double-header +2")
    score(phone, "Bo", "Triple-header +3")
    end_hand(phone, "Cy", {})
    assert totals(phone, 3) == ["2", "3", "1"]
    watcher.reload()
    assert totals(watcher, 3) == ["2", "3", "1"]
    for _ in range(2):
        score(phone, "Ann", "Triple-header +3")
    end_hand(phone, "Blocked", {"Ann": 3, "Bo": 9, "Cy": 12})
    assert totals(phone, 3) == ["9", "3", "1"]
    score(phone, "Bo", "Double-header +2")
    end_hand(phone, "Ann", {})
    expect(phone.locator(".banner")).to_contain_text("Match to Ann!")
    assert totals(phone, 3) == ["10", "5", "1"]
    phone.locator(".sheet").get_by_role("link", name="2", exact=True).click()
    expect(phone.locator(".plays li")).to_have_text(["Ann made a triple-header: 3 for Ann."] * 2)


def test_choosing_all_fives_hides_the_block_games_switches(live_server, phone: Page):
    phone.goto(live_server.url + "/new")
    phone.get_by_text("Game and house rules").click()
    blocker = phone.get_by_text("Blocker against the next hand")
    expect(blocker).to_be_visible()

    phone.locator("label.choice", has_text="All Fives").click()

    expect(blocker).to_be_hidden()
    expect(phone.get_by_text("Chuchazo bonus")).to_be_hidden()
    phone.locator("label.choice", has_text="Dominican").click()
    expect(blocker).to_be_visible()


def all_fives_after(hands: int):
    """An All Fives match in pairs, `hands` hands in, each with a score during play."""
    from tests.support.testing import add_hand, scoring_match, tap

    match = scoring_match("all_fives")
    for number in range(hands):
        seat = number % 4
        tap(match, seat, 10)
        match.refresh_from_db()
        add_hand(match, seat, {other: 7 for other in range(4) if other != seat})
        match.refresh_from_db()
    return match


STYLE = "el => { const s = getComputedStyle(el); return [s.backgroundColor, s.borderRadius] }"


def test_who_scored_and_who_went_out_do_not_look_alike(live_server, phone: Page):
    match = all_fives_after(0)
    phone.goto(f"{live_server.url}{match.get_absolute_url()}")

    scored = phone.locator("#strip .outs .out").first
    went_out = phone.locator("#entry > .outs .out").first
    expect(scored).to_have_accessible_name("Ann")
    expect(went_out).to_have_accessible_name("Ann")

    assert scored.evaluate(STYLE) != went_out.evaluate(STYLE)
    assert scored.inner_text().startswith("+")  # a score is added: its buttons say so


def test_undo_is_on_the_first_screen_after_six_hands(live_server, phone: Page):
    match = all_fives_after(6)
    phone.goto(f"{live_server.url}{match.get_absolute_url()}")
    expect(phone.locator("#sheet tbody tr")).to_have_count(6)

    undo = phone.get_by_role("link", name="Undo last entry").bounding_box()

    assert undo["y"] + undo["height"] <= 740
    assert undo["y"] < phone.locator("#sheet").bounding_box()["y"]
