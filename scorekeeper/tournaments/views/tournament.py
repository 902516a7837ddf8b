"""Tournaments: the director's page and actions, the table cards and the watch page."""

import csv
from dataclasses import dataclass

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorekeeper.backup.sheet import spreadsheet_name
from scorekeeper.models import RateLimited
from scorekeeper.serving import pagecache
from scorekeeper.sharing import qr_svg
from scorekeeper.tournaments import rules as event_rules
from scorekeeper.tournaments.forms.bracket import BracketForm
from scorekeeper.tournaments.forms.tournament import (
    EntrantsForm,
    RenameForm,
    TournamentForm,
)
from scorekeeper.tournaments.models import Board, DrawRefused, Entrant, Round, Tournament
from scorekeeper.tournaments.models.confirmation import ResultsWaiting
from scorekeeper.tournaments.views.bracket import bracket_views, lots_drawn, with_lot
from scorekeeper.tournaments.views.confirm import add_confirmations
from scorekeeper.tournaments.words.bracket import bracket_refusal
from scorekeeper.tournaments.words.confirm import results_waiting
from scorekeeper.tournaments.words.tournament import (
    board_match_over,
    clock_not_started,
    draw_refusal,
    standing_label,
    standings_heading,
    tie_break,
    unknown_change,
)
from scorekeeper.views.request import client_id, made_once, remember_tournament
from scorekeeper.words.refusals import too_many_tournaments


def get_tournament(key: str) -> Tournament:
    """The tournament this director's key opens; 404 for anything else."""
    return get_object_or_404(Tournament, key=key)


@dataclass
class BoardRow:
    board: Board
    sides: list[str]

    @property
    def match(self):
        return self.board.match

    @property
    def two_sides(self) -> bool:
        """Whether the board is two sides against each other (a round game's table is not)."""
        return len(self.sides) == 2

    @property
    def forfeit_winner(self) -> str:
        """A forfeit's winner: the side that was present."""
        return self.sides[self.board.present_side or 0]


@dataclass(frozen=True)
class Stat:
    key: str
    label: str
    value: object


@dataclass
class StandingRow:
    standing: event_rules.Standing | event_rules.GameStanding
    entrant: Entrant
    tie: str = ""  # why it stands where it does, when level with another on the first key
    in_games: bool = False  # the game counts games won (Jamaican): its totals are games

    @property
    def stats(self) -> list[Stat]:
        """The numbers the standings rank this line by, in the order they count."""
        line = self.standing
        if isinstance(line, event_rules.GameStanding):
            return [
                Stat("total", standing_label("total"), line.total),
                Stat("games-won", standing_label("games-won"), line.games_won),
                Stat("best", standing_label("best"), "\u2013" if line.best is None else line.best),
            ]
        return [
            Stat("wins", standing_label("wins"), line.wins),
            Stat("difference", standing_label("difference", self.in_games), line.efectividad),
            Stat("points-for", standing_label("points-for", self.in_games), line.points_for),
        ]

    @property
    def sheet_stats(self) -> list[Stat]:
        """Every number of the line, for paper and the spreadsheet: played first."""
        line = self.standing
        stats = [Stat("played", standing_label("played"), line.played), *self.stats]
        if isinstance(line, event_rules.Standing):
            stats.append(
                Stat(
                    "points-against",
                    standing_label("points-against", self.in_games),
                    line.points_against,
                )
            )
        return stats


def event_context(tournament: Tournament) -> dict:
    """What the director's and the watch page show, in a fixed number of queries."""
    rounds = tournament.drawn_rounds()
    entrants = {entrant.pk: entrant for entrant in tournament.entrants.all()}
    standings = tournament.standings(rounds, list(entrants))
    drawn = [
        (
            round,
            [
                BoardRow(
                    board, [" & ".join(str(entrants[pk]) for pk in side) for side in board.sides()]
                )
                for board in round.boards.all()
            ],
        )
        for round in rounds
    ]
    # Before any result everyone is level on everything: no card says so until one is in.
    ties = event_rules.tie_breaks(standings) if any(line.played for line in standings) else []
    in_games = not tournament.game().pips_score
    brackets = bracket_views(tournament, entrants)
    lots = lots_drawn(standings, entrants, brackets)
    standing_rows = [
        StandingRow(
            line,
            entrants[line.entrant],
            with_lot(tie_break(tie, in_games), line.entrant, lots),
            in_games,
        )
        for line, tie in zip(standings, ties or [None] * len(standings), strict=True)
    ]
    context = {
        "tournament": tournament,
        "entrants": list(entrants.values()),
        "rounds": drawn,
        "current": drawn[-1] if drawn else None,
        "standings": standing_rows,
        "tied": any(row.tie for row in standing_rows),
        "winners": [row for row in standing_rows if row.standing.place == 1],
        "can_draw": (not rounds or rounds[-1].complete()) and not tournament.all_drawn(rounds),
        "finished": tournament.finished(rounds),
        "last_round": tournament.last_round(),
        "brackets": brackets,
        "bracket_cards": any(view.ready for view in brackets),
    }
    add_confirmations(context, tournament, rounds)
    return context


@require_http_methods(["GET", "HEAD", "POST"])
def new_tournament(request: HttpRequest) -> HttpResponse:
    return tournament_setup(
        request, TournamentForm(request.POST if request.method == "POST" else None)
    )


def tournament_setup(request: HttpRequest, form: TournamentForm) -> HttpResponse:
    """The setup page for this form: another app's setup (a club's, with its seeding) is this
    form's subclass, posted to its own address."""
    if request.method == "POST" and "refresh" in request.POST:
        # The format or the game changed: the form again with what they ask, nothing checked.
        template = (
            "tournament_new.html#fields" if pagecache.is_htmx(request) else "tournament_new.html"
        )
        return render(request, template, {"form": form.refreshed()})
    if request.method == "POST" and form.is_valid():
        creator = client_id(request)

        def make() -> Tournament:
            Tournament.objects.check_rate(creator, settings.TOURNAMENTS_PER_HOUR)
            return form.save(creator=creator)

        try:
            return made_once(request, form, make)
        except RateLimited:
            form.add_error(None, too_many_tournaments())
            return render(request, "tournament_new.html", {"form": form}, status=429)
    return render(
        request, "tournament_new.html", {"form": form}, status=422 if form.errors else 200
    )


@require_safe
def tournament_page(request: HttpRequest, key: str) -> HttpResponse:
    """The director's page; htmx asks for its live part (the round, the standings) every few
    seconds, so a table's result shows as it is entered."""
    tournament = get_tournament(key)
    if pagecache.is_htmx(request):
        return render(request, "tournament.html#event", event_context(tournament))
    remember_tournament(request, tournament.key)
    return director_page(request, tournament)


def director_page(
    request: HttpRequest,
    tournament: Tournament,
    *,
    entrants_form: EntrantsForm | None = None,
    renamed: RenameForm | None = None,
    bracket_form: BracketForm | None = None,
    kept_entrant: int | None = None,
) -> HttpResponse:
    """The director's page; a form refused comes back with its errors (422), an entrant's
    change refused (kept_entrant) with the reason in that entrant's row."""
    context = event_context(tournament)
    context["entrants_form"] = entrants_form or EntrantsForm(tournament=tournament)
    # Each entrant with the form that corrects its name (the refused one with its errors) and
    # why a change to it was refused.
    context["entrant_rows"] = [
        (
            entrant,
            renamed
            if renamed is not None and renamed.entrant.pk == entrant.pk
            else RenameForm(entrant=entrant),
            bracket_refusal("entrant_kept") if entrant.pk == kept_entrant else "",
        )
        for entrant in context["entrants"]
    ]
    context["bracket_form"] = bracket_form or BracketForm(tournament=tournament)
    director_url = request.build_absolute_uri(tournament.get_absolute_url())
    watch_url = request.build_absolute_uri(tournament.watch_url())
    context.update(
        {
            "director_url": director_url,
            "director_qr": qr_svg(director_url),
            "watch_link": watch_url,
            "watch_qr": qr_svg(watch_url),
        }
    )
    refused = any(part is not None for part in (entrants_form, renamed, bracket_form, kept_entrant))
    return render(request, "tournament.html", context, status=422 if refused else 200)


@require_POST
def tournament_entrants(request: HttpRequest, key: str) -> HttpResponse:
    """Late entries: drawn from the next round, with no results for the rounds missed."""
    tournament = get_tournament(key)
    form = EntrantsForm(request.POST, tournament=tournament)
    if form.is_valid():
        form.save()
        return redirect(tournament)
    return director_page(request, tournament, entrants_form=form)


ENTRANT_CHANGES = {
    "check_in": {"checked_in": True},
    "absent": {"checked_in": False},
    "withdraw": {"withdrawn": True},
    "return": {"withdrawn": False},
}
# Once a bracket is drawn its entrants stay in it (RULES.md, Knockouts): these would do nothing.
KEPT_IN_BRACKET = ("absent", "withdraw")


@require_POST
def tournament_entrant(request: HttpRequest, key: str, entrant: int) -> HttpResponse:
    """Check an entrant in or out, withdraw one or bring one back: it counts from the next draw."""
    tournament = get_tournament(key)
    change = request.POST.get("change", "")
    if change in KEPT_IN_BRACKET and tournament.brackets.exists():
        found = get_object_or_404(Entrant, pk=entrant, tournament=tournament)
        return director_page(request, tournament, kept_entrant=found.pk)
    changes = ENTRANT_CHANGES.get(change)
    if changes is None or not tournament.entrants.filter(pk=entrant).update(**changes):
        messages.error(request, unknown_change())
    return redirect(tournament)


@require_POST
def tournament_rename(request: HttpRequest, key: str, entrant: int) -> HttpResponse:
    """Correct an entrant's name: its results stay with it."""
    tournament = get_tournament(key)
    found = get_object_or_404(Entrant, pk=entrant, tournament=tournament)
    form = RenameForm(request.POST, entrant=found)
    if form.is_valid():
        form.save()
        return redirect(tournament)
    return director_page(request, tournament, renamed=form)


@require_POST
def tournament_draw(request: HttpRequest, key: str) -> HttpResponse:
    """Draw the next round, or (`again`) the newest round again before it is played."""
    tournament = get_tournament(key)
    try:
        if request.POST.get("again"):
            tournament.redraw_last_round()
        else:
            tournament.draw_next_round()
    except DrawRefused as refused:
        messages.error(request, draw_refusal(refused.code))
    except ResultsWaiting as waiting:
        messages.error(request, results_waiting(waiting.tables))
    except ValueError:
        messages.error(request, draw_refusal("too_few"))
    return redirect(tournament)


@require_POST
def tournament_clock(request: HttpRequest, key: str, number: int) -> HttpResponse:
    """Start the round (its clock runs), or end it now (the side ahead wins each match)."""
    tournament = get_tournament(key)
    round = get_object_or_404(Round, tournament=tournament, number=number)
    if request.POST.get("end"):
        if round.started_at is None:
            messages.error(request, clock_not_started())
        else:
            round.end()
    else:
        round.start()
    return redirect(tournament)


@require_http_methods(["GET", "HEAD", "POST"])
def tournament_forfeit(request: HttpRequest, key: str, board: int) -> HttpResponse:
    """A forfeit, asked first: the side present at a board wins by the forfeit's score, the
    other did not play. `undo` takes a forfeit back: the table's match counts again."""
    tournament = get_tournament(key)
    found = get_object_or_404(
        Board.objects.select_related("match").prefetch_related("places"),
        pk=board,
        round__tournament=tournament,
    )
    if request.method != "POST":
        finished = found.match is not None and found.match.finished
        if found.kind != Board.Kind.PLAYED or finished or tournament.seats_tables:
            return redirect(tournament)
        entrants = {entrant.pk: entrant for entrant in tournament.entrants.all()}
        sides = [" & ".join(str(entrants[pk]) for pk in side) for side in found.sides()]
        award = tournament.tournament_rules().forfeit_award
        context = {"tournament": tournament, "board": found, "sides": sides, "award": award}
        return render(request, "tournament_forfeit.html", context)
    present = request.POST.get("present")
    if request.POST.get("undo"):
        if found.kind == Board.Kind.FORFEIT:
            found.kind, found.present_side = Board.Kind.PLAYED, None
            found.save(update_fields=["kind", "present_side"])
        else:
            messages.error(request, unknown_change())
    elif present not in ("0", "1") or found.kind == Board.Kind.BYE or tournament.seats_tables:
        # A round game's table has no two sides: its game is played out (or ended by the clock).
        messages.error(request, unknown_change())
    elif found.match is not None and found.match.finished:
        messages.error(request, board_match_over())
    else:
        found.kind = Board.Kind.FORFEIT
        found.present_side = int(present)
        found.save(update_fields=["kind", "present_side"])
    return redirect(f"{tournament.get_absolute_url()}#round-{found.round.number}")


def drawn_round(key: str, number: int, *related: str) -> tuple[Tournament, Round, dict, list]:
    """The director's round by its number, its entrants by id and its boards that have a match
    (a bye has none), for the paper pages."""
    tournament = get_tournament(key)
    round = get_object_or_404(Round, tournament=tournament, number=number)
    entrants = {entrant.pk: entrant for entrant in tournament.entrants.all()}
    boards = round.boards.select_related(*related).prefetch_related("places")
    return tournament, round, entrants, [board for board in boards if board.match is not None]


@require_safe
def tournament_cards(request: HttpRequest, key: str, number: int) -> HttpResponse:
    """The round's table cards: each table's number, who sits where and its link as a QR."""
    tournament, round, entrants, boards = drawn_round(key, number, "match", "table")
    cards = []
    for board in boards:
        url = request.build_absolute_uri(board.get_absolute_url())
        names = board.seat_names(board.sides(), entrants)
        cards.append({"board": board, "seats": names, "url": url, "qr": qr_svg(url)})
    return render(
        request, "tournament_cards.html", {"tournament": tournament, "round": round, "cards": cards}
    )


SHEET_ROWS = 16


@require_safe
def tournament_sheets(request: HttpRequest, key: str, number: int) -> HttpResponse:
    """The round's paper score sheets, one a page: the table, who sits where, rows to fill."""
    tournament, round, entrants, boards = drawn_round(key, number, "match")
    sheets = []
    for board in boards:
        sides = board.sides()
        seats = board.seat_names(sides, entrants)
        names = [" & ".join(str(entrants[pk]) for pk in side) for side in sides]
        sheets.append({"board": board, "seats": seats, "sides": names})
    # A round game's sheet has a row a round of its game; any other, rows enough for a match.
    game = tournament.game()
    context = {
        "tournament": tournament,
        "round": round,
        "sheets": sheets,
        "game": game,
        "rows": range(1, (game.rounds or SHEET_ROWS) + 1),
    }
    return render(request, "tournament_sheets.html", context)


@require_safe
def tournament_standings_print(request: HttpRequest, watch_key: str) -> HttpResponse:
    """The standings on paper: every column, the rounds played so far."""
    tournament = get_object_or_404(Tournament, watch_key=watch_key)
    context = event_context(tournament)
    # A round counts once every table has its result; one still in play is named apart.
    done = [round for round, _boards in context["rounds"] if round.complete()]
    in_play = [round for round, _boards in context["rounds"] if not round.complete()]
    context.update({"rounds_done": len(done), "in_play": in_play[0] if in_play else None})
    return render(request, "tournament_standings_print.html", context)


def entrant_boards(context: dict, entrant: int) -> list[tuple[Round, BoardRow]]:
    """The entrant's boards, round by round, from the event already read."""
    return [
        (round, row)
        for round, rows in context["rounds"]
        for row in rows
        if any(entrant in side for side in row.board.sides())
    ]


@require_safe
def tournament_entrant_page(request: HttpRequest, watch_key: str, entrant: int) -> HttpResponse:
    """One entrant's matches, round by round (read-only: from the watch link)."""
    tournament = get_object_or_404(Tournament, watch_key=watch_key)
    context = event_context(tournament)
    found = next((e for e in context["entrants"] if e.pk == entrant), None)
    if found is None:
        raise Http404
    context.update({"entrant": found, "boards": entrant_boards(context, entrant)})
    return render(request, "tournament_entrant.html", context)


@require_safe
def tournament_csv(request: HttpRequest, watch_key: str) -> HttpResponse:
    """The standings as a spreadsheet: place, entrant and every number of the line."""
    tournament = get_object_or_404(Tournament, watch_key=watch_key)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="standings.csv"'
    # The byte-order mark makes spreadsheet programs read accented names as UTF-8.
    response.write("\ufeff")
    writer = csv.writer(response)
    rows = event_context(tournament)["standings"]
    labels = [stat.label for stat in rows[0].sheet_stats] if rows else []
    writer.writerow([*standings_heading(), *labels])
    for row in rows:
        writer.writerow(
            [
                row.standing.place,
                spreadsheet_name(str(row.entrant)),
                *(stat.value for stat in row.sheet_stats),
            ]
        )
    return response


@require_safe
def tournament_watch(request: HttpRequest, watch_key: str) -> HttpResponse:
    """The whole event, read-only: standings and the round's tables, following by itself."""
    return kept_event_page(request, watch_key, "tournament_watch.html", "event", watching=True)


@require_safe
def tournament_screen(request: HttpRequest, watch_key: str) -> HttpResponse:
    """The big screen: the standings and the round's tables in large type, following by itself."""
    return kept_event_page(request, watch_key, "tournament_screen.html", "screen")


def kept_event_page(
    request: HttpRequest, watch_key: str, template: str, partial: str, **extra
) -> HttpResponse:
    """A read-only page of the whole event (htmx: only its `partial`), kept while the event
    stands still: a hundred phones refreshing cost a few small reads each, not a drawing."""
    tournament = get_object_or_404(Tournament, watch_key=watch_key)
    if pagecache.is_htmx(request):
        template = f"{template}#{partial}"

    def draw(slots: dict) -> HttpResponse:
        return render(request, template, {**event_context(tournament), **extra, **slots})

    return pagecache.cached_page(request, template, tournament.page_version(), draw)
