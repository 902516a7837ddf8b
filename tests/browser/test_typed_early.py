"""What a thumb types before the page's modules arrive (main.js asks for them with import()) is
kept: nothing the modules do when they come takes a typed count away or moves the cursor from
where it was typing, and the draft they keep holds it."""

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
