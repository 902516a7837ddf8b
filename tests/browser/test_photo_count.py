"""The camera button on a phone (static/js/photo.js): a photo chosen, shrunk and sent, drawn
back with a number per half; a half corrected; the count in its field; the hand saved. Without
signal it says the count needs the server."""

import random

import cv2
import numpy as np
import pytest
from playwright.sync_api import Page, expect

from scorekeeper.models import Hand
from scorekeeper.photo import counter, forms
from tests.browser.signal import offline
from tests.photo.render import render

pytestmark = pytest.mark.browser


def chosen_file(photo) -> dict:
    """A rendered photo as the file chooser gives it."""
    return {"name": "hand.jpg", "mimeType": "image/jpeg", "buffer": photo.jpeg}


def photo_file(seed: int = 3) -> tuple[dict, int, int]:
    """A rendered photo of three tiles as the file chooser gives it, its total, its tiles."""
    photo = render(random.Random(seed), width=1600, height=1200, tiles=3, cut=False, most=6)
    return chosen_file(photo), photo.total, len(photo.tiles)


def bens_count(page: Page):
    """Ben's count with its camera button."""
    return page.locator(".pip-field", has=page.get_by_label("Ben", exact=True))


def open_hand(page: Page, live_server, match) -> None:
    page.goto(f"{live_server.url}/t/{match.table.key}/m/{match.number}/")
    page.locator("#entry .outs").get_by_role("link", name="Alice", exact=True).click()
    expect(page.get_by_label("Ben", exact=True)).to_be_visible()


def test_a_count_from_a_photo_corrected_goes_into_the_field_and_is_saved(
    live_server, phone: Page, make_match
):
    match = make_match()
    open_hand(phone, live_server, match)
    chosen, total, tiles = photo_file()
    ben = bens_count(phone)
    # The button is a file chooser that asks for the camera.
    chooser = ben.locator("input[type=file][capture=environment]")
    expect(ben.get_by_text("From a photo")).to_be_visible()
    expect(ben.get_by_role("button", name="Count the pips")).to_be_hidden()
    chooser.set_input_files(chosen)

    expect(ben.locator("img.photo-overlay")).to_be_visible()
    halves = ben.locator("select[data-photo-half]")
    expect(halves).to_have_count(2 * tiles)
    counted = [int(halves.nth(i).input_value()) for i in range(2 * tiles)]
    assert sum(counted) == total
    # Nothing goes into the field before the player says so.
    expect(phone.get_by_label("Ben", exact=True)).to_have_value("")

    corrected = 6 if counted[0] != 6 else 5
    halves.nth(0).select_option(str(corrected))
    fixed = total - counted[0] + corrected
    use = ben.locator("button[data-photo-use]")
    expect(use).to_have_text(f"Use this count: {fixed}")
    use.click()
    expect(phone.get_by_label("Ben", exact=True)).to_have_value(str(fixed))
    expect(ben.locator("img.photo-overlay")).to_have_count(0)

    phone.get_by_label("Cara", exact=True).fill("5")
    phone.get_by_label("Dev", exact=True).fill("7")
    phone.get_by_role("button", name="Save hand").click()
    expect(phone.locator("#play")).to_contain_text("Hand 1 saved")
    hand = Hand.objects.get(match=match)
    assert hand.counts.get(position=1).pips == fixed


def test_a_half_corrected_leaves_no_other_total_on_show(live_server, phone: Page, make_match):
    # Before, "Total: 11 pips on 3 tiles." stayed over "Use this count: 13" once a half was put
    # right: two totals, and the one read first was wrong.
    open_hand(phone, live_server, make_match())
    chosen, total, _ = photo_file()
    ben = bens_count(phone)
    ben.locator("input[type=file]").set_input_files(chosen)
    line = ben.locator("[data-photo-total]")
    expect(line).to_contain_text(f"Total: {total} pips")
    half = ben.locator("select[data-photo-half]").first
    counted = int(half.input_value())
    corrected = 6 if counted != 6 else 5
    half.select_option(str(corrected))
    expect(ben.locator("[data-photo-sum]")).to_have_text(str(total - counted + corrected))
    expect(line).to_be_hidden()
    half.select_option(str(counted))  # put back as counted: the count's own line again
    expect(line).to_be_visible()
    expect(ben.locator("[data-photo-sum]")).to_have_text(str(total))


def test_a_half_above_the_sets_most_is_chosen_before_the_count_goes_in(
    live_server, phone: Page, make_match
):
    """A double-six table, a photo read with halves of 7 and 12: they come marked and unchosen,
    "Use this count" says to choose them and puts nothing in the field until they are."""
    open_hand(phone, live_server, make_match())
    photo = render(random.Random(18), width=1600, height=1200, tiles=3, cut=False, most=12)
    chosen = chosen_file(photo)
    ben = bens_count(phone)
    ben.locator("input[type=file]").set_input_files(chosen)
    expect(ben.locator("[data-photo-over-line]")).to_contain_text("more than 6 pips")
    use = ben.locator("button[data-photo-use]")
    expect(use).to_have_text("Use this count: ?")
    use.click()
    # Said beside the button, in sight (it was said up by the camera button, out of sight).
    said = ben.locator("[data-photo-pick-said]")
    expect(said).to_contain_text("A half holds 0 to 6 pips")
    expect(said).to_be_in_viewport()
    expect(phone.get_by_label("Ben", exact=True)).to_have_value("")
    marked = ben.locator("select[data-photo-over]")
    expect(marked).to_have_count(2)
    marked.nth(0).select_option("6")
    expect(use).to_have_text("Use this count: ?")
    marked.nth(1).select_option("5")
    expect(use).to_have_text(f"Use this count: {photo.total - 7 - 12 + 6 + 5}")
    use.click()
    expect(phone.get_by_label("Ben", exact=True)).to_have_value(str(photo.total - 8))


def sent_photo(page: Page, box, chosen: dict, received: list) -> bytes:
    """The photo the camera button sends for the file `chosen`, as the server decoded it
    (`received`: what the form's decode was given, in order)."""
    before = len(received)
    box.locator("input[type=file]").set_input_files(chosen)
    expect(box.locator("img.photo-overlay")).to_be_visible()
    assert len(received) == before + 1
    return received[-1]


def test_a_large_photo_is_shrunk_and_a_small_jpeg_is_sent_as_it_is(
    live_server, phone: Page, make_match, monkeypatch
):
    """A camera's photo is shrunk to 1600 px on its long side before it is sent; a JPEG that
    size or smaller goes as the file itself: a second compression blurs pips' edges."""
    received: list[bytes] = []

    def decode(data: bytes):
        received.append(data)
        return counter.decode(data)

    monkeypatch.setattr(forms, "decode", decode)
    open_hand(phone, live_server, make_match())
    ben = bens_count(phone)
    large = render(random.Random(5), width=2400, height=1800, tiles=3, cut=False, most=6)
    big = {"name": "big.jpg", "mimeType": "image/jpeg", "buffer": large.jpeg}
    sent = sent_photo(phone, ben, big, received)
    shape = cv2.imdecode(np.frombuffer(sent, np.uint8), cv2.IMREAD_COLOR).shape
    assert shape[:2] == (1200, 1600)

    ben.locator("button[data-photo-use]").click()
    expect(ben.locator("img.photo-overlay")).to_have_count(0)
    chosen, _, _ = photo_file()
    assert sent_photo(phone, ben, chosen, received) == chosen["buffer"]


def test_the_no_script_button_is_never_shown_while_the_script_loads(
    live_server, browser, make_match
):
    """photo.js held back: the hand form is drawn and its no-script "Count the pips" buttons
    are there but not shown; once the script runs they are gone. (No service worker here: it
    would fetch the script past the route that holds it.)"""
    context = browser.new_context(service_workers="block", viewport={"width": 360, "height": 740})
    page = context.new_page()
    held = []
    page.route("**/js/photo*.js", lambda route: held.append(route))
    with page.expect_request("**/js/photo*.js"):
        open_hand(page, live_server, make_match())
    send = page.locator("[data-photo-send]")
    expect(send).to_have_count(3)
    for i in range(3):
        expect(send.nth(i)).to_be_hidden()
    assert len(held) == 1
    held[0].continue_()
    expect(send).to_have_count(0)
    context.close()


@pytest.mark.no_signal
def test_without_signal_the_button_says_the_count_needs_the_server(
    live_server, phone: Page, make_match
):
    open_hand(phone, live_server, make_match())
    chosen, _, _ = photo_file()
    ben = bens_count(phone)
    offline(phone)
    ben.locator("input[type=file]").set_input_files(chosen)
    expect(ben.locator("[data-photo-status]")).to_contain_text("needs the server")
    expect(phone.get_by_label("Ben", exact=True)).to_have_value("")


def test_without_the_script_the_photo_goes_by_the_forms_and_the_hand_is_saved(
    live_server, browser, make_match
):
    """No JavaScript: the camera button's own submit posts the hand form with the photo, the
    page draws it back, a half is corrected, the count goes back into the hand's form, and
    the hand is saved by its own button."""
    match = make_match()
    context = browser.new_context(java_script_enabled=False, viewport={"width": 360, "height": 740})
    page = context.new_page()
    open_hand(page, live_server, match)
    page.get_by_label("Cara", exact=True).fill("5")
    page.get_by_label("Dev", exact=True).fill("7")
    chosen, total, tiles = photo_file()
    ben = page.locator(".pip-field", has=page.get_by_label("Ben", exact=True))
    ben.locator("input[type=file]").set_input_files(chosen)
    ben.get_by_role("button", name="Count the pips").click()

    expect(page.locator("img.photo-overlay")).to_be_visible()
    halves = page.locator("select[data-photo-half]")
    expect(halves).to_have_count(2 * tiles)
    first = int(halves.nth(0).input_value())
    corrected = 6 if first != 6 else 5
    halves.nth(0).select_option(str(corrected))
    page.get_by_role("button", name="Use this count").click()
    fixed = total - first + corrected
    expect(page.locator("[data-photo-counted]")).to_have_text(f"{fixed} pips from the photo.")
    page.get_by_role("button", name="Put it in the hand").click()

    # The form again, the count in Ben's field beside the counts typed: the table looks at the
    # hand before its own Save.
    expect(page.get_by_label("Ben", exact=True)).to_have_value(str(fixed))
    expect(page.get_by_label("Cara", exact=True)).to_have_value("5")
    expect(page.get_by_label("Dev", exact=True)).to_have_value("7")
    assert not Hand.objects.filter(match=match).exists()
    page.get_by_role("button", name="Save hand").click()
    expect(page.locator(".msg")).to_contain_text("Hand 1 saved")
    hand = Hand.objects.get(match=match)
    assert hand.counts.get(position=1).pips == fixed
    assert hand.counts.get(position=2).pips == 5
    context.close()


def test_the_answer_comes_into_view_above_the_save_bar(live_server, phone: Page, make_match):
    """On a phone the answer lands below the fold: it is brought up from its top, the drawing
    clear of the save bar stuck to the screen's bottom, not left under it."""
    match = make_match()
    open_hand(phone, live_server, match)
    chosen, _, _ = photo_file()
    ben = bens_count(phone)
    ben.locator("input[type=file]").set_input_files(chosen)
    expect(ben.locator("img.photo-overlay")).to_be_visible()
    # Its room is kept before the drawing loads, so the scroll lands where the drawing is.
    assert ben.locator("img.photo-overlay").get_attribute("width") == "1000"
    phone.wait_for_function(
        """() => {
            const top = document.querySelector("img.photo-overlay").getBoundingClientRect().top;
            const bar = document.querySelector(".save-row").getBoundingClientRect().top;
            return top >= 0 && top + 120 <= bar;
        }"""
    )


def test_a_double_tap_on_use_this_count_reaches_nothing_the_page_moved_under_it(
    live_server, phone: Page, make_match
):
    # The second tap landed where the button had been: on the capicú switch once the answer
    # was gone and the page had moved to the field (a hand saved with a capicú by mistake).
    match = make_match()
    open_hand(phone, live_server, match)
    chosen, total, _ = photo_file()
    ben = bens_count(phone)
    ben.locator("input[type=file]").set_input_files(chosen)
    use = ben.locator("button[data-photo-use]")
    expect(use).to_have_text(f"Use this count: {total}")
    use.scroll_into_view_if_needed()
    box = use.bounding_box()
    phone.evaluate(
        "window.reached = [];"
        "document.addEventListener('click', (e) => window.reached.push(e.target.tagName));"
    )

    phone.mouse.dblclick(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    expect(phone.get_by_label("Ben", exact=True)).to_have_value(str(total))
    assert phone.evaluate("window.reached") == ["BUTTON"]
    expect(phone.get_by_role("checkbox", name="Capicú")).not_to_be_checked()
    # A tap a moment later is a tap of its own.
    phone.get_by_text("Capicú").click()
    expect(phone.get_by_role("checkbox", name="Capicú")).to_be_checked()
    assert not Hand.objects.filter(match=match).exists()


def test_a_tile_not_counted_says_why_across_its_own_row(live_server, phone: Page, make_match):
    # In a cell of the grid like a tile's, its words pushed the tiles read to zig-zag round it.
    photo = render(random.Random(4), width=1600, height=1200, tiles=4, cut=True, most=6)
    open_hand(phone, live_server, make_match())
    ben = bens_count(phone)
    ben.locator("input[type=file]").set_input_files(chosen_file(photo))
    cut = ben.locator(".photo-tiles li", has=phone.locator(".photo-cut"))
    expect(cut).to_have_count(1)
    row, whole = cut.bounding_box(), ben.locator(".photo-tiles").bounding_box()
    assert row is not None and whole is not None
    assert row["width"] == whole["width"]
