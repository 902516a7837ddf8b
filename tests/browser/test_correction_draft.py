"""A correction typed on the phone is kept until it is saved: through a reload, and past the
browser's error page when the save never arrives; never into another hand or over a newer one."""

import re

import pytest
from playwright.sync_api import Page, Route, expect

from scorekeeper.models import Match
from tests.created import created
from tests.support.testing import reported

pytestmark = pytest.mark.browser

NOTE = "Your correction as you were typing it. It is not saved yet."
KEPT = "Object.keys(localStorage).filter((key) => key.startsWith('scorekeeper:fix:'))"
# The correction kept for the hand the page shows.
KEPT_FIX = "JSON.parse(localStorage.getItem('scorekeeper:fix:' + location.pathname)) || {}"


def played(make_match, add_hand) -> Match:
    match = make_match()
    for _ in range(3):
        add_hand(match, 0, {1: 5, 2: 5, 3: 5})
    return match


def hand_url(live_server, match: Match, number: int) -> str:
    return f"{live_server.url}/t/{match.table.key}/m/{match.number}/h/{number}/"


def type_correction(page: Page, url: str) -> None:
    page.goto(url, wait_until="networkidle")  # the page's modules in place, as a thumb finds it
    page.fill("#id_pips_1", "12")
    page.get_by_text("Capicú").click()


def expect_untouched(page: Page, url: str) -> None:
    """Another hand's page, as it was saved: nothing kept is put into it."""
    page.goto(url)
    expect(page.locator("#id_pips_1")).to_have_value("5")
    expect(page.get_by_text(NOTE)).to_be_hidden()


def expect_typed(page: Page) -> None:
    expect(page.locator("#id_pips_1")).to_have_value("12")
    expect(page.get_by_role("checkbox", name="Capicú")).to_be_checked()
    expect(page.get_by_text(NOTE)).to_be_visible()


def test_a_typed_correction_survives_a_reload(live_server, phone: Page, make_match, add_hand):
    type_correction(phone, hand_url(live_server, played(make_match, add_hand), 2))

    phone.reload()

    expect_typed(phone)
    expect(phone.locator("#id_pips_2")).to_have_value("5")


def test_a_correction_whose_save_never_arrives_is_back_after_the_error_page(
    live_server, page: Page, make_match, add_hand
):
    # Not the phone fixture: the browser rightly logs the failed request as an error.
    page.set_viewport_size({"width": 360, "height": 740})
    match = played(make_match, add_hand)
    page.goto(f"{live_server.url}/t/{match.table.key}/m/{match.number}/")
    url = hand_url(live_server, match, 2)
    type_correction(page, url)
    page.route(
        re.compile(re.escape(url) + r"(\?.*)?$"),
        lambda route: route.abort() if route.request.method == "POST" else route.continue_(),
    )

    page.get_by_role("button", name="Save correction").click()
    page.wait_for_url(re.compile("^chrome-error:"))
    page.go_back()  # the error page took the hand page's place: back is the match page
    note = page.get_by_text("Your correction of hand 2 is kept on this phone, not saved yet.")
    expect(note).to_be_visible()
    page.get_by_role("link", name="Open it").click()

    expect_typed(page)
    assert created(Match).get(pk=match.pk).hands.get(number=2).pips()[1] == 5


def test_a_kept_correction_for_another_seat_is_back_when_opened_from_the_score_sheet(
    live_server, phone: Page, make_match, add_hand
):
    match = played(make_match, add_hand)
    phone.goto(hand_url(live_server, match, 2))
    phone.locator(".outs").get_by_role("link", name="Ben", exact=True).click()
    phone.fill("#id_pips_0", "7")
    phone.get_by_role("link", name="Back to the score").click()

    phone.locator(".sheet").get_by_role("link", name="2", exact=True).click()

    expect(phone.locator(".outs .chosen")).to_have_text("Ben")
    expect(phone.locator("#id_pips_0")).to_have_value("7")
    expect(phone.get_by_text(NOTE)).to_be_visible()


def test_a_kept_correction_stays_with_its_own_hand(live_server, phone: Page, make_match, add_hand):
    match = played(make_match, add_hand)
    type_correction(phone, hand_url(live_server, match, 2))

    expect_untouched(phone, hand_url(live_server, match, 3))
    phone.goto(hand_url(live_server, match, 2))

    expect_typed(phone)


def test_a_kept_correction_stays_with_its_own_match(live_server, phone: Page, make_match, add_hand):
    match = played(make_match, add_hand)
    other = match.table.start_match(["Alice", "Ben", "Cara", "Dev"], match.game(), match.preset)
    for _ in range(2):
        add_hand(other, 0, {1: 5, 2: 5, 3: 5})
    type_correction(phone, hand_url(live_server, match, 2))

    expect_untouched(phone, hand_url(live_server, other, 2))
    phone.goto(hand_url(live_server, match, 2))

    expect_typed(phone)


def test_a_kept_correction_gives_way_to_another_phones_correction(
    live_server, phone: Page, make_match, add_hand
):
    match = played(make_match, add_hand)
    type_correction(phone, hand_url(live_server, match, 2))
    assert len(phone.evaluate(KEPT)) == 1

    match.refresh_from_db()
    match.edit_hand(2, reported(0, {1: 9, 2: 5, 3: 5}), version=match.version)
    phone.reload()

    expect(phone.locator("#id_pips_1")).to_have_value("9")
    expect(phone.get_by_role("checkbox", name="Capicú")).not_to_be_checked()
    expect(phone.get_by_text(NOTE)).to_be_hidden()
    assert phone.evaluate(KEPT) == []


def test_a_saved_correction_leaves_nothing_kept(live_server, phone: Page, make_match, add_hand):
    match = played(make_match, add_hand)
    type_correction(phone, hand_url(live_server, match, 2))
    assert len(phone.evaluate(KEPT)) == 1

    phone.get_by_role("button", name="Save correction").click()

    expect(phone.get_by_text("Hand 2 corrected.")).to_be_visible()
    phone.wait_for_function("() => " + KEPT + ".length === 0")  # a function: no eval under CSP
    assert created(Match).get(pk=match.pk).hands.get(number=2).pips()[1] == 12


def test_a_discarded_correction_does_not_come_back(live_server, phone: Page, make_match, add_hand):
    type_correction(phone, hand_url(live_server, played(make_match, add_hand), 2))
    phone.reload()
    expect_typed(phone)

    phone.get_by_role("link", name="Discard it").click()

    expect(phone.locator("#id_pips_1")).to_have_value("5")
    expect(phone.get_by_text(NOTE)).to_be_hidden()
    phone.reload()
    expect(phone.locator("#id_pips_1")).to_have_value("5")


def test_a_page_shown_again_from_the_browser_s_memory_says_a_correction_is_waiting(
    live_server, phone: Page, make_match, add_hand
):
    # The back gesture may show the match page from memory (a "pageshow" that persisted):
    # both the kept hand and the kept corrections are looked at again, without an error.
    match = played(make_match, add_hand)
    type_correction(phone, hand_url(live_server, match, 2))
    phone.goto(f"{live_server.url}{match.get_absolute_url()}")
    phone.evaluate("document.querySelector('[data-fix-note]').hidden = true")

    phone.evaluate("window.dispatchEvent(new PageTransitionEvent('pageshow', {persisted: true}))")

    expect(phone.locator("[data-fix-note]")).to_be_visible()


def test_a_correction_typed_before_its_module_arrives_is_kept(
    live_server, phone: Page, make_match, add_hand
):
    """keep.js comes a moment after the page (main.js asks for it): what was typed meanwhile is
    kept as soon as it arrives."""
    held: list[Route] = []
    keep_js = re.compile(r"/static/js/keep\.js$")
    phone.route(keep_js, lambda route: held.append(route))
    # The page asks for it once htmx has loaded the page: typed before, or after, it is held.
    with phone.expect_request(keep_js):
        phone.goto(hand_url(live_server, played(make_match, add_hand), 2))
        phone.fill("#id_pips_1", "12")
        phone.get_by_text("Capicú").click()
    # The request is held by then (the route's message comes before this answer's).
    assert phone.evaluate(KEPT) == []
    assert len(held) == 1
    held[0].continue_()
    phone.wait_for_function("() => " + KEPT + ".length === 1")
    phone.unroute_all()
    phone.reload()
    expect_typed(phone)


# --- Typed just after a reload, before keep.js arrives ------------------------------------------

KEEP_JS = re.compile(r"/static/js/keep\.js$")
# A route sees the page's own requests only: a service worker serving keep.js would go past it.
NO_WORKER = pytest.mark.browser_context_args(service_workers="block")


def reload_before_keep_js(page: Page, typing, load=None) -> None:
    """Reload (or `load`) with keep.js held back, do `typing` while it is, then let it come."""
    held: list[Route] = []
    page.route(KEEP_JS, lambda route: held.append(route))
    with page.expect_request(KEEP_JS):  # asked for once htmx has the page: held either way
        (load or page.reload)()
        typing()
    assert len(held) == 1
    held[0].continue_()
    page.unroute_all()


@NO_WORKER
def test_a_count_typed_after_a_reload_before_keep_js_arrives_is_not_replaced_by_the_kept_one(
    live_server, phone: Page, make_match, add_hand
):
    # restoreFix() put the kept correction over the form before keep.js kept what was typed:
    # Ben's 8, typed a moment after the reload, went back to the kept 12.
    type_correction(phone, hand_url(live_server, played(make_match, add_hand), 2))

    reload_before_keep_js(phone, lambda: phone.fill("#id_pips_1", "8"))

    expect(phone.get_by_text(NOTE)).to_be_visible()  # the kept correction looked at
    expect(phone.locator("#id_pips_1")).to_have_value("8")
    expect(phone.get_by_role("checkbox", name="Capicú")).to_be_checked()  # not typed since: kept
    phone.reload()
    expect(phone.locator("#id_pips_1")).to_have_value("8")
    expect(phone.get_by_role("checkbox", name="Capicú")).to_be_checked()


@NO_WORKER
def test_a_box_ticked_after_a_reload_before_keep_js_arrives_leaves_the_kept_counts(
    live_server, phone: Page, make_match, add_hand
):
    # As Firefox ticks a box again on a reload (it restores a form's boxes, not counts typed
    # with autocomplete off): the tick wins, and the counts kept on the phone are not lost to
    # the form's, as they were when a typed form simply replaced the kept correction.
    phone.goto(hand_url(live_server, played(make_match, add_hand), 2), wait_until="networkidle")
    phone.fill("#id_pips_1", "12")

    reload_before_keep_js(phone, lambda: phone.get_by_text("Capicú").click())

    expect_typed(phone)
    phone.reload()
    expect_typed(phone)


@NO_WORKER
def test_a_count_typed_before_keep_js_arrives_keeps_the_seat_the_page_opened_with(
    live_server, phone: Page, make_match, add_hand
):
    # Opened from the score sheet, the page shows the hand as saved (Alice out), and the phone
    # keeps a correction for Ben's seat: keep.js took the page to Ben's, and Dev's 9, typed
    # meanwhile, was gone. The count typed last is the correction now.
    url = hand_url(live_server, played(make_match, add_hand), 2)
    phone.goto(url, wait_until="networkidle")
    phone.locator(".outs").get_by_role("link", name="Ben", exact=True).click()
    phone.fill("#id_pips_0", "7")

    reload_before_keep_js(phone, lambda: phone.fill("#id_pips_3", "9"), lambda: phone.goto(url))

    phone.wait_for_function("() => (" + KEPT_FIX + ").out === '0'")  # keep.js has kept it
    expect(phone.locator(".outs .chosen")).to_have_text("Alice")
    expect(phone.locator("#id_pips_3")).to_have_value("9")
    assert phone.evaluate("() => (" + KEPT_FIX + ").values.pips_3") == ["9"]


@NO_WORKER
def test_a_count_typed_after_a_reload_before_keep_js_arrives_is_not_recounted_from_kept_tiles(
    live_server, phone: Page, make_match, add_hand
):
    # Ben's tiles kept on the phone, put back around a count typed since, would count
    # themselves into it: a count and its tiles are typed together.
    phone.goto(hand_url(live_server, played(make_match, add_hand), 2), wait_until="networkidle")
    ben = phone.locator(".pip-field", has=phone.locator("#id_pips_1"))
    ben.get_by_text("Tiles").click()
    ben.locator(".tile:has(input[value='6-6'])").click()
    expect(phone.locator("#id_pips_1")).to_have_value("12")
    phone.get_by_text("Capicú").click()

    reload_before_keep_js(phone, lambda: phone.fill("#id_pips_1", "8"))

    expect(phone.get_by_text(NOTE)).to_be_visible()
    expect(phone.get_by_role("checkbox", name="Capicú")).to_be_checked()
    expect(phone.locator("#id_pips_1")).to_have_value("8")
    expect(ben.locator("input[value='6-6']")).not_to_be_checked()
