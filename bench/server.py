"""The bench's server: the load harness's production site and gunicorn (tests/load/harness.py,
the same as the load tests'), with the bench's yardstick views (bench_urls.py)."""

import sys
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "load"))

from harness import BASE_DIR as ROOT  # noqa: F401 (run.py and scale.py read it here)
from harness import HOST, Gunicorn, Phone, Site, collected_site  # noqa: F401

# As README's production section runs it.
WORKERS = 3


def site() -> AbstractContextManager[Site]:
    """Production settings, static files collected, the yardsticks routed; every phone opens its
    tables from this one address."""
    return collected_site(yardsticks=True, TABLES_PER_HOUR="1000", LOG_LEVEL="WARNING")


def database_url(path: Path) -> str:
    return f"sqlite:///{path}"


@contextmanager
def gunicorn(site: Site, database: Path, log: Path) -> Iterator[Gunicorn]:
    """gunicorn on this SQLite file, every worker warmed up, until the block ends."""
    with Gunicorn(site, database_url(database), log, workers=WORKERS, threads=1) as server:
        server.warm("/bench/trivial")
        yield server
