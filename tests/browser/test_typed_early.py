"""What a thumb types before the page's modules arrive (main.js asks for them with import()) is
kept: nothing the modules do when they come takes a typed count away or moves the cursor from
where it was typing, and the draft they keep holds it. A seat tapped just after a reload wins
over the hand kept on the phone, whenever the modules or the forms arrive."""

import pytest
from playwright.sync_api import Page, Route, expect

pytestmark = pytest.mark.browser

# The modules the hand form works with; main.js and offline.js come with the page.
LATE = ("hand.js", "saves.js", "keep.js", "keys.js", "tiles.js", "queue.js", "notes.js")
# Every module main.js may hand a part of the page to.
EVERY = (*LATE, "waiting.js", "awake.js", "share.js", "speak.js", "clock.js")


class Held:
    """The modules named, held back on a slow link until `release`; the others come at once."""

    def __init__(self, page: Page, late) -> None:
        self.late = [module.removesuffix(".js") + "." for module in late]
        self.routes: list[Route] = []
        self.holding = True
        page.route("**/static/js/**", self.route)

    def route(self, route: Route) -> None:
        name = route.request.url.rsplit("/", 1)[-1].split("?")[0]
        if self.holding and any(name.startswith(module) for module in self.late):
            self.routes.append(route)
        else:
            route.continue_()

    def release(self) -> None:
        """The link catches up: the held modules come, and the ones they import after them."""
        self.holding = False
        while self.routes:
            self.routes.pop(0).continue_()


def run(page: Page, modules) -> None:
    """Wait until the modules named have come and run, and main.js has handed them what it had
    waited for them with (asked as main.js asks, beside it: the same modules)."""
    page.evaluate(
        """names => {
          const main = document.querySelector("script[type=module][src*='main']").src;
          return Promise.all(names.map((name) => import(new URL("./" + name, main).href)));
        }""",
        list(modules),
    )


# The hand being typed as the phone keeps it (hand.js), by field name.
KEPT = "(JSON.parse(localStorage.getItem('scorekeeper:hand:' + location.pathname)) || {}).values"


def kept(page: Page) -> dict:
    return page.evaluate("() => " + KEPT) or {}


def counts_kept(page: Page, counts: dict[str, str]) -> None:
    """Wait until the phone keeps these counts (by field name) in the hand being typed."""
    page.wait_for_function(
        "counts => Object.entries(counts).every(([name, count]) => {"
        f" const values = {KEPT} || {{}};"
        " return (values[name] || [])[0] === count; })",
        arg=counts,
    )


def match_url(live_server, match) -> str:
    return f"{live_server.url}/t/{match.table.key}/m/{match.number}/"


def count(page: Page, name: str):
    return page.get_by_label(name, exact=True)


# All of them late; or the queue's (saves.js) in, so that the seat's tap keeps an empty draft,
# and the number pad's (keys.js) late, so that the form's own listeners come after the counts.
@pytest.mark.parametrize("late", [LATE, ("keys.js",)], ids=["all late", "keys late"])
def test_counts_typed_before_the_modules_arrive_stay_in_the_form(
    live_server, phone: Page, make_match, late
):
    match = make_match()
    held = Held(phone, late)
    phone.goto(match_url(live_server, match))
    run(phone, [m for m in LATE if m not in late])
    phone.locator("#entry .outs").get_by_role("link", name="Alice", exact=True).click()
    expect(phone.get_by_role("button", name="Save hand")).to_be_visible()
    count(phone, "Ben").fill("10")
    count(phone, "Cara").fill("5")
    assert kept(phone).get("pips_1") != ["10"], "the modules came before the counts: no test"

    held.release()

    counts_kept(phone, {"pips_1": "10", "pips_2": "5"})
    expect(count(phone, "Ben")).to_have_value("10")
    expect(count(phone, "Cara")).to_have_value("5")
    count(phone, "Dev").fill("7")
    counts_kept(phone, {"pips_3": "7"})
    phone.reload()  # the draft kept on the phone holds the counts typed early too
    expect(count(phone, "Ben")).to_have_value("10")
    expect(count(phone, "Cara")).to_have_value("5")
    expect(count(phone, "Dev")).to_have_value("7")


def test_the_number_pad_s_module_arriving_late_leaves_the_cursor_where_the_thumb_types(
    live_server, phone: Page, make_match
):
    # keys.js puts the cursor in the first empty count when a seat's form comes: arriving while
    # a thumb was typing a count further down, it took the cursor away mid-count, and the rest of
    # that count went into another player's.
    match = make_match()
    held = Held(phone, ("keys.js",))
    phone.goto(match_url(live_server, match))
    phone.locator("#entry .outs").get_by_role("link", name="Alice", exact=True).click()
    expect(phone.get_by_role("button", name="Save hand")).to_be_visible()
    count(phone, "Dev").click()
    phone.keyboard.type("1")

    held.release()
    run(phone, EVERY)  # and each has been handed the form

    phone.keyboard.type("5")

    expect(count(phone, "Dev")).to_have_value("15")
    expect(count(phone, "Ben")).to_have_value("")
    expect(count(phone, "Dev")).to_be_focused()


# --- A tap just after a reload, against the hand kept on the phone ------------------------------

# The seat of the hand the phone keeps (hand.js).
KEPT_OUT = "(JSON.parse(localStorage.getItem('scorekeeper:hand:' + location.pathname)) || {}).out"
# Every seat whose form came into the entry, in order, from the page's first moment.
SEEN = """
window.seen = [];
document.addEventListener("htmx:afterSwap", (event) => {
  const form = document.querySelector("form[data-hand-save]");
  const entry = event.detail.target.matches("[data-entry]");
  if (form && entry) window.seen.push(form.elements.out.value);
});
"""
# The page's own requests are held and answered by the test: no service worker between (its
# fetch of a form would pass by the page's routes).
NO_WORKER = pytest.mark.browser_context_args(service_workers="block")


class Forms:
    """The seats' forms the page asks for (`part=entry`), each held until answered."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.routes: list[Route] = []
        page.route(lambda url: "part=entry" in url, lambda route: self.routes.append(route))

    def held(self, out: str) -> None:
        """Wait until the form of seat `out` is asked for (htmx marks its link meanwhile)."""
        self.page.wait_for_function(
            """out => {
              const link = document.querySelector(`[data-entry] a[data-out='${out}'].htmx-request`);
              if (link) (window.asking = window.asking || {})[out] = link;
              return Boolean(link);
            }""",
            arg=out,
        )

    def asked(self, out: str) -> bool:
        """Whether the form of seat `out` is being asked for now."""
        selector = f"[data-entry] a[data-out='{out}'].htmx-request"
        return self.page.evaluate("selector => Boolean(document.querySelector(selector))", selector)

    def answer(self, out: str) -> None:
        """Let the form of seat `out` through, and wait until the page is done with it (its
        link, in the page or not, no longer marked)."""
        (route,) = [route for route in self.routes if f"out={out}&" in route.request.url]
        self.routes.remove(route)
        route.continue_()
        self.page.wait_for_function(
            "out => !window.asking[out].classList.contains('htmx-request')", arg=out
        )


def keep_ben_s_hand(page: Page, live_server, match) -> None:
    """Ben went out and Alice's 4 is typed: the phone keeps that hand."""
    page.goto(match_url(live_server, match))
    run(page, EVERY)
    page.locator("#entry .outs").get_by_role("link", name="Ben", exact=True).click()
    count(page, "Alice").fill("4")
    counts_kept(page, {"pips_0": "4"})


def tap(page: Page, name: str) -> None:
    page.locator("#entry .outs").get_by_role("link", name=name, exact=True).click()


def expect_cara_s_hand(page: Page) -> None:
    """Cara went out, as tapped: her seat chosen, and the hand kept on the phone is hers."""
    page.wait_for_function(f"() => {KEPT_OUT} === '2'", timeout=5000)
    expect(page.locator("#entry .out.chosen")).to_have_text("Cara")
    expect(count(page, "Alice")).to_have_value("")


@NO_WORKER
def test_a_seat_tapped_before_the_modules_arrive_is_not_taken_back_by_the_kept_hand(
    live_server, phone: Page, make_match
):
    # restore() found the form of Cara, tapped a moment after the reload, and asked for Ben's in
    # its place: the tap was lost, and Ben's hand came back.
    match = make_match()
    keep_ben_s_hand(phone, live_server, match)
    held = Held(phone, LATE)
    forms = Forms(phone)
    phone.reload()
    tap(phone, "Cara")
    forms.held("2")
    forms.answer("2")

    held.release()
    run(phone, EVERY)

    assert not forms.asked("1")
    expect_cara_s_hand(phone)


@NO_WORKER
def test_a_seat_tapped_before_the_modules_arrive_and_still_on_its_way_wins(
    live_server, phone: Page, make_match
):
    match = make_match()
    keep_ben_s_hand(phone, live_server, match)
    held = Held(phone, LATE)
    forms = Forms(phone)
    phone.reload()
    tap(phone, "Cara")
    forms.held("2")

    held.release()
    run(phone, EVERY)

    assert not forms.asked("1")
    forms.answer("2")
    expect_cara_s_hand(phone)


@NO_WORKER
def test_the_kept_hand_s_seat_answered_after_a_tap_is_not_put_over_it(
    live_server, phone: Page, make_match
):
    # restore() asks for Ben's form (the kept hand's) and Cara is tapped meanwhile. Ben's came
    # first and took the page; Cara's, on its way to the part Ben's had replaced, never showed.
    match = make_match()
    keep_ben_s_hand(phone, live_server, match)
    phone.add_init_script(SEEN)
    forms = Forms(phone)
    phone.reload()
    run(phone, EVERY)
    forms.held("1")
    tap(phone, "Cara")
    forms.held("2")

    forms.answer("1")
    forms.answer("2")

    assert phone.evaluate("() => window.seen") == ["2"]
    expect_cara_s_hand(phone)


@NO_WORKER
def test_a_count_typed_while_the_kept_hand_s_seat_is_on_its_way_stays(
    live_server, phone: Page, make_match
):
    # Ben's form, coming last, never showed before either: htmx drops an answer whose part was
    # replaced meanwhile (by Cara's). Kept as a guard: the typing gives Ben's seat up now.
    match = make_match()
    keep_ben_s_hand(phone, live_server, match)
    phone.add_init_script(SEEN)
    forms = Forms(phone)
    phone.reload()
    run(phone, EVERY)
    forms.held("1")
    tap(phone, "Cara")
    forms.held("2")
    forms.answer("2")
    count(phone, "Dev").fill("7")

    forms.answer("1")

    assert phone.evaluate("() => window.seen") == ["2"]
    expect(count(phone, "Dev")).to_have_value("7")
    counts_kept(phone, {"pips_3": "7"})
    expect_cara_s_hand(phone)
