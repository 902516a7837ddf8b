"""A tournament's watchers and big screen in the load tests: each phone refreshes its page as
the page asks (htmx), noting what it saw, until the test is done."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Hashable, Iterable
from typing import Protocol

import loadlib


class Watched(Protocol):
    """The event a load test plays: its watch key and what its watchers saw."""

    watch_key: str
    watcher_pages: int
    screen_waits: list[float]  # seconds each refresh of the big screen took
    seen: dict  # when the big screen first showed each thing over


def watch(
    load: loadlib.Load, event: Watched, done: threading.Event, index: int, watchers: int
) -> None:
    """A watcher's phone: the watch page's refresh (htmx), every two seconds."""
    phone = load.phone()
    time.sleep(index * 2 / watchers)  # spread over the two seconds
    while not done.is_set():
        reply = phone.get(f"/e/{event.watch_key}/", headers={"HX-Request": "true"})
        if reply.status == 200:
            event.watcher_pages += 1
        done.wait(2)


def big_screen(
    load: loadlib.Load,
    event: Watched,
    done: threading.Event,
    over: Callable[[bytes], Iterable[Hashable]],
) -> None:
    """The big screen's refresh, every 3 seconds as its page asks: when each thing `over` finds
    over on it (a table finished, a bracket match decided) first showed."""
    phone = load.phone()
    path = f"/e/{event.watch_key}/screen"
    while not done.is_set():
        asked = time.monotonic()
        reply = phone.get(path, headers={"HX-Request": "true"})
        now = time.monotonic()
        event.screen_waits.append(now - asked)
        for key in over(reply.body):
            event.seen.setdefault(key, now)
        done.wait(3)
