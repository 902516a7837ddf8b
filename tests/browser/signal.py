"""A phone under its service worker, and a phone without signal."""

from playwright.sync_api import Page


def controlled(page: Page, url: str, *, warmed: bool = False) -> None:
    """Open the page, wait for the service worker, and open it again under its control (and,
    `warmed`, until the forms it keeps for use without signal are fetched)."""
    page.goto(url)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    if warmed:
        page.wait_for_load_state("networkidle")


def offline(page: Page) -> None:
    """No signal, once both the page and the way its saves go know it.

    The page hears first (navigator.onLine). A request the service worker leaves to the
    network, as it leaves every save, could still get out for a moment after that under load
    (a CI run saved a hand typed "without signal"): wait until such a request fails too."""
    page.context.set_offline(True)
    page.wait_for_function("() => !navigator.onLine")
    page.wait_for_function(
        "() => fetch('/healthz?signal', {cache: 'no-store'}).then(() => false, () => true)",
        polling=100,
    )
