"""Views: thin functions over the models and the rules module."""

import hashlib
import re
import uuid
from collections.abc import Callable
from functools import wraps
from urllib.parse import parse_qs, urlsplit

from django.conf import settings
from django.contrib import messages
from django.db import connection, transaction
from django.db.models import prefetch_related_objects
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.crypto import salted_hmac
from django.utils.http import content_disposition_header, urlencode
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.csp import csp_override
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.middleware import HtmxDetails

from scorekeeper import backup, pagecache, rules, stats, story
from scorekeeper.explain import (
    explain_hand,
    explain_scoring_end,
    lead_text,
    pips_text,
    play_text,
    rules_summary,
    score_line,
    series_text,
)
from scorekeeper.forms import (
    HandForm,
    HistoryFilterForm,
    ImportForm,
    PlayForm,
    SetupForm,
    VersusForm,
    changed_elsewhere,
    too_large_message,
    who_choices,
)
from scorekeeper.inputs import isolated, whole_number
from scorekeeper.models import (
    KEY_PATTERN,
    EntryKind,
    EntryMode,
    HandConflict,
    LogAction,
    Match,
    RateLimited,
    Table,
    offered_presets,
    page_version,
    reason_from_json,
    side_name,
)
from scorekeeper.sharing import qr_svg

# Bonuses marked on the score sheet beside the points they added (capicú has its own mark).
SHEET_BONUSES = ("chuchazo", "pase_corrido", "pase_de_salida", "first_hands")
REMEMBERED_TABLES = 30
HISTORY_PAGE = 20
# The match page's sheet shows the latest hands; the earlier ones are one tap away.
SHEET_LATEST = 20
LOG_LINES = 50


class HtmxHttpRequest(HttpRequest):
    """A request that went through django-htmx's middleware."""

    htmx: HtmxDetails


# --- Helpers: finding what the key opens -------------------------------------------------------


def get_table(key: str) -> Table:
    """The table this key opens; 404 for anything else, so keys cannot be probed."""
    return get_object_or_404(Table, key=key)


def get_match(key: str, number: int, *, sheet: bool = True) -> Match:
    """The match this key and number open, with its sheet or only its seats; 404 otherwise."""
    matches = Match.objects.with_sheet() if sheet else Match.objects.with_seats()
    return get_object_or_404(matches, table__key=key, number=number)


def get_watched_match(watch_key: str) -> Match:
    """The newest match of the table this watch key opens, with its sheet; 404 otherwise."""
    match = Match.objects.with_sheet().filter(table__watch_key=watch_key).first()
    if match is None:
        raise Http404
    return match


def posted_to_open_match(
    view: Callable[[HtmxHttpRequest, Match], HttpResponse],
) -> Callable[..., HttpResponse]:
    """A POST that records something in a match: the view gets the match (its seats, not its
    sheet); a finished match records nothing and says why."""

    @require_POST
    @wraps(view)
    def posted(request: HtmxHttpRequest, key: str, number: int) -> HttpResponse:
        match = get_match(key, number, sheet=False)
        if match.finished:
            return match_over(request, match)
        return view(request, match)

    return posted


def refused_status(request: HtmxHttpRequest) -> int:
    """The status of a page that shows a refused hand: htmx 2 swaps only 2xx bodies."""
    return 200 if request.htmx else 422


def remember(request: HttpRequest, table: Table | str) -> None:
    """Keep the table (or the table of this key) on this phone's home page, most recent first."""
    table_key = table if isinstance(table, str) else table.key
    kept = request.session.get("tables", [])
    if kept[:1] == [table_key]:
        return  # already first: the session cookie is not signed and sent again
    keys = [key for key in kept if key != table_key]
    request.session["tables"] = [table_key, *keys][:REMEMBERED_TABLES]


def client_id(request: HttpRequest) -> str:
    """A keyed hash of the client's address: enough to rate-limit, useless to anyone else."""
    address = client_address(request.META, settings.TRUSTED_PROXY_COUNT)
    return salted_hmac("table-creator", address, algorithm="sha256").hexdigest()[:32]


def client_address(meta: dict, proxies: int) -> str:
    """The client's address: REMOTE_ADDR, or the one our Nth proxy from the app wrote."""
    forwarded = [part.strip() for part in meta.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    if proxies <= 0 or len(forwarded) < proxies or not forwarded[-proxies]:
        # Without proxies the header is the client's own words; too short, it was not ours.
        return meta.get("REMOTE_ADDR", "")
    return forwarded[-proxies]


def posted_token(request: HttpRequest) -> uuid.UUID | None:
    """The form's one-time token, or None for a page from before tokens."""
    try:
        return uuid.UUID(request.POST.get("token", ""))
    except ValueError:
        return None


def too_many_matches() -> str:
    return _("This table has started too many matches this hour. Try again later.")


def posted_version(request: HttpRequest) -> int:
    """The match version the page was rendered at; garbage counts as stale."""
    version = whole_number(request.POST.get("version"))
    return -1 if version is None else version


def scoreboard(match: Match) -> dict:
    """Everything the scoreboard and the sheet show, from one prefetched match."""
    game = match.game()
    names = match.seat_names()
    side_names = match.side_names()
    state = match.state()
    sides = [
        {
            "index": index,
            "name": side_names[index],
            "total": state.totals[index],
            "to_go": state.to_target(index),
            "won": state.winner_side == index,
        }
        for index in range(game.side_count)
    ]
    if game.scores_during_play:
        prefetch_related_objects(match.ordered_hands(), "plays")
    rows = []
    for hand, totals in match.running_totals():
        # Bonuses may credit a side that did not win the hand: each side's own entries.
        points = hand.side_points()
        bonuses: dict[int, list[str]] = {}
        for entry in hand.entries.all():
            if entry.kind in SHEET_BONUSES:
                bonuses.setdefault(entry.side, []).append(entry.kind)
        won = None if hand.winning_seat is None else game.side_of(hand.winning_seat)
        cells = [
            (points.get(index), total, bonuses.get(index, ()), won == index)
            for index, total in enumerate(totals)
        ]
        rows.append({"hand": hand, "cells": cells})
        if game.scores_during_play:
            rows[-1].update(scoring_row(hand, game, totals))
    return {
        "match": match,
        "game": game,
        "names": names,
        "sides": sides,
        "rows": rows,
        "lead": lead_text(game, names, match.next_leader, first_hand=not match.hand_count),
        "tile_faces": [(f"{high}-{low}", high, low) for high, low in game.tile_set.tiles],
        "next_number": match.hand_count + 1,
        "series": series_score(match),
        "open_plays": open_plays(match, names) if game.scores_during_play else [],
    }


def series_score(match: Match | None) -> dict | None:
    """The series this match counts toward: its kind, each side's match wins, its winner."""
    if match is None or match.series is None:
        return None
    series = match.series
    state = series.state()
    if not any(state.wins):
        return None  # nothing to tell before the first match of the series is won
    side_names = match.side_names()
    winner = None
    if state.winner_side is not None and state.winner_side in match.series_sides:
        winner = side_names[match.series_sides.index(state.winner_side)]
    return {
        "kind": series_text(series.first_to),
        "number": series.number,
        "sides": [
            (name, state.wins[match.series_sides[side]]) for side, name in enumerate(side_names)
        ],
        "winner": winner,
        "shutouts_double": series.shutout_counts_double,
    }


def open_plays(match: Match, names: list[str]) -> list[tuple[str, int]]:
    """The scores made so far in the hand in play: (name, points), in order."""
    hand = match.open_hand()
    if hand is None or match.finished:
        return []
    return [(names[play.seat], play.points) for play in hand.ordered_plays()]


def scoring_row(hand, game: rules.Game, totals) -> dict:
    """A scoring game's sheet row: each side's points during play and at the end of the hand."""
    play = [0] * game.side_count
    end = [0] * game.side_count
    for entry in hand.entries.all():
        if entry.kind == EntryKind.PLAY:
            play[entry.side] += entry.points
        else:
            end[entry.side] += entry.points
    return {
        "scoring_cells": [
            (
                play[side] + end[side] if play[side] or end[side] else None,
                total,
                play[side],
                end[side],
            )
            for side, total in enumerate(totals)
        ]
    }


def hand_plays(match: Match, hand) -> list[str]:
    """Each score made during the hand, in words, in the order made."""
    game = match.game()
    names, side_names = match.seat_names(), match.side_names()
    return [
        play_text(game, names, side_names, play.seat, play.points) for play in hand.ordered_plays()
    ]


def why(match: Match, hand) -> str:
    """Why a stored hand scored what it did, in the reader's language."""
    game = match.game()
    if game.scores_during_play:
        if hand.in_play:
            if match.finished and hand.number == match.hand_count:
                return _("The match ended during this hand: the rest of it is not scored.")
            return _("This hand is in play: scores are added as they are made.")
        side, points = hand.end_credit()
        if side is None and hand.winning_seat is not None:
            # An end that came to 0 (two pips, to the nearest five) stores no credit, but it
            # still had a winner to name.
            side = game.side_of(hand.winning_seat)
        return explain_scoring_end(
            game,
            reason_from_json(hand.reason),
            match.seat_names(),
            match.side_names(),
            side,
            points,
        )
    reason = reason_from_json(hand.reason)
    side = None if hand.winning_seat is None else match.game().side_of(hand.winning_seat)
    points = hand.side_points().get(side, 0)
    names, side_names = match.seat_names(), match.side_names()
    return explain_hand(reason, names, side_names, side, points, hand.entries.all())


def preset_rules(key: str) -> rules.HouseRules:
    preset = rules.PRESETS[key]
    return preset.default_rules(preset.partnership)


def preset_lines() -> list[tuple[str, str]]:
    """Each way to play with its rules in one line, for the help page."""
    lines = []
    for key, label in offered_presets():
        preset = rules.PRESETS[key]
        lines.append((label, rules_summary(preset_rules(key), preset.scoring, preset.targets)))
    return lines


def match_end_text(match: Match, hand: rules.Hand) -> str:
    """What this hand does to the match when it ends it ("Ben & Dev reach 205 and win"), else ""."""
    game = match.game()
    if game.scores_during_play:
        return ""  # a scoring game ends at the line during play, as the points are entered
    result = rules.score_hand(game, hand, match.next_leader, number=match.hand_count + 1)
    state = rules.advance(game, match.state(), result)
    if not state.finished:
        return ""
    players = len(game.sides[state.winner_side])
    return ngettext(
        "%(side)s reaches %(total)s and wins.", "%(side)s reach %(total)s and win.", players
    ) % {"side": match.side_names()[state.winner_side], "total": state.totals[state.winner_side]}


def share_links(request: HttpRequest, table: Table, scorer_path: str) -> dict:
    """The watch link and the scorer's link as full addresses, each with its QR code."""
    watch_url = request.build_absolute_uri(table.watch_url())
    scorer_url = request.build_absolute_uri(scorer_path)
    return {
        "watch_url": watch_url,
        "watch_qr": qr_svg(watch_url),
        "scorer_url": scorer_url,
        "scorer_qr": qr_svg(scorer_url),
    }


def spoken_result(match: Match, number: int) -> str:
    """A saved hand as a table calls it: "31 for Ben and Dev" (from the match's sheet)."""
    hand = next(hand for hand in match.ordered_hands() if hand.number == number)
    credited = hand.side_points()
    if not credited:
        return _("Blocked, tied: nobody scores")
    names = match.seat_names()
    sides = match.game().sides
    # The partners as the page writes them ("Ike e Isa" in Spanish), in words to be said.
    return " ".join(
        _("%(points)s for %(players)s")
        % {
            "points": points,
            "players": side_name([names[seat] for seat in sides[side]], spoken=True),
        }
        for side, points in sorted(credited.items())
    )


def sheet_unfolded(request: HtmxHttpRequest) -> bool:
    """Whether the sheet shows every hand: ?sheet=all, or a save or undo made from such a page.

    Only a POST reads the page it came from: a GET answer may be kept by the page cache, whose
    key is the path, not the page that asked.
    """
    if request.GET.get("sheet") == "all":
        return True
    if request.method != "POST" or not request.htmx or not request.htmx.current_url:
        return False
    return parse_qs(urlsplit(request.htmx.current_url).query).get("sheet") == ["all"]


def render_match(
    request: HtmxHttpRequest,
    match: Match,
    form: HandForm | None = None,
    status: int = 200,
    play_form: PlayForm | None = None,
    spoken: str = "",
    slots: dict | None = None,
    confirm_end: str = "",
) -> HttpResponse:
    """The match page, or only its play area for htmx (`slots`: see pagecache.cached_page)."""
    slots = slots or {}
    # The sheet shows the latest hands and folds the rest behind a link (?sheet=all); a finished
    # match's chart and summary read every hand.
    fold = not sheet_unfolded(request)
    context = scoreboard(match.load_sheet(SHEET_LATEST if fold and not match.finished else None))
    if fold and context["rows"]:
        context["rows"] = context["rows"][-SHEET_LATEST:]
        context["folded"] = context["rows"][0]["hand"].number - 1
    context["confirm_end"] = confirm_end
    context["table"] = match.table
    # A scoring game won during play: its banner's undo takes back that score, not a hand.
    context["undo_play"] = bool(
        match.finished and context["rows"] and context["rows"][-1]["hand"].in_play
    )
    # Undo on the win banner only until the table starts its next match.
    context["superseded"] = match.finished and match.superseded()
    if form is None:
        form = HandForm.for_next_hand(match, request.GET.get("out"), request.GET.get("entry"))
        if "token" in slots:  # a kept page: a fresh token filled in per request
            form.initial["token"] = slots["token"]
    if play_form is None:
        play_form = PlayForm.for_next_play(match, request.GET.get("seat"))
        if play_form is not None and "token" in slots:
            play_form.initial["token"] = slots["token"]
    context["form"] = form
    context["play_form"] = play_form
    # Rematch starts one match however often it is tapped.
    context["start_token"] = slots.get("token") or uuid.uuid4()
    context["spoken"] = spoken
    if "csrf_token" in slots:
        context["csrf_token"] = slots["csrf_token"]
    if not request.htmx:
        # The log and the share boxes sit outside the play area that htmx swaps.
        context["log"] = match.log_lines(LOG_LINES)
        context.update(share_links(request, match.table, match.get_absolute_url()))
    if story.shows_chart(match):
        context["chart"] = story.race_chart(match)
    if match.finished:
        context["summary"] = story.summary(match)
    template = "match.html#play" if request.htmx else "match.html"
    return render(request, template, context, status=status)


# --- Pages ---------------------------------------------------------------------------------


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


@require_safe
@never_cache
def healthz(request: HtmxHttpRequest) -> HttpResponse:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return HttpResponse("ok", content_type="text/plain")


@require_safe
def help_page(request: HtmxHttpRequest) -> HttpResponse:
    """How scoring works; with ?t=<key>, the house rules that table plays by."""
    key = request.GET.get("t", "")
    table = Table.objects.filter(key=key).first() if re.fullmatch(KEY_PATTERN, key) else None
    rules_of = (table.current_match() or table) if table else None
    context = {"table": table, "rules_of": rules_of, "presets": preset_lines()}
    if rules_of is not None:
        scoring = rules.preset_named(rules_of.preset).scoring
        context["rules_line"] = rules_summary(rules_of.house_rules(), scoring)
    return render(request, "help.html", context)


@require_http_methods(["GET", "HEAD", "POST"])
def new_table(request: HtmxHttpRequest) -> HttpResponse:
    form = SetupForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and not form.is_valid() and form.preset_changed:
        return render(request, "setup.html", {"form": form.refilled()})
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                table = Table.objects.create_limited(
                    creator=client_id(request),
                    per_hour=settings.TABLES_PER_HOUR,
                    name=form.cleaned_data["name"],
                    # A new table counts a hand as most tables do: the hands left, pooled.
                    entry_mode=EntryMode.TOTAL,
                )
                match = table.start_match(
                    form.cleaned_data["seat_names"],
                    form.game(),
                    form.cleaned_data["preset"],
                    form.series_rules(),
                )
        except RateLimited:
            form.add_error(None, _("Too many new tables from here this hour. Try again later."))
            return render(request, "setup.html", {"form": form}, status=429)
        remember(request, table)
        return redirect(match)
    return render(request, "setup.html", {"form": form}, status=422 if form.errors else 200)


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


def stat_rows(table: Table, records: list, sort: str) -> list[dict]:
    """Each record's numbers, each linked to the history of the matches behind it."""
    history = table.get_absolute_url()
    rows = []
    for record in stats.sort_records(records, sort):
        played = f"{history}?{urlencode({'who': record.who})}"
        cells = []
        for column in stats.COLUMNS:
            value = getattr(record, column.key)
            # A 0 has no matches behind it to list: it is not a link.
            href = f"{played}&{urlencode({'only': column.only})}" if value else None
            cells.append((column, value, href))
        rows.append({"record": record, "href": played, "cells": cells})
    return rows


@require_safe
def stats_page(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Players and pairs at this table: their finished matches in numbers, sortable."""
    table = get_table(key)
    remember(request, table)
    players, pairs = stats.records(table)
    sort = request.GET.get("sort", "")
    if sort not in stats.SORTS:
        sort = stats.DEFAULT_SORT
    context = {
        "table": table,
        "columns": stats.COLUMNS,
        "sort": sort,
        "groups": [
            (_("Players"), stat_rows(table, players, sort)),
            (_("Pairs"), stat_rows(table, pairs, sort)),
        ],
    }
    return render(request, "stats.html", context)


@require_safe
def versus_page(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Two players or two pairs: their record against each other, and their last matches."""
    table = get_table(key)
    players, pairs = stats.records(table)
    choices = who_choices([record.player_a for record in players], pairs)
    form = VersusForm(request.GET if request.GET else None, choices=choices)
    context = {"table": table, "form": form, "enough": len(players) > 1}
    if form.is_valid():
        names = {record.who: record.name for record in players + pairs}
        one, other = form.cleaned_data["one"], form.cleaned_data["other"]
        versus = stats.head_to_head(table, stats.parse_who(one), stats.parse_who(other))
        for side, who in zip(versus["sides"], (one, other), strict=True):
            side["name"] = names[who]
        context.update({"names": (names[one], names[other]), "versus": versus})
    return render(request, "versus.html", context, status=422 if form.errors else 200)


@require_http_methods(["GET", "HEAD", "POST"])
def new_match(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Start the next match at this table: the same seats and rules unless changed here."""
    table = get_table(key)
    status = 200
    if request.method == "POST":
        form = SetupForm(request.POST)
        if form.is_valid():
            try:
                match = table.start_match(
                    form.cleaned_data["seat_names"],
                    form.game(),
                    form.cleaned_data["preset"],
                    form.series_rules(),
                    token=posted_token(request),
                    per_hour=settings.MATCHES_PER_HOUR,
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
        {"form": form, "table": table, "players": table.players.all(), "token": uuid.uuid4()},
        status=max(status, 422 if form.errors else 200),
    )


@require_POST
def rematch(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """One tap: the next match with the same seats and rules as the last one."""
    table = get_table(key)
    last = table.matches.for_listing().first()
    if last is None:
        return redirect(table.new_match_url())
    if not last.finished:
        # Tapped on a page older than the match in play: that match is the one to play on.
        messages.info(request, _("A match is already in play at this table: here it is."))
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


# What the match page reads from its query string (render_match, sheet_unfolded).
MATCH_PAGE_QUERY = ("out", "entry", "seat", "sheet")


@require_safe
def match_page(request: HtmxHttpRequest, key: str, number: int) -> HttpResponse:
    part = request.GET.get("part") if request.htmx else None
    if part is None:
        # The page as kept for this version of the match and of its table (a rematch, a series
        # or a record changes the table's), if it is kept (see pagecache).
        version = page_version(key=key, number=number)
        if version is None:
            raise Http404
        remember(request, key)
        return pagecache.cached_page(
            request,
            "match",
            version,
            lambda slots: render_match(request, get_match(key, number, sheet=False), slots=slots),
            query=MATCH_PAGE_QUERY,
            absolute=True,  # the share links
        )
    match = get_match(key, number, sheet=part != "log")
    remember(request, match.table)
    if part == "log":
        return render(request, "match.html#log", {"log": match.log_lines(LOG_LINES)})
    if part == "entry":
        form = HandForm.for_next_hand(match, request.GET.get("out"), request.GET.get("entry"))
        context = {**scoreboard(match), "table": match.table, "form": form}
        context["play_form"] = PlayForm.for_next_play(match, request.GET.get("seat"))
        return render(request, "match.html#entry", context)
    return render_match(request, match)


@posted_to_open_match
def save_hand(request: HtmxHttpRequest, match: Match) -> HttpResponse:
    response = hand_saved(request, match)
    # What became of the hand, for the phone's queue of hands waiting to be sent (app.js).
    response.headers.setdefault("X-Hand", "refused")
    return response


def hand_saved(request: HtmxHttpRequest, match: Match) -> HttpResponse:
    form = HandForm(match, request.POST)
    if not form.is_valid():
        return render_match(request, match, form, status=refused_status(request))
    if "back" in request.POST:
        # Backed out of the question below: the form again, the numbers as typed, nothing saved.
        return render_match(request, match, form)
    if "confirm_end" not in request.POST:
        # A hand that ends the match is asked about once: the same form comes back with the
        # numbers as typed and a button that says so (with or without JavaScript).
        ending = match_end_text(match, form.cleaned_data["hand"])
        if ending:
            return outcome(render_match(request, match, form, confirm_end=ending), "confirm")
    saved = None
    try:
        hand = match.add_hand(
            form.cleaned_data["hand"],
            token=form.cleaned_data["token"],
            number=form.cleaned_data["number"],
        )
    except HandConflict as conflict:
        if conflict.kind == HandConflict.UNDONE:
            return undone_elsewhere(request, match, conflict.number)
        if conflict.kind == HandConflict.REPEAT:
            # Sent again after a lost answer or from the phone's queue: not another phone's hand.
            text = _("Hand %(number)s saved (it had arrived before, and counts once).") % {
                "number": conflict.number
            }
        elif conflict.kind == HandConflict.STALE:
            text = changed_elsewhere()
        else:
            text = entered_elsewhere(match, conflict.number, form.cleaned_data["hand"])
        messages.info(request, text)
        kind = {HandConflict.REPEAT: "saved", HandConflict.STALE: "stale"}.get(conflict.kind)
    except rules.InvalidHand as refused:
        if any(error.code == rules.ErrorCode.MATCH_OVER for error in refused.errors):
            return outcome(match_over(request, match), "over")  # another phone's winning hand
        form.refuse(refused)
        return render_match(request, match, form, status=refused_status(request))
    else:
        messages.success(request, _("Hand %(number)s saved.") % {"number": hand.number})
        saved = hand.number
        kind = "saved"
        match.table.keep_entry_mode(form.entry_mode)
    if request.htmx:
        if saved is None:  # the match moved on under the form: read it as it is now
            page = render_match(request, get_match(match.table.key, match.number, sheet=False))
            return outcome(page, kind or "taken")
        # add_hand left the match as it wrote it: only the sheet is read again, as much of it
        # as the page shows.
        match.load_sheet(None if match.finished or sheet_unfolded(request) else SHEET_LATEST)
        return outcome(render_match(request, match, spoken=spoken_result(match, saved)), kind)
    return outcome(redirect(match), kind or "taken")


def outcome(response: HttpResponse, kind: str) -> HttpResponse:
    """The answer to a hand's save, marked with what became of it (see save_hand)."""
    response.headers["X-Hand"] = kind
    return response


def undone_elsewhere(request: HtmxHttpRequest, match: Match, number: int) -> HttpResponse:
    """A hand sent again after it was saved and then undone on another phone: not stored again.
    The form comes back as typed, with a new token, for the player to save again or discard."""
    messages.error(
        request,
        _(
            "Hand %(number)s was undone on another phone, so it was not saved again. "
            "This phone still has it as typed: save it again, or discard it."
        )
        % {"number": number},
    )
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
        typed = _("%(name)s went out") % {"name": isolated(match.seat_names()[hand.went_out])}
    else:
        typed = _("blocked")
    return _(
        "Hand %(number)s was already entered, maybe from another phone. Here is the score. "
        "This phone had: %(typed)s, %(pips)s. If that is right, correct hand %(number)s "
        "from the sheet."
    ) % {"number": number, "typed": typed, "pips": pips_text(typed_pips(hand))}


def typed_pips(hand: rules.Hand) -> int:
    """The pips typed for a hand, all together: one total, a total per pair, or each hand."""
    if hand.pooled is not None:
        return hand.pooled
    return sum((hand.pair_pips or hand.pips).values())


def match_over(request: HttpRequest, match: Match) -> HttpResponse:
    """A hand posted to a finished match: nothing saved, and the page says why."""
    messages.error(request, _("This match is over. Start a rematch to play on."))
    return render_match(request, get_match(match.table.key, match.number))


@posted_to_open_match
def save_play(request: HtmxHttpRequest, match: Match) -> HttpResponse:
    """A score made during play, saved the moment it is tapped (All Fives, Bergen)."""
    form = PlayForm(match, request.POST)
    if not form.is_valid():
        return render_match(request, match, status=refused_status(request), play_form=form)
    try:
        match.add_play(
            form.cleaned_data["play"],
            token=form.cleaned_data["token"],
            number=form.cleaned_data["number"],
        )
    except HandConflict as conflict:
        if conflict.kind == HandConflict.UNDONE:
            text = _("That score was taken back on another phone, so it was not saved again.")
        else:
            text = _("The hand changed on another phone. Check the score and tap again.")
        messages.info(request, text)
        match = get_match(match.table.key, match.number, sheet=False)  # read as it is now
    except rules.InvalidHand as refused:
        if any(error.code == rules.ErrorCode.MATCH_OVER for error in refused.errors):
            return match_over(request, match)  # another phone's tap ended it first
        form.refuse(refused)
        return render_match(request, match, status=refused_status(request), play_form=form)
    if request.htmx:
        return render_match(request, match)  # add_play left it as it wrote it
    return redirect(match.get_absolute_url() + "#strip")


@require_POST
def preview_hand(request: HtmxHttpRequest, key: str, number: int) -> HttpResponse:
    """What the hand will score, as the fields are filled (htmx)."""
    match = get_match(key, number, sheet=False)
    form = HandForm(match, request.POST)
    context = {"preview": None, "problem": None}
    if form.is_valid() and not match.finished:
        result = rules.score_hand(
            form.game, form.cleaned_data["hand"], match.next_leader, number=match.hand_count + 1
        )
        if form.game.scores_during_play:
            context["preview"] = explain_scoring_end(
                form.game, result.reason, form.names, match.side_names(), result.side, result.points
            )
        else:
            context["preview"] = explain_hand(
                result.reason,
                form.names,
                match.side_names(),
                result.side,
                result.points,
                result.credits,
            )
        context["ending"] = match_end_text(match, form.cleaned_data["hand"])
        # Who scores what, in the bar above Save: in sight while the number pad is up.
        paid: dict[int, int] = {}
        if form.game.scores_during_play:
            paid[result.side] = result.points
        for credit in getattr(result, "credits", ()):
            paid[credit.side] = paid.get(credit.side, 0) + credit.points
        context["short"] = score_line(paid, match.side_names())
    elif form.errors:
        # What is still missing: a count (a hand's, a pair's or the total), or who led or
        # blocked when the rules need it.
        missing = [
            field
            for field, errors in form.errors.items()
            if errors
            and (
                field.startswith(("pips_", "pair_")) or field in ("pooled", "led_by", "blocked_by")
            )
        ]
        context["problem"] = form.errors[missing[0]][0] if missing else None
    return render(request, "match.html#preview", context)


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
    context["plays"] = hand_plays(match, hand) if context["game"].scores_during_play else []
    status = 200
    if request.method == "POST" and hand.in_play:
        messages.info(request, _("This hand is still in play: end it on the score page."))
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
                if conflict.kind != HandConflict.REPEAT:
                    form.add_error(None, changed_elsewhere())
            except rules.InvalidHand as refused:
                form.refuse(refused, editing=True)
            if not form.errors:  # corrected now, or by this same correction sent before
                messages.success(request, _("Hand %(number)s corrected.") % {"number": hand_number})
                return redirect(match)
        status = refused_status(request)
    else:
        form = HandForm.for_hand(match, hand, request.GET.get("out"), request.GET.get("entry"))
    context.update({"table": match.table, "row": row, "hand": hand, "form": form})
    return render(request, "hand.html", context, status=status)


# --- Backups ---------------------------------------------------------------------------------


@require_safe
@never_cache
def export_json(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The whole table as a JSON backup file to download."""
    table = get_table(key)
    response = JsonResponse(
        backup.export_table(table), json_dumps_params={"indent": 2, "ensure_ascii": False}
    )
    response["Content-Disposition"] = content_disposition_header(
        True, backup.download_name(table, "json")
    )
    return response


@require_safe
@never_cache
def export_csv(request: HtmxHttpRequest, key: str, number: int) -> HttpResponse:
    """A match's score sheet as a CSV file for spreadsheets."""
    match = get_match(key, number)
    table = match.table
    # The byte-order mark makes spreadsheet programs read accented names as UTF-8.
    response = HttpResponse(
        "\ufeff" + backup.match_csv(match), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = content_disposition_header(
        True, backup.download_name(table, "csv", match)
    )
    return response


# Room for the multipart envelope around the file itself.
UPLOAD_OVERHEAD = 64 * 1024


@csrf_exempt
@require_http_methods(["GET", "HEAD", "POST"])
def import_page(request: HttpRequest) -> HttpResponse:
    """Restore a table from a JSON backup: a new table, with new keys if the file's are taken."""
    if request.method == "POST":
        length = whole_number(request.META.get("CONTENT_LENGTH")) or 0
        if length > settings.IMPORT_MAX_BYTES + UPLOAD_OVERHEAD:
            # Refused before the body is read (the CSRF check would read it all to a temp file).
            form = ImportForm({}, {})
            form.is_valid()
            form.errors["backup"] = form.error_class([too_large_message()])
            return render(request, "import.html", {"form": form}, status=413)
    return restore(request)


@csrf_protect
def restore(request: HttpRequest) -> HttpResponse:
    posted = request.method == "POST"
    form = ImportForm(request.POST, request.FILES) if posted else ImportForm()
    if posted and form.is_valid():
        creator = client_id(request)
        try:
            with transaction.atomic():
                Table.objects.check_rate(creator, settings.TABLES_PER_HOUR)
                table = backup.import_table(
                    form.cleaned_data["backup"], new_keys=True, creator=creator
                )
        except RateLimited:
            form.add_error(None, _("Too many new tables from here this hour. Try again later."))
            return render(request, "import.html", {"form": form}, status=429)
        except ValueError as problem:
            form.add_error(
                "backup",
                _("This backup does not add up, so nothing was restored. %(problem)s")
                % {"problem": problem},
            )
        else:
            remember(request, table)
            messages.success(request, _("The table is restored from the backup."))
            return redirect("table", key=table.key)
    return render(request, "import.html", {"form": form}, status=422 if form.errors else 200)


# --- Watching ------------------------------------------------------------------------------


def watched(table: Table) -> dict:
    """What the watch page shows: the newest match, or the one just won until the rematch's
    first hand (the final score stays on the other phones while the next match is dealt)."""
    recent = list(table.matches.all()[:2])
    if not recent:
        raise Http404
    newest = recent[0]
    shown = newest
    if newest.hand_count == 0 and len(recent) > 1 and recent[1].finished:
        shown = recent[1]
    return {
        **scoreboard(get_match(table.key, shown.number)),
        "seen": f"{newest.pk}.{newest.version}",
        "next_match_waiting": shown is not newest,
    }


def draw_watch(request: HtmxHttpRequest, watch_key: str, template: str):
    """What the page cache calls to draw the watch page (or its board) when none is kept."""

    def draw(slots: dict) -> HttpResponse:
        table = get_object_or_404(Table, watch_key=watch_key)
        context = {**watched(table), "watch_key": watch_key}
        if template == "watch.html":  # the board's refresh leaves the share box be
            watch_url = request.build_absolute_uri(table.watch_url())
            context.update({"watch_url": watch_url, "watch_qr": qr_svg(watch_url)})
        return render(request, template, {**context, **slots})

    return draw


@require_safe
def watch(request: HtmxHttpRequest, watch_key: str) -> HttpResponse:
    """The live scoreboard, read-only, for the other phones at the table."""
    version = page_version(watch_key=watch_key)
    if version is None:
        raise Http404

    draw = draw_watch(request, watch_key, "watch.html")
    return pagecache.cached_page(request, "watch", version, draw)


@require_safe
@never_cache
def watch_board(request: HtmxHttpRequest, watch_key: str) -> HttpResponse:
    """The watch page's refresh: nothing (204, no swap) while the match is unchanged."""
    # One indexed read decides the common case: the table's newest match and its version.
    latest = page_version(watch_key=watch_key)
    if latest is None:
        raise Http404
    if request.GET.get("seen") == f"{latest[0]}.{latest[1]}":
        return HttpResponse(status=204)

    draw = draw_watch(request, watch_key, "watch.html#board")
    return pagecache.cached_page(request, "board", latest, draw)


# --- On the home screen and without signal ----------------------------------------------------


@require_safe
@csp_override({})
@xframe_options_exempt
def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest: what a phone needs to put the app on its home screen. JSON, never
    a document: no Content-Security-Policy or X-Frame-Options (250 bytes on every first visit)."""
    data = {
        "name": _("Domino scorekeeper"),
        "short_name": _("Dominoes"),
        "description": _("Keep the score at your domino table."),
        "lang": get_language(),
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": "#f4f1ea",
        "theme_color": "#0b5d3b",
        "icons": [
            {"src": static("icon.svg"), "sizes": "any", "type": "image/svg+xml"},
            {"src": static("icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": static("icon-maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


# The page's script modules (static/js), kept by the service worker for use without signal.
SCRIPTS = sorted(path.name for path in (settings.BASE_DIR / "static" / "js").glob("*.js"))


@require_safe
@never_cache
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, from the root so that it may look after every page."""
    shell = [
        reverse("offline"),
        static("css/app.css"),
        *(static(f"js/{name}") for name in SCRIPTS),
        static("django_htmx/htmx-2.min.js"),
        static("icon.svg"),
    ]
    response = render(
        request,
        "pwa/sw.js",
        {
            "shell": shell,
            "static_prefix": settings.STATIC_URL,
            "version": hashlib.sha256("|".join(shell).encode()).hexdigest()[:12],
        },
        content_type="text/javascript; charset=utf-8",
    )
    response["Service-Worker-Allowed"] = "/"
    return response
