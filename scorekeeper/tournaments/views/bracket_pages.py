"""Knockout brackets' own pages: drawing them, their table cards, the bracket on paper."""

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST, require_safe

from scorekeeper.sharing import qr_svg
from scorekeeper.tournaments.forms.bracket import BracketForm
from scorekeeper.tournaments.models import BracketBoard, Tournament
from scorekeeper.tournaments.views.bracket import bracket_views
from scorekeeper.tournaments.views.tournament import director_page
from scorekeeper.tournaments.words.bracket import bracket_drawn, bracket_refusal
from scorekeeper.tournaments.words.tournament import board_match_over, unknown_change


def get_tournament(key: str) -> Tournament:
    return get_object_or_404(Tournament, key=key)


@require_POST
def bracket_draw(request: HttpRequest, key: str) -> HttpResponse:
    """Draw the brackets: a form refused comes back on the director's page with its errors."""
    tournament = get_tournament(key)
    form = BracketForm(request.POST, tournament=tournament)
    with transaction.atomic():
        # Two taps (or two phones) at once: the second waits here, then finds them drawn.
        tournament.lock()
        drawn_already = tournament.brackets.exists()
        saved = not drawn_already and form.is_valid()
        if saved:
            form.save()
    if drawn_already:
        # The form is no longer on the page.
        messages.error(request, bracket_refusal("drawn"))
        return redirect(tournament)
    if saved:
        messages.success(request, bracket_drawn())
        return redirect(f"{tournament.get_absolute_url()}#brackets")
    return director_page(request, tournament, bracket_form=form)


@require_safe
def bracket_cards(request: HttpRequest, key: str) -> HttpResponse:
    """The table cards of the bracket matches to play now: each match's link as a QR."""
    tournament = get_tournament(key)
    entrants = {entrant.pk: entrant for entrant in tournament.entrants.all()}
    cards, views = [], bracket_views(tournament, entrants)
    for view in views:
        for cell in view.ready:
            url = request.build_absolute_uri(cell.board.get_absolute_url())
            board = cell.board
            card = {"view": view, "cell": cell, "url": url, "qr": qr_svg(url), "board": board}
            cards.append(card | {"seats": board.match.seat_names()})
    decided = bool(views) and all(view.champion for view in views)
    context = {"tournament": tournament, "cards": cards, "decided": decided}
    return render(request, "bracket_cards.html", context)


@require_safe
def bracket_print(request: HttpRequest, watch_key: str) -> HttpResponse:
    """The brackets on paper (A4 or Letter, landscape)."""
    tournament = get_object_or_404(Tournament, watch_key=watch_key)
    entrants = {entrant.pk: entrant for entrant in tournament.entrants.all()}
    context = {"tournament": tournament, "brackets": bracket_views(tournament, entrants)}
    return render(request, "bracket_print.html", context)


@require_POST
def bracket_forfeit(request: HttpRequest, key: str, board: int) -> HttpResponse:
    """A walkover: the side present at a bracket match goes on, the other did not play; `undo`
    takes it back (the match counts again, the bracket moves while the next has no hand)."""
    tournament = get_tournament(key)
    with transaction.atomic():
        found = get_object_or_404(
            BracketBoard.objects.select_for_update(of=("self",)).select_related("match", "bracket"),
            pk=board,
            bracket__tournament=tournament,
        )
        _walkover(request, found)
    return redirect(f"{tournament.get_absolute_url()}#bracket-{found.bracket.number}")


def _walkover(request: HttpRequest, found: BracketBoard) -> None:
    """Give or take back the walkover (the board locked), and move the bracket on."""
    present = request.POST.get("present")
    if request.POST.get("undo"):
        found.forfeit_side = None
    elif present not in ("0", "1") or found.forfeit_side is not None:
        messages.error(request, unknown_change())
    elif found.match is not None and found.match.finished:
        messages.error(request, board_match_over())
    else:
        found.forfeit_side = int(present)
    found.save(update_fields=["forfeit_side"])
    if found.refuses_change():
        # Its winner already plays the next match (RULES.md, Knockouts): nothing is kept.
        transaction.set_rollback(True)
        messages.error(request, bracket_refusal("walkover_kept"))
        return
    found.result_moved()
