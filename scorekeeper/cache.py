"""Django's file cache without its zlib pass.

What this app keeps is kept pages (scorekeeper.pagecache), whose pieces are deflated already
when they are kept; the stock file cache compressed them again on every write and, worse,
decompressed the whole entry on every read: about 0.15 ms of a kept page's 0.8 ms in-process.
"""

import pickle

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.filebased import FileBasedCache
from django.core.files import locks


class PlainFileCache(FileBasedCache):
    """The same files and expiry as FileBasedCache, each value pickled as it is."""

    cache_suffix = ".plaincache"  # not read as the stock cache's files, nor they as these

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
