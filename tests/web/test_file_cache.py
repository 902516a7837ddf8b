"""The file cache production uses by default (scorekeeper.cache): Django's, without its zlib."""

import pickle
import time

import pytest

from scorekeeper.cache import PlainFileCache
from scorekeeper.pagecache import CSRF_SLOT, keep

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

    assert project.CACHE_BACKENDS["file"]["BACKEND"] == "scorekeeper.cache.PlainFileCache"


def test_production_keeps_its_files_outside_the_checkout(monkeypatch, tmp_path):
    from scorekeeper import settings as project

    monkeypatch.delenv("CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert project.cache_dir() == tmp_path / "scorekeeper"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert not project.cache_dir().is_relative_to(project.BASE_DIR)
    monkeypatch.setenv("CACHE_DIR", str(tmp_path / "pages"))
    assert project.cache_dir() == tmp_path / "pages"


def test_a_write_does_not_list_the_whole_directory_each_time(cache, monkeypatch):
    listed = []
    every = cache._list_cache_files
    monkeypatch.setattr(cache, "_list_cache_files", lambda: listed.append(1) or every())
    for n in range(100):
        cache.set(f"page-{n}", "kept")
    assert len(listed) <= 100 // PlainFileCache.cull_check_every


def test_a_full_cache_is_still_culled(tmp_path):
    small = PlainFileCache(
        str(tmp_path), {"TIMEOUT": 60, "OPTIONS": {"MAX_ENTRIES": 10, "CULL_FREQUENCY": 2}}
    )
    writes = 4 * PlainFileCache.cull_check_every
    for n in range(writes):
        small.set(f"page-{n}", "kept")
    assert len(small._list_cache_files()) < writes / 2
