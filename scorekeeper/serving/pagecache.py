"""Whole pages kept rendered, keyed on what they show, and served again with this request's own
tokens.

A page is looked up under the match's id and version and the time its table last changed (a
rematch, a series or a record moves it), all read from the database on every request, so a save
made through any server changes the key at once; and under the release (the code, templates,
translations and static manifest this process serves: a deploy draws every page anew), the
language, whether htmx asked (HX-Request exactly "true", as django-htmx reads it), the path and
only the query parameters the page reads (the view names them; the others are dropped from the
request before it is drawn, so a link with ?utm_source=... is the same kept page), and the
scheme and host only for a page that shows full addresses (the match page's share links): any
other page is kept once whatever Host and port it was asked under.

What must differ per request is rendered as a placeholder and filled in on the way out: the
CSRF token, the one-time tokens of the hand form and of Rematch, and the time the page was
drawn. A request with a message waiting to be shown is rendered afresh and not kept. The page is
kept cut at those slots and each fixed piece already deflated, so that a phone that accepts gzip
gets one gzip stream joined from the kept pieces and this request's values (compressing the
whole page again cost more than everything else a kept page costs).

The cache is Django's default cache (settings.CACHES), with the pages this process served last
in front of it in memory (Recent). A per-process memory cache is correct with any number of
servers, because the version in the key comes from the database; a shared cache only saves the
rendering on the other servers. A page several requests miss at once is drawn by the first
while the others wait for it (kept_or_drawn).
"""

import functools
import gzip
import hashlib
import re
import secrets
import struct
import threading
import time
import uuid
import zlib
from collections import OrderedDict
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path
from urllib.parse import urlencode

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, QueryDict
from django.middleware.csrf import CSRF_ALLOWED_CHARS, CSRF_SECRET_LENGTH, get_token
from django.middleware.gzip import re_accepts_gzip
from django.template.defaultfilters import date as format_date
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language

# How long a page stays kept when nobody asks for it (the key changes with every save anyway).
KEEP_SECONDS = 60 * 60
# A page being drawn: how long others wait for it, how often they look, and how long the mark
# stays if the drawing dies with its process.
WAIT_SECONDS = 2.0
POLL_SECONDS = 0.005
DRAWING_SECONDS = 10
# The slots are marked with private-use characters, which no name can hold (clean_text drops
# them) and no path can put on a page (get_full_path percent-encodes them): a player named like
# a slot shows as named.
CSRF_SLOT = "\ue000csrf\ue001"
TOKEN_SLOT = "\ue000token\ue001"
DRAWN = re.compile(r'<time datetime="[^"]*" data-drawn-at>[^<]*</time>')
DRAWN_SLOT = "\ue000drawn\ue001"
SLOTS = re.compile(f"({CSRF_SLOT}|{TOKEN_SLOT}|{DRAWN_SLOT})")
# The last, empty block of a deflate stream (fixed Huffman codes, just the end-of-block code).
LAST_BLOCK = b"\x03\x00"
# As Django's GZipMiddleware: a random-length file name pads each answer against BREACH.
MAX_RANDOM_BYTES = 100


def cacheable(request: HttpRequest) -> bool:
    """Not with a message waiting: it shows once, on this page only."""
    return "messages" not in request.COOKIES and "_messages" not in request.session


def release_files() -> list[Path]:
    """What a page is drawn from besides the database: our code, templates and translations,
    and the static manifest (the hashed names of the scripts and styles the page links)."""
    here = Path(__file__).resolve().parents[1]  # scorekeeper/
    files = [*here.rglob("*.py"), *here.rglob("*.mo"), *here.rglob("*.html")]
    for folder in settings.TEMPLATES[0]["DIRS"]:
        files += Path(folder).rglob("*.html")
    return [*sorted(files), Path(settings.STATIC_ROOT) / "staticfiles.json"]


def release_of(files: Iterable[Path]) -> str:
    digest = hashlib.sha256()
    for file in files:
        try:
            content = file.read_bytes()
        except (FileNotFoundError, IsADirectoryError):
            continue
        digest.update(f"{file}\x00{len(content)}\x00".encode() + content)
    return digest.hexdigest()[:16]


@functools.cache
def release() -> str:
    """This process's release, read once (a deploy restarts the workers)."""
    return release_of(release_files())


def is_htmx(request: HttpRequest) -> bool:
    """As django-htmx reads the header: only "true" is htmx."""
    return request.headers.get("HX-Request") == "true"


def keep_only(request: HttpRequest, query: Iterable[str]) -> str:
    """Drop from the request every query parameter the page does not read; the rest, sorted."""
    if not request.META.get("QUERY_STRING"):
        return ""  # nothing to drop (most reads): no new QueryDict
    kept = sorted((name, value) for name in set(query) for value in request.GET.getlist(name))
    canonical = urlencode(kept)
    request.GET = QueryDict(canonical)
    request.META["QUERY_STRING"] = canonical
    return canonical


def page_key(request: HttpRequest, what: str, version: tuple, absolute: bool = False) -> str:
    """The key of the page this (already trimmed, see keep_only) request asks for."""
    parts = (
        what,
        *map(str, version),
        release(),
        get_language(),
        request.path,
        request.META.get("QUERY_STRING", ""),
        str(is_htmx(request)),
        *((request.scheme, request.get_host()) if absolute else ()),
    )
    return "page:" + hashlib.sha256("\x1f".join(parts).encode()).hexdigest()


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


def deflated(texts: list[bytes]) -> list[bytes]:
    """Each of `texts` as raw deflate blocks that end on a byte and refer to nothing before
    them (a Z_FULL_FLUSH after each), so that such pieces join into one stream in any order.
    One compressor for them all: setting one up costs more than deflating a piece."""
    compressor = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS)
    return [compressor.compress(text) + compressor.flush(zlib.Z_FULL_FLUSH) for text in texts]


def keep(html: str) -> tuple[list[bytes], list[bytes], list[str]]:
    """The page cut at its slots: the fixed pieces, each also deflated once, and the slots."""
    cut = SLOTS.split(html)
    pieces = [piece.encode() for piece in cut[0::2]]
    return pieces, deflated(pieces), cut[1::2]


def fill(html: str, request: HttpRequest) -> str:
    cut = SLOTS.split(html)
    pieces = [piece.encode() for piece in cut[0::2]]
    return b"".join(interleave(pieces, slot_values(cut[1::2], request))).decode()


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


def interleave(pieces: list[bytes], values: list[bytes]) -> list[bytes]:
    out = [pieces[0]]
    for value, piece in zip(values, pieces[1:], strict=True):
        out += [value, piece]
    return out


def stored(value: bytes) -> bytes:
    """`value` as a stored (uncompressed) deflate block, not the last: tokens do not compress."""
    return struct.pack("<BHH", 0, len(value), len(value) ^ 0xFFFF) + value


def gzipped(kept: tuple, values: list[bytes]) -> bytes:
    """One gzip member: the pieces deflated when the page was kept, this request's values as
    stored blocks, a last empty block, and the checksum of the whole (RFC 1951, 1952)."""
    pieces, packed, _ = kept
    body = b"".join(interleave(pieces, values))
    blocks = interleave(packed, [stored(value) for value in values])
    name = b"a" * secrets.randbelow(MAX_RANDOM_BYTES) + b"\x00"
    header = b"\x1f\x8b\x08" + bytes([gzip.FNAME]) + b"\x00\x00\x00\x00\x00\xff"
    trailer = struct.pack("<II", zlib.crc32(body), len(body) & 0xFFFFFFFF)
    return b"".join([header, name, *blocks, LAST_BLOCK, trailer])


def served(kept: tuple, request: HttpRequest) -> HttpResponse:
    """The kept page with this request's values, gzipped if the phone accepts it."""
    values = slot_values(kept[2], request)
    if re_accepts_gzip.search(request.META.get("HTTP_ACCEPT_ENCODING", "")):
        response = HttpResponse(gzipped(kept, values))
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(b"".join(interleave(kept[0], values)))
    patch_vary_headers(response, ("Accept-Encoding",))
    return response


def cached_page(
    request: HttpRequest,
    what: str,
    version: tuple,
    render: Callable[[dict], HttpResponse],
    query: Iterable[str] = (),
    absolute: bool = False,
) -> HttpResponse:
    """The page `render` draws, from the cache when `version` is the one it was drawn at.

    `query` names the query parameters the page reads (the request keeps only those), and
    `absolute` says the page shows full addresses, so it is kept per scheme and host.

    `render(slots)` renders the page with `slots` in its context: the placeholders for the CSRF
    token (`csrf_token`) and for every one-time token (`token`, a fresh uuid each time). The
    page is kept cut at those slots and already compressed, so serving it again costs no
    rendering and no compression of the page, only of this request's values."""
    keep_only(request, query)
    if not cacheable(request):
        return render({})
    refused: list[HttpResponse] = []

    def draw() -> tuple | None:
        response = render({"csrf_token": CSRF_SLOT, "token": TOKEN_SLOT})
        if response.status_code != 200:
            response.content = fill(response.content.decode(), request).encode()
            refused.append(response)
            return None
        return keep(DRAWN.sub(DRAWN_SLOT, response.content.decode()))

    kept = kept_or_drawn(page_key(request, what, version, absolute), draw)
    return served(kept, request) if kept is not None else refused[0]


class Recent:
    """The pages this process served last, in its memory, before the shared cache: a read of
    one costs no file and no unpickling. As current as the cache, since a key holds the
    version it was drawn at; a page not read for a while makes room for newer ones."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.pages: OrderedDict[str, tuple] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: str) -> tuple | None:
        with self.lock:
            kept = self.pages.get(key)
            if kept is not None:
                self.pages.move_to_end(key)
            return kept

    def put(self, key: str, kept: tuple) -> None:
        with self.lock:
            self.pages[key] = kept
            self.pages.move_to_end(key)
            while len(self.pages) > self.size:
                self.pages.popitem(last=False)

    def clear(self) -> None:
        with self.lock:
            self.pages.clear()


# About 40 KB a page (its text and its deflated pieces): 5 MB a process at most.
RECENT = Recent(128)


def kept_or_drawn(key: str, draw: Callable[[], tuple | None]) -> tuple | None:
    """The page kept under `key`, else drawn by `draw` and kept (None: not to be kept).

    A save makes the next read of every phone watching the match a miss at once: the first
    marks the page as being drawn, and the others wait for it (sleeping, no CPU) rather than
    each drawing it again. A mark outlives no drawing by long (DRAWING_SECONDS), and a read
    that has waited WAIT_SECONDS draws the page itself."""
    kept = RECENT.get(key)
    if kept is None:
        kept = cache.get(key)
    if kept is not None:
        RECENT.put(key, kept)
        return kept
    mark = key + ":drawing"
    mine = cache.add(mark, True, DRAWING_SECONDS)
    if not mine:
        kept = drawn_by_another(key, mark)
        if kept is not None:
            return kept
    try:
        kept = draw()
        if kept is not None:
            cache.set(key, kept, KEEP_SECONDS)
            RECENT.put(key, kept)
        return kept
    finally:
        if mine:
            cache.delete(mark)


def drawn_by_another(key: str, mark: str) -> tuple | None:
    """The page once the request drawing it has kept it; None if it stopped without keeping
    it or took longer than WAIT_SECONDS."""
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        time.sleep(POLL_SECONDS)
        kept = cache.get(key)
        if kept is not None or not cache.has_key(mark):
            return kept
    return None
