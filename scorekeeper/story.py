"""The story of one match: its race to the line as chart geometry, and a short summary.

Both read only the match's prefetched hands and score entries (Match.objects.with_sheet()).
"""

import functools
from collections import Counter
from dataclasses import dataclass

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from scorekeeper import rules
from scorekeeper.inputs import isolated
from scorekeeper.models import EntryKind, Match
from scorekeeper.templatetags.bidi import isolate

# The chart's drawing box, in SVG user units; the SVG scales to the width of the page.
WIDTH, HEIGHT = 320, 180
LEFT, RIGHT, TOP, BOTTOM = 34, 10, 10, 24
CHART_FROM_HANDS = 3
# Each side's line has its own dash as well as its own colour, for readers who cannot tell
# the colours apart.
DASHES = ("", "7 3", "2 3", "9 3 2 3")


@dataclass(frozen=True)
class Line:
    index: int
    name: str
    points: str  # "x,y x,y ..." for <polyline>
    dash: str
    end_x: float
    end_y: float
    total: int


def shows_chart(match: Match) -> bool:
    return match.hand_count >= CHART_FROM_HANDS or (match.finished and match.hand_count > 0)


def race_chart(
    match: Match, numbered: list[tuple[int, tuple]] | None = None, before: tuple | None = None
) -> dict:
    """Each side's running total after every hand drawn, from where they stood before the
    first of them (0 before hand 1), against the line (a round game has none); the ticks are
    the hands' numbers.

    `numbered`: (hand number, totals after it) for each hand drawn, and `before`: the totals
    before the first of them, when the caller has them without the sheet (an ordinary save,
    views/swap.py); else both from the match's loaded hands (the latest, or all)."""
    names = match.side_names()
    shown = shown_names(tuple(names))
    game = match.game()
    # A round game (Mexican Train) has no line to race to: the lowest total wins.
    target = game.kind.target(game)
    if numbered is None:
        rows = match.running_totals()
        numbered = [(hand.number, totals) for hand, totals in rows]
        if rows:
            first_hand, after_it = rows[0]
            points = first_hand.side_points()
            before = tuple(total - points.get(side, 0) for side, total in enumerate(after_it))
    first = numbered[0][0] if numbered else 1
    running = [tuple(before or (0 for _ in names))] + [tuple(totals) for _, totals in numbered]
    top = max(target or 0, *(max(totals) for totals in running), 1)
    steps = max(len(running) - 1, 1)

    def x(step: int) -> float:
        return round(LEFT + (WIDTH - LEFT - RIGHT) * step / steps, 1)

    def y(points: int) -> float:
        return round(TOP + (HEIGHT - TOP - BOTTOM) * (1 - points / top), 1)

    # Each step's x once, for every line and tick (a save draws the chart: 21 steps, 2 to 4 lines).
    xs = [x(step) for step in range(steps + 1)]
    lines = []
    for index, name in enumerate(names):
        coordinates = [(xs[step], y(totals[index])) for step, totals in enumerate(running)]
        lines.append(
            Line(
                index=index,
                name=name,
                points=" ".join(f"{px},{py}" for px, py in coordinates),
                dash=DASHES[index % len(DASHES)],
                end_x=coordinates[-1][0],
                end_y=coordinates[-1][1],
                total=running[-1][index],
            )
        )
    every = max(1, round(steps / 8))
    hand_ticks = [(xs[step], first - 1 + step) for step in range(0, steps + 1, every)]
    if hand_ticks[-1][1] != first - 1 + steps:
        hand_ticks.append((xs[steps], first - 1 + steps))
    label_y = HEIGHT - 6
    return {
        "width": WIDTH,
        "height": HEIGHT,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "bottom": HEIGHT - BOTTOM,
        "label_y": label_y,
        "lines": lines,
        "target": target,
        "target_y": None if target is None else y(target),
        "zero_y": y(0),
        "hand_ticks": hand_ticks,
        "hands": len(numbered),
        "rows": numbered,
        "names": names,
        # The parts drawn once a hand, a tick or a line, as includes/race.html shows them:
        # written here, a save's answer spends no template loop on them (issue 24's budget).
        # And its frame, the axis and the line with their labels: a dozen numbers, one value.
        "drawn_frame": drawn_frame(target, None if target is None else y(target), y(0)),
        "drawn_ticks": drawn_ticks(hand_ticks, label_y),
        "drawn_lines": drawn_lines(lines),
        "drawn_rows": drawn_rows(numbered),
        # And the parts drawn once a side, a side's name in each (escaped, in its own <bdi>).
        "drawn_desc": drawn_desc(lines, shown),
        "drawn_legend": drawn_legend(lines, shown),
        "drawn_names": shown.head,
    }


# Only numbers and our own dash patterns go into these: nothing a player typed.
def drawn_frame(target: int | None, target_y: float | None, zero_y: float) -> SafeString:
    """The axis at 0 and, in a game to a target, the dashed line at it, each with its label."""
    left, right, between = LEFT, WIDTH - RIGHT, "\n      "
    label = 'dy="4" text-anchor="end" font-size="11" fill="currentColor"'
    frame = (
        f'<line class="race-axis" x1="{left}" y1="{zero_y}" x2="{right}" y2="{zero_y}"'
        ' stroke="currentColor" stroke-width="1"/>' + between
    )
    if target is not None:
        frame += (
            f'<line class="race-target" x1="{left}" y1="{target_y}" x2="{right}" y2="{target_y}"'
            ' stroke="currentColor" stroke-width="1" stroke-dasharray="3 3"/>'
            f'{between}<text x="{left - 4}" y="{target_y}" {label}>{target}</text>'
        )
    return mark_safe(f'{frame}{between}<text x="{left - 4}" y="{zero_y}" {label}>0</text>')


def drawn_ticks(hand_ticks: list[tuple[float, int]], label_y: int) -> SafeString:
    return mark_safe(
        "".join(
            f'<text x="{x}" y="{label_y}" text-anchor="middle" font-size="11" '
            f'fill="currentColor">{number}</text>'
            for x, number in hand_ticks
        )
    )


def drawn_lines(lines: list[Line]) -> SafeString:
    return mark_safe(
        "".join(
            f'\n      <polyline class="race-line race-{line.index}" points="{line.points}" '
            'fill="none" stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round"'
            + (f' stroke-dasharray="{line.dash}"' if line.dash else "")
            + f'/>\n      <circle class="race-dot race-{line.index}" cx="{line.end_x}" '
            f'cy="{line.end_y}" r="4"/>\n      '
            for line in lines
        )
    )


def drawn_rows(numbered: list[tuple[int, tuple]]) -> SafeString:
    """The text table's rows: each hand's number and the totals after it."""
    return mark_safe(
        "".join(
            f'<tr><th scope="row">{number}</th>'
            + "".join(f"<td>{total}</td>" for total in totals)
            + "</tr>"
            for number, totals in numbered
        )
    )


@dataclass(frozen=True)
class ShownNames:
    """The sides' names as the chart shows them: in a <bdi> of their own, isolated with marks
    where no tag may go (its description), and the text table's head cells."""

    tagged: tuple[SafeString, ...]
    marked: tuple[str, ...]
    head: SafeString


@functools.lru_cache(maxsize=512)
def shown_names(names: tuple[str, ...]) -> ShownNames:
    """Built once a process for a table's side names: a save draws them on every chart."""
    tagged = tuple(isolate(name) for name in names)
    return ShownNames(
        tagged=tagged,
        marked=tuple(conditional_escape(isolated(str(name))) for name in names),
        head=mark_safe("".join(f'<th scope="col">{name}</th>' for name in tagged)),
    )


def drawn_desc(lines: list[Line], shown: ShownNames) -> SafeString:
    """The chart's description's sides: a name isolated with marks (no tags in <desc>)."""
    return mark_safe("".join(f"{shown.marked[line.index]}: {line.total}. " for line in lines))


def drawn_legend(lines: list[Line], shown: ShownNames) -> SafeString:
    return mark_safe(
        "".join(
            '<li><svg class="swatch" viewBox="0 0 28 8" width="28" height="8" aria-hidden="true"'
            f' focusable="false"><line class="race-line race-{line.index}" x1="0" y1="4" x2="28"'
            ' y2="4" stroke-width="3"'
            + (f' stroke-dasharray="{line.dash}"' if line.dash else "")
            + f"/></svg>{shown.tagged[line.index]} <b>{line.total}</b></li>"
            for line in lines
        )
    )


def summary(match: Match) -> dict:
    """Hands played, the biggest hand, capicús, blocked hands, who led most and who was ahead
    (a round game: the rounds, the biggest count, and who was lowest; a set counted in games:
    its marks, how many bruks, ties, keys and one-alls)."""
    names = match.seat_names()
    side_names = match.side_names()
    # In a round game (Mexican Train) the lowest total is the one ahead.
    leading = match.game().kind.best
    biggest = None
    capicus = blocked = 0
    led = Counter()
    ahead = Counter()
    marks = Counter()  # a set counted in games: its bruks, ties, keys and one-alls
    possible = match.game().marks
    for hand, totals in match.running_totals():
        marks.update(hand.reason.get("marks", ()))
        entries = list(hand.entries.all())
        for side in {entry.side for entry in entries}:
            points = sum(entry.points for entry in entries if entry.side == side)
            if biggest is None or points > biggest["points"]:
                biggest = {"number": hand.number, "side": side_names[side], "points": points}
        capicus += any(entry.kind == EntryKind.CAPICU for entry in entries)
        blocked += hand.blocked
        if hand.led_by is not None:
            led[hand.led_by] += 1
        best = leading(totals)
        if list(totals).count(best) == 1:
            ahead[totals.index(best)] += 1
    return {
        "hands": match.hand_count,
        "biggest": biggest,
        # Only where the game pays a capicú: elsewhere it could only ever read 0.
        "capicus": capicus if match.game().offers_capicu else None,
        "blocked": blocked,
        "led_most": _most(led, names),
        "ahead_most": _most(ahead, side_names),
        # Only the marks the set's rules can make: a straight six has no bruk to count.
        "marks": {
            str(mark): marks[str(mark)] if mark in possible else None for mark in rules.HandMark
        },
    }


def _most(counts: Counter, names: list[str]) -> dict | None:
    """Who has the highest count (all of them when tied), or None when nobody counted."""
    if not counts:
        return None
    high = max(counts.values())
    return {
        "names": [names[index] for index in sorted(counts) if counts[index] == high],
        "count": high,
    }
