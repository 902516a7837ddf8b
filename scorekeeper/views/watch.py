"""The watch page: the live scoreboard for the other phones at the table."""

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from scorekeeper.models import (
    Table,
    page_version,
)
from scorekeeper.serving import pagecache
from scorekeeper.sharing import qr_svg
from scorekeeper.views.lookup import get_match
from scorekeeper.views.request import HtmxHttpRequest
from scorekeeper.views.sheet import scoreboard


def watched(table: Table) -> dict:
    """What the watch page shows: the newest match, or the one just won until the rematch's
    first hand (the final score stays on the other phones while the next match is dealt)."""
    recent = list(table.matches.all()[:2])
    if not recent:
        raise Http404
    newest = recent[0]
    shown = newest
    if newest.hand_count == 0 and len(recent) > 1 and recent[1].finished:
        shown = recent[1]
    return {
        **scoreboard(get_match(table.key, shown.number)),
        "seen": f"{newest.pk}.{newest.version}",
        "next_match_waiting": shown is not newest,
    }


def draw_watch(request: HtmxHttpRequest, watch_key: str, template: str):
    """What the page cache calls to draw the watch page (or its board) when none is kept."""

    def draw(slots: dict) -> HttpResponse:
        table = get_object_or_404(Table, watch_key=watch_key)
        context = {**watched(table), "watch_key": watch_key}
        if template == "watch.html":  # the board's refresh leaves the share box be
            watch_url = request.build_absolute_uri(table.watch_url())
            context.update({"watch_url": watch_url, "watch_qr": qr_svg(watch_url)})
        return render(request, template, {**context, **slots})

    return draw


@require_safe
def watch(request: HtmxHttpRequest, watch_key: str) -> HttpResponse:
    """The live scoreboard, read-only, for the other phones at the table."""
    version = page_version(watch_key=watch_key)
    if version is None:
        raise Http404

    draw = draw_watch(request, watch_key, "watch.html")
    return pagecache.cached_page(request, "watch", version, draw)


@require_safe
@never_cache
def watch_board(request: HtmxHttpRequest, watch_key: str) -> HttpResponse:
    """The watch page's refresh: nothing (204, no swap) while the match is unchanged."""
    # One indexed read decides the common case: the table's newest match and its version.
    latest = page_version(watch_key=watch_key)
    if latest is None:
        raise Http404
    if request.GET.get("seen") == f"{latest[0]}.{latest[1]}":
        return HttpResponse(status=204)

    draw = draw_watch(request, watch_key, "watch.html#board")
    return pagecache.cached_page(request, "board", latest, draw)
