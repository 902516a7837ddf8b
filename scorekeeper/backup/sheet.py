"""A match's score sheet as CSV, and the names of downloaded files."""

import csv
import io

from django.utils.text import slugify
from django.utils.translation import gettext as _

from scorekeeper.inputs import isolated
from scorekeeper.models import EntryKind, Hand, Match, Table

REGIONAL_BONUSES = {
    EntryKind.CHUCHAZO,
    EntryKind.PASE_CORRIDO,
    EntryKind.PASE_DE_SALIDA,
    EntryKind.FIRST_HANDS,
}


def match_csv(match: Match) -> str:
    """A match's score sheet as CSV: one row per hand with each side's points and total."""
    names = match.seat_names()
    sides = match.side_names()
    out = io.StringIO()
    writer = csv.writer(out)
    header = [_("Hand")]
    for side in sides:
        header += [
            _("%(side)s points") % {"side": _cell(side)},
            _("%(side)s total") % {"side": _cell(side)},
        ]
    header += [_("Ending"), _("Went out / winner"), _("Capicú")]
    bonuses = match.pays_regional_bonuses()
    plays = match.game().takes_plays
    extra = [*([_("Bonuses")] if bonuses else []), *([_("During play")] if plays else [])]
    writer.writerow([*header, *extra])
    for hand, totals in match.running_totals():
        points = [0] * len(sides)
        for entry in hand.entries.all():
            points[entry.side] += entry.points
        seat = hand.went_out if hand.winning_seat is None else hand.winning_seat
        row: list[object] = [hand.number]
        for side_points, total in zip(points, totals, strict=True):
            row += [side_points, total]
        winner = "" if seat is None else names[seat]
        if hand.pair_pips and hand.winning_seat is not None:
            # Given per pair: the pair won, which of its hands was lighter is not known.
            winner = sides[match.game().side_of(hand.winning_seat)]
        row += [
            hand.get_ending_display(),
            _cell(winner) if winner else "",
            _("yes") if hand.capicu else "",
        ]
        if bonuses:
            row.append(_bonus_text(hand, sides))
        if plays:
            # Each score made during play, in order: "Ann 10; Bo 15".
            row.append(
                "; ".join(
                    f"{_cell(names[play.seat])} {play.points}" for play in hand.ordered_plays()
                )
            )
        writer.writerow(row)
    return out.getvalue()


def _bonus_text(hand: Hand, sides: list[str]) -> str:
    """The hand's regional bonuses: "Chuchazo 100 (Ben & Dev); ..."."""
    return "; ".join(
        f"{EntryKind(entry.kind).label} {entry.points} ({_cell(sides[entry.side])})"
        for entry in hand.entries.all()
        if entry.kind in REGIONAL_BONUSES
    )


def _cell(text: str) -> str:
    """A name as a spreadsheet shows it: never a formula, and isolated where it could turn the
    text around it."""
    # A name typed as "=HYPERLINK(...)" must stay text when the sheet is opened in a spreadsheet,
    # and a right-to-left name must not turn " points" or " total" around (FSI ... PDI). Other
    # names stay as typed, so that a spreadsheet's filter finds them.
    quote = "'" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else ""
    return quote + isolated(text)


def download_name(table: Table, extension: str, match: Match | None = None) -> str:
    """The file name for a table's download: table-<name or key>[-match-<n>].<extension>."""
    stem = f"table-{slugify(table.name) or table.key}"
    if match is not None:
        stem += f"-match-{match.number}"
    return f"{stem}.{extension}"
