"""Django's file cache without its zlib pass.

What this app keeps is kept pages (scorekeeper.serving.pagecache), whose pieces are deflated already
when they are kept; the stock file cache compressed them again on every write and, worse,
decompressed the whole entry on every read: about 0.15 ms of a kept page's 0.8 ms in-process.

The stock cache also lists its whole directory before every write, to see whether it is full:
a write cost more the more pages were kept (0.6 ms at 530 files, 3.4 ms at the 5,000 of
MAX_ENTRIES). Here the files sit in 256 folders by the first two hex digits of their name (as
git keeps its objects), each holding at most its share of MAX_ENTRIES, and a write lists and
culls only its own folder: about 20 files at the 5,000 cap, so a write costs the same however
full the cache is, with no count to keep between processes. `bench/cache_writes.py` measures it.
"""

import os
import pickle
import random
import tempfile
from pathlib import Path

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.filebased import FileBasedCache
from django.core.files import locks

# 256 folders: the first two hex digits of a file's name.
SHARD_DIGITS = 2


class PlainFileCache(FileBasedCache):
    """The same files and expiry as FileBasedCache, each value pickled as it is."""

    cache_suffix = ".plaincache"  # not read as the stock cache's files, nor they as these

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._folders_made: set[str] = set()

    def _key_to_file(self, key, version=None):
        name = os.path.basename(super()._key_to_file(key, version))
        return os.path.join(self._dir, name[:SHARD_DIGITS], name)

    def _list_cache_files(self):
        return [str(path) for path in Path(self._dir).glob(f"*/*{self.cache_suffix}")]

    def _cull_folder(self, folder: str) -> None:
        """Make room in this folder if it holds its share of MAX_ENTRIES: a random
        1/CULL_FREQUENCY of its files go (all of them with CULL_FREQUENCY 0)."""
        share = max(1, self._max_entries >> (4 * SHARD_DIGITS))
        try:
            names = [name for name in os.listdir(folder) if name.endswith(self.cache_suffix)]
        except FileNotFoundError:
            return
        if len(names) < share:
            return
        doomed = len(names) // self._cull_frequency if self._cull_frequency else len(names)
        for name in random.sample(names, max(1, doomed)):
            self._delete(os.path.join(folder, name))

    def _folder_of(self, fname: str) -> str:
        folder = os.path.dirname(fname)
        if folder not in self._folders_made or not os.path.isdir(folder):
            os.makedirs(folder, 0o700, exist_ok=True)  # the folder may be deleted at any time
            self._folders_made.add(folder)
        return folder

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        """Keep `value` only if nothing live is kept under `key`, in one exclusive create (the
        page cache's "being drawn" mark, on every miss): the stock add reads the file, then
        writes a temporary one, lists the folder and renames, and two processes could both
        find the key free. A file being written reads as expired (empty) for that moment."""
        fname = self._key_to_file(key, version)
        self._folder_of(fname)
        try:
            fd = os.open(fname, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            if self.has_key(key, version):
                return False
            self.set(key, value, timeout, version)  # an expired one: written over
            return True
        with open(fd, "wb") as f:
            self._write_content(f, timeout, value)
        return True

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        fname = self._key_to_file(key, version)
        folder = self._folder_of(fname)
        self._cull_folder(folder)
        fd, tmp_path = tempfile.mkstemp(dir=folder)
        try:
            with open(fd, "wb") as f:
                self._write_content(f, timeout, value)
            os.replace(tmp_path, fname)
        except BaseException:
            os.remove(tmp_path)
            raise

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
