"""What a kept page costs to serve again, and that the cheaper ways keep its behaviour."""

import random
import re
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.middleware.csrf import _unmask_cipher_token
from django.test import Client

from scorekeeper.serving import pagecache, store


def match_url(match) -> str:
    return f"/t/{match.table.key}/m/{match.number}/"


def csrf_tokens(html: str) -> set[str]:
    return set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', html))


def test_a_kept_page_s_csrf_token_costs_one_read_of_the_random_source(make_match, monkeypatch):
    """Django masks a token with 32 draws from SystemRandom (a system call each); a kept page
    draws its mask in one read."""
    match = make_match()
    phone = Client()
    phone.get(match_url(match))
    reads = []
    real = random._urandom  # what SystemRandom and secrets read
    monkeypatch.setattr(random, "_urandom", lambda n: reads.append(n) or real(n))
    phone.get(match_url(match))  # kept
    assert len(reads) <= 2  # the mask, and the gzip name's padding length at most


def test_a_kept_page_s_csrf_token_is_masked_afresh_and_opens_to_the_cookie(make_match):
    match = make_match()
    phone = Client(enforce_csrf_checks=True)
    phone.get(match_url(match))
    seen = set()
    for _ in range(5):
        html = phone.get(match_url(match)).content.decode()
        (token,) = csrf_tokens(html)
        assert len(token) == 64 and token.isalnum()
        assert _unmask_cipher_token(token) == phone.cookies["csrftoken"].value
        seen.add(token)
    assert len(seen) == 5


def test_a_page_several_phones_miss_at_once_is_drawn_once(db):
    """A save makes every watching phone's next read a miss: the first draws the page, the
    others wait for it rather than each drawing it again."""
    drawn = []

    def draw():
        drawn.append(1)
        time.sleep(0.3)
        return pagecache.keep("<p>the page</p>")

    def read():
        return store.kept_or_drawn("page:herd", draw)

    with ThreadPoolExecutor(4) as phones:
        pages = list(phones.map(lambda _: read(), range(4)))
    assert len(drawn) == 1
    assert all(page == pages[0] for page in pages)


def test_a_page_whose_drawing_failed_is_drawn_by_the_next_read(db):
    def fail():
        raise RuntimeError("the database went away")

    with pytest.raises(RuntimeError):
        store.kept_or_drawn("page:failed", fail)
    kept = store.kept_or_drawn("page:failed", lambda: pagecache.keep("<p>drawn</p>"))
    assert kept == pagecache.keep("<p>drawn</p>")


def test_a_page_read_again_in_this_process_is_not_read_from_the_cache(make_match, monkeypatch):
    """The pages this process served last are kept in its memory too: a read of one opens no
    file (the key holds the version, so a page kept there is as current as the cache's)."""
    match = make_match()
    phone = Client()
    phone.get(match_url(match))
    reads = []
    real = store.cache.get
    monkeypatch.setattr(store.cache, "get", lambda *a, **k: reads.append(a) or real(*a, **k))
    assert phone.get(match_url(match)).status_code == 200
    assert reads == []


def test_a_kept_read_does_not_send_the_csrf_cookie_again(make_match):
    match = make_match()
    phone = Client(enforce_csrf_checks=True)
    first = phone.get(match_url(match))
    assert "csrftoken" in first.cookies  # a phone without one gets one
    kept = phone.get(match_url(match))
    assert "csrftoken" not in kept.cookies
    (token,) = csrf_tokens(kept.content.decode())
    assert _unmask_cipher_token(token) == phone.cookies["csrftoken"].value
    # A page drawn with its form (not kept) still renews it.
    assert "csrftoken" in phone.get("/new").cookies
