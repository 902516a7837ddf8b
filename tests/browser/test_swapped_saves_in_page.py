"""An ordinary save swaps only what changed: the page then reads as a fresh one would."""

from playwright.sync_api import Page, expect

from tests.support.testing import add_hand

HAND = {"out": 0, "pips": {1: 1, 2: 1, 3: 1}}

# What a player sees of the play area: its text (the message of the save aside, which a fresh
# page no longer has), the sheet's rows, and the numbers the phone's scripts read.
SEEN = """() => {
  const play = document.querySelector("#play");
  play.querySelectorAll(".messages").forEach((node) => { node.style.display = "none"; });
  const seen = {
    text: play.innerText,
    rows: [...play.querySelectorAll("#sheet tbody tr")].map((row) => row.innerText),
    next: play.dataset.nextHand,
    version: play.dataset.version,
    chart: (play.querySelector("#race polyline") || {}).outerHTML || null,
  };
  play.querySelectorAll(".messages").forEach((node) => { node.style.display = ""; });
  return seen;
}"""


def save_hand(page: Page, number: int, pips: int) -> None:
    page.locator("#entry .outs").get_by_role("link", name="Alice", exact=True).click()
    for name, value in {"Ben": pips, "Cara": 1, "Dev": 2}.items():
        page.get_by_label(name, exact=True).fill(str(value))
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".msg")).to_have_text(f"Hand {number} saved.")


def swaps_seen(page: Page) -> list[str]:
    """How each save's answer was swapped: "none" when only its parts came, out of band."""
    seen: list[str] = []
    page.on(
        "response",
        lambda response: (
            seen.append(response.headers.get("hx-reswap", "play"))
            if response.url.endswith("/hand")
            else None
        ),
    )
    return seen


def expect_as_fresh(page: Page, fresh: Page, url: str) -> None:
    fresh.goto(url)
    assert page.evaluate(SEEN) == fresh.evaluate(SEEN)


def test_saves_around_the_fold_leave_the_page_as_a_fresh_one(live_server, phone, make_match):
    match = make_match(target=1000)
    for _ in range(17):
        add_hand(match, **HAND)
    url = live_server.url + match.get_absolute_url()
    phone.goto(url)
    fresh = phone.context.new_page()
    answers = swaps_seen(phone)
    for number in range(18, 24):
        save_hand(phone, number, number)
        expect_as_fresh(phone, fresh, url)
    # Hand 21 brings the fold: that answer draws all of #play.
    assert answers == ["none", "none", "none", "play", "none", "none"]
    expect(phone.get_by_test_id("unfold")).to_have_text("Show the 3 earlier hands")
    expect(phone.locator("#sheet tbody tr")).to_have_count(20)


def test_an_unfolded_sheet_keeps_every_row_as_hands_are_saved(live_server, phone, make_match):
    match = make_match(target=1000)
    for _ in range(19):
        add_hand(match, **HAND)
    url = live_server.url + match.get_absolute_url() + "?sheet=all"
    phone.goto(url)
    fresh = phone.context.new_page()
    answers = swaps_seen(phone)
    for number in range(20, 23):
        save_hand(phone, number, 5)
        expect_as_fresh(phone, fresh, url)
    assert answers == ["none", "none", "none"]
    expect(phone.locator("#sheet tbody tr")).to_have_count(22)


def test_an_early_save_and_a_blocked_tie_read_as_a_fresh_page(live_server, phone, make_match):
    match = make_match(target=1000)
    url = live_server.url + match.get_absolute_url()
    phone.goto(url)
    fresh = phone.context.new_page()
    for number in range(1, 5):
        save_hand(phone, number, 3 * number)
        expect_as_fresh(phone, fresh, url)
    phone.locator("#entry .outs").get_by_role("link", name="Blocked").click()
    for name in ("Alice", "Ben", "Cara", "Dev"):
        phone.get_by_label(name, exact=True).fill("5")
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.locator(".msg")).to_have_text("Hand 5 saved.")
    expect_as_fresh(phone, fresh, url)
