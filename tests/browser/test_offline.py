"""Installable, and usable with no signal: the manifest, the service worker, the kept score."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.signal import controlled, offline, online, save_without_signal
from tests.support.testing import EXAMPLE_HANDS

pytestmark = pytest.mark.browser


def match_path(match) -> str:
    return f"/t/{match.table.key}/m/{match.number}/"


@pytest.fixture
def installed(browser_type, browser_type_launch_args, browser_context_args, tmp_path):
    """A phone with a profile on disk: Chromium offers no install in a private window."""
    phone = {k: v for k, v in browser_context_args.items() if k != "default_browser_type"}
    phone["viewport"] = {"width": 360, "height": 740}
    context = browser_type.launch_persistent_context(tmp_path, **browser_type_launch_args, **phone)
    yield context.pages[0] if context.pages else context.new_page()
    context.close()


def test_chromium_finds_nothing_missing_to_install_the_app(live_server, installed: Page):
    page = installed
    page.goto(live_server.url + "/")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    assert manifest["url"] == live_server.url + "/manifest.webmanifest"
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []


def test_the_service_worker_looks_after_every_page_from_the_root(live_server, page: Page):
    page.goto(live_server.url + "/help")
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == live_server.url + "/"


def test_a_reload_without_signal_shows_the_kept_score_and_its_time(
    live_server, page: Page, make_match, add_hand
):
    match = make_match()
    for hand in EXAMPLE_HANDS:
        add_hand(match, **hand)
    controlled(page, live_server.url + match_path(match))
    expect(page.locator("[data-stale]")).to_be_hidden()
    offline(page)
    page.reload()
    expect(page.get_by_test_id("total-0")).to_have_text("115")
    expect(page.get_by_test_id("total-1")).to_have_text("56")
    stale = page.locator("[data-stale]")
    expect(stale).to_be_visible()
    expect(stale).to_contain_text("Score as of")
    page.screenshot(path="/tmp/pwa/offline-reload.png")


def test_a_page_never_opened_says_there_is_no_copy_of_it(live_server, page: Page, make_match):
    match = make_match()
    controlled(page, live_server.url + "/")
    offline(page)
    page.goto(live_server.url + match_path(match))
    expect(page.get_by_role("heading", name="No signal")).to_be_visible()


def test_a_hand_queued_on_a_kept_copy_is_saved_once_the_signal_returns(
    live_server, page: Page, make_match
):
    from scorekeeper.models import Hand

    match = make_match()
    controlled(page, live_server.url + match_path(match))
    page.locator("#entry .outs").get_by_role("link", name="Alice", exact=True).click()
    for name, value in {"Ben": 10, "Cara": 5, "Dev": 7}.items():
        page.get_by_label(name, exact=True).fill(str(value))
    offline(page)
    save_without_signal(page, page.get_by_label("Dev", exact=True))
    # Kept once its send has failed: a reload before that aborts the send, and the hand comes
    # back as typed, not waiting (the note's words sit hidden in every page: only shown counts).
    queued = page.locator("[data-keep-note=queued]")
    expect(queued).to_be_visible()
    page.reload()  # the kept copy, with the hand still waiting on the phone
    expect(page.locator("[data-stale]")).to_be_visible()
    expect(queued).to_be_visible()
    expect(queued).to_contain_text("Hand 1 is kept")
    online(page)
    expect(page.locator(".msg")).to_contain_text("Hand 1 saved")
    expect(page.get_by_test_id("total-0")).to_have_text("22")
    expect(page.locator("[data-stale]")).to_be_hidden()
    expect(page.locator("[data-keep-note=sending]")).to_be_hidden()
    assert Hand.objects.filter(match=match).count() == 1


def test_a_kept_copy_brings_its_score_up_to_date_when_the_signal_returns(
    live_server, page: Page, make_match, add_hand
):
    match = make_match()
    controlled(page, live_server.url + match_path(match))
    offline(page)
    page.reload()
    expect(page.locator("[data-stale]")).to_be_visible()
    add_hand(match, 0, {1: 10, 2: 5, 3: 7})  # another phone, meanwhile
    online(page)
    expect(page.get_by_test_id("total-0")).to_have_text("22")
    expect(page.locator("[data-stale]")).to_be_hidden()


# The preview's box, and the Save button's top, as the page lays them out now.
PREVIEW_AND_SAVE = """() => [
    document.querySelector("[data-preview]").getBoundingClientRect().height,
    document.querySelector(".save-row .save").getBoundingClientRect().top,
]"""


@pytest.mark.parametrize("language", ["en", "es", "sv"])
def test_the_no_signal_words_take_no_more_room_than_the_preview_s_own(
    live_server, phone_in, make_match, fresh_catalogues, language
):
    """A tap on Save takes the cursor out of the last count; without signal, the preview it
    asks for gives way to the no-signal words. Were they longer than the words before them,
    the button would move down under the finger between press and release, and the tap would
    go to the form, not the button (a save that never starts)."""
    match = make_match(names=("Ana", "Beto", "Carla", "Dani"))
    phone = phone_in(language)
    phone.goto(live_server.url + match_path(match))
    assert phone.evaluate("document.documentElement.lang") == language
    phone.locator("#entry .outs a[data-out]").first.click()
    preview = phone.locator("[data-preview]")
    expect(preview).to_have_text(preview.get_attribute("data-empty"))
    before = phone.evaluate(PREVIEW_AND_SAVE)
    phone.evaluate(
        "() => { const p = document.querySelector('[data-preview]'); "
        "p.textContent = p.dataset.offline; }"
    )
    expect(preview).to_have_text(preview.get_attribute("data-offline"))
    assert phone.evaluate(PREVIEW_AND_SAVE) == before


def test_undo_without_signal_says_it_needs_the_signal_and_works_once_it_is_back(
    live_server, page: Page, make_match, add_hand
):
    """Undo asks its question from the server first: with no signal that request fails, and
    the tap did nothing and said nothing (a tester tapped it again and again)."""
    from scorekeeper.models import Hand

    match = make_match()
    add_hand(match, 0, {1: 10, 2: 5, 3: 7})
    controlled(page, live_server.url + match_path(match))
    offline(page)
    page.get_by_role("link", name="Undo last hand").click()
    note = page.locator("[data-needs-signal]")
    expect(note).to_be_visible()
    expect(note).to_contain_text("needs the signal")
    online(page)
    page.get_by_role("link", name="Undo last hand").click()
    expect(page.get_by_role("button", name="Yes, undo it")).to_be_visible()
    expect(note).to_be_hidden()
    assert Hand.objects.filter(match=match).count() == 1


@pytest.mark.no_signal
def test_the_entry_switch_without_signal_says_so_under_itself(live_server, phone: Page, make_match):
    # Said below the whole hand form, out of sight (1,076 px down a phone walk's page).
    match = make_match()
    controlled(phone, live_server.url + match_path(match))
    phone.locator("#entry .outs").get_by_role("link", name="Alice", exact=True).click()
    other = phone.locator(".entry-switch a:not(.chosen)")
    expect(other).to_be_visible()
    offline(phone)
    other.click()

    note = phone.locator(".entry-switch + [data-needs-signal]")
    expect(note).to_contain_text("needs the signal")
    expect(note).to_be_in_viewport()


def open_first(page: Page, url: str) -> None:
    """Open a page on a phone that never opened the app (a shared link, a QR code), and wait
    until the service worker installed by that very page controls it."""
    page.goto(url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


@pytest.mark.no_signal
def test_a_match_page_opened_first_from_its_link_opens_again_without_signal(
    live_server, phone: Page, make_match, add_hand
):
    """The page's own visit came before its service worker: the worker keeps a copy of it when
    it takes the page over, as it keeps every page it sees open later."""
    match = make_match()
    for hand in EXAMPLE_HANDS:
        add_hand(match, **hand)
    open_first(phone, live_server.url + match_path(match))
    offline(phone)
    phone.reload()
    expect(phone.get_by_role("heading", name="No signal")).to_have_count(0)
    expect(phone.get_by_test_id("total-0")).to_have_text("115")
    expect(phone.get_by_test_id("total-1")).to_have_text("56")
    expect(phone.locator("[data-stale]")).to_contain_text("Score as of")


@pytest.mark.no_signal
def test_a_hand_saved_without_signal_on_a_first_visit_waits_through_a_reload(
    live_server, phone: Page, make_match
):
    """The kept copy carries a CSRF token the phone's cookie still matches: the hand waiting
    on it goes out once the signal returns."""
    from scorekeeper.models import Hand

    match = make_match()
    open_first(phone, live_server.url + match_path(match))
    phone.locator("#entry .outs").get_by_role("link", name="Alice", exact=True).click()
    for name, value in {"Ben": 10, "Cara": 5, "Dev": 7}.items():
        phone.get_by_label(name, exact=True).fill(str(value))
    offline(phone)
    save_without_signal(phone, phone.get_by_label("Dev", exact=True))
    queued = phone.locator("[data-keep-note=queued]")
    expect(queued).to_be_visible()
    phone.reload()
    expect(phone.locator("[data-stale]")).to_be_visible()
    expect(queued).to_contain_text("Hand 1 is kept")
    expect(phone.locator("[data-waiting]")).to_contain_text("Hand 1: Alice, 22 pips. Not sent yet.")
    online(phone)
    expect(phone.locator(".msg")).to_contain_text("Hand 1 saved")
    expect(phone.get_by_test_id("total-0")).to_have_text("22")
    assert Hand.objects.filter(match=match).count() == 1
