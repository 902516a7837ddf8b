"""What a kept page is kept under: the key of the page a request asks for.

A page is looked up under the match's id and version and the time its table last changed (a
rematch, a series or a record moves it), all read from the database on every request, so a save
made through any server changes the key at once; and under the release (the code, templates,
translations and static manifest this process serves: a deploy draws every page anew), the
language, whether htmx asked (HX-Request exactly "true", as django-htmx reads it), the path and
only the query parameters the page reads (the view names them; the others are dropped from the
request before it is drawn, so a link with ?utm_source=... is the same kept page), and the
scheme and host only for a page that shows full addresses (the match page's share links): any
other page is kept once whatever Host and port it was asked under.
"""

import functools
import hashlib
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import urlencode

from django.conf import settings
from django.http import HttpRequest, QueryDict
from django.utils.translation import get_language


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
