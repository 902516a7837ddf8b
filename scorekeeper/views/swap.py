"""An ordinary hand save's answer: only what the hand changed, as htmx out-of-band swaps.

The page that sent the hand showed the match one version earlier (saves.js posts #play's
data-version as `shown`); the answer appends the new row to its sheet, drops the oldest row of
a folded sheet, and swaps the totals, the status line, the race chart, the messages, the
sheet's legend when the marks on its rows change, and the next hand's form. Anything else (the
first hand, the chart or the fold appearing, a match that ends, a game with plays or rounds, a
round's clock, a page that was behind) gets all of #play."""

from django.db import connection
from django.db.models import CharField, Value
from django.http import HttpResponse
from django.shortcuts import render

from scorekeeper import rules, story
from scorekeeper.forms import HandForm
from scorekeeper.models import Hand, Match, ScoreEntry
from scorekeeper.views.match import SHEET_LATEST, sheet_unfolded
from scorekeeper.views.request import HtmxHttpRequest
from scorekeeper.views.sheet import SHEET_BONUSES, board, legend_of, sheet_row, sheet_shape


def swappable(request: HtmxHttpRequest, match: Match, before: int) -> bool:
    """Whether the page that sent this save can be brought up to date by swapping parts of it:
    it showed the match just before this hand, and the hand changed nothing of its shape."""
    game = match.game()
    return (
        bool(request.htmx)
        and request.POST.get("shown") == str(before)
        and match.version == before + 1
        and not match.finished
        and sheet_shape(game).swaps
        and match.ends_at is None
        # The sheet's table, Undo, the chart and the fold each appear once: that save redraws.
        and match.hand_count > 1
        and match.hand_count != story.CHART_FROM_HANDS
        and (match.hand_count != SHEET_LATEST + 1 or sheet_unfolded(request))
    )


def swapped_parts(request: HtmxHttpRequest, match: Match, hand: Hand, spoken: str) -> HttpResponse:
    """The parts of #play that `hand`, just saved, changed (match.html#swaps)."""
    game = match.game()
    unfolded = sheet_unfolded(request)
    context = board(match)
    context.update(oob=True, table=match.table, spoken=spoken, link_hands=True, play_form=None)
    row = sheet_row(game, hand, match.totals)
    context["rows"] = [row]
    dropped = 0
    if not unfolded and match.hand_count > SHEET_LATEST:
        # The folded sheet shows the latest hands: the oldest shown goes behind the link.
        dropped = context["dropped"] = context["folded"] = match.hand_count - SHEET_LATEST
    if row["shown_marks"] or dropped:
        # The legend says what the marks on the rows shown mean: the new row may add one, the
        # row folded away take one.
        context.update(legend_swap(match, hand, row["shown_marks"], dropped))
    context["form"] = HandForm.for_next_hand(match)
    if story.shows_chart(match):
        context["chart"] = story.race_chart(
            match, *running_totals(match, None if unfolded else SHEET_LATEST, saved=hand)
        )
    response = render(request, "match.html#swaps", context)
    response["HX-Reswap"] = "none"  # #play stays; its parts are swapped out of band
    return response


def legend_swap(match: Match, hand: Hand, marks: frozenset, dropped: int) -> dict:
    """The legend after `hand`, just saved, and how the page's changes (match.html#swaps):
    "replace" it, "insert" it where there was none, "delete" it, or "" (as it was)."""
    before: set[str] = set()
    after = set(marks)
    for number, kind in shown_marks(match, dropped or 1, hand.number):
        before.add(kind)
        if number > dropped:
            after.add(kind)
    if before == after:
        return {}
    swap = "delete" if not after else "insert" if not before else "replace"
    return {"legend": legend_of(after), "legend_swap": swap}


def shown_marks(match: Match, first: int, last: int) -> list[tuple[int, str]]:
    """(hand number, mark) of each mark on the sheet's rows from hand `first` up to, not
    including, `last`: the bonuses marked beside their points, capicú and blocked; one query."""
    hands = Hand.objects.filter(match=match, number__gte=first, number__lt=last).order_by()
    bonuses = (
        ScoreEntry.objects.filter(
            hand__match=match,
            hand__number__gte=first,
            hand__number__lt=last,
            kind__in=SHEET_BONUSES,
        )
        .order_by()
        .values_list("hand__number", "kind")
    )
    capicus = (
        hands.filter(capicu=True)
        .annotate(mark=Value("capicu", CharField()))
        .values_list("number", "mark")
    )
    blocked = hands.filter(ending=rules.Ending.BLOCKED)
    blocked = blocked.annotate(mark=Value("blocked", CharField())).values_list("number", "mark")
    return list(bonuses.union(capicus, blocked).order_by())


def running_totals(
    match: Match, latest: int | None, saved: Hand | None = None
) -> tuple[list[tuple[int, tuple]], tuple]:
    """(hand number, each side's total after it) for the latest hands, or all, and the totals
    before the first of them: one read of their score entries as plain values (no Hand
    objects), back from the match's totals. The SQL is plain and the same on every save:
    building it with the ORM cost a save more than running it. `saved`: the match's last hand,
    just written with its entries: those are taken as written, not read back."""
    after = 0 if latest is None else max(match.hand_count - latest, 0)
    last = match.hand_count if saved is None else saved.number - 1
    with connection.cursor() as cursor:
        cursor.execute(_credits_sql(), [match.pk, after, last])
        credits = cursor.fetchall()
    if saved is not None:
        credits += [(saved.number, entry.side, entry.points) for entry in saved.entry_list()]
    by_hand: dict[int, list[tuple[int, int]]] = {}
    totals = list(match.totals)
    for number, side, points in credits:
        by_hand.setdefault(number, []).append((side, points))
        totals[side] -= points
    before = tuple(totals)
    rows = []
    for number in range(after + 1, match.hand_count + 1):  # hands are numbered without gaps
        for side, points in by_hand.get(number, ()):
            totals[side] += points
        rows.append((number, tuple(totals)))
    return rows, before


def _credits_sql() -> str:
    """Each score entry of a match's hands in a range of numbers (after the first, up to the
    second): (hand number, side, points)."""
    return (
        f"SELECT h.number, e.side, e.points FROM {ScoreEntry._meta.db_table} e"
        f" JOIN {Hand._meta.db_table} h ON e.hand_id = h.id"
        " WHERE h.match_id = %s AND h.number > %s AND h.number <= %s"
    )
