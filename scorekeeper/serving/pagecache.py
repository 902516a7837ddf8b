"""Whole pages kept rendered, keyed on what they show, and served again with this request's own
tokens.

A page is kept under the key of what it shows (keys), cut at the slots that differ per request
and filled in on the way out (slots: the CSRF token, the one-time tokens, the time drawn), its
fixed pieces deflated once so a phone that accepts gzip gets them joined with this request's
values (compression), in Django's cache behind the pages this process served last (store). A
request with a message waiting to be shown is rendered afresh and not kept.
"""

from collections.abc import Callable, Iterable

from django.http import HttpRequest, HttpResponse
from django.middleware.gzip import re_accepts_gzip
from django.utils.cache import patch_vary_headers

from scorekeeper.serving import slots
from scorekeeper.serving.compression import deflated, gzipped
from scorekeeper.serving.keys import cacheable, is_htmx, keep_only, page_key
from scorekeeper.serving.store import KeptPage, kept_or_drawn

# What the views ask of the page cache: a kept page, and whether htmx asked.
__all__ = ["cached_page", "is_htmx", "keep", "served"]


def keep(html: str) -> KeptPage:
    """The page cut at its slots: the fixed pieces, each also deflated once, and the slots."""
    pieces, between = slots.cut(html)
    return KeptPage(pieces, deflated(pieces), between)


def served(kept: KeptPage, request: HttpRequest) -> HttpResponse:
    """The kept page with this request's values, gzipped if the phone accepts it."""
    values = slots.slot_values(kept.slots, request)
    if re_accepts_gzip.search(request.META.get("HTTP_ACCEPT_ENCODING", "")):
        response = HttpResponse(gzipped(kept.pieces, kept.packed, values))
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(b"".join(slots.interleave(kept.pieces, values)))
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

    def draw() -> KeptPage | None:
        response = render(dict(slots.CONTEXT))
        if response.status_code != 200:
            response.content = slots.fill(response.content.decode(), request).encode()
            refused.append(response)
            return None
        return keep(slots.with_drawn_slot(response.content.decode()))

    kept = kept_or_drawn(page_key(request, what, version, absolute), draw)
    return served(kept, request) if kept is not None else refused[0]
