"""What a kept page costs to serve again, and that the cheaper ways keep its behaviour."""

import random
import re

from django.middleware.csrf import _unmask_cipher_token
from django.test import Client


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
