"""Confirming a tournament result: the confirm step on the scorer's phone, each side's own
page, the director's accept, and what the director's and watch pages mark."""

from collections import Counter
from collections.abc import Sequence
from types import SimpleNamespace

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from scorekeeper.inputs import whole_number
from scorekeeper.rules import Format
from scorekeeper.tournaments.models import (
    Board,
    BracketBoard,
    ConfirmRefused,
    Round,
    SideLink,
    Tournament,
)
from scorekeeper.tournaments.models.confirmation import (
    accept,
    confirm,
    dispute,
    entered,
    mark_of,
    marks_of,
    need_of,
    state_of,
)
from scorekeeper.tournaments.rules.tournament_confirm import (
    Entered,
    MarkKind,
    ResultsNeed,
    ResultState,
    waiting,
)
from scorekeeper.tournaments.words.confirm import (
    confirm_question,
    done_notice,
    refusal,
    results_waiting,
    state_label,
    unconfirmed_in_standings,
)
from scorekeeper.views.lookup import get_match


def _act(request: HttpRequest, action, kind: MarkKind, *args) -> None:
    """Confirm, dispute or accept; the page says what became of it."""
    try:
        action(*args)
    except ConfirmRefused as refused:
        messages.error(request, refusal(refused.code))
    else:
        messages.success(request, done_notice(kind))


def _shown(request: HttpRequest) -> Entered | None:
    return Entered.from_shown(request.POST.get("shown"))


@require_POST
def confirm_at_table(request: HttpRequest, key: str, number: int) -> HttpResponse:
    """The confirm step on the scorer's phone: a player of the other side taps their own name
    (`seat`), or says the result is wrong (`dispute`)."""
    match = get_match(key, number, sheet=False)
    board = match.table.tournament_board
    if board is None:
        raise Http404
    board.match = match
    if request.POST.get("dispute"):
        # Said by the side asked to confirm (at a table of players each for themselves: none).
        result = entered(board)
        side = result and result.confirmer
        _act(request, dispute, MarkKind.DISPUTED, board, side, _shown(request))
        return redirect(match)
    seat = whole_number(request.POST.get("seat"))
    sides = match.game().sides
    side = next((index for index, seats in enumerate(sides) if seat in seats), None)
    if side is None:
        raise Http404
    name = match.seat_names()[seat]
    _act(request, confirm, MarkKind.CONFIRMED, board, side, _shown(request), name)
    return redirect(match)


def get_side_link(key: str) -> SideLink:
    """The side this key opens, with its board (a round's or a bracket's), match and
    tournament; 404 for anything else."""
    return get_object_or_404(
        SideLink.objects.select_related(
            "board__match__table",
            "board__round__tournament",
            "bracket_board__match__series",
            "bracket_board__table",
            "bracket_board__bracket__tournament",
            "bracket_board__first",
            "bracket_board__second",
        ).prefetch_related("board__places__entrant"),
        key=key,
    )


@require_http_methods(["GET", "HEAD", "POST"])
def side_page(request: HttpRequest, key: str) -> HttpResponse:
    """One side's own page at a tournament table: the result as it stands, and (the other
    side) its confirmation; either side can dispute it."""
    link = get_side_link(key)
    board = link.owner
    if request.method == "POST":
        if request.POST.get("dispute"):
            _act(request, dispute, MarkKind.DISPUTED, board, link.side, _shown(request))
        else:
            _act(request, confirm, MarkKind.CONFIRMED, board, link.side, _shown(request))
        return redirect(link)
    tournament = board.tournament
    need = need_of(tournament)
    mark = mark_of(board)
    result = entered(board)
    sides = board.entrant_names()
    confirms = result is not None and result.confirmer == link.side
    # The question is asked of the side's own players: one or two (Spanish tells them apart).
    players = len(board.match.game().sides[link.side]) if confirms else 0
    context = {
        "tournament": tournament,
        "board": board,
        "link": link,
        "match": board.match,
        "totals": result.totals if result is not None else board.match.totals,
        "sides": sides,
        "own": sides[link.side],
        "other": sides[1 - link.side],
        "need": need,
        "state": state_of(board, need, mark),
        "result": result,
        "confirms": confirms,
        "ask": confirm_question(players, result) if confirms else "",
        "mark": mark,
    }
    return render(request, "side.html", context)


@require_POST
def director_accept(request: HttpRequest, key: str, board: int) -> HttpResponse:
    """The director accepts a table's result as the page showed it."""
    tournament = get_object_or_404(Tournament, key=key)
    found = get_object_or_404(Board, pk=board, round__tournament=tournament)
    _act(request, accept, MarkKind.ACCEPTED, found, _shown(request))
    return redirect(f"{tournament.get_absolute_url()}#to-confirm")


@require_POST
def director_accept_bracket(request: HttpRequest, key: str, board: int) -> HttpResponse:
    """The director accepts a bracket match's result: its winner goes on."""
    tournament = get_object_or_404(Tournament, key=key)
    found = get_object_or_404(BracketBoard, pk=board, bracket__tournament=tournament)
    _act(request, accept, MarkKind.ACCEPTED, found, _shown(request))
    return redirect(f"{tournament.get_absolute_url()}#to-confirm")


def bracket_rows(context: dict, tournament: Tournament, need: ResultsNeed) -> list:
    """The bracket matches whose result is still open (as the bracket views read them, with
    their confirmations; no query): each a row the director's list shows as a round's."""
    rows = []
    for cell in (cell for view in context.get("brackets", []) for cell in view.cells()):
        board = cell.board
        state = state_of(board, need, mark_of(board))
        if not state.open:
            continue
        result = entered(board)
        accept_url = reverse("director_accept_bracket", args=[tournament.key, board.pk])
        rows.append(
            SimpleNamespace(
                board=board,
                title=board.table.name,
                sides=[slot.name for slot in cell.slots],
                totals=result.totals,
                confirm_label=state_label(state),
                shown=result.shown(),
                accept_url=accept_url,
            )
        )
    return rows


def add_confirmations(context: dict, tournament: Tournament, rounds: Sequence[Round]) -> None:
    """What the director's and the watch pages add when results need confirming: each board's
    state, the results still open (the director's list), each standings line's unconfirmed
    results, and the tables the next draw waits for. One read; none when results need
    nothing."""
    need = need_of(tournament)
    context["results_need"] = need
    if need is ResultsNeed.NOTHING:
        return
    marks = marks_of(rounds)
    open_rows, states, unconfirmed = [], [], Counter()
    for round, rows in context["rounds"]:
        for row in rows:
            board = row.board
            state = state_of(board, need, marks.get(board.pk))
            row.confirm_state, row.confirm_label = state, state_label(state)
            row.shown = (result := entered(board)) and result.shown()
            states.append(((round.number, board.number), state))
            if state.open:
                row.totals = result.totals
                row.accept_url = reverse("director_accept", args=[tournament.key, board.pk])
                open_rows.append((round, row))
                unconfirmed.update(entrant for side in board.sides() for entrant in side)
    for line in context["standings"]:
        count = unconfirmed[line.entrant.pk]
        line.unconfirmed = unconfirmed_in_standings(count) if count else ""
    context["to_confirm"] = open_rows + [
        (None, row) for row in bracket_rows(context, tournament, need)
    ]
    tables = waiting(Format(tournament.format), states)
    # Said where the Draw button is, once only confirmations keep the next round waiting.
    context["waiting_words"] = results_waiting(tables) if tables and context["can_draw"] else ""
    context["in_play"] = ResultState.IN_PLAY
