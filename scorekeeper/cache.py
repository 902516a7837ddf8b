"""Django's file cache without its zlib pass.

What this app keeps is kept pages (scorekeeper.pagecache), whose pieces are deflated already
when they are kept; the stock file cache compressed them again on every write and, worse,
decompressed the whole entry on every read: about 0.15 ms of a kept page's 0.8 ms in-process.

The stock cache also lists its whole directory before every write, to see whether it is full:
a write cost more the more pages were kept (0.6 ms at 530 files, 3.4 ms at the 5,000 of
MAX_ENTRIES). Here each process looks on its first write and then once every
`cull_check_every` writes, so the cache may pass MAX_ENTRIES by at most that many entries per
process before it is culled as before. `bench/cache_writes.py` measures both.
"""

import pickle

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.filebased import FileBasedCache
from django.core.files import locks


class PlainFileCache(FileBasedCache):
    """The same files and expiry as FileBasedCache, each value pickled as it is."""

    cache_suffix = ".plaincache"  # not read as the stock cache's files, nor they as these
    cull_check_every = 50

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._writes = 0

    def _cull(self):
        """Whether to cull, decided on this process's first write and every 50th after."""
        self._writes += 1
        if (self._writes - 1) % self.cull_check_every == 0:
            super()._cull()

    def get(self, key, default=None, version=None):
        try:
            with open(self._key_to_file(key, version), "rb") as f:
                if not self._is_expired(f):
                    return pickle.load(f)
        except FileNotFoundError:
            pass
        return default

    def _write_content(self, file, timeout, value):
        pickle.dump(self.get_backend_timeout(timeout), file, self.pickle_protocol)
        pickle.dump(value, file, self.pickle_protocol)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        try:
            with open(self._key_to_file(key, version), "r+b") as f:
                locks.lock(f, locks.LOCK_EX)
                try:
                    if self._is_expired(f):
                        return False
                    value = pickle.load(f)
                    f.seek(0)
                    f.truncate()
                    self._write_content(f, timeout, value)
                    return True
                finally:
                    locks.unlock(f)
        except FileNotFoundError:
            return False
