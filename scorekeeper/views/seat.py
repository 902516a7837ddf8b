"""A player's own page (Mexican Train): their seat's link, where they post only their count."""

from django.contrib import messages
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_safe

from scorekeeper.forms.fields import REFILL, as_typed
from scorekeeper.forms.mexican_train import SeatCountForm
from scorekeeper.inputs import isolated, typed_number, whole_number
from scorekeeper.models import (
    CountRefused,
    Match,
    SeatLink,
    open_round_counts,
    post_count,
    stored_as_posted,
)
from scorekeeper.views.request import HtmxHttpRequest, refused_status
from scorekeeper.views.sheet import scoreboard
from scorekeeper.words.pages import (
    count_in,
    game_over_for_seat,
    round_closed_meanwhile,
    round_scored,
)
from scorekeeper.words.rounds import already_went_out


def get_seat_link(key: str) -> SeatLink:
    """The seat this key opens, with its match and table; 404 for anything else."""
    return get_object_or_404(SeatLink.objects.select_related("seat__player"), key=key)


@require_http_methods(["GET", "HEAD", "POST"])
def seat_page(request: HtmxHttpRequest, key: str) -> HttpResponse:
    link = get_seat_link(key)
    match = Match.objects.with_seats().get(pk=link.seat.match_id)
    position = link.seat.position
    counts = open_round_counts(match) if not match.finished else {}
    form = drawn_form(request, match, counts.get(position))
    if form is not None:
        return render_seat(request, link, match, form, counts)
    if match.finished:
        if retried_last_count(request, match, position):
            messages.success(request, round_scored())
        else:
            messages.error(request, game_over_for_seat())
        return redirect(link)
    form = SeatCountForm(match, request.POST)
    behind = (whole_number(request.POST.get("number")) or 0) < form.number
    if behind and form.has_error(NON_FIELD_ERRORS, "stale"):
        # Its round closed since the page was drawn: the next round's form, empty, so one more
        # tap does not send the old round's count as this one's.
        messages.error(request, form.non_field_errors()[0])
        return redirect(link)
    if form.is_valid():
        data = form.cleaned_data
        try:
            closed = post_count(
                match,
                position,
                went_out=bool(data.get("went_out")),
                pips=data.get("pips") or 0,
                double_blank=bool(data.get("double_blank")),
            )
        except CountRefused as refused:
            if refused.kind == CountRefused.STALE:
                # Closed (or undone) by another phone since the form was read: drawn again.
                messages.error(request, round_closed_meanwhile())
                return redirect(link)
            name = isolated(match.seat_names()[refused.seat])
            form.add_error("went_out", already_went_out(name))
        else:
            if closed:
                messages.success(request, round_scored())
            else:
                messages.success(request, count_in())
            return redirect(link)
    return render_seat(request, link, match, form, counts, status=refused_status(request))


def drawn_form(request: HtmxHttpRequest, match: Match, posted) -> SeatCountForm | None:
    """The form a request only draws: the seat's as it stands (`posted`: see for_seat), or a
    count put in from a photo without the script, shown in the form and not yet sent; None for
    a post to record. (A count for a round closed since is a post: it is told so, below.)"""
    if request.method != "POST":
        return SeatCountForm.for_seat(match, posted)
    open_round = None if match.finished else match.hand_count + 1
    if REFILL in request.POST and whole_number(request.POST.get("number")) == open_round:
        return SeatCountForm(match, initial=as_typed(SeatCountForm(match), request.POST))
    return None


def render_seat(request, link: SeatLink, match: Match, form, counts: dict, status: int = 200):
    """The page with the game as the scorer's page shows it: every total and round (the
    polled part, seat_status, needs none of it)."""
    context = {**scoreboard(match.load_sheet()), **seat_context(link, match, form, counts)}
    return render(request, "seat.html", context, status=status)


def retried_last_count(request: HtmxHttpRequest, match: Match, position: int) -> bool:
    """Whether this post is the count that closed the last round, sent again (its answer lost)."""
    return stored_as_posted(
        match,
        position,
        whole_number(request.POST.get("number")),
        went_out=bool(request.POST.get("went_out")),
        pips=typed_number(request.POST.get("pips") or ""),
    )


@require_safe
def seat_status(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The seat page's part that keeps itself current (polled): who is still missing; once the
    round it was drawn for has closed, the whole page is drawn again (the next engine)."""
    link = get_seat_link(key)
    match = Match.objects.with_seats().get(pk=link.seat.match_id)
    if whole_number(request.GET.get("round")) != match.hand_count + 1 or match.finished:
        response = HttpResponse(status=204)
        response["HX-Refresh"] = "true"
        return response
    return render(request, "includes/seat_status.html", seat_context(link, match, None))


def seat_context(
    link: SeatLink, match: Match, form: SeatCountForm | None, counts: dict | None = None
) -> dict:
    """`counts`: the open round's counts by seat, when the caller has read them."""
    position = link.seat.position
    if counts is None:
        counts = open_round_counts(match) if not match.finished else {}
    names = match.seat_names()
    game = match.game()
    number = match.hand_count + 1
    return {
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
        "status_url": reverse("seat_status", args=[link.key]),
    }
