"""What a thumb types before the page's modules arrive (main.js asks for them with import()) is
kept: nothing the modules do when they come takes a typed count away, and the draft they keep
holds it."""

import pytest
from playwright.sync_api import Page, Route, expect

pytestmark = pytest.mark.browser

# The modules the hand form works with; main.js and offline.js come with the page.
LATE = ("hand.js", "saves.js", "keep.js", "keys.js", "tiles.js", "queue.js", "notes.js")


def held_modules(page: Page, late=LATE) -> list[Route]:
    """The modules named held back until the test lets them through."""
    held: list[Route] = []

    def hold(route: Route) -> None:
        name = route.request.url.rsplit("/", 1)[-1].split("?")[0]
        if any(name.startswith(module.removesuffix(".js") + ".") for module in late):
            held.append(route)
        else:
            route.continue_()

    page.route("**/static/js/**", hold)
    return held


def let_through(page: Page, held: list[Route]) -> None:
    # Each module asks for the ones it imports only once it has come: let them all through.
    for _ in range(20):
        while held:
            held.pop(0).continue_()
        page.wait_for_timeout(100)
    page.wait_for_load_state("networkidle")


def arrived(page: Page, modules) -> None:
    """The modules named have come (and a moment to run): the seat's tap meets them."""
    names = [module.removesuffix(".js") + "." for module in modules]
    page.wait_for_function(
        "names => names.every(name => performance.getEntriesByType('resource')"
        ".some(entry => entry.name.split('/').pop().startsWith(name)))",
        arg=names,
    )
    page.wait_for_timeout(200)


def match_url(live_server, match) -> str:
    return f"{live_server.url}/t/{match.table.key}/m/{match.number}/"


# All of them late; or the queue's (saves.js) in, so that the seat's tap keeps an empty draft,
# and the number pad's (keys.js) late, so that the form's own listeners come after the counts.
@pytest.mark.parametrize("late", [LATE, ("keys.js",)], ids=["all late", "keys late"])
def test_counts_typed_before_the_modules_arrive_stay_in_the_form(
    live_server, phone: Page, make_match, late
):
    match = make_match()
    held = held_modules(phone, late)
    phone.goto(match_url(live_server, match))
    arrived(phone, [m for m in LATE if m not in late])
    phone.locator("#entry .outs").get_by_role("link", name="Alice", exact=True).click()
    expect(phone.get_by_role("button", name="Save hand")).to_be_visible()
    phone.get_by_label("Ben", exact=True).fill("10")
    phone.get_by_label("Cara", exact=True).fill("5")
    assert held, "the modules came before the counts were typed: nothing was tested"

    let_through(phone, held)

    expect(phone.get_by_label("Ben", exact=True)).to_have_value("10")
    expect(phone.get_by_label("Cara", exact=True)).to_have_value("5")
    phone.get_by_label("Dev", exact=True).fill("7")
    phone.reload()  # the draft kept on the phone holds the counts typed early too
    expect(phone.get_by_label("Ben", exact=True)).to_have_value("10")
    expect(phone.get_by_label("Cara", exact=True)).to_have_value("5")
    expect(phone.get_by_label("Dev", exact=True)).to_have_value("7")
