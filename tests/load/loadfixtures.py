"""The load tests' pytest plugin: one collectstatic per run, and the figures at the end.

Test modules load it with `pytest_plugins = ["loadfixtures"]`. It is not a tests/load/conftest.py
so that one conftest.py serves every test folder.
"""

from collections.abc import Iterator

import pytest
from loadlib import SUMMARY, Site, collected_site


@pytest.fixture(scope="session")
def site() -> Iterator[Site]:
    """Production settings with their static files collected, shared by every server."""
    with collected_site() as collected:
        yield collected


def pytest_terminal_summary(terminalreporter) -> None:
    if SUMMARY:
        terminalreporter.section("load")
        for line in SUMMARY:
            terminalreporter.write_line(line)
