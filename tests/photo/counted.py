"""A corpus of photos counted on all of the machine's cores: each photo is counted on its own,
so the fixtures that read forty or eighty photos wait for the cores, not for one of them."""

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

from scorekeeper.photo.counter import count_photo


def count_each(photos) -> list:
    """Each photo with its count (scorekeeper.photo.counter.count_photo), in order."""
    photos = list(photos)
    jpegs = [photo.jpeg for photo in photos]
    workers = min(os.cpu_count() or 1, len(jpegs))
    if workers < 2:
        return [(photo, count_photo(jpeg)) for photo, jpeg in zip(photos, jpegs, strict=True)]
    # Spawned, not forked: a fork of a process whose OpenCV threads have run can hang.
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=spawn) as pool:
        counts = list(pool.map(count_photo, jpegs))
    return list(zip(photos, counts, strict=True))
