"""Shared fixtures: Debian's Chromium for Playwright, on a phone profile."""

import os
import shutil

import pytest

# Playwright's sync API runs an event loop in the test thread; the live server's database
# access from that thread is safe here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str:
    path = os.environ.get("CHROME_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.exists(path):
        pytest.fail("Chromium not found: install Debian's 'chromium' or set CHROME_PATH.")
    return path


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": chromium_path(),
        "args": CHROMIUM_FLAGS,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args, playwright):
    # A Pixel-class phone with touch, unless a test asks for something else.
    return {**browser_context_args, **playwright.devices["Pixel 7"], "locale": "en-US"}


# --- Fixtures over scorekeeper.testing's factories ---------------------------------------------


@pytest.fixture
def make_match(db):
    """A table and its first match: Alice and Cara against Ben and Dev unless told otherwise."""
    from scorekeeper.testing import make_match

    return make_match


@pytest.fixture
def add_hand():
    """Record a hand through the model: add_hand(match, out=3, pips={...}, capicu=True)."""
    from scorekeeper.testing import add_hand

    return add_hand


@pytest.fixture(autouse=True)
def _empty_page_cache():
    """Each test starts with no kept pages (the database it ran against is rolled back)."""
    from django.core.cache import cache

    cache.clear()
