"""The file cache production uses by default (scorekeeper.serving.cache): Django's, without
its zlib."""

import pickle
import time

import pytest

from scorekeeper.serving.cache import PlainFileCache
from scorekeeper.serving.pagecache import keep
from scorekeeper.serving.slots import CSRF_SLOT

PAGE = "<html>" + "<p>Alice and Cara 120</p>" * 200 + CSRF_SLOT + "</html>"


@pytest.fixture
def cache(tmp_path):
    return PlainFileCache(str(tmp_path), {"TIMEOUT": 60})


def test_a_kept_page_comes_back_as_it_was_kept(cache):
    kept = keep(PAGE)
    cache.set("page", kept)
    assert cache.get("page") == kept


def test_the_file_holds_the_value_pickled_as_it_is_not_compressed_again(cache):
    kept = keep(PAGE)
    cache.set("page", kept)
    with open(cache._key_to_file("page"), "rb") as f:
        pickle.load(f)  # the expiry
        assert pickle.load(f) == kept


def test_an_expired_entry_is_gone(cache):
    cache.set("page", "kept", timeout=1)
    time.sleep(1.1)
    assert cache.get("page", "missing") == "missing"


def test_touch_gives_an_entry_a_new_life_and_keeps_its_value(cache):
    cache.set("page", "kept", timeout=1)
    assert cache.touch("page", timeout=60)
    time.sleep(1.1)
    assert cache.get("page") == "kept"
    assert not cache.touch("absent")


def test_production_keeps_pages_in_this_cache():
    from scorekeeper import settings as project

    assert project.CACHE_BACKENDS["file"]["BACKEND"] == "scorekeeper.serving.cache.PlainFileCache"


def test_production_keeps_its_files_outside_the_checkout(monkeypatch, tmp_path):
    from scorekeeper import settings as project

    monkeypatch.delenv("CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert project.cache_dir() == tmp_path / "scorekeeper"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert not project.cache_dir().is_relative_to(project.BASE_DIR)
    monkeypatch.setenv("CACHE_DIR", str(tmp_path / "pages"))
    assert project.cache_dir() == tmp_path / "pages"


def test_a_write_never_lists_the_whole_cache(cache, monkeypatch):
    """However many pages are kept, a write looks at its own small folder only: its cost does
    not grow with the cache (the stock cache lists every file before every write)."""
    for n in range(300):
        cache.set(f"page-{n}", "kept")
    listed = []
    monkeypatch.setattr(cache, "_list_cache_files", lambda: listed.append(1) or [])
    for n in range(100):
        cache.set(f"more-{n}", "kept")
    assert listed == []


def test_a_full_cache_is_culled_to_about_its_size(tmp_path):
    small = PlainFileCache(
        str(tmp_path), {"TIMEOUT": 60, "OPTIONS": {"MAX_ENTRIES": 512, "CULL_FREQUENCY": 4}}
    )
    for n in range(3000):
        small.set(f"page-{n}", "kept")
    assert 256 < len(small._list_cache_files()) <= 512
    assert small.get("page-2999") == "kept"


def test_clear_empties_every_folder(cache):
    for n in range(50):
        cache.set(f"page-{n}", "kept")
    cache.clear()
    assert cache._list_cache_files() == []
    assert cache.get("page-1") is None


def test_add_keeps_a_value_only_where_none_is_live(cache):
    assert cache.add("mark", "first", timeout=60)
    assert not cache.add("mark", "second", timeout=60)
    assert cache.get("mark") == "first"
    cache.delete("mark")
    assert cache.add("mark", "third", timeout=60)
    assert cache.get("mark") == "third"


def test_add_writes_over_an_expired_value(cache):
    cache.set("mark", "old", timeout=1)
    time.sleep(1.1)
    assert cache.add("mark", "new", timeout=60)
    assert cache.get("mark") == "new"


def test_a_value_still_being_added_reads_as_absent(cache):
    # The moment between the exclusive create and the write: an empty file.
    fname = cache._key_to_file("mark")
    cache._folder_of(fname)
    open(fname, "wb").close()
    assert cache.get("mark", "absent") == "absent"
    assert not cache.has_key("mark")
    assert cache.add("mark", "drawn", timeout=60)
    assert cache.get("mark") == "drawn"


def test_add_costs_one_create_not_a_read_a_temporary_file_and_a_listing(cache, monkeypatch):
    import os
    import tempfile

    cache.add("first", True)  # the folders exist
    calls = []
    monkeypatch.setattr(tempfile, "mkstemp", lambda *a, **k: calls.append("mkstemp"))
    monkeypatch.setattr(os, "listdir", lambda *a: calls.append("listdir") or [])
    assert cache.add("mark", True, timeout=60)
    assert calls == []
