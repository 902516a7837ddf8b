"""What must differ per request on a kept page: the CSRF token, the one-time tokens of the hand
form and of Rematch, and the time the page was drawn. The page is drawn with a placeholder in
each such slot, kept cut at them, and filled in with this request's values on the way out."""

import functools
import re
import secrets
import time
import uuid
from datetime import datetime
from typing import NamedTuple

from django.http import HttpRequest
from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH, get_token
from django.template.defaultfilters import date as format_date
from django.utils import timezone
from django.utils.translation import get_language

# The slots are marked with private-use characters, which no name can hold (clean_text drops
# them) and no path can put on a page (get_full_path percent-encodes them): a player named like
# a slot shows as named.
CSRF_SLOT = "\ue000csrf\ue001"
TOKEN_SLOT = "\ue000token\ue001"
DRAWN = re.compile(r'<time datetime="[^"]*" data-drawn-at>[^<]*</time>')
DRAWN_SLOT = "\ue000drawn\ue001"
SLOTS = re.compile(f"({CSRF_SLOT}|{TOKEN_SLOT}|{DRAWN_SLOT})")
# What a page drawn to be kept gets in its context: the placeholders for the CSRF token
# (`csrf_token`) and for every one-time token (`token`, a fresh uuid each time).
CONTEXT = {"csrf_token": CSRF_SLOT, "token": TOKEN_SLOT}


class Cut(NamedTuple):
    """A page cut at its slots: the fixed pieces around them (one more than the slots), and the
    slots in the order they came."""

    pieces: list[bytes]
    slots: list[str]


def cut(html: str) -> Cut:
    """The page cut at its slots."""
    parts = SLOTS.split(html)
    return Cut([part.encode() for part in parts[0::2]], parts[1::2])


def with_drawn_slot(html: str) -> str:
    """The page with the time it was drawn made a slot, filled per request."""
    return DRAWN.sub(DRAWN_SLOT, html)


def interleave(pieces: list[bytes], values: list[bytes]) -> list[bytes]:
    """The fixed pieces with a value between each two."""
    out = [pieces[0]]
    for value, piece in zip(values, pieces[1:], strict=True):
        out += [value, piece]
    return out


def fill(html: str, request: HttpRequest) -> str:
    """The page with this request's values in its slots (its drawn time left as drawn)."""
    pieces, slots = cut(html)
    return b"".join(interleave(pieces, slot_values(slots, request))).decode()


def drawn_now() -> str:
    """The `{% now %}` lines of base.html, for this request (formatted once a second)."""
    return _drawn_at(int(time.time()), timezone.get_current_timezone(), get_language())


@functools.lru_cache(maxsize=4)
def _drawn_at(second: int, zone, language: str) -> str:
    now = datetime.fromtimestamp(second, zone)
    return (
        f'<time datetime="{format_date(now, "c")}" data-drawn-at>'
        f"{format_date(now, 'TIME_FORMAT')}</time>"
    )


# The bytes that fall evenly on CSRF_ALLOWED_CHARS (62 * 4 = 248): a mask drawn from them is
# as uniform as Django's.
EVEN_BYTES = 256 - 256 % len(CSRF_ALLOWED_CHARS)
CHAR_INDEX = {char: index for index, char in enumerate(CSRF_ALLOWED_CHARS)}


def csrf_token(request: HttpRequest) -> str:
    """get_token(request), as Django masks it, with the mask drawn in one read of the random
    source instead of one system call per character (the most of a kept page's own cost).

    Unlike get_token, a kept page does not send the phone's CSRF cookie again to renew its
    year: that cost a read a sixth of the trivial view's. The pages drawn with a form and not
    kept (setup, a hand's page, undo) still renew it; a phone whose cookie ran out gets a new
    one here on its next read, and a save refused for it (403) reloads the page with the hand
    as typed (static/js/saves.js)."""
    secret = request.META.get("CSRF_COOKIE")
    if secret is None or len(secret) != CSRF_SECRET_LENGTH:
        return get_token(request)
    chars = len(CSRF_ALLOWED_CHARS)
    mask: list[int] = []
    while len(mask) < CSRF_SECRET_LENGTH:
        mask += [byte % chars for byte in secrets.token_bytes(48) if byte < EVEN_BYTES]
    mask = mask[:CSRF_SECRET_LENGTH]
    cipher = [(CHAR_INDEX[char] + shift) % chars for char, shift in zip(secret, mask, strict=True)]
    return "".join(CSRF_ALLOWED_CHARS[index] for index in mask + cipher)


def slot_values(slots: list[str], request: HttpRequest) -> list[bytes]:
    """This request's CSRF token, a new uuid for each one-time token, and the time drawn."""
    csrf, drawn = csrf_token(request).encode(), drawn_now().encode()
    fixed = {CSRF_SLOT: csrf, DRAWN_SLOT: drawn}
    return [fixed[slot] if slot in fixed else str(uuid.uuid4()).encode() for slot in slots]
