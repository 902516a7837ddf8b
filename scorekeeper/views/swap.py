"""An ordinary hand save's answer: only what the hand changed, as htmx out-of-band swaps.

The page that sent the hand showed the match one version earlier (saves.js posts #play's
data-version as `shown`); the answer appends the new row to its sheet, drops the oldest row of
a folded sheet, and swaps the totals, the status line, the race chart, the messages, the
sheet's legend when the marks on its rows change, and the next hand's form. Anything else (the
first hand, the chart or the fold appearing, a match that ends, a game with plays or rounds, a
round's clock, a page that was behind) gets all of #play."""

from django.db import connection
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
    # The row the folded sheet drops behind its link (0: none, every row stays): the oldest the
    # page showed, from which the chart and the legend read the earlier hands.
    first = 0 if unfolded else max(match.hand_count - SHEET_LATEST, 0)
    if first:
        context["dropped"] = context["folded"] = first
    chart = story.shows_chart(match)
    # The chart's read of the earlier hands shown brings their marks too; without a chart (the
    # second hand) they are read only when the new row has a mark.
    earlier = earlier_hands(match, first, hand.number - 1) if chart or row["shown_marks"] else []
    if row["shown_marks"] or first:
        # The legend says what the marks on the rows shown mean: the new row may add one, the
        # row folded away take one.
        context.update(legend_swap(game, earlier, row["shown_marks"], first))
    context["form"] = HandForm.for_next_hand(match)
    if chart:
        context["chart"] = story.race_chart(match, *running_totals(match, first, earlier, hand))
    response = render(request, "match.html#swaps", context)
    response["HX-Reswap"] = "none"  # #play stays; its parts are swapped out of band
    return response


def legend_swap(game: rules.Game, earlier: list[tuple], marks: frozenset, dropped: int) -> dict:
    """The legend after a save (its row's `marks`, the row of hand `dropped` folded away, 0:
    none) and how the page changes it (match.html#swaps): "replace" it, "insert" it where there
    was none, "delete" it, or nothing (as it was)."""
    before: set[str] = set()
    after = set(marks)
    for number, kinds in earlier_marks(game, earlier).items():
        before |= kinds
        if number > dropped:
            after |= kinds
    if before == after:
        return {}
    swap = "delete" if not after else "insert" if not before else "replace"
    return {"legend": legend_of(after), "legend_swap": swap}


def earlier_marks(game: rules.Game, earlier: list[tuple]) -> dict[int, set[str]]:
    """Each earlier hand's marks, as its row on the sheet draws them (views.sheet.sheet_row):
    its bonuses, blocked, and capicú where the winning side scored."""
    marks: dict[int, set[str]] = {}
    for number, side, _points, kind, ending, capicu, seat in earlier:
        kinds = marks.setdefault(number, set())
        if kind in SHEET_BONUSES:
            kinds.add(kind)
        if ending == rules.Ending.BLOCKED:
            kinds.add("blocked")
        if capicu and side is not None and seat is not None and game.side_of(seat) == side:
            kinds.add("capicu")
    return marks


def earlier_hands(match: Match, first: int, last: int) -> list[tuple]:
    """The match's hands numbered `first` to `last`, a row for each of their score entries
    (one for a hand with none): (hand number, side, points, kind, ending, capicú, winning
    seat), the entry's fields None where it has none. One read of plain values (no Hand
    objects): the SQL is plain and the same on every save: building it with the ORM cost a
    save more than running it."""
    with connection.cursor() as cursor:
        cursor.execute(_earlier_sql(), [match.pk, first, last])
        return cursor.fetchall()


def running_totals(
    match: Match, first: int, earlier: list[tuple], saved: Hand
) -> tuple[list[tuple[int, tuple]], tuple]:
    """(hand number, each side's total after it) for the hands after `first` (0: all), and the
    totals before the first of them: from the `earlier` hands' entries (earlier_hands) and those
    of `saved`, the match's last hand, taken as written, not read back; back from the match's
    totals."""
    credits = [
        (number, side, points)
        for number, side, points, *_ in earlier
        if number > first and side is not None
    ]
    credits += [(saved.number, entry.side, entry.points) for entry in saved.entry_list()]
    by_hand: dict[int, list[tuple[int, int]]] = {}
    totals = list(match.totals)
    for number, side, points in credits:
        by_hand.setdefault(number, []).append((side, points))
        totals[side] -= points
    before = tuple(totals)
    rows = []
    for number in range(first + 1, match.hand_count + 1):  # hands are numbered without gaps
        for side, points in by_hand.get(number, ()):
            totals[side] += points
        rows.append((number, tuple(totals)))
    return rows, before


def _earlier_sql() -> str:
    """Each hand of a match in a range of numbers (from the first, up to the second) with each
    of its score entries: earlier_hands."""
    return (
        "SELECT h.number, e.side, e.points, e.kind, h.ending, h.capicu, h.winning_seat"
        f" FROM {Hand._meta.db_table} h"
        f" LEFT JOIN {ScoreEntry._meta.db_table} e ON e.hand_id = h.id"
        " WHERE h.match_id = %s AND h.number >= %s AND h.number <= %s"
    )
