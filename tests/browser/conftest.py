"""Fixtures of the browser tests."""

import pytest
from playwright.sync_api import Browser, Page


@pytest.fixture
def phone(page: Page, request):
    """A small phone (360 x 740), failing the test on any console error or CSP violation; in a
    test marked `no_signal`, on any page error (there a request that finds no signal is a
    console error of its own)."""
    problems: list[str] = []
    if request.node.get_closest_marker("no_signal") is None:
        page.on("console", lambda msg: problems.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.set_viewport_size({"width": 360, "height": 740})
    yield page
    assert problems == []


@pytest.fixture
def phone_in(browser: Browser, browser_context_args, request):
    """Makes a small phone (360 x 740) whose browser speaks a language ("es"): its own
    context's locale, which its requests' Accept-Language follows (a header set on the `phone`
    fixture's context is not sent over that context's en-US), with any other context argument
    (`has_touch=True`). Each fails the test on a console error or page error, as `phone` does
    (in a test marked `no_signal`, on a page error only), and is closed with the test: a page
    left open would go on asking the live server for its pages through the tests after it."""
    contexts, problems = [], []
    console = request.node.get_closest_marker("no_signal") is None

    def make(language: str, **extra) -> Page:
        args = {**browser_context_args, "locale": language, **extra}
        context = browser.new_context(**{**args, "viewport": {"width": 360, "height": 740}})
        contexts.append(context)
        page = context.new_page()
        if console:
            page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: problems.append(str(error)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert problems == []


@pytest.fixture(autouse=True)
def _no_signal_gate(monkeypatch):
    """The server side of tests/browser/signal.py's `offline`: no phone is cut off to begin.
    Set up before the test's phones, it is torn down after them: the live server's last
    requests end before the database is emptied for the next test."""
    from tests.browser.signal import guard, settled

    guard(monkeypatch)
    yield
    settled()


@pytest.fixture(params=[False, True], ids=["production", "debug"])
def debug(request, settings):
    """The test once as production serves it and once with DEBUG on, as `make run` serves it
    (django-htmx's script then loads too, and would show a refused request's page)."""
    settings.DEBUG = request.param
    return request.param
