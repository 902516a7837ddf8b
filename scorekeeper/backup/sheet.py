"""A match's score sheet as CSV, and the names of downloaded files."""

import csv
import io

from django.utils.text import slugify
from django.utils.translation import gettext as _

from scorekeeper.inputs import isolated
from scorekeeper.models import EntryKind, Hand, Match, Table
from scorekeeper.words.names import side_name

REGIONAL_BONUSES = {
    EntryKind.CHUCHAZO,
    EntryKind.PASE_CORRIDO,
    EntryKind.PASE_DE_SALIDA,
    EntryKind.FIRST_HANDS,
}


def match_csv(match: Match) -> str:
    """A match's score sheet as CSV: one row per hand (a round game: per round, with its
    engine) with each side's points and total; a finished match's last row names its winner."""
    sides = match.side_names()
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(_header(match, sides))
    for hand, totals in match.running_totals():
        writer.writerow(_row(match, sides, hand, totals))
    if match.finished:
        # A round game's win may be shared: every side with the lowest total is named.
        winners = side_name([sides[side] for side in match.winner_sides()])
        writer.writerow([_("Winner"), _cell(winners)])
    return out.getvalue()


def _header(match: Match, sides: list[str]) -> list[str]:
    game = match.game()
    rounds = not game.kind.has_target
    header = [_("Round"), _("Engine")] if rounds else [_("Hand")]
    for side in sides:
        header += [
            _("%(side)s points") % {"side": _cell(side)},
            _("%(side)s total") % {"side": _cell(side)},
        ]
    header += [_("Ending"), _("Went out") if rounds else _("Went out / winner")]
    return [
        *header,
        *([_("Capicú")] if game.offers_capicu else []),
        *([_("Bonuses")] if match.pays_regional_bonuses() else []),
        *([_("During play")] if game.scores_plays else []),
    ]


def _row(match: Match, sides: list[str], hand: Hand, totals) -> list[object]:
    game = match.game()
    names = match.seat_names()
    points = [0] * len(sides)
    for entry in hand.entries.all():
        points[entry.side] += entry.points
    row: list[object] = [hand.number]
    if not game.kind.has_target:
        row.append(game.round_rules.engine(hand.number))
    for side_points, total in zip(points, totals, strict=True):
        row += [side_points, total]
    seat = hand.went_out if hand.winning_seat is None else hand.winning_seat
    winner = "" if seat is None else names[seat]
    if hand.pair_pips and hand.winning_seat is not None:
        # Given per pair: the pair won, which of its hands was lighter is not known.
        winner = sides[game.side_of(hand.winning_seat)]
    row += [hand.get_ending_display(), _cell(winner) if winner else ""]
    if game.offers_capicu:
        row.append(_("yes") if hand.capicu else "")
    if match.pays_regional_bonuses():
        row.append(_bonus_text(hand, sides))
    if game.scores_plays:
        # Each score made during play, in order: "Ann 10; Bo 15".
        row.append(
            "; ".join(f"{_cell(names[play.seat])} {play.points}" for play in hand.ordered_plays())
        )
    return row


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
