"""What a write to the file cache costs as the cache fills: Django's FileBasedCache against
scorekeeper.serving.cache.PlainFileCache, each holding `size` kept pages before the writes timed.

    .venv/bin/python bench/cache_writes.py [--sizes 50 530 5000] [--writes 500]

The stock cache lists its directory before every write (to decide whether to cull), so its
writes cost more the fuller it is; ours lists only the folder (1 of 256) the page goes in.
"""

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

import django

django.setup()

from django.core.cache.backends.filebased import FileBasedCache  # noqa: E402

from scorekeeper.serving.cache import PlainFileCache  # noqa: E402
from scorekeeper.serving.pagecache import keep  # noqa: E402
from scorekeeper.serving.slots import CSRF_SLOT  # noqa: E402

PAGE = keep("<html>" + "<p>Alice and Cara 120</p>" * 400 + CSRF_SLOT + "</html>")


def per_write_ms(backend, size: int, writes: int) -> float:
    with tempfile.TemporaryDirectory(prefix="scorekeeper-cache-bench-") as tmp:
        cache = backend(tmp, {"TIMEOUT": 3600, "OPTIONS": {"MAX_ENTRIES": 5000}})
        for n in range(size):
            cache.set(f"filled-{n}", PAGE)
        start = time.perf_counter()
        for n in range(writes):
            cache.set(f"timed-{n % 50}", PAGE)  # rewrites: the cache stays at `size` + 50
        return (time.perf_counter() - start) * 1000 / writes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[50, 530, 4900])
    parser.add_argument("--writes", type=int, default=500)
    args = parser.parse_args()
    print("| Kept pages | FileBasedCache ms/write | PlainFileCache ms/write |")
    print("|---|---|---|")
    for size in args.sizes:
        stock = per_write_ms(FileBasedCache, size, args.writes)
        ours = per_write_ms(PlainFileCache, size, args.writes)
        print(f"| {size:,} | {stock:.3f} | {ours:.3f} |", flush=True)


if __name__ == "__main__":
    main()
