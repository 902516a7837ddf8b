"""The clubs' screens: a new club, its page, a table joining and leaving it."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST, require_safe

from scorekeeper.clubs import history
from scorekeeper.clubs.forms import ClubForm, JoinForm
from scorekeeper.clubs.models import Club, Membership
from scorekeeper.models import Table
from scorekeeper.sharing import qr_svg


def get_club(key: str) -> Club:
    """The club this key opens; 404 for anything else, so keys cannot be probed."""
    return get_object_or_404(Club, key=key)


@require_POST
def new_club(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST)
    if not form.is_valid():
        return render(request, "clubs/new.html", {"club_form": form})
    club = Club.objects.create(name=form.cleaned_data["name"])
    return redirect(club)


@require_safe
def club_page(request: HttpRequest, key: str) -> HttpResponse:
    club = get_club(key)
    link = request.build_absolute_uri(club.get_absolute_url())
    context = {
        "club": club,
        "club_link": link,
        "club_qr": qr_svg(link),
        "tables": club.tables().order_by("name", "pk"),
        "players": history.players(club.tables()),
    }
    return render(request, "clubs/club.html", context)


@require_POST
def join_club(request: HttpRequest, key: str) -> HttpResponse:
    table = get_object_or_404(Table, key=key)
    form = JoinForm(request.POST, table=table)
    if form.is_valid() and form.save() is not None:
        return redirect(table)
    return render(request, "clubs/join_page.html", {"table": table, "join_form": form})


@require_POST
def leave_club(request: HttpRequest, key: str) -> HttpResponse:
    table = get_object_or_404(Table, key=key)
    # Leaving twice is leaving once: the table page shows it in no club either way.
    Membership.objects.filter(table=table).delete()
    return redirect(table)
