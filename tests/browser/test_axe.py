"""axe-core finds no accessibility violation on any page, light or dark, at 360 px."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

AXE = Axe()


@pytest.fixture
def pages(live_server, make_match, add_hand) -> dict[str, str]:
    """Every page of the app, with a table that has played and one that has finished."""
    match = make_match(names=("Alice", "Ben", "Isabel", "Dev"))
    add_hand(match, 3, {0: 10, 1: 12, 2: 9}, capicu=True)
    add_hand(match, "blocked", {0: 9, 1: 15, 2: 3, 3: 9})
    over = make_match(names=("Ana", "Ben"), preset="standard", target=10)
    add_hand(over, 0, {1: 20})
    table, page = match.table, f"/t/{match.table.key}/m/{match.number}/"
    return {
        "home": "/",
        "setup": "/new",
        "match": page,
        "match entering a hand": page + "?out=1",
        "match entering a blocked hand": page + "?out=blocked",
        "finished match": f"/t/{over.table.key}/m/{over.number}/",
        "hand": page + "h/1/",
        "undo": page + "undo",
        "table": f"/t/{table.key}/",
        "rematch setup": f"/t/{table.key}/new",
        "help": "/help",
        "watch": f"/w/{table.watch_key}/",
        "import": "/import",
    }


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_page_has_an_accessibility_violation(live_server, browser: Browser, pages, scheme):
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, color_scheme=scheme, has_touch=True
    )
    page = context.new_page()
    found = {}
    for name, path in pages.items():
        page.goto(live_server.url + path)
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
        results = AXE.run(page)
        if results.violations_count:
            found[name] = results.generate_snapshot()
        elif page.locator("h1").count() != 1:
            found[name] = f"{page.locator('h1').count()} level-one headings"
    context.close()
    assert found == {}
