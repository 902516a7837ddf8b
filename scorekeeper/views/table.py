"""The tables: the home page, a new table, its history, its next match and the rematch."""

from django.conf import settings
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorekeeper import rules
from scorekeeper.forms import (
    HistoryFilterForm,
    SetupForm,
    who_choices,
)
from scorekeeper.inputs import whole_number
from scorekeeper.models import NEW_TABLE_ENTRY_MODE, Match, RateLimited, Table
from scorekeeper.statistics import reading as stats
from scorekeeper.views.lookup import get_match, get_table
from scorekeeper.views.match import render_match
from scorekeeper.views.request import (
    HtmxHttpRequest,
    client_id,
    made_once,
    posted_token,
    remember,
)
from scorekeeper.views.sheet import series_score, share_links
from scorekeeper.words.explain import (
    rules_summary,
)
from scorekeeper.words.pages import match_already_in_play, too_many_matches, tournament_table_only
from scorekeeper.words.refusals import too_many_tables

HISTORY_PAGE = 20


@require_safe
def home(request: HtmxHttpRequest) -> HttpResponse:
    keys = request.session.get("tables", [])
    tables = {table.key: table for table in Table.objects.filter(key__in=keys)}
    remembered = [tables[key] for key in keys if key in tables]
    current = {
        match.table_id: match
        for match in Match.objects.for_listing().latest_per_table().filter(table__in=remembered)
    }
    last = stats.last_results(remembered) if remembered else {}
    for table in remembered:
        if table.pk in current:
            current[table.pk].table = table  # its link needs the key, already at hand
    return render(
        request,
        "home.html",
        {
            "tables": [(table, current.get(table.pk), last.get(table.pk)) for table in remembered],
            # A phone with no table yet starts one from here: the names, then Start.
            "quick": None if remembered else SetupForm(),
        },
    )


@require_http_methods(["GET", "HEAD", "POST"])
def new_table(request: HtmxHttpRequest) -> HttpResponse:
    form = SetupForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and "refresh" in request.POST:
        return render_refreshed(request, form, {})
    if request.method == "POST" and not form.is_valid() and form.preset_changed:
        return render(request, "setup.html", {"form": form.refilled()})
    if request.method == "POST" and form.is_valid():

        def make() -> Match:
            table = Table.objects.create_limited(
                creator=client_id(request),
                per_hour=settings.TABLES_PER_HOUR,
                name=form.cleaned_data["name"],
                entry_mode=NEW_TABLE_ENTRY_MODE,
            )
            remember(request, table)
            return table.start_match(
                form.cleaned_data["seat_names"],
                form.game(),
                form.cleaned_data["preset"],
                form.series_rules(),
            )

        try:
            return made_once(request, form, make)
        except RateLimited:
            form.add_error(None, too_many_tables())
            return render(request, "setup.html", {"form": form}, status=429)
    return render(request, "setup.html", {"form": form}, status=422 if form.errors else 200)


def tournament_table(request: HtmxHttpRequest, table: Table) -> HttpResponse | None:
    """A tournament's table plays its drawn match only: to it, instead of a new match."""
    board = table.tournament_board
    if board is None:
        return None
    messages.info(request, tournament_table_only())
    return redirect(board.get_absolute_url())


def render_refreshed(request: HtmxHttpRequest, form: SetupForm, context: dict) -> HttpResponse:
    """The setup drawn again from what was posted, saving nothing: the chosen game's rules, the
    partners named as the sheet will name them. htmx gets the parts that changed; a page
    without JavaScript (its "Show this game's rules" button), the whole page."""
    template = "setup.html#refresh" if request.htmx else "setup.html"
    # Asked for from the home page's names ("Other games and house rules"): the rules unfolded.
    context = {**context, "rules_open": request.POST.get("refresh") == "rules"}
    return render(request, template, {**context, "form": form.refreshed()})


@require_safe
def table_page(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The table's history, a page at a time, of everyone or of one player or pair."""
    table = get_table(key)
    remember(request, table)
    players, pairs = stats.records(table)
    seen = {only for only in HistoryFilterForm.ONCE_SEEN for row in players if getattr(row, only)}
    form = HistoryFilterForm(
        request.GET, choices=who_choices(table.players.all(), pairs), seen=seen
    )
    matches = table.matches.for_listing()
    chosen = {}
    if form.is_valid():
        chosen = {name: value for name, value in form.cleaned_data.items() if value}
    who = stats.parse_who(chosen.get("who", ""))
    if who:
        matches = stats.filter_matches(matches, table, who, chosen.get("only", ""))
    before = whole_number(request.GET.get("before"))
    if before is not None:
        matches = matches.filter(number__lt=before)
    # One page of history at a time: a table that has played for years stays quick.
    page = list(matches[: HISTORY_PAGE + 1])
    more = page[HISTORY_PAGE - 1].number if len(page) > HISTORY_PAGE else None
    context = {"table": table, "matches": page[:HISTORY_PAGE], "more": more, "form": form}
    # The series the table is playing now: its newest match's.
    context["series"] = series_score(page[0]) if page and before is None and not who else None
    scoring = rules.preset_named(table.preset).scoring
    context["rules_line"] = rules_summary(table.house_rules(), scoring)
    context.update(share_links(request, table, table.get_absolute_url()))
    return render(request, "table.html", context)


@require_http_methods(["GET", "HEAD", "POST"])
def new_match(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Start the next match at this table: the same seats and rules unless changed here."""
    table = get_table(key)
    if (drawn := tournament_table(request, table)) is not None:
        return drawn
    status = 200
    if request.method == "POST":
        form = SetupForm(request.POST)
        if "refresh" in request.POST:
            return render_refreshed(
                request,
                form,
                {"table": table, "players": table.players.all()},
            )
        if form.is_valid():
            try:
                match = table.start_match(
                    form.cleaned_data["seat_names"],
                    form.game(),
                    form.cleaned_data["preset"],
                    form.series_rules(),
                    token=posted_token(request),
                    per_hour=settings.MATCHES_PER_HOUR,
                    # Sent again from another page or phone: the match waiting, not another.
                    join_waiting=True,
                )
            except RateLimited:
                form.add_error(None, too_many_matches())
                status = 429
            else:
                return redirect(match)
        elif form.preset_changed:
            form = form.refilled()
    else:
        form = SetupForm.for_table(table, table.matches.for_listing().first())
    return render(
        request,
        "setup.html",
        {"form": form, "table": table, "players": table.players.all()},
        status=max(status, 422 if form.errors else 200),
    )


@require_POST
def rematch(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """One tap: the next match with the same seats and rules as the last one."""
    table = get_table(key)
    if (drawn := tournament_table(request, table)) is not None:
        return drawn
    last = table.matches.for_listing().first()
    if last is None:
        return redirect(table.new_match_url())
    if not last.finished:
        # Tapped on a page older than the match in play: that match is the one to play on.
        messages.info(request, match_already_in_play())
        return redirect(last)
    # A page from before the `after` field follows the newest match, finished as read here:
    # a rematch that another phone starts meanwhile is joined, not doubled.
    after = whole_number(request.POST.get("after"))
    try:
        match = table.start_match(
            last.seat_names(),
            last.game(),
            last.preset,
            token=posted_token(request),
            per_hour=settings.MATCHES_PER_HOUR,
            after=last.number if after is None else after,
        )
    except RateLimited:
        messages.error(request, too_many_matches())
        return render_match(request, get_match(key, last.number), status=429)
    return redirect(match)
