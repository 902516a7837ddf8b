"""A phone under its service worker, and a phone without signal."""

from django.core.handlers.wsgi import WSGIHandler
from playwright.sync_api import Page

# The phones without signal, by their CSRF cookie: the server refuses their posts as a proxy
# with no way through would (503). Chromium's offline emulation reaches a page a moment after
# its document starts, so a page opened from the phone's kept copy could send its waiting
# hands in that moment (CI runs saved a hand "without signal" so, from a request with none of
# the page's emulation, not even its user agent); a real phone without signal sends nothing.
CUT: set[str] = set()


def guard(monkeypatch) -> None:
    """Put the gate in front of the live server (tests/browser/conftest.py, each test)."""
    real = WSGIHandler.__call__

    def call(self, environ, start_response):
        cookies = environ.get("HTTP_COOKIE", "")
        if environ.get("REQUEST_METHOD") == "POST" and any(
            f"csrftoken={token}" in cookies for token in CUT
        ):
            start_response("503 Service Unavailable", [("Content-Type", "text/plain")])
            return [b"no signal"]
        return real(self, environ, start_response)

    monkeypatch.setattr(WSGIHandler, "__call__", call)
    CUT.clear()


def csrf_cookie(page: Page) -> str:
    (token,) = [c["value"] for c in page.context.cookies() if c["name"] == "csrftoken"]
    return token


def controlled(page: Page, url: str) -> None:
    """Open the page, wait for the service worker, and open it again under its control, until
    the hand forms it keeps for use without signal are fetched (the worker stops fetching them
    at the first that finds no signal: a tap on a seat whose form it lacks then opens nothing)."""
    page.goto(url)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_load_state("networkidle")


def offline(page: Page) -> None:
    """No signal, once both the page and the way its saves go know it.

    The page hears first (navigator.onLine). A request the service worker leaves to the
    network, as it leaves every save, could still get out for a moment after that under load:
    wait until such a request fails too. And the server refuses this phone's posts until
    `online` (see CUT)."""
    page.context.set_offline(True)
    CUT.add(csrf_cookie(page))
    page.wait_for_function("() => !navigator.onLine")
    page.wait_for_function(
        "() => fetch('/healthz?signal', {cache: 'no-store'}).then(() => false, () => true)",
        polling=100,
    )


def online(page: Page) -> None:
    """Signal again."""
    CUT.discard(csrf_cookie(page))
    page.context.set_offline(False)
