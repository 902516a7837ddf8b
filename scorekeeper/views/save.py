"""Saving a hand or a score made during play, and what the page says if another phone was first."""

import uuid

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect

from scorekeeper import rules
from scorekeeper.forms import (
    HandForm,
    PlayForm,
)
from scorekeeper.forms.fields import REFILL
from scorekeeper.inputs import isolated
from scorekeeper.models import (
    Hand,
    HandConflict,
    Match,
)
from scorekeeper.views.lookup import get_match
from scorekeeper.views.match import (
    match_end_text,
    match_over,
    posted_to_open_match,
    render_match,
)
from scorekeeper.views.request import HtmxHttpRequest, refused_status
from scorekeeper.views.swap import swappable, swapped_parts
from scorekeeper.words.explain import (
    pips_text,
)
from scorekeeper.words.pages import typed_blocked, typed_went_out
from scorekeeper.words.refusals import (
    changed_elsewhere,
    play_undone_elsewhere,
)
from scorekeeper.words.spoken import hand_called
from scorekeeper.words.units import unit_words


@posted_to_open_match
def save_hand(request: HtmxHttpRequest, match: Match) -> HttpResponse:
    if REFILL in request.POST:
        # A count put in from a photo without the script: the form again as typed, nothing
        # saved (the table saves the hand with its own button once it has looked at it).
        return render_match(request, match, HandForm.refilled(match, request.POST))
    response = hand_saved(request, match)
    # What became of the hand, for the phone's queue of hands waiting to be sent (saves.js).
    response.headers.setdefault("X-Hand", "refused")
    return response


def hand_saved(request: HtmxHttpRequest, match: Match) -> HttpResponse:
    form = HandForm(match, request.POST)
    if not form.is_valid():
        return render_match(request, match, form, status=refused_status(request))
    if "back" in request.POST:
        # Backed out of the question below: the form again, the numbers as typed, nothing saved.
        return render_match(request, match, form)
    # Only the match's next hand is asked about: a stale number is told so by add_hand below,
    # not asked about as if it ended the match.
    if "confirm_end" not in request.POST and form.cleaned_data["number"] == match.hand_count + 1:
        # A hand that ends the match is asked about once: the same form comes back with the
        # numbers as typed and a button that says so (with or without JavaScript).
        ending = match_end_text(match, form.cleaned_data["result"])
        if ending:
            return outcome(render_match(request, match, form, confirm_end=ending), "confirm")
    before = match.version
    try:
        hand = match.add_hand(
            form.cleaned_data["hand"],
            token=form.cleaned_data["token"],
            number=form.cleaned_data["number"],
            result=form.cleaned_data["result"],
            version=form.version,
        )
    except HandConflict as conflict:
        return conflict_answer(request, match, form, conflict)
    except rules.InvalidHand as refused:
        if any(error.code == rules.ErrorCode.MATCH_OVER for error in refused.errors):
            return match_over(request, match)  # another phone's winning hand
        form.refuse(refused)
        return render_match(request, match, form, status=refused_status(request))
    messages.success(request, unit_words(match.game()).say("saved", number=hand.number))
    match.table.keep_entry_mode(form.entry_mode)
    if not request.htmx:
        return outcome(redirect(match), "saved")
    # add_hand left the match as it wrote it, and the hand with its entries.
    spoken = spoken_result(match, hand)
    if swappable(request, match, before):
        return outcome(swapped_parts(request, match, hand, spoken), "saved")
    return outcome(render_match(request, match, spoken=spoken), "saved")


def conflict_answer(
    request: HtmxHttpRequest, match: Match, form: HandForm, conflict: HandConflict
) -> HttpResponse:
    """A hand that met another phone's change: sent before, undone since, stale or taken."""
    if conflict.kind == HandConflict.UNDONE:
        return undone_elsewhere(request, match, conflict.number)
    messages.info(request, conflict_text(match, form.cleaned_data["hand"], conflict))
    kind = {HandConflict.REPEAT: "saved", HandConflict.STALE: "stale"}.get(conflict.kind, "taken")
    if not request.htmx:
        return outcome(redirect(match), kind)
    # The match moved on under the form: read it as it is now.
    return outcome(
        render_match(request, get_match(match.table.key, match.number, sheet=False)), kind
    )


def conflict_text(match: Match, hand: rules.Hand, conflict: HandConflict) -> str:
    """What the page says about a hand that met another phone's change."""
    if conflict.kind == HandConflict.REPEAT:
        # Sent again after a lost answer or from the phone's queue: not another phone's hand.
        return unit_words(match.game()).say("repeated", number=conflict.number)
    if conflict.kind == HandConflict.STALE:
        return unit_words(match.game()).say("changed_elsewhere")
    return entered_elsewhere(match, conflict.number, hand)


def outcome(response: HttpResponse, kind: str) -> HttpResponse:
    """The answer to a hand's save, marked with what became of it (see save_hand)."""
    response.headers["X-Hand"] = kind
    return response


def undone_elsewhere(request: HtmxHttpRequest, match: Match, number: int) -> HttpResponse:
    """A hand sent again after it was saved and then undone on another phone: not stored again.
    The form comes back as typed, with a new token, for the player to save again or discard."""
    messages.error(request, unit_words(match.game()).say("undone_elsewhere", number=number))
    data = request.POST.copy()
    data["token"] = str(uuid.uuid4())
    data.pop("confirm_end", None)
    form = HandForm(match, data)
    form.is_valid()
    return outcome(render_match(request, match, form, status=refused_status(request)), "undone")


def entered_elsewhere(match: Match, number: int, hand: rules.Hand) -> str:
    """Another phone saved this hand first: the score as it stands, and what this phone had
    typed, so that nothing typed is lost if the other phone's numbers were the wrong ones."""
    if hand.ending == rules.Ending.WENT_OUT and hand.went_out is not None:
        # A message is plain text: a right-to-left name is isolated with marks, not a tag.
        typed = typed_went_out(isolated(match.seat_names()[hand.went_out]))
    else:
        typed = typed_blocked()
    pips = pips_text(typed_pips(hand))
    words = unit_words(match.game())
    return words.say("entered_elsewhere", number=number, typed=typed, pips=pips)


def typed_pips(hand: rules.Hand) -> int:
    """The pips typed for a hand, all together: one total, a total per pair, or each hand."""
    if hand.pooled is not None:
        return hand.pooled
    return sum((hand.pair_pips or hand.pips).values())


@posted_to_open_match
def save_play(request: HtmxHttpRequest, match: Match) -> HttpResponse:
    """A score made during play, saved the moment it is tapped (All Fives, Bergen)."""
    form = PlayForm(match, request.POST)
    if not form.is_valid():
        refused = render_match(request, match, status=refused_status(request), play_form=form)
        return outcome(refused, "refused")
    try:
        match.add_play(
            form.cleaned_data["play"],
            token=form.cleaned_data["token"],
            number=form.cleaned_data["number"],
        )
    except HandConflict as conflict:
        undone = conflict.kind == HandConflict.UNDONE
        messages.info(request, play_undone_elsewhere() if undone else changed_elsewhere())
        match = get_match(match.table.key, match.number, sheet=False)  # read as it is now
        if request.htmx:  # a score kept on the phone waits for the player's word (saves.js)
            return outcome(render_match(request, match), "undone" if undone else "stale")
    except rules.InvalidHand as refused:
        if any(error.code == rules.ErrorCode.MATCH_OVER for error in refused.errors):
            return match_over(request, match)  # another phone's tap ended it first
        form.refuse(refused)
        answer = render_match(request, match, status=refused_status(request), play_form=form)
        return outcome(answer, "refused")
    if request.htmx:
        return render_match(request, match)  # add_play left it as it wrote it
    return redirect(match.get_absolute_url() + "#strip")


def spoken_result(match: Match, hand: Hand) -> str:
    """The saved hand as a table calls it (see words.spoken)."""
    names = match.seat_names()
    sides = [[names[seat] for seat in side] for side in match.game().sides]
    return hand_called(hand.side_points(), sides)
