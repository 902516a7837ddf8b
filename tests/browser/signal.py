"""A phone under its service worker, and a phone without signal."""

import threading
import time

from django.core.handlers.wsgi import WSGIHandler
from playwright.sync_api import Page, expect

# The phones without signal, by their CSRF cookie: the server refuses their posts as a proxy
# with no way through would (503). Chromium's offline emulation reaches a page a moment after
# its document starts, so a page opened from the phone's kept copy could send its waiting
# hands in that moment (CI runs saved a hand "without signal" so, from a request with none of
# the page's emulation, not even its user agent); a real phone without signal sends nothing.
CUT: set[str] = set()

# The requests the live server is answering now. A test's phone is closed before its database
# is emptied, but a request it sent last (a service worker's fetch, say) can still be running
# in the server's thread: on PostgreSQL, its locks and the flush's TRUNCATE then deadlock.
BUSY = {"requests": 0}
BUSY_LOCK = threading.Lock()


def _count(step: int) -> None:
    with BUSY_LOCK:
        BUSY["requests"] += step


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
        _count(1)
        try:
            return real(self, environ, start_response)
        finally:
            _count(-1)

    monkeypatch.setattr(WSGIHandler, "__call__", call)
    CUT.clear()


def settled(limit_s: float = 30.0) -> None:
    """Wait until the live server answers no request (at most `limit_s`: a request that never
    ends is the test's own failure, and the flush then says so)."""
    end = time.monotonic() + limit_s
    while BUSY["requests"] and time.monotonic() < end:
        time.sleep(0.02)


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
    forms_kept(page)


# Page.wait_for_function takes a promise for a true value at once (a promise is truthy): a state
# that can only be asked for asynchronously is asked here, again and again, until it holds (the
# check written into the function: the page's policy allows no eval).
UNTIL = """async (ms) => {
  const ask = %s;
  const end = Date.now() + ms;
  while (!(await ask())) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}"""


def until(page: Page, check: str, timeout_ms: int = 15_000) -> None:
    """Wait until the page's `check`, a function that returns a promise, comes true."""
    assert page.evaluate(UNTIL % check, timeout_ms), f"never came true: {check}"


# Every hand form (and score strip) the page asks its service worker to keep (offline.js's
# warmHandForms), each in the worker's cache of parts.
FORMS_KEPT = """() => navigator.serviceWorker.ready
  .then(() => caches.open("parts-v1"))
  .then((cache) => {
    const links = document.querySelectorAll(
      "[data-entry] a[data-out][hx-get], [data-entry] a[data-scorer][hx-get]");
    const kept = (link) => {
      const key = new URL(link.getAttribute("hx-get"), location.href);
      key.searchParams.delete("round"); // kept whatever hand the page showed (sw.js's partKey)
      return cache.match(key.href, { ignoreVary: true });
    };
    return Promise.all(Array.from(links, kept));
  })
  .then((kept) => kept.every(Boolean))"""


def forms_kept(page: Page) -> None:
    """Wait until the service worker has fetched every hand form the page asked it to keep.

    It fetches them one by one after the page has loaded, out of the page's sight ("networkidle"
    does not wait for them), and each answer sets the CSRF cookie again: cookies cleared before
    the last came back are back a moment later, and the "lost cookie" is not lost."""
    until(page, FORMS_KEPT)


def offline(page: Page) -> None:
    """No signal, once both the page and the way its saves go know it.

    The page hears first (navigator.onLine). A request the service worker leaves to the
    network, as it leaves every save, could still get out for a moment after that under load:
    wait until such a request fails too. And the server refuses this phone's posts until
    `online` (see CUT)."""
    page.context.set_offline(True)
    CUT.add(csrf_cookie(page))
    page.wait_for_function("() => !navigator.onLine")
    until(page, "() => fetch('/healthz?signal', {cache: 'no-store'}).then(() => false, () => true)")


def save_without_signal(page: Page, field) -> None:
    """Tap Save with no signal, the cursor still in `field`, the count typed last.

    The tap takes the cursor out of the count; its change asks for a preview, which finds no
    signal and puts the no-signal words in its place (offline.js). Those words were once a line
    longer, and the button moved down: Playwright presses and releases the mouse in two steps,
    and under load the click went to the form, not the button (seen in a trace: no save was
    sent). They take no more room now (test_offline.py); the cursor still leaves first here,
    and the tap waits for the preview's new words, as the eye would."""
    field.blur()
    preview = page.locator("[data-preview]")
    expect(preview).to_have_text(preview.get_attribute("data-offline"))
    page.get_by_role("button", name="Save hand").click()


def online(page: Page) -> None:
    """Signal again."""
    CUT.discard(csrf_cookie(page))
    page.context.set_offline(False)
