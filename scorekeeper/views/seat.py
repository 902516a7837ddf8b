"""A player's own page (Mexican Train): their seat's link, where they post only their count."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scorekeeper.forms.mexican_train import SeatCountForm
from scorekeeper.models import Match, SeatLink, open_round_counts, post_count
from scorekeeper.views.request import HtmxHttpRequest, refused_status


def get_seat_link(key: str) -> SeatLink:
    """The seat this key opens, with its match and table; 404 for anything else."""
    return get_object_or_404(SeatLink.objects.select_related("seat__player"), key=key)


@require_http_methods(["GET", "HEAD", "POST"])
def seat_page(request: HtmxHttpRequest, key: str) -> HttpResponse:
    link = get_seat_link(key)
    match = Match.objects.with_seats().get(pk=link.seat.match_id)
    position = link.seat.position
    status = 200
    form = SeatCountForm(match, request.POST if request.method == "POST" else None)
    if request.method == "POST":
        if match.finished:
            messages.error(request, _("This game is over: nothing more can be posted."))
            return redirect(link)
        if form.is_valid():
            data = form.cleaned_data
            closed = post_count(
                match,
                position,
                went_out=bool(data.get("went_out")),
                pips=data.get("pips") or 0,
                double_blank=bool(data.get("double_blank")),
            )
            if closed:
                messages.success(request, _("Every count is in: the round is scored."))
            else:
                messages.success(request, _("Your count is in."))
            return redirect(link)
        status = refused_status(request)
    counts = open_round_counts(match) if not match.finished else {}
    names = match.seat_names()
    game = match.game()
    number = match.hand_count + 1
    context = {
        "match": match,
        "table": match.table,
        "name": names[position],
        "form": form,
        "mine": counts.get(position),
        "missing": [names[seat] for seat in range(match.seat_count) if seat not in counts],
        "next_round": None if match.finished else number,
        "rounds": game.round_rules.rounds,
        "engine": None if match.finished else game.round_rules.engine(number),
        "total": match.totals[position],
    }
    return render(request, "seat.html", context, status=status)
