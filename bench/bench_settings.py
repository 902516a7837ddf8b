"""Production settings plus one trivial view, for `make bench` only (bench/ on PYTHONPATH)."""

from scorekeeper.settings import *  # noqa: F403

ROOT_URLCONF = "bench_urls"
