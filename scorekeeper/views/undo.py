"""Taking back the last hand or the last score made during play."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from scorekeeper.explain import (
    play_text,
)
from scorekeeper.forms import (
    changed_elsewhere,
)
from scorekeeper.models import (
    HandConflict,
    LogAction,
    Match,
)
from scorekeeper.views.lookup import get_match
from scorekeeper.views.match import render_match
from scorekeeper.views.request import HtmxHttpRequest, posted_version
from scorekeeper.views.sheet import hand_plays, why


def played_on() -> str:
    """Why a finished match's last hand cannot be taken back once the next match has begun."""
    return _(
        "The next match has already started, so this one's last hand can no longer be taken "
        "back. To fix a hand, tap its number on the sheet and correct it."
    )


def undid_a_play(match: Match) -> bool:
    """Whether the match's last change took back one score made during play."""
    newest = match.log.first()
    return newest is not None and newest.action == LogAction.UNPLAYED


@require_http_methods(["GET", "HEAD", "POST"])
def undo_hand(request: HtmxHttpRequest, key: str, number: int) -> HttpResponse:
    """Take back the last hand, after a confirmation."""
    match = get_match(key, number, sheet=False)
    scoring_game = match.scores_during_play
    if request.method == "POST":
        try:
            if scoring_game:
                undone, play = match.undo_last_entry(version=posted_version(request))
            else:
                undone, play = match.undo_last(version=posted_version(request)), None
        except HandConflict as conflict:
            if conflict.kind == HandConflict.REPEAT and undid_a_play(match):
                messages.info(
                    request, _("The take-back of that score had arrived before, and counts once.")
                )
            elif conflict.kind == HandConflict.REPEAT:
                text = _("The undo of hand %(number)s had arrived before, and counts once.")
                messages.info(request, text % {"number": conflict.number})
            else:
                messages.error(
                    request,
                    played_on()
                    if conflict.kind == HandConflict.SUPERSEDED
                    else changed_elsewhere(),
                )
        else:
            if play is not None:
                text = _("Taken back: %(play)s") % {
                    "play": play_text(
                        match.game(), match.seat_names(), match.side_names(), play.seat, play.points
                    )
                }
            elif scoring_game:
                text = _("The end of hand %(number)s was taken back: it is in play again.") % {
                    "number": undone
                }
            else:
                text = _("Hand %(number)s undone.") % {"number": undone}
            messages.success(request, text)
        if request.htmx:
            return render_match(request, get_match(key, number))
        return redirect(match)
    if match.finished and match.superseded():
        messages.error(request, played_on())
        return redirect(match)
    last = match.hands.prefetch_related("entries").order_by("-number").first()
    if last is None:
        return redirect(match)
    context = {"match": match, "table": match.table, "last": last, "why": why(match, last)}
    if scoring_game and last.in_play:
        context["last_play"] = hand_plays(match, last)[-1]
    template = "undo.html#confirm" if request.htmx else "undo.html"
    return render(request, template, context)
