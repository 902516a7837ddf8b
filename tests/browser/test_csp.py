"""Every page under the strict Content Security Policy: no violation, no console error."""

import pytest
from playwright.sync_api import Page

from scorekeeper import rules
from tests.support.testing import EXAMPLE_HANDS

pytestmark = pytest.mark.browser

WATCH_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(event.violatedDirective + " " + event.blockedURI);
});
"""


def pages(match, finished) -> list[str]:
    table = match.table
    base = f"/t/{table.key}/m/{match.number}/"
    return [
        "/",
        "/new",
        "/help",
        "/offline",
        f"/t/{table.key}/",
        f"/t/{table.key}/new",
        f"/t/{table.key}/stats",
        f"/t/{table.key}/versus",
        base,
        base + "?out=blocked",
        base + "?out=2",
        base + "h/1/",
        base + "undo",
        f"/w/{table.watch_key}/",
        f"/t/{table.key}/m/{finished.number}/",
    ]


def test_no_page_breaks_the_content_security_policy(live_server, page: Page, make_match, add_hand):
    match = make_match()
    for hand in EXAMPLE_HANDS:
        add_hand(match, **hand)
    short = rules.make_game("caribbean", 4, rules=rules.HouseRules(target=50))
    finished = match.table.start_match(match.seat_names(), short, "caribbean")
    add_hand(finished, 0, {1: 30, 2: 20, 3: 10})
    problems: list[str] = []
    page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.add_init_script(WATCH_VIOLATIONS)
    for path in pages(match, finished):
        response = page.goto(live_server.url + path)
        assert response.status == 200, path
        assert "Content-Security-Policy" in response.headers or (
            "content-security-policy" in response.headers
        )
        page.wait_for_load_state("networkidle")
        violations = page.evaluate("window.__violations")
        assert violations == [], (path, violations)
    # The manifest and the service worker load under the same policy (default-src 'self').
    assert page.evaluate("navigator.serviceWorker.ready.then((r) => r.active.scriptURL)").endswith(
        "/sw.js"
    )
    # The htmx paths too: pick who went out, type, preview, save.
    page.goto(live_server.url + f"/t/{match.table.key}/m/{match.number}/")
    page.locator("#entry .outs a", has_text="Ben").click()
    page.get_by_label("Alice", exact=True).fill("4")
    page.get_by_label("Cara", exact=True).fill("5")
    page.get_by_label("Dev", exact=True).fill("6")
    page.get_by_role("button", name="Save hand").click()
    page.wait_for_selector(".msg")
    assert page.evaluate("window.__violations") == []
    assert problems == []


def test_a_swap_keeps_within_the_policy_when_a_field_has_a_style(live_server, page: Page):
    """htmx settled a swapped part by copying each old element's style attribute onto the new
    one, which the policy refuses: a style set through the page's own CSSOM (a textarea drawn
    taller, say) became a console error on the next swap (seen on a walk-through)."""
    page.add_init_script(WATCH_VIOLATIONS)
    page.goto(live_server.url + "/tournament/new")
    page.evaluate("document.querySelector('#id_target').style.width = '200px'")
    with page.expect_response("**/tournament/new"):
        page.get_by_label("Format").select_option("rotating_partners")
    # Settled: htmx takes its settling class off once it is done.
    page.wait_for_function("() => !document.querySelector('.htmx-settling, .htmx-swapping')")
    assert page.evaluate("window.__violations") == []
