"""One stored hand: what was entered, why it scored that, and its correction."""

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from scorekeeper import rules
from scorekeeper.forms import (
    HandForm,
)
from scorekeeper.models import (
    HandConflict,
)
from scorekeeper.views.lookup import get_match
from scorekeeper.views.request import HtmxHttpRequest, posted_version, refused_status
from scorekeeper.views.sheet import hand_plays, scoreboard, sheet_shape, why
from scorekeeper.words.pages import hand_still_in_play
from scorekeeper.words.refusals import result_kept
from scorekeeper.words.units import unit_words


@require_http_methods(["GET", "HEAD", "POST"])
def hand_page(request: HtmxHttpRequest, key: str, number: int, hand_number: int) -> HttpResponse:
    """One hand: what was entered, why it scored that, and a form to correct it."""
    match = get_match(key, number)
    context = scoreboard(match)
    row = next((row for row in context["rows"] if row["hand"].number == hand_number), None)
    if row is None:
        raise Http404
    hand = row["hand"]
    context["why"] = why(match, hand)
    context["plays"] = hand_plays(match, hand) if sheet_shape(context["game"]).plays else []
    status = 200
    if request.method == "POST" and hand.in_play:
        messages.info(request, hand_still_in_play())
        return redirect(match)
    if request.method == "POST":
        known = None if hand.leader_told is not None else hand.led_by
        form = HandForm(match, request.POST, led_by=known)
        if form.is_valid():
            try:
                match.edit_hand(
                    hand_number,
                    form.cleaned_data["hand"],
                    version=posted_version(request),
                )
            except HandConflict as conflict:
                if conflict.kind == HandConflict.RESULT_KEPT:
                    form.add_error(None, result_kept())
                elif conflict.kind != HandConflict.REPEAT:
                    form.add_error(None, unit_words(match.game()).say("changed_elsewhere"))
            except rules.InvalidHand as refused:
                form.refuse(refused, editing=True)
            if not form.errors:  # corrected now, or by this same correction sent before
                corrected = unit_words(match.game()).say("corrected", number=hand_number)
                messages.success(request, corrected)
                return redirect(match)
        status = refused_status(request)
    else:
        form = HandForm.for_hand(match, hand, request.GET.get("out"), request.GET.get("entry"))
    context.update({"table": match.table, "row": row, "hand": hand, "form": form})
    return render(request, "hand.html", context, status=status)
