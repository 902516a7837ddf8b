"""Shared fixtures: Debian's Chromium for Playwright on a phone profile, the catalogues as they
are now, and the factories of tests.support.testing."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings as django_settings

from tests.support import chromium

# Playwright's sync API runs an event loop in the test thread; the live server's database
# access from that thread is safe here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def chromium_path() -> str:
    path = chromium.executable()
    if path is None:
        pytest.fail("Chromium not found: install Debian's 'chromium' or set CHROME_PATH.")
    return path


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": chromium_path(),
        "args": chromium.FLAGS,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args, playwright):
    # A Pixel-class phone with touch, unless a test asks for something else.
    return {**browser_context_args, **playwright.devices["Pixel 7"], "locale": "en-US"}


# --- The translations as they are now ----------------------------------------------------------

LANGUAGES = ["es", "sv"]


@pytest.fixture(scope="session")
def compiled_catalogues(tmp_path_factory) -> Path:
    """The .po files as they are now, compiled once a session, so a stale .mo cannot hide a gap."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.fail("msgfmt not found: install the 'gettext' package (make messages does).")
    compiled = tmp_path_factory.mktemp("locale")
    for language in LANGUAGES:
        target = compiled / language / "LC_MESSAGES"
        target.mkdir(parents=True)
        source = (
            Path(django_settings.BASE_DIR) / "scorekeeper" / "locale" / language / "LC_MESSAGES"
        )
        subprocess.run(
            [msgfmt, "--check", "-o", str(target / "django.mo"), str(source / "django.po")],
            check=True,
        )
    return compiled


@pytest.fixture
def fresh_catalogues(settings, compiled_catalogues: Path) -> None:
    """Serve the freshly compiled catalogues for this test."""
    settings.LOCALE_PATHS = [compiled_catalogues]


@pytest.fixture(params=LANGUAGES)
def language(request) -> str:
    return request.param


@pytest.fixture
def speaking(client, language: str, fresh_catalogues):
    """A test client whose language cookie asks for `language`."""
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = language
    return client


# --- Other tables: every test runs beside them ---------------------------------------------------

DATABASE_FIXTURES = ("db", "transactional_db", "live_server")


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database, holding other tables of every game and size (testing.other_tables)
    before any test's own: a query that forgets its match reads them and fails its test."""
    from tests.created import mark_floors
    from tests.support import kept_rows
    from tests.support.testing import other_tables

    with django_db_blocker.unblock():
        other_tables()
        mark_floors()
        kept_rows.keep()


@pytest.fixture(autouse=True)
def _other_tables(request):
    """Every test that opens the database finds the other tables there. A test that commits
    (a browser test's live server) empties the database after it; the next one writes the
    same rows back (tests.support.kept_rows)."""
    uses_database = request.node.get_closest_marker("django_db") or any(
        name in request.fixturenames for name in DATABASE_FIXTURES
    )
    if not uses_database:
        return
    request.getfixturevalue("_django_db_helper")
    from scorekeeper.models import Table
    from tests.support import kept_rows

    if not Table.objects.filter(name__startswith="Other ").exists():
        kept_rows.bring_back()  # the rows they had: tests.created's floors still hold


# --- Fixtures over tests.support.testing's factories ---------------------------------------------


@pytest.fixture
def make_match(db):
    """A table and its first match: Alice and Cara against Ben and Dev unless told otherwise."""
    from tests.support.testing import make_match

    return make_match


@pytest.fixture
def add_hand():
    """Record a hand through the model: add_hand(match, out=3, pips={...}, capicu=True)."""
    from tests.support.testing import add_hand

    return add_hand


@pytest.fixture(autouse=True)
def _empty_page_cache():
    """Each test starts with no kept pages (the database it ran against is rolled back)."""
    from django.core.cache import cache, caches

    from scorekeeper.serving import store

    cache.clear()
    caches["fragments"].clear()
    store.RECENT.clear()


@pytest.fixture(autouse=True)
def _english_after():
    """Each test ends in the default language: a request in another one leaves it active on
    the thread (LocaleMiddleware does not undo it), and a later test would read its words."""
    yield
    from django.utils import translation

    translation.deactivate()


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
    from scorekeeper import rules
    from tests.support.testing import reported

    first = make_match(target=50)
    table = first.table

    def start(names, target):
        game = rules.make_game("caribbean", 4, rules=rules.HouseRules(target=target))
        return table.start_match(list(names), game, "caribbean")

    add_hand(first, 0, {1: 10, 2: 5, 3: 10}, capicu=True)
    second = start(("Alice", "Cara", "Ben", "Dev"), 50)
    add_hand(second, 0, {1: 20, 2: 20, 3: 20})
    third = start(("Alice", "Ben", "Cara", "Dev"), 50)
    add_hand(third, 0, {1: 5, 2: 5, 3: 5})
    add_hand(third, "blocked", {0: 9, 1: 15, 2: 3, 3: 9})
    add_hand(third, 0, {1: 30, 2: 20, 3: 10})
    third.undo(version=third.version)
    third.edit_hand(1, reported(1, {0: 10, 2: 10, 3: 5}), version=third.version)
    add_hand(third, 3, {0: 10, 1: 10, 2: 10})
    fourth = start(("Alice", "Ben", "Cara", "Dev"), 500)
    add_hand(fourth, 1, {0: 10, 2: 10, 3: 10})
    return table


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test under tests/browser or tests/load carries its mark, so `make test-fast` (which
    deselects them) never starts Chromium or gunicorn for a file that forgot `pytestmark`."""
    for item in items:
        parts = Path(str(item.path)).parts
        if "browser" in parts:
            item.add_marker(pytest.mark.browser)
        if "load" in parts:
            item.add_marker(pytest.mark.load)


def _commits(item: pytest.Item) -> bool:
    """Whether the test commits (a live server's, or a transactional database's): it empties
    the database after it."""
    fixtures = getattr(item, "fixturenames", ())
    marker = item.get_closest_marker("django_db")
    return (
        "live_server" in fixtures
        or "transactional_db" in fixtures
        or bool(marker and marker.kwargs.get("transaction"))
    )


class _CommittingTestsLast:
    """The tests that commit run after every test that rolls back, as Django orders them: a
    test after one that committed finds the database empty and builds the other tables again
    inside its own transaction, which rolls them back, so each test after it paid about a
    second for them (the browser tests had come before a thousand web tests, and the SQLite
    run took 37 minutes instead of 19). Sorted last of all the collection's hooks, so no other
    order puts them back."""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        items.sort(key=_commits)


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(_CommittingTestsLast(), "committing-tests-last")
