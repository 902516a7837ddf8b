"""The phone on the table: awake on the match page, sharing its links, saying the count."""

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

# Record what the page asks of the browser's APIs instead of reaching the real ones.
FAKE_WAKE_LOCK = """
window.__wakeLocks = [];
window.__releaseLock = () => {};
Object.defineProperty(navigator, "wakeLock", { value: {
  request(kind) {
    window.__wakeLocks.push(kind);
    const listeners = [];
    const sentinel = { released: false, addEventListener: (name, fn) => listeners.push(fn) };
    window.__releaseLock = () => { sentinel.released = true; listeners.forEach((fn) => fn()); };
    return Promise.resolve(sentinel);
  },
}});
"""
FAKE_SPEECH = """
window.__said = [];
speechSynthesis.speak = (utterance) => window.__said.push([utterance.text, utterance.lang]);
"""
FAKE_SHARE = """
window.__shared = [];
navigator.share = (data) => { window.__shared.push(data.url); return Promise.resolve(); };
"""


@pytest.fixture
def phone(page: Page):
    page.set_viewport_size({"width": 360, "height": 740})
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    yield page
    assert problems == []


def match_url(live_server, match) -> str:
    return f"{live_server.url}/t/{match.table.key}/m/{match.number}/"


def save_hand(page: Page) -> None:
    page.locator("#entry .outs").get_by_role("link", name="Alice", exact=True).click()
    for name, value in {"Ben": 10, "Cara": 5, "Dev": 16}.items():
        page.get_by_label(name, exact=True).fill(str(value))
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".msg")).to_have_text("Hand 1 saved.")


def test_the_match_page_keeps_the_screen_on(live_server, phone: Page, make_match):
    phone.add_init_script(FAKE_WAKE_LOCK)
    phone.goto(match_url(live_server, make_match()))
    phone.wait_for_function("() => window.__wakeLocks.length === 1")
    assert phone.evaluate("window.__wakeLocks") == ["screen"]


def test_the_screen_lock_is_taken_again_when_the_page_comes_back(
    live_server, phone: Page, make_match
):
    phone.add_init_script(FAKE_WAKE_LOCK)
    phone.goto(match_url(live_server, make_match()))
    phone.wait_for_function("() => window.__wakeLocks.length === 1")
    phone.evaluate("window.__releaseLock()")  # what the phone does when the page is hidden
    phone.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    phone.wait_for_function("() => window.__wakeLocks.length === 2")


def test_other_pages_let_the_screen_sleep(live_server, phone: Page, make_match):
    phone.add_init_script(FAKE_WAKE_LOCK)
    match = make_match()
    phone.goto(f"{live_server.url}/t/{match.table.key}/")
    phone.wait_for_load_state("networkidle")
    assert phone.evaluate("window.__wakeLocks") == []


def test_a_phone_without_the_wake_lock_api_plays_on(live_server, phone: Page, make_match):
    phone.add_init_script("delete Navigator.prototype.wakeLock;")
    phone.goto(match_url(live_server, make_match()))
    save_hand(phone)


def test_the_count_is_said_out_loud_when_the_switch_is_on(live_server, phone: Page, make_match):
    phone.add_init_script(FAKE_SPEECH)
    phone.goto(match_url(live_server, make_match()))
    phone.get_by_text("Say each hand's score out loud").click()
    save_hand(phone)
    phone.wait_for_function("() => window.__said.length === 1")
    assert phone.evaluate("window.__said") == [["31 for Alice and Cara", "en"]]


def test_the_count_is_said_in_the_pages_language(live_server, browser, make_match):
    context = browser.new_context(locale="es-ES", viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.add_init_script(FAKE_SPEECH)
    page.add_init_script("localStorage.setItem('scorekeeper:say', 'on');")
    page.goto(match_url(live_server, make_match()))
    page.locator("#entry .outs a").first.click()
    for name, value in {"Ben": 10, "Cara": 5, "Dev": 16}.items():
        page.get_by_label(name, exact=True).fill(str(value))
    page.locator("button.save").click()
    page.wait_for_function("() => window.__said.length === 1")
    assert page.evaluate("window.__said") == [["31 para Alice y Cara", "es"]]
    context.close()


def test_the_count_is_silent_unless_asked(live_server, phone: Page, make_match):
    phone.add_init_script(FAKE_SPEECH)
    phone.goto(match_url(live_server, make_match()))
    save_hand(phone)
    assert phone.evaluate("window.__said") == []


def test_the_say_switch_is_remembered_on_the_phone(live_server, phone: Page, make_match):
    phone.goto(match_url(live_server, make_match()))
    switch = phone.get_by_role("checkbox", name="Say each hand's score out loud")
    switch.check()
    phone.reload()
    expect(switch).to_be_checked()


def test_share_hands_the_watch_link_to_the_phones_share_sheet(live_server, phone: Page, make_match):
    phone.add_init_script(FAKE_SHARE)
    match = make_match()
    phone.goto(match_url(live_server, match))
    phone.get_by_text("Watch on another phone").click()
    box = phone.locator("details", has_text="Watch on another phone")
    expect(box.get_by_test_id("watch-qr").locator("svg")).to_be_visible()
    box.get_by_role("button", name="Share the link").click()
    phone.wait_for_function("() => window.__shared.length === 1")
    assert phone.evaluate("window.__shared") == [f"{live_server.url}/w/{match.table.watch_key}/"]
    assert phone.url == match_url(live_server, match)


def test_without_a_share_sheet_the_link_is_copied(live_server, phone: Page, make_match):
    phone.add_init_script("delete Navigator.prototype.share;")
    phone.context.grant_permissions(["clipboard-read", "clipboard-write"])
    match = make_match()
    phone.goto(match_url(live_server, match))
    phone.get_by_text("Hand the scoring to another phone").click()
    box = phone.locator("details", has_text="Hand the scoring to another phone")
    expect(box).to_contain_text("This link lets that phone change the score.")
    box.get_by_role("button", name="Copy the link").click()
    expect(box.get_by_text("Link copied.")).to_be_visible()
    assert phone.evaluate("navigator.clipboard.readText()") == match_url(live_server, match)


def test_sharing_never_leaves_a_half_typed_hand(live_server, phone: Page, make_match):
    phone.add_init_script(FAKE_SHARE)
    phone.goto(match_url(live_server, make_match()))
    phone.locator("#entry .outs").get_by_role("link", name="Ben", exact=True).click()
    phone.get_by_label("Alice", exact=True).fill("12")
    phone.get_by_text("Watch on another phone").click()
    phone.get_by_role("button", name="Share the link").first.click()
    expect(phone.get_by_label("Alice", exact=True)).to_have_value("12")
    phone.screenshot(path="/tmp/pwa/share.png", full_page=True)


def test_a_watcher_passes_the_live_score_on_by_its_qr_or_share(
    live_server, phone: Page, make_match
):
    phone.add_init_script(FAKE_SHARE)
    match = make_match()
    watch_url = f"{live_server.url}/w/{match.table.watch_key}/"
    phone.goto(watch_url)
    phone.get_by_text("Watch on another phone").click()
    box = phone.locator("details", has_text="Watch on another phone")
    expect(box.get_by_test_id("watch-qr").locator("svg")).to_be_visible()
    box.get_by_role("button", name="Share the link").click()
    phone.wait_for_function("() => window.__shared.length === 1")
    assert phone.evaluate("window.__shared") == [watch_url]
    # The watcher is handed only the watch link, never the scorer's.
    expect(phone.get_by_text("Hand the scoring to another phone")).to_have_count(0)
