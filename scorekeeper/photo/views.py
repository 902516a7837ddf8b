"""The photo count's two screens: the photo drawn back with each half's count to confirm or
correct, and (without the script) the confirmed count posted back into the hand."""

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_POST

from scorekeeper.models import RateLimited
from scorekeeper.photo import words
from scorekeeper.photo.forms import HalvesForm, PhotoForm, carried
from scorekeeper.photo.models import PhotoCount
from scorekeeper.photo.overlay import drawn_size, overlay
from scorekeeper.views.request import HtmxHttpRequest, client_id


@require_POST
def count_photo(request: HtmxHttpRequest) -> HttpResponse:
    """The photo counted and drawn back; nothing of it is kept. The script's request (htmx)
    gets the answer alone, to show under the button; a form posted without it, the page.
    Only a photo to count counts toward the client's hourly limit (which spares the server's
    CPU): a post with no file, or one too large to read, costs nothing and is refused as such."""

    def limited() -> None:
        PhotoCount.objects.count_limited(
            creator=client_id(request), per_hour=settings.PHOTOS_PER_HOUR
        )

    form = PhotoForm(request.POST, request.FILES, before_counting=limited)
    refusal = ""
    try:
        status = 200 if form.is_valid() else 422
    except RateLimited:
        refusal, status = words.TOO_MANY, 429
    counted = status == 200
    context = words.page_words() | {
        "form": form,
        "refusal": refusal,
        "inline": bool(request.htmx),
        "carried": carried(request.POST),
    }
    if counted:
        count, most = form.count, form.cleaned_data["photo_most"]
        tiles = marked(count.tiles, most)
        over = any(too_many for _, _, halves, _ in tiles for _, too_many in halves)
        context |= {
            "picture": overlay(form.image, count, most),
            "picture_size": drawn_size(form.image),
            "tiles": tiles,
            "total_line": words.total_line(count.total, len(count.counted)),
            "choices": range(most + 1),
            "total": count.total,
            # A half the set cannot have is no count: the sum waits for the player to choose it.
            "sum": "?" if over else count.total,
            "over": words.over_most(most) if over else "",
            "pick": words.bad_half(most),
            "most": most,
            "unread": count.unread,
        }
    template = "photo/count.html#answer" if request.htmx else "photo/count.html"
    return render(request, template, context, status=200 if request.htmx else status)


def marked(tiles, most: int) -> list[tuple]:
    """Each tile: its number, itself, each half's pips with whether the table's set cannot have
    them (more than `most`), and whether the tile is marked for the player to look at."""
    rows = []
    for number, tile in enumerate(tiles, start=1):
        halves = [(pips, pips > most) for pips in tile.halves or ()]
        rows.append((number, tile, halves, tile.unsure or any(over for _, over in halves)))
    return rows


@require_POST
def confirm_count(request: HtmxHttpRequest) -> HttpResponse:
    """The halves confirmed without the script: their sum, and a form that posts the hand back
    with it in its field (the hand's own page checks the rest, as if typed)."""
    form = HalvesForm(request.POST)
    if not form.is_valid():
        context = words.page_words() | {"form": form, "typed": carried(request.POST)}
        return render(request, "photo/confirmed.html", context, status=422)
    data = form.cleaned_data
    back = [(name, value) for name, value in carried(request.POST) if name != data["photo_for"]]
    if data["photo_for"]:
        back.append((data["photo_for"], str(data["total"])))
    context = words.page_words() | {
        "form": form,
        "carried": back,
        "typed": carried(request.POST),  # the way back without the count
        "counted": words.counted_line(data["total"]),
    }
    return render(request, "photo/confirmed.html", context)
