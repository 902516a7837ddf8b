"""Whole pages kept rendered, keyed on what they show, and served again with this request's own
tokens.

A page is looked up under the match's id and version and the time its table last changed (a
rematch, a series or a record moves it), all read from the database on every request, so a save
made through any server changes the key at once; and under the language, the host and the full
path. What must differ per request is rendered as a placeholder and filled in on the way out:
the CSRF token, the one-time tokens of the hand form and of Rematch, and the time the page was
drawn. A request with a message waiting to be shown is rendered afresh and not kept.

The cache is Django's default cache (settings.CACHES). A per-process memory cache is correct
with any number of servers, because the version in the key comes from the database; a shared
cache only saves the rendering on the other servers.
"""

import hashlib
import re
import uuid
from collections.abc import Callable

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.template.defaultfilters import date as format_date
from django.utils import timezone
from django.utils.translation import get_language

# How long a page stays kept when nobody asks for it (the key changes with every save anyway).
KEEP_SECONDS = 60 * 60
CSRF_SLOT = "pagecacheCsrfSlot"
TOKEN_SLOT = "pagecache-token-slot"
DRAWN = re.compile(r'<time datetime="[^"]*" data-drawn-at>[^<]*</time>')
DRAWN_SLOT = "<!--pagecache-drawn-at-->"


def cacheable(request: HttpRequest) -> bool:
    """Not with a message waiting: it shows once, on this page only."""
    return "messages" not in request.COOKIES and "_messages" not in request.session


def page_key(request: HttpRequest, what: str, version: tuple) -> str:
    parts = (
        what,
        *map(str, version),
        get_language(),
        request.scheme,
        request.get_host(),
        request.get_full_path(),
        str(bool(request.headers.get("HX-Request"))),
    )
    return "page:" + hashlib.sha256("\x1f".join(parts).encode()).hexdigest()


def drawn_now() -> str:
    """The `{% now %}` lines of base.html, for this request."""
    now = timezone.localtime()
    return (
        f'<time datetime="{format_date(now, "c")}" data-drawn-at>'
        f"{format_date(now, 'TIME_FORMAT')}</time>"
    )


def fill(html: str, request: HttpRequest) -> str:
    html = html.replace(CSRF_SLOT, get_token(request))
    html = html.replace(DRAWN_SLOT, drawn_now())
    while TOKEN_SLOT in html:
        html = html.replace(TOKEN_SLOT, str(uuid.uuid4()), 1)
    return html


def cached_page(
    request: HttpRequest,
    what: str,
    version: tuple,
    render: Callable[[dict], HttpResponse],
) -> HttpResponse:
    """The page `render` draws, from the cache when `version` is the one it was drawn at.

    `render(slots)` renders the page with `slots` in its context: the placeholders for the CSRF
    token (`csrf_token`) and for every one-time token (`token`, a fresh uuid each time)."""
    if not cacheable(request):
        return render({})
    key = page_key(request, what, version)
    kept = cache.get(key)
    if kept is None:
        response = render({"csrf_token": CSRF_SLOT, "token": TOKEN_SLOT})
        if response.status_code != 200:
            return response_filled(response, request)
        kept = DRAWN.sub(DRAWN_SLOT, response.content.decode())
        cache.set(key, kept, KEEP_SECONDS)
        response.content = fill(kept, request).encode()
        return response
    return HttpResponse(fill(kept, request))


def response_filled(response: HttpResponse, request: HttpRequest) -> HttpResponse:
    response.content = fill(response.content.decode(), request).encode()
    return response
