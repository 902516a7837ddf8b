"""Taking back the last hand or the last score made during play."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from scorekeeper.models import (
    HandConflict,
    LogAction,
    Match,
)
from scorekeeper.views.lookup import get_match
from scorekeeper.views.match import render_match, tournament_keeps_result
from scorekeeper.views.request import HtmxHttpRequest, posted_version
from scorekeeper.views.sheet import hand_plays, why
from scorekeeper.words.explain import (
    play_text,
)
from scorekeeper.words.pages import hand_end_taken_back, play_taken_back, play_undone_before
from scorekeeper.words.refusals import played_on, result_kept
from scorekeeper.words.units import unit_words


def undid_a_play(match: Match) -> bool:
    """Whether the match's last change took back one score made during play."""
    newest = match.log.first()
    return newest is not None and newest.action == LogAction.UNPLAYED


@require_http_methods(["GET", "HEAD", "POST"])
def undo_hand(request: HtmxHttpRequest, key: str, number: int) -> HttpResponse:
    """Take back the last hand, after a confirmation."""
    match = get_match(key, number, sheet=False)
    if request.method == "POST":
        take_back(request, match)
        if request.htmx:
            return render_match(request, get_match(key, number))
        return redirect(match)
    if match.finished and match.superseded():
        messages.error(request, played_on())
        return redirect(match)
    if tournament_keeps_result(match):  # told now, not after the question is answered
        messages.error(request, result_kept())
        return redirect(match)
    last = match.hands.prefetch_related("entries").order_by("-number").first()
    if last is None:
        return redirect(match)
    context = {"match": match, "table": match.table, "last": last, "why": why(match, last)}
    if last.in_play:
        context["last_play"] = hand_plays(match, last)[-1]
    template = "undo.html#confirm" if request.htmx else "undo.html"
    return render(request, template, context)


def take_back(request: HtmxHttpRequest, match: Match) -> None:
    """Undo the match's last change, and say what became of it."""
    try:
        undone, play = match.undo(version=posted_version(request))
    except HandConflict as conflict:
        if conflict.kind == HandConflict.REPEAT:
            messages.info(request, undone_before(match, conflict.number))
        elif conflict.kind == HandConflict.SUPERSEDED:
            messages.error(request, played_on())
        elif conflict.kind == HandConflict.RESULT_KEPT:
            messages.error(request, result_kept())
        else:
            messages.error(request, unit_words(match.game()).say("changed_elsewhere"))
    else:
        messages.success(request, taken_back(match, undone, play))


def undone_before(match: Match, number: int) -> str:
    """An undo sent again after a lost answer: it counts once."""
    if undid_a_play(match):
        return play_undone_before()
    return unit_words(match.game()).say("undo_repeated", number=number)


def taken_back(match: Match, undone: int, play) -> str:
    """What an undo took back: a score made during play, a hand's end, or a whole hand."""
    if play is not None:
        return play_taken_back(
            play_text(match.game(), match.seat_names(), match.side_names(), play.seat, play.points)
        )
    if match.hands.filter(number=undone).exists():  # its plays kept
        return hand_end_taken_back(undone)
    return unit_words(match.game()).say("undone", number=undone)
