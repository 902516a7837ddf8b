"""Where kept pages are kept: Django's default cache (settings.CACHES), with the pages this
process served last in front of it in memory (Recent).

A per-process memory cache is correct with any number of servers, because the version in the
key comes from the database; a shared cache only saves the rendering on the other servers. A
page several requests miss at once is drawn by the first while the others wait for it
(kept_or_drawn).
"""

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import NamedTuple

from django.core.cache import cache

# How long a page stays kept when nobody asks for it (the key changes with every save anyway).
KEEP_SECONDS = 60 * 60
# A page being drawn: how long others wait for it, how often they look, and how long the mark
# stays if the drawing dies with its process.
WAIT_SECONDS = 2.0
POLL_SECONDS = 0.005
DRAWING_SECONDS = 10


class KeptPage(NamedTuple):
    """A page as it is kept: its fixed pieces, the same pieces each deflated once, and the
    slots between them that each request fills (see slots and compression)."""

    pieces: list[bytes]
    packed: list[bytes]
    slots: list[str]


class Recent:
    """The pages this process served last, in its memory, before the shared cache: a read of
    one costs no file and no unpickling. As current as the cache, since a key holds the
    version it was drawn at; a page not read for a while makes room for newer ones."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.pages: OrderedDict[str, KeptPage] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: str) -> KeptPage | None:
        with self.lock:
            kept = self.pages.get(key)
            if kept is not None:
                self.pages.move_to_end(key)
            return kept

    def put(self, key: str, kept: KeptPage) -> None:
        with self.lock:
            self.pages[key] = kept
            self.pages.move_to_end(key)
            while len(self.pages) > self.size:
                self.pages.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.pages.clear()


# About 40 KB a page (its text and its deflated pieces): 5 MB a process at most.
RECENT = Recent(128)


def kept_or_drawn(key: str, draw: Callable[[], KeptPage | None]) -> KeptPage | None:
    """The page kept under `key`, else drawn by `draw` and kept (None: not to be kept).

    A save makes the next read of every phone watching the match a miss at once: the first
    marks the page as being drawn, and the others wait for it (sleeping, no CPU) rather than
    each drawing it again. A mark outlives no drawing by long (DRAWING_SECONDS), and a read
    that has waited WAIT_SECONDS draws the page itself."""
    kept = RECENT.get(key)
    if kept is None:
        kept = cache.get(key)
    if kept is not None:
        RECENT.put(key, kept)
        return kept
    mark = key + ":drawing"
    mine = cache.add(mark, True, DRAWING_SECONDS)
    if not mine:
        kept = drawn_by_another(key, mark)
        if kept is not None:
            return kept
    try:
        kept = draw()
        if kept is not None:
            cache.set(key, kept, KEEP_SECONDS)
            RECENT.put(key, kept)
        return kept
    finally:
        if mine:
            cache.delete(mark)


def drawn_by_another(key: str, mark: str) -> KeptPage | None:
    """The page once the request drawing it has kept it; None if it stopped without keeping
    it or took longer than WAIT_SECONDS."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        time.sleep(POLL_SECONDS)
        kept = cache.get(key)
        if kept is not None or not cache.has_key(mark):
            return kept
    return None
