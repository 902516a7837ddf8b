"""A match's score sheet as CSV, and the names of downloaded files."""

import csv
import io
from collections.abc import Callable
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.text import slugify

from scorekeeper import rules
from scorekeeper.inputs import isolated
from scorekeeper.models import EntryKind, Hand, Match, Table
from scorekeeper.models.rules_fields import reason_from_json
from scorekeeper.words import backup as words
from scorekeeper.words.backup import SHEET
from scorekeeper.words.games import words_of

REGIONAL_BONUSES = {
    EntryKind.CHUCHAZO,
    EntryKind.PASE_CORRIDO,
    EntryKind.PASE_DE_SALIDA,
    EntryKind.FIRST_HANDS,
}


def hand_number(game: rules.Game, number: int) -> list[object]:
    return [number]


def round_and_engine(game: rules.Game, number: int) -> list[object]:
    return [number, game.round_rules.engine(number)]


@dataclass(frozen=True)
class Columns:
    """The columns a shape of score sheet gives its CSV (`game.kind.sheet` names the shape)."""

    # The headers before each side's points and total, and a row's cells under them.
    first: tuple[Promise, ...]
    cells: Callable[[rules.Game, int], list[object]]
    # The header of the column naming who went out (or won the hand).
    went_out: Promise
    # A side's first column's header (its total's follows): points, or games won.
    gained: Callable[[str], str] = words.side_points
    # A last column lists each score made during play.
    plays: bool = False
    # A last column gives each hand's marks (bruk, one-all, a tie's replay, a key), as the
    # page's sheet shows them: the game's words say them (`sheet_marks`); a row after the
    # winner's names the sides given six-love, as the page does.
    marks: bool = False


SHEET_COLUMNS: dict[str, Columns] = {
    "points": Columns((SHEET["hand"],), hand_number, SHEET["went_out_or_winner"]),
    "plays": Columns((SHEET["hand"],), hand_number, SHEET["went_out_or_winner"], plays=True),
    # A game counted in games won: each side's games gained (or lost to a bruk) and held.
    "games": Columns(
        (SHEET["hand"],), hand_number, SHEET["went_out_or_winner"], words.side_games, marks=True
    ),
    # A round game's row is a round, with its engine.
    "rounds": Columns((SHEET["round"], SHEET["engine"]), round_and_engine, SHEET["went_out"]),
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
        writer.writerow([words.sheet("winner"), spreadsheet_name(match.winner_name())])
        if SHEET_COLUMNS[match.game().kind.sheet].marks:
            _six_love_row(writer, match, sides)
    return out.getvalue()


def _six_love_row(writer, match: Match, sides: list[str]) -> None:
    """The sides the set's winner gave six-love, when any were (Jamaican)."""
    given = match.game().kind.six_love_to(match.state())
    if given:
        names = ", ".join(spreadsheet_name(sides[side]) for side in given)
        writer.writerow([words.sheet("six_love_to"), names])


def _header(match: Match, sides: list[str]) -> list[str]:
    game = match.game()
    columns = SHEET_COLUMNS[game.kind.sheet]
    header = [str(title) for title in columns.first]
    for side in sides:
        header += [
            columns.gained(spreadsheet_name(side)),
            words.side_total(spreadsheet_name(side)),
        ]
    header += [words.sheet("ending"), str(columns.went_out)]
    return [
        *header,
        *([words.sheet("capicu")] if game.offers_capicu else []),
        *([words.sheet("bonuses")] if match.pays_regional_bonuses() else []),
        *([words.sheet("during_play")] if columns.plays else []),
        *([words.sheet("marks")] if columns.marks else []),
    ]


def _row(match: Match, sides: list[str], hand: Hand, totals) -> list[object]:
    game = match.game()
    columns = SHEET_COLUMNS[game.kind.sheet]
    names = match.seat_names()
    points = [0] * len(sides)
    for entry in hand.entries.all():
        points[entry.side] += entry.points
    row = columns.cells(game, hand.number)
    for side_points, total in zip(points, totals, strict=True):
        row += [side_points, total]
    seat = hand.went_out if hand.winning_seat is None else hand.winning_seat
    winner = "" if seat is None else names[seat]
    if hand.pair_pips and hand.winning_seat is not None:
        # Given per pair: the pair won, which of its hands was lighter is not known.
        winner = sides[game.side_of(hand.winning_seat)]
    row += [hand.get_ending_display(), spreadsheet_name(winner) if winner else ""]
    if game.offers_capicu:
        row.append(words.sheet("yes") if hand.capicu else "")
    if match.pays_regional_bonuses():
        row.append(_bonus_text(hand, sides))
    if columns.plays:
        # Each score made during play, in order: "Ann 10; Bo 15".
        row.append(
            "; ".join(
                f"{spreadsheet_name(names[play.seat])} {play.points}"
                for play in hand.ordered_plays()
            )
        )
    if columns.marks:
        row.append(words_of(game).sheet_marks(reason_from_json(hand.reason)))
    return row


def _bonus_text(hand: Hand, sides: list[str]) -> str:
    """The hand's regional bonuses: "Chuchazo 100 (Ben & Dev); ..."."""
    return "; ".join(
        f"{EntryKind(entry.kind).label} {entry.points} ({spreadsheet_name(sides[entry.side])})"
        for entry in hand.entries.all()
        if entry.kind in REGIONAL_BONUSES
    )


def spreadsheet_name(text: str) -> str:
    """A name as a spreadsheet shows it: never a formula, and isolated where it could turn the
    text around it."""
    # A name typed as "=HYPERLINK(...)" must stay text when the sheet is opened in a spreadsheet,
    # and a right-to-left name must not turn " points" or " total" around (FSI ... PDI). Other
    # names stay as typed, so that a spreadsheet's filter finds them.
    quote = "'" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else ""
    return quote + isolated(text)


def download_name(table: Table, extension: str, match: Match | None = None) -> str:
    """The file name for a table's download: table-<name or key>[-match-<n>].<extension>."""
    stem = f"table-{slugify(table.written_name) or table.key}"
    if match is not None:
        stem += f"-match-{match.number}"
    return f"{stem}.{extension}"
