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


@pytest.fixture
def park_table(make_match, add_hand):
    """Three finished matches and one in progress, built to check every statistic by hand.

    1. Alice & Cara beat Ben & Dev 50-0 in one hand, a capicú (a shutout).
    2. Alice & Ben beat Cara & Dev 60-0 in one hand (a shutout).
    3. Alice & Cara against Ben & Dev: hand 1 entered as Alice's and corrected to Ben's
       (25), a blocked hand for Cara (33), a hand that would have ended the match for Alice &
       Cara and was undone, then Dev's (30): Ben & Dev win 55-33.
    4. In progress: Ben's hand for 30; it counts for nothing yet.
    """
    import uuid

    from scorekeeper import rules

    first = make_match(target=50)
    table = first.table
    add_hand(first, 0, {1: 10, 2: 5, 3: 10}, capicu=True)

    def start(names, target):
        game = rules.make_game("caribbean", 4, rules=rules.HouseRules(target=target))
        return table.start_match(list(names), game, "caribbean")

    second = start(("Alice", "Cara", "Ben", "Dev"), 50)
    add_hand(second, 0, {1: 20, 2: 20, 3: 20})
    third = start(("Alice", "Ben", "Cara", "Dev"), 50)
    add_hand(third, 0, {1: 5, 2: 5, 3: 5})
    add_hand(third, "blocked", {0: 9, 1: 15, 2: 3, 3: 9})
    add_hand(third, 0, {1: 30, 2: 20, 3: 10})
    third.undo_last(version=third.version)
    corrected = rules.Hand(rules.Ending.WENT_OUT, went_out=1, pips={0: 10, 2: 10, 3: 5})
    third.edit_hand(1, corrected, version=third.version)
    add_hand(third, 3, {0: 10, 1: 10, 2: 10})
    fourth = start(("Alice", "Ben", "Cara", "Dev"), 500)
    fourth.add_hand(
        rules.Hand(rules.Ending.WENT_OUT, went_out=1, pips={0: 10, 2: 10, 3: 10}),
        token=uuid.uuid4(),
        number=1,
    )
    return table
