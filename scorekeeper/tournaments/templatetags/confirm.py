"""Confirming a tournament result in a template: the confirm step on the scorer's phone and
each side's own link on the table cards, so the core's views never ask.

{% load confirm %}{% confirm_step %}    {% side_links card %}
"""

from django import template
from django.urls import reverse

from scorekeeper.sharing import qr_svg
from scorekeeper.tournaments.models import SideLink
from scorekeeper.tournaments.models.confirmation import entered, mark_of, need_of, state_of
from scorekeeper.tournaments.rules.tournament_confirm import ResultsNeed, ResultState
from scorekeeper.tournaments.words.confirm import confirm_ask

register = template.Library()


@register.inclusion_tag("includes/confirm_step.html", takes_context=True)
def confirm_step(context: template.Context) -> dict:
    """A finished tournament match on its table's page: what comes next (a bracket's winner
    goes on once the result is settled), the result's state and, when the other side confirms
    it, their names to tap (context: `match` and `table`)."""
    match, table = context["match"], context["table"]
    board = table.tournament_board
    need = need_of(board.tournament)
    result = entered(board) if board.decides(match) else None
    if need is ResultsNeed.NOTHING or result is None:
        return {"shows": False, "note": board.over_note(ResultState.STANDS, need)}
    board.match = match
    state = state_of(board, need, mark_of(board))
    step = {
        "shows": True,
        "note": board.over_note(state, need),
        "csrf_token": context.get("csrf_token"),
        "need": need,
        "state": state,
        "shown": result.shown(),
        "action": reverse("confirm_at_table", args=[table.key, match.number]),
    }
    loser = result.confirmer
    if loser is not None:
        # Two sides: the losing side is asked, and taps a name of its own.
        seats = match.seat_names()
        losing = match.game().sides[loser]
        step["other"] = match.side_names()[loser]
        step["ask"] = confirm_ask(step["other"], len(losing), result)
        step["confirm_seats"] = [(seat, seats[seat]) for seat in losing]
    return step


@register.inclusion_tag("includes/confirm_side_links.html", takes_context=True)
def side_links(context: template.Context, card: dict) -> dict:
    """A table card's two side links as QR codes, when the other side confirms results."""
    tournament, request = context["tournament"], context["request"]
    if need_of(tournament) is not ResultsNeed.OTHER_SIDE:
        return {"links": []}
    board = card["board"]
    links = SideLink.for_boards([board]).get(board.pk, [])
    seats = card["seats"]
    shown = []
    for link in links:
        url = request.build_absolute_uri(link.get_absolute_url())
        names = " & ".join(seats[link.side :: 2])
        shown.append({"names": names, "url": url, "qr": qr_svg(url)})
    return {"links": shown}
