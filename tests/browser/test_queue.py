"""Many hands waiting on the phone without signal: kept in order, sent in order, each once, and
never saved over another phone's hand."""

import pytest
from playwright.sync_api import Browser, Page, expect

from scorekeeper.models import EntryMode, Hand
from tests.browser.signal import controlled, offline, online

pytestmark = [pytest.mark.browser, pytest.mark.no_signal]

ALICE_OUT = ("Alice", {"Ben": 10, "Cara": 5, "Dev": 7})  # 22 for Alice & Cara
BEN_OUT = ("Ben", {"Alice": 3, "Cara": 4, "Dev": 5})  # 12 for Ben & Dev


def match_url(live_server, match) -> str:
    return f"{live_server.url}/t/{match.table.key}/m/{match.number}/"


def enter(page: Page, hand: tuple[str, dict[str, int] | int]) -> None:
    """Who went out, then each hand's pips, or one total at a table that counts so."""
    out, pips = hand
    page.locator("#entry .outs").get_by_role("link", name=out, exact=True).click()
    if isinstance(pips, int):
        page.get_by_label("Pips in the hands that count").fill(str(pips))
        pips = {}
    for name, value in pips.items():
        page.get_by_label(name, exact=True).fill(str(value))
    page.get_by_role("button", name="Save hand").click()


def discard(line) -> None:
    """Discard a waiting hand: Discard, then the second word."""
    line.get_by_role("button", name="Discard", exact=True).click()
    line.get_by_role("button", name="Yes, discard it").click()


def stored(match) -> list[tuple[int, int | None]]:
    return list(
        Hand.objects.filter(match=match).order_by("number").values_list("number", "went_out")
    )


def test_a_whole_match_played_without_signal_arrives_in_order_once(
    live_server, phone: Page, make_match
):
    match = make_match(target=80)
    controlled(phone, match_url(live_server, match))
    enter(phone, ALICE_OUT)
    expect(phone.locator(".msg")).to_contain_text("Hand 1 saved")
    offline(phone)
    enter(phone, BEN_OUT)
    expect(phone.locator("[data-keep-note=queued]")).to_be_visible()
    expect(phone.locator("[data-keep-note=queued]")).to_contain_text("Hand 2 is kept")
    enter(phone, ALICE_OUT)
    phone.reload()  # the kept copy of the page, the two hands still waiting on the phone
    waiting = phone.locator("[data-waiting] li")
    expect(waiting).to_have_count(2)
    expect(phone.locator(".hand-no")).to_have_text("Hand 4")
    enter(phone, ALICE_OUT)
    enter(phone, ALICE_OUT)  # the winning hand: 22 + 22 + 22 + 22
    expect(waiting).to_have_count(4)
    expect(waiting.nth(0)).to_contain_text("Hand 2: Ben, 12 pips. Not sent yet.")
    expect(waiting.nth(3)).to_contain_text("Hand 5: Alice, 22 pips. Not sent yet.")
    assert stored(match) == [(1, 0)]

    online(phone)

    expect(phone.get_by_role("button", name="Rematch")).to_be_visible(timeout=15_000)
    expect(phone.locator("[data-waiting]")).to_be_hidden()
    assert stored(match) == [(1, 0), (2, 1), (3, 0), (4, 0), (5, 0)]
    phone.reload()
    expect(phone.locator(".sheet tbody tr")).to_have_count(5)
    assert len(stored(match)) == 5


def test_another_phones_hand_is_not_overwritten_by_the_hands_waiting_here(
    live_server, phone: Page, browser: Browser, make_match
):
    match = make_match()
    controlled(phone, match_url(live_server, match))
    enter(phone, ALICE_OUT)
    expect(phone.locator(".msg")).to_contain_text("Hand 1 saved")
    offline(phone)
    enter(phone, ALICE_OUT)  # hand 2 on this phone
    enter(phone, ALICE_OUT)  # hand 3
    expect(phone.locator("[data-waiting] li")).to_have_count(2)

    other = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
    other.goto(match_url(live_server, match))
    enter(other, BEN_OUT)  # hand 2 on the other phone, with signal
    expect(other.locator(".msg")).to_contain_text("Hand 2 saved")
    other.context.close()

    online(phone)

    expect(phone.locator(".msg")).to_contain_text("Hand 2 was already entered")
    conflict = phone.locator("[data-keep-note=conflict]")
    expect(conflict).to_be_visible()
    expect(phone.locator("[data-waiting] li")).to_have_count(2)
    assert stored(match) == [(1, 0), (2, 1)]  # the other phone's hand 2 stands
    # Its words and both buttons on the phone's screen (the page grew 556 px wide, Discard
    # them beyond its edge).
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    for button in conflict.get_by_role("button").all():
        box = button.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 360

    conflict.get_by_role("button", name="Send them as the next hands").click()

    expect(phone.locator("[data-waiting]")).to_be_hidden()
    expect(phone.get_by_test_id("total-0")).to_have_text("66")
    assert stored(match) == [(1, 0), (2, 1), (3, 0), (4, 0)]


def test_a_discarded_waiting_hand_can_be_brought_back(live_server, phone: Page, make_match):
    match = make_match()
    controlled(phone, match_url(live_server, match))
    offline(phone)
    enter(phone, ALICE_OUT)
    enter(phone, BEN_OUT)
    waiting = phone.locator("[data-waiting] li")
    discard(waiting.nth(0))
    expect(waiting).to_have_count(1)
    expect(waiting.nth(0)).to_contain_text("Hand 1: Ben")
    phone.locator("[data-keep-note=discarded]").get_by_role("button", name="Bring it back").click()
    expect(waiting).to_have_count(2)
    expect(waiting.nth(0)).to_contain_text("Hand 1: Alice")

    online(phone)

    expect(phone.locator("[data-waiting]")).to_be_hidden()
    assert stored(match) == [(1, 0), (2, 1)]


# A route sees the page's own requests only: once the service worker controls the page (it
# claims it as soon as it is installed, sooner or later under load), a save could go past it.
@pytest.mark.browser_context_args(service_workers="block")
def test_a_hand_undone_on_another_phone_is_not_sent_again_by_the_queue(
    live_server, phone: Page, make_match
):
    match = make_match()
    phone.goto(match_url(live_server, match))

    def answer_lost(route):
        route.fetch()  # the server saves hand 1; its answer never reaches the phone
        route.abort("internetdisconnected")

    phone.route("**/hand", answer_lost)
    enter(phone, ALICE_OUT)
    expect(phone.locator("[data-keep-note=queued]")).to_be_visible()
    assert stored(match) == [(1, 0)]
    match.refresh_from_db()
    match.undo(version=match.version)  # another phone takes hand 1 back
    phone.unroute("**/hand")

    phone.evaluate("window.dispatchEvent(new Event('online'))")  # the signal is back

    expect(phone.locator(".msg")).to_contain_text(
        "Hand 1 was undone on another phone, so it was not saved again."
    )
    expect(phone.get_by_label("Ben", exact=True)).to_have_value("10")  # kept, for the player
    expect(phone.locator("[data-waiting]")).to_be_hidden()
    assert stored(match) == []
    phone.get_by_role("button", name="Save hand").click()  # the player decides: it stands
    expect(phone.locator(".msg")).to_contain_text("Hand 1 saved.")
    assert stored(match) == [(1, 0)]


# A route sees the page's own requests only: once the service worker controls the page (it
# claims it as soon as it is installed, sooner or later under load), a save could go past it.
@pytest.mark.browser_context_args(service_workers="block")
def test_a_gateway_error_keeps_the_hand_waiting_and_sends_it_again_once(
    live_server, phone: Page, make_match
):
    match = make_match()
    phone.clock.install()
    phone.goto(match_url(live_server, match))
    phone.route("**/hand", lambda route: route.fulfill(status=502, body="Bad Gateway"))
    enter(phone, ALICE_OUT)
    expect(phone.locator("[data-keep-note=queued]")).to_be_visible()
    expect(phone.locator("[data-keep-note=queued]")).to_contain_text("Hand 1 is kept")
    phone.unroute("**/hand")
    assert stored(match) == []

    phone.clock.fast_forward(16_000)

    expect(phone.locator(".msg")).to_contain_text("Hand 1 saved.")
    phone.clock.fast_forward(16_000)
    expect(phone.locator("[data-waiting]")).to_be_hidden()
    assert stored(match) == [(1, 0)]


def test_a_waiting_hand_that_meets_a_match_ended_elsewhere_stays_on_the_phone(
    live_server, phone: Page, browser: Browser, make_match
):
    match = make_match(target=30)
    controlled(phone, match_url(live_server, match))
    enter(phone, ALICE_OUT)  # 22 for Alice & Cara
    expect(phone.locator(".msg")).to_contain_text("Hand 1 saved")
    offline(phone)
    enter(phone, BEN_OUT)  # hand 2 on this phone
    expect(phone.locator("[data-waiting] li")).to_have_count(1)

    other = browser.new_context(viewport={"width": 360, "height": 740}).new_page()
    other.goto(match_url(live_server, match))
    enter(other, ALICE_OUT)  # 44: the other phone ends the match
    other.get_by_role("button", name="Yes, save: the match ends").click()
    expect(other.get_by_role("button", name="Rematch")).to_be_visible()
    other.context.close()

    online(phone)

    expect(phone.locator(".msg")).to_contain_text("This match is over")
    over = phone.locator("[data-keep-note=over]")
    expect(over).to_contain_text("The match ended on another phone")
    expect(phone.locator("[data-keep-note=conflict]")).to_be_hidden()  # no "send them as next"
    waiting = phone.locator("[data-waiting] li")
    expect(waiting).to_have_count(1)  # still on the phone, for the player to say what it becomes
    expect(waiting.nth(0)).to_contain_text("Hand 2: Ben, 12 pips.")
    assert stored(match) == [(1, 0), (2, 0)]

    over.get_by_role("button", name="Discard them").click()
    expect(phone.locator("[data-waiting]")).to_be_hidden()
    assert stored(match) == [(1, 0), (2, 0)]


def test_the_last_saved_note_goes_while_a_later_hand_waits(live_server, phone: Page, make_match):
    # "Hand 1 saved" above a hand 2 that waits on the phone read as if the latest hand were saved.
    match = make_match()
    controlled(phone, match_url(live_server, match))
    enter(phone, ALICE_OUT)
    saved = phone.locator("#news .msg")
    expect(saved).to_contain_text("Hand 1 saved")
    offline(phone)
    enter(phone, BEN_OUT)
    expect(phone.locator("[data-waiting] li")).to_have_count(1)
    expect(saved).to_be_hidden()
    phone.reload()  # the kept copy of the page, hand 2 still waiting
    expect(phone.locator("[data-waiting] li")).to_have_count(1)
    expect(phone.get_by_text("Hand 1 saved")).to_be_hidden()
    online(phone)
    expect(phone.locator("[data-waiting]")).to_be_hidden(timeout=15_000)
    expect(phone.locator("#news .msg")).to_contain_text("Hand 2 saved")


# Each seat of the next hand: in the screen and the topmost thing at its centre, as the page
# lies now; then with the row of seats scrolled to each height of the screen's top part, as a
# thumb scrolling up meets them there: still the topmost (a note stuck over the top of the
# screen once took taps meant for a seat, one of them a waiting hand's Discard).
SEATS_CLEAR = """() => {
  const seats = Array.from(document.querySelectorAll("#entry .outs a.out"));
  const name = (seat) => seat.textContent.trim();
  const hit = (seat) => {
    const box = seat.getBoundingClientRect();
    const found = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    if (!found || seat.contains(found)) return null;
    return `${name(seat)} under ${found.closest("[class]").className}`;
  };
  const out = seats.filter((seat) => {
    const box = seat.getBoundingClientRect();
    return box.top < 0 || box.bottom > innerHeight;
  }).map(name);
  const covered = seats.map(hit).filter(Boolean);
  for (let top = 0; top <= 300; top += 20) {
    window.scrollBy(0, seats[0].getBoundingClientRect().top - top);
    covered.push(...seats.map(hit).filter(Boolean));
  }
  return { out, covered: Array.from(new Set(covered)) };
}"""


def spanish_table(make_match, add_hand):
    """Ana and Carla against Beto and Dani, twelve hands in, the pips given as one total."""
    match = make_match(names=("Ana", "Beto", "Carla", "Dani"), target=500)
    match.table.entry_mode = EntryMode.TOTAL
    match.table.save()
    for number in range(12):
        out = number % 2  # Ana, then Beto, and so on: 3 pips for each
        add_hand(match, out, {1 - out: 3, 2 + out: 0, 3 - out: 0})
    return match


@pytest.mark.usefixtures("fresh_catalogues")
def test_the_next_hands_seats_are_in_sight_and_never_under_the_notes_once_a_hand_waits(
    live_server, phone_in, make_match, add_hand
):
    match = spanish_table(make_match, add_hand)
    phone = phone_in("es", has_touch=True)
    controlled(phone, match_url(live_server, match))
    offline(phone)
    phone.locator("#entry .outs").get_by_role("link", name="Beto", exact=True).tap()
    count = phone.locator("form[data-hand-save] [data-pips] input[inputmode=numeric]")
    count.fill("5")
    count.blur()
    preview = phone.locator("[data-preview]")
    expect(preview).to_have_text(preview.get_attribute("data-offline"))
    phone.get_by_role("button", name="Anotar mano").tap()
    expect(phone.locator("[data-waiting] li")).to_have_count(1)
    expect(phone.locator("[data-keep-note=queued]")).to_be_visible()
    phone.screenshot(path="/tmp/pwa/queued-seats.png")

    assert phone.evaluate(SEATS_CLEAR) == {"out": [], "covered": []}


def test_a_waiting_hand_is_discarded_only_once_the_player_says_so_twice(
    live_server, phone: Page, make_match
):
    match = make_match()
    controlled(phone, match_url(live_server, match))
    offline(phone)
    enter(phone, ALICE_OUT)
    waiting = phone.locator("[data-waiting] li")
    discard = waiting.get_by_role("button", name="Discard", exact=True)
    box = discard.bounding_box()

    phone.mouse.dblclick(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

    expect(waiting.get_by_role("button", name="Yes, discard it")).to_be_visible()
    expect(waiting).to_have_count(1)
    waiting.get_by_role("button", name="Keep it").click()
    expect(discard).to_be_visible()
    expect(waiting.get_by_role("button", name="Yes, discard it")).to_have_count(0)
    discard.click()
    waiting.get_by_role("button", name="Yes, discard it").click()
    expect(phone.locator("[data-waiting]")).to_be_hidden()
    online(phone)
    expect(phone.locator("[data-stale]")).to_be_hidden()
    assert stored(match) == []


def test_the_next_hands_number_comes_back_once_its_waiting_hand_is_discarded(
    live_server, phone: Page, make_match
):
    match = make_match()
    controlled(phone, match_url(live_server, match))
    offline(phone)
    enter(phone, ALICE_OUT)
    expect(phone.locator(".hand-no")).to_have_text("Hand 2")

    discard(phone.locator("[data-waiting] li").nth(0))

    expect(phone.locator("[data-waiting]")).to_be_hidden()
    expect(phone.locator(".hand-no")).to_have_text("Hand 1")
    phone.locator("#entry .outs").get_by_role("link", name="Ben", exact=True).click()
    expect(phone.locator("form[data-hand-save] [name=number]")).to_have_value("1")
