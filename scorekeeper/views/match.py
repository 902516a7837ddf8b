"""The match page: drawing it, its parts for htmx, and the preview of a hand as it is typed."""

import uuid
from collections.abc import Callable
from functools import wraps
from urllib.parse import parse_qs, urlsplit

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_POST, require_safe

from scorekeeper import rules, story
from scorekeeper.forms import (
    HandForm,
    PlayForm,
)
from scorekeeper.inputs import whole_number
from scorekeeper.models import (
    Match,
    open_round_counts,
    page_version,
)
from scorekeeper.serving import pagecache
from scorekeeper.views.lookup import get_match
from scorekeeper.views.request import HtmxHttpRequest, remember
from scorekeeper.views.round_sheet import round_counts, round_end_text, seat_links
from scorekeeper.views.sheet import scoreboard, share_links, sheet_shape
from scorekeeper.words.explain import (
    explain_result,
    outcome_line,
    score_line,
)
from scorekeeper.words.pages import match_is_over, reaches_and_wins, time_up_wins

# The match page's sheet shows the latest hands; the earlier ones are one tap away.
SHEET_LATEST = 20


LOG_LINES = 50


# What the match page reads from its query string (render_match, sheet_unfolded).
MATCH_PAGE_QUERY = ("out", "entry", "seat", "sheet")


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


def next_forms(
    request: HtmxHttpRequest,
    match: Match,
    form: HandForm | None,
    play_form: PlayForm | None,
    slots: dict,
) -> tuple[HandForm, PlayForm | None]:
    """The forms for what the table enters next (those given, else new ones): the hand form,
    and the play strip where the game takes plays; a kept page fills in a fresh token."""
    if form is None:
        form = HandForm.for_next_hand(match, request.GET.get("out"), request.GET.get("entry"))
        if "token" in slots:
            form.initial["token"] = slots["token"]
    if play_form is None:
        play_form = PlayForm.for_next_play(match, request.GET.get("seat"))
        if play_form is not None and "token" in slots:
            play_form.initial["token"] = slots["token"]
    return form, play_form


def tournament_keeps_result(match: Match) -> bool:
    """Whether the tournament board that drew this finished match's table keeps its result (a
    bracket's next match began): taking back its last hand could only be refused."""
    board = match.table.drawn_board
    return match.finished and board is not None and board.result_kept()


def render_match(
    request: HtmxHttpRequest,
    match: Match,
    form: HandForm | None = None,
    status: int = 200,
    play_form: PlayForm | None = None,
    spoken: str = "",
    slots: dict | None = None,
    confirm_end: str = "",
    table_version=None,
) -> HttpResponse:
    """The match page, or only its play area for htmx (`slots`: see pagecache.cached_page;
    `table_version`: the table's as the page cache read it, see sheet.scoreboard)."""
    slots = slots or {}
    # The sheet shows the latest hands and folds the rest behind a link (?sheet=all); a finished
    # match's chart and summary read every hand.
    fold = not sheet_unfolded(request)
    context = scoreboard(
        match.load_sheet(SHEET_LATEST if fold and not match.finished else None), table_version
    )
    if fold and context["rows"]:
        context["rows"] = context["rows"][-SHEET_LATEST:]
        context["folded"] = context["rows"][0]["hand"].number - 1
        # The legend says what the marks on the rows shown mean, not on those folded away.
        context["legend"] = sheet_shape(context["game"]).legend(context["game"], context["rows"])
    context["confirm_end"] = confirm_end
    context["table"] = match.table
    # A scoring game won during play: its banner's undo takes back that score, not a hand.
    context["undo_play"] = bool(
        match.finished and context["rows"] and context["rows"][-1]["hand"].in_play
    )
    # Undo on the win banner only while it would be taken: not once the table started its
    # next match, nor once a tournament built on the result (a bracket's next match began).
    context["undo_refused"] = match.finished and (
        match.superseded() or tournament_keeps_result(match)
    )
    context["form"], context["play_form"] = next_forms(request, match, form, play_form, slots)
    context["drawn"] = drawn_preview(match, context["form"])
    # Rematch starts one match however often it is tapped.
    context["start_token"] = slots.get("token") or uuid.uuid4()
    context["spoken"] = spoken
    if "csrf_token" in slots:
        context["csrf_token"] = slots["csrf_token"]
    if not request.htmx:
        # The share boxes sit outside the play area that htmx swaps; the log is read when opened.
        context.update(share_links(request, match.table, match.get_absolute_url()))
    if match.game().kind.counts_from_seats:
        context.update(seat_links(request, match))
    if story.shows_chart(match):
        context["chart"] = story.race_chart(match)
    if match.finished:
        context["summary"] = story.summary(match)
    template = "match.html#play" if request.htmx else "match.html"
    return render(request, template, context, status=status)


@require_safe
def match_page(request: HtmxHttpRequest, key: str, number: int) -> HttpResponse:
    # The change log is a part for htmx and, opened without JavaScript, a page of its own.
    part = request.GET.get("part") if request.htmx or request.GET.get("part") == "log" else None
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
            lambda slots: render_match(
                request, get_match(key, number, sheet=False), slots=slots, table_version=version[2]
            ),
            query=MATCH_PAGE_QUERY,
            absolute=True,  # the share links
        )
    if part == "counts":
        return polled_counts(request, key, number)
    match = get_match(key, number, sheet=part != "log")
    remember(request, match.table)
    if part == "log":
        context = {"match": match, "table": match.table, "log": match.log_lines(LOG_LINES)}
        return render(request, "match.html#log" if request.htmx else "match_log.html", context)
    if part == "entry":
        form = HandForm.for_next_hand(
            match,
            request.GET.get("out"),
            request.GET.get("entry"),
            whole_number(request.GET.get("round")) or None,
        )
        context = {**scoreboard(match), "table": match.table, "form": form, "asked": True}
        context["drawn"] = drawn_preview(match, form)
        context["play_form"] = PlayForm.for_next_play(match, request.GET.get("seat"))
        return render(request, "match.html#entry", context)
    return render_match(request, match)


def match_over(request: HttpRequest, match: Match) -> HttpResponse:
    """A hand or a score posted to a finished match: nothing saved, and the page says why."""
    messages.error(request, match_is_over())
    response = render_match(request, get_match(match.table.key, match.number))
    # For the phone's queue (saves.js): a hand or score sent from it is held for the player,
    # not taken as saved.
    response.headers["X-Hand"] = "over"
    return response


def posted_to_open_match(
    view: Callable[[HtmxHttpRequest, Match], HttpResponse],
) -> Callable[..., HttpResponse]:
    """A POST that records something in a match: the view gets the match (its seats, not its
    sheet); a finished match records nothing and says why, unless this is a retry of what was
    saved (the hand that ended it, say): the view answers that as saved."""

    @require_POST
    @wraps(view)
    def posted(request: HtmxHttpRequest, key: str, number: int) -> HttpResponse:
        match = get_match(key, number, sheet=False)
        if match.finished and not match.sent_before(request.POST.get("token")):
            return match_over(request, match)
        return view(request, match)

    return posted


def match_end_text(match: Match, result: rules.HandResult) -> str:
    """What this scored hand does to the match when it ends it ("Ben & Dev reach 205 and
    win"), else ""."""
    game = match.game()
    if not game.foretells_the_win:
        return ""  # a scoring game ends at the line during play, as the points are entered
    return END_TEXTS[game.kind.ending](match, rules.advance(game, match.state(), result))


def target_end_text(match: Match, state: rules.MatchState) -> str:
    """What a hand of a game to a target does to its match: a side reaches the line, or leads
    when the clock is up; else ""."""
    game = match.game()
    if not state.finished and match.time_is_up():
        # Past the round's clock the hand ends the match with the side ahead (store_state).
        state = game.kind.time_up(state)
        if state.finished:
            return time_up_wins(
                match.side_names()[state.winner_side],
                state.totals[state.winner_side],
                len(game.sides[state.winner_side]),
            )
    if not state.finished:
        return ""
    players = len(game.sides[state.winner_side])
    return reaches_and_wins(
        match.side_names()[state.winner_side], state.totals[state.winner_side], players
    )


def rounds_end_text(match: Match, state: rules.MatchState) -> str:
    """What a round does to its game: the last round names who wins; else ""."""
    return round_end_text(match, state) if state.finished else ""


# What the hand form says a hand does to its match, by how the game ends (game.kind.ending).
END_TEXTS: dict[str, Callable[[Match, rules.MatchState], str]] = {
    "target": target_end_text,
    "rounds": rounds_end_text,
}


@require_POST
def preview_hand(request: HtmxHttpRequest, key: str, number: int) -> HttpResponse:
    """What the hand will score, as the fields are filled (htmx)."""
    match = get_match(key, number, sheet=False)
    context = preview_context(match, HandForm(match, request.POST))
    return render(request, "match.html#preview", context)


def preview_context(match: Match, form: HandForm) -> dict:
    """What the hand as the form holds it does to the match (the preview line, its short
    form above Save, how it ends the match), or what is still missing to say."""
    context = {"preview": None, "problem": None}
    if form.is_valid() and not match.finished:
        result = form.cleaned_data["result"]
        side_names = match.side_names()
        context["preview"] = explain_result(form.game, result, form.names, side_names)
        context["ending"] = match_end_text(match, result)
        # Who scores what, in the bar above Save: in sight while the number pad is up.
        context["short"] = score_line(form.game, result, side_names)
        # Said instead while hands wait on the phone, where they move the worth (waiting.js).
        context["outcome"] = outcome_line(form.game, result, form.names)
    elif form.errors:
        # What is still missing or wrong: a count (a hand's, a pair's or the total), who led or
        # blocked when the rules need it, or the counts together (more pips than the set).
        problems = [
            errors[0]
            for field, errors in form.errors.items()
            if errors
            and (
                field.startswith(("pips_", "pair_")) or field in ("pooled", "led_by", "blocked_by")
            )
        ]
        problems += form.count_errors()
        context["problem"] = problems[0] if problems else None
    return context


def drawn_preview(match: Match, form: HandForm) -> dict:
    """The preview drawn with the form, where there is nothing to type first (who went out is
    all a hand of games won needs) or the form comes back with what was posted: a page without
    JavaScript names the hand's worth too, and none says to fill in pips it has not."""
    if form.is_bound:
        return preview_context(match, form)
    if form.count_seats or form.pooled_entry or form.pair_entry or not form.initial.get("out"):
        return {}
    # (a token of its own: a kept page's form holds a slot filled in as it is sent)
    data = {name: form[name].value() for name in ("out", "number", "entry")}
    return preview_context(match, HandForm(match, {**data, "token": uuid.uuid4()}))


def polled_counts(request: HtmxHttpRequest, key: str, number: int) -> HttpResponse:
    """Mexican Train's counts from the players' phones, polled by the scorer's page: who is
    still missing and what is in. Once the round it was drawn for has closed (or the game
    ended), the answer is the play area, drawn again in place of the old one."""
    match = get_match(key, number, sheet=False)
    if not match.game().kind.counts_from_seats:
        raise Http404
    if whole_number(request.GET.get("round")) != match.hand_count + 1 or match.finished:
        response = render_match(request, get_match(key, number))
        response["HX-Retarget"] = "#play"
        response["HX-Reswap"] = "outerHTML"
        return response
    return render(
        request, "includes/round_counts.html", round_counts(match, open_round_counts(match))
    )
