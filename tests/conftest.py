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


# --- Small factories over the real model API ---------------------------------------------------

SETUP = {
    "player_1": "Alice",
    "player_2": "Ben",
    "player_3": "Cara",
    "player_4": "Dev",
    "partnership": "on",
    "pairing": "13",
    "preset": "caribbean",
    "target": "200",
    "capicu_bonus": "25",
    "count_rule": "all_other_hands",
    "blocked_rule": "lightest_hand",
}


@pytest.fixture
def make_match(db):
    """A table and its first match: Alice and Cara against Ben and Dev unless told otherwise."""
    from scorekeeper import rules
    from scorekeeper.models import Table

    def make(names=("Alice", "Ben", "Cara", "Dev"), preset="caribbean", **house):
        table = Table.objects.create(name="Park")
        game = rules.make_game(preset, len(names), rules=rules.HouseRules(**house))
        return table.start_match(list(names), game, preset)

    return make


@pytest.fixture
def add_hand():
    """Record a hand through the model: add_hand(match, out=3, pips={...}, capicu=True)."""
    import uuid

    from scorekeeper import rules

    def add(match, out, pips, capicu=False):
        ending = rules.Ending.BLOCKED if out == "blocked" else rules.Ending.WENT_OUT
        hand = rules.Hand(
            ending=ending, went_out=None if out == "blocked" else out, pips=pips, capicu=capicu
        )
        match.add_hand(hand, token=uuid.uuid4(), number=match.hand_count + 1)
        return match

    return add


# The hands of RULES.md's worked match: Alice 0, Ben 1, Cara 2, Dev 3.
EXAMPLE_HANDS = [
    {"out": 3, "pips": {0: 10, 1: 12, 2: 9}, "capicu": True},
    {"out": 0, "pips": {1: 20, 2: 10, 3: 14}},
    {"out": "blocked", "pips": {0: 9, 1: 15, 2: 3, 3: 9}},
    {"out": 2, "pips": {0: 8, 1: 17, 3: 13}},
]
