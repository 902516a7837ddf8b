"""The score sheet as the pages show it: the scoreboard, its rows, the series, why a hand scored."""

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial

from django.core.cache import caches
from django.db.models import prefetch_related_objects
from django.http import HttpRequest
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from scorekeeper import rules
from scorekeeper.models import (
    EntryKind,
    Match,
    Table,
    reason_from_json,
)
from scorekeeper.offline_game import offline_game_json, scores_offline
from scorekeeper.sharing import qr_svg
from scorekeeper.views.round_sheet import round_sheet
from scorekeeper.words.explain import (
    explain_hand,
    explain_scoring_end,
    lead_text,
    leads_after_a_hand,
    play_text,
    scoring_hand_in_play,
    series_text,
)
from scorekeeper.words.games import words_of
from scorekeeper.words.pages import (
    SHEET_MARKS,
    blocked_tied,
    hand_numbered,
    points_to_go,
    side_won,
    to_target,
)
from scorekeeper.words.rounds import explain_round

# Bonuses marked on the score sheet beside the points they added (capicú has its own mark).
SHEET_BONUSES = ("chuchazo", "pase_corrido", "pase_de_salida", "first_hands")
# The marks a sheet of points can carry, in the order its legend explains them.
LEGEND_ORDER = ("capicu", "blocked", *SHEET_BONUSES)


def scoreboard(match: Match, table_version=None) -> dict:
    """Everything the scoreboard and the sheet show, from one prefetched match; given the
    table's version as the page cache read it (page_version), the series score kept for it."""
    game = match.game()
    shape = sheet_shape(game)
    context = board(match)
    if shape.plays:
        prefetch_related_objects(match.ordered_hands(), "plays")
    rows = [sheet_row(game, hand, totals) for hand, totals in match.running_totals()]
    context["rows"] = rows
    if table_version is None:
        context["series"] = series_score(match)
    else:
        context["series"] = kept_series_score(match, table_version)
    # None but in a scoring game's hand in play.
    context["open_plays"] = open_plays(match, context["names"])
    context.update(shape.extras(match, game, rows))
    context["legend"] = shape.legend(game, rows)
    return context


def board(match: Match) -> dict:
    """The scoreboard without the sheet: each side's total and what it still needs, who leads
    next, the next hand's number; from the match's row alone (no hand is read)."""
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
            # In Python, not {% blocktranslate %}: a save draws the scoreboard's words each time.
            "to_go_text": points_to_go(state.to_target(index)),
            "won": state.winner_side == index,
            # A round game may have several winners (match.winner_sides): each side its word.
            "winner_words": side_won(len(game.sides[index])),
        }
        for index in range(game.side_count)
    ]
    return {
        "match": match,
        "game": game,
        "names": names,
        "sides": sides,
        "drawn_sides": drawn_sides(sides, match.finished),
        "lead": lead_text(game, names, match.next_leader, first_hand=not match.hand_count),
        "tile_faces": [(f"{high}-{low}", high, low) for high, low in game.tile_set.tiles],
        "next_number": match.hand_count + 1,
        "hand_numbered": hand_numbered(match.hand_count + 1),
        "to_target": to_target(match.target),
        "offline_game": offline_game_json(game, state, match.hand_count + 1),
        # Who leads after the hands waiting on the phone, where it scores them (waiting.js).
        "leads": leads_after_a_hand(game, names) if scores_offline(game) else (),
    }


def drawn_sides(sides: list[dict], finished: bool) -> SafeString:
    """Each side's name, total and what it still needs, as scoreboard_points.html#sides drew
    them with a template loop: a save draws them each time, a page each time it is drawn."""
    drawn = []
    for side in sides:
        index = side["index"]
        if side["won"]:
            under = f'<span class="side-to-go">{conditional_escape(side["winner_words"])}</span>'
        elif not finished:
            under = f'<span class="side-to-go">{conditional_escape(side["to_go_text"])}</span>'
        else:
            under = ""
        drawn.append(
            f'\n  <div class="side side-{index}{" won" if side["won"] else ""}">'
            f'\n    <span class="side-name"><bdi>{conditional_escape(side["name"])}</bdi></span>'
            f'\n    <span class="side-total" data-testid="total-{index}">{side["total"]}</span>'
            f"\n    {under}\n  </div>\n  "
        )
    return mark_safe("\n  " + "".join(drawn) + "\n")


def sheet_row(game: rules.Game, hand, totals) -> dict:
    """One hand's row of the sheet: each side's points, running total, bonuses and marks."""
    # Bonuses may credit a side that did not win the hand: each side's own entries.
    points = hand.side_points()
    bonuses: dict[int, list[str]] = {}
    for entry in hand.entry_list():
        if entry.kind in SHEET_BONUSES:
            bonuses.setdefault(entry.side, []).append(entry.kind)
    won, won_marks = winner_and_marks(game, hand)
    cells = [
        (
            points.get(index),
            total,
            drawn_marks(bonuses.get(index, ()), won_marks if won == index else ()),
            won == index,
        )
        if index in points
        else (None, total, "", won == index)
        for index, total in enumerate(totals)
    ]
    # A blocked hand won with nothing to mark beside: the mark by its number; nobody won (tied):
    # beside the note under it (sheet_points.html), the numbers' column no wider.
    unmarked = hand.blocked and (won is None or won not in points)
    row = {
        "hand": hand,
        "cells": cells,
        "drawn_cells": drawn_cells(cells),
        "number_mark": (_tied_mark() if won is None else _mark("mark", "blocked"))
        if unmarked
        else "",
        "shown_marks": frozenset(
            [*(kind for kinds in bonuses.values() for kind in kinds)]
            + (won_marks if won in points else [])
            + (["blocked"] if unmarked else [])
        ),
    }
    own = sheet_shape(game).row(hand, game, totals)
    row.update(own)
    # All the row shows of its hand (sheet.html keeps each row drawn under it, with the
    # language, whether it links and whether the match is over): a saved hand's row is drawn
    # once, not again on every page drawn after the next hands.
    shown = (hand.match_id, hand.number, hand.ending, hand.winning_seat, hand.capicu, cells)
    row["key"] = repr((*shown, row["number_mark"], *own.values()))
    return row


def winner_and_marks(game: rules.Game, hand) -> tuple[int | None, list[str]]:
    """The side that won the hand (None: nobody did) and the marks on its points."""
    won = None if hand.winning_seat is None else game.side_of(hand.winning_seat)
    return won, [kind for kind, on in (("capicu", hand.capicu), ("blocked", hand.blocked)) if on]


def drawn_cells(cells: list[tuple]) -> SafeString:
    """A row's cells on a sheet of points, as its template's loop drew them (only numbers and
    drawn marks in them): a save draws a new row, a page each row it has not kept."""
    return mark_safe(
        "".join(
            "\n        <td>"
            + ("" if points is None else f'<span class="plus">+{points}</span>{marks}')
            + f'<span class="run">{total}</span></td>\n        '
            for points, total, marks, _won in cells
        )
    )


def drawn_marks(bonuses: Iterable[str], won: Iterable[str]) -> SafeString:
    """The marks beside a side's points on a sheet of points, as sheet_points.html draws them
    (a row drawn for a save costs no template loop or include): the side's bonuses, then
    capicú or blocked on the winning side's points."""
    return mark_safe(
        "".join(_mark("mark bonus", kind) for kind in bonuses)
        + "\n"
        + "".join(_mark("mark", kind) for kind in won)
    )


def _mark(css: str, kind: str) -> str:
    short, long = (conditional_escape(words) for words in SHEET_MARKS[kind])
    return f' <abbr class="{css}" title="{long}">{short}</abbr>'


def _tied_mark() -> SafeString:
    """The blocked mark of a hand nobody won, beside its number: it says the hand was tied."""
    short = conditional_escape(SHEET_MARKS["blocked"][0])
    long = conditional_escape(blocked_tied())
    return mark_safe(f' <abbr class="mark" title="{long}">{short}</abbr>')


def points_legend(game: rules.Game, rows: list[dict]) -> list[tuple[str, str]]:
    """What each mark on these rows of a sheet of points means, only the marks they carry."""
    return legend_of(frozenset().union(*(row["shown_marks"] for row in rows)))


def legend_of(kinds: Iterable[str]) -> list[tuple[str, str]]:
    """The legend of a sheet of points that carries these marks: (the mark, what it means)."""
    return [
        (str(SHEET_MARKS[kind][0]), str(SHEET_MARKS[kind][1]))
        for kind in LEGEND_ORDER
        if kind in kinds
    ]


def rounds_legend(game: rules.Game, rows: list[dict]) -> list[str]:
    """The marks on these rows of a sheet of rounds (its template says what each means): "out",
    "blocked", "blank" (a double blank held, where it counts more)."""
    cells = [cell for row in rows for cell in row["round_cells"]]
    shown = {
        "out": any(out for _points, _total, out, _blank in cells),
        "blocked": any(row["hand"].blocked for row in rows),
        "blank": any(blank for _points, _total, _out, blank in cells),
    }
    return [mark for mark, marked in shown.items() if marked]


def no_legend(game: rules.Game, rows: list[dict]) -> list[tuple[str, str]]:
    """A sheet whose template says itself what its marks mean."""
    return []


def series_score(match: Match | None) -> dict | None:
    """The series this match counts toward: its kind, each side's match wins, its winner."""
    if match is None or match.series is None:
        return None
    series = match.series
    state = series.state()
    if not any(state.wins):
        return None  # nothing to tell before the first match of the series is won
    board = match.table.drawn_board
    if board is not None and board.plays_one_match:
        return None  # a tournament's table of one match: its series is that match alone
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


def kept_series_score(match: Match, table_version) -> dict | None:
    """series_score, read once per version of the table in each process: a match that ends,
    or is corrected once ended, moves the table's version (Match.store_state), and nothing
    else changes what the series counts. A hand of the match in play reads nothing."""
    if match.series_id is None:
        return None
    key = f"series:{match.pk}:{str(table_version).replace(' ', 'T')}:{get_language()}"
    fragments = caches["fragments"]
    kept = fragments.get(key, NOT_KEPT)
    if kept is NOT_KEPT:
        kept = series_score(match)
        fragments.set(key, kept, None)
    return kept


NOT_KEPT = object()


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
    for entry in hand.entry_list():
        if entry.kind == EntryKind.PLAY:
            play[entry.side] += entry.points
        else:
            end[entry.side] += entry.points
    # The winning side's points carry the hand's marks as on a sheet of points (sheet_row:
    # a blocked hand won with nothing scored is marked by its number instead).
    won, marks = winner_and_marks(game, hand)
    marks = drawn_marks((), marks)
    return {
        "scoring_cells": [
            (
                play[side] + end[side] if play[side] or end[side] else None,
                total,
                play[side],
                end[side],
                marks if side == won else "",
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
    return sheet_shape(match.game()).why(match, hand)


def why_round(match: Match, hand) -> str:
    """Why a round scored what it did: each player's count."""
    return explain_round(reason_from_json(hand.reason), match.seat_names(), hand.entries.all())


def why_scoring_end(match: Match, hand) -> str:
    """Why a scoring game's hand ended as it did (or that it is still in play)."""
    game = match.game()
    if hand.in_play:
        return scoring_hand_in_play(match.finished and hand.number == match.hand_count)
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


def why_hand(match: Match, hand) -> str:
    """Why a hand to a target scored what it did: who won it, its count and bonuses."""
    reason = reason_from_json(hand.reason)
    side = None if hand.winning_seat is None else match.game().side_of(hand.winning_seat)
    points = hand.side_points().get(side, 0)
    names, side_names = match.seat_names(), match.side_names()
    return explain_hand(reason, names, side_names, side, points, hand.entries.all())


def games_row(hand, game: rules.Game, totals) -> dict:
    """A sheet row of a game counted in games won: the hand's marks (their short and long
    words, in the game's words) and what it was played for, or the replay for a tie."""
    reason = hand.reason or {}
    words = words_of(game).MARKS
    marks = [(mark, *words[mark]) for mark in reason.get("marks", ())]
    return {
        "marks": tuple((str(mark), str(short), str(long)) for mark, short, long in marks),
        "played_for": reason.get("played_for"),
        "replay_for": reason.get("replay_for"),
    }


def games_extras(match: Match, game: rules.Game, rows: list[dict]) -> dict:
    """Beside a sheet of games won: who poses next, what the next hand is worth, who was given
    six-love once the set is won, and what each mark means."""
    words = words_of(game)
    state, side_names = match.state(), match.side_names()
    return {
        "poses": words.poses_text(game, side_names, match.next_leader),
        "next_worth": "" if match.finished else words.next_hand_text(state),
        "six_love": words.six_love_text(game, state, side_names) if match.finished else "",
    }


def games_legend(game: rules.Game, rows: list[dict]) -> list[tuple[str, str]]:
    """What each mark on these rows of a sheet of games won means, only the marks they carry."""
    # Marks are drawn beside a winner's games: a tie has none (the row under it says it in
    # words), and the worth shown beside them is what the hand was played for.
    won = [row for row in rows if any(won for *_, won in row["cells"])]
    shown = {code for row in won for code, *_ in row["marks"]}
    words = words_of(game)
    legend = [
        (str(short), str(long)) for mark, (short, long) in words.MARKS.items() if mark in shown
    ]
    worths = sorted({row["played_for"] for row in won if (row["played_for"] or 1) > 1})
    return legend + [words.played_for_legend(worth) for worth in worths]


def why_games(match: Match, hand) -> str:
    """Why a hand of a game counted in games won did what it did to the set."""
    game = match.game()
    reason = reason_from_json(hand.reason)
    return words_of(game).explain(game, reason, match.seat_names(), match.side_names())


def no_cells(hand, game: rules.Game, totals) -> dict:
    """A sheet row with nothing beside each side's points and total."""
    return {}


def no_extras(match: Match, game: rules.Game, rows: list[dict]) -> dict:
    """A sheet with nothing beside its rows."""
    return {}


@dataclass(frozen=True)
class SheetShape:
    """How one shape of score sheet is built: a game names its shape (`game.kind.sheet`)."""

    # Its hands hold scores made during play (read with the sheet, listed on the hand page).
    plays: bool
    # A row's own cells beside each side's points and total.
    row: Callable[..., dict]
    # What the sheet shows beside its rows.
    extras: Callable[..., dict]
    # Why a stored hand scored what it did.
    why: Callable[[Match, object], str]
    # A save can swap its one new row into the page (match.html#swaps draws this shape only).
    swaps: bool
    # What the marks on these rows mean, said under the sheet: [(the mark, what it means)], or
    # for a sheet of rounds the marks alone.
    legend: Callable[..., list[tuple[str, str]]] = no_legend


SHEETS: dict[str, SheetShape] = {
    "points": SheetShape(
        plays=False, row=no_cells, extras=no_extras, why=why_hand, swaps=True, legend=points_legend
    ),
    "plays": SheetShape(
        plays=True,
        row=scoring_row,
        extras=no_extras,
        why=why_scoring_end,
        swaps=False,
        legend=points_legend,
    ),
    "rounds": SheetShape(
        plays=False,
        row=no_cells,
        extras=round_sheet,
        why=why_round,
        swaps=False,
        legend=rounds_legend,
    ),
    # Games won a side (Jamaican): each hand's marks, who poses, the six-love.
    "games": SheetShape(
        plays=False,
        row=games_row,
        extras=games_extras,
        why=why_games,
        swaps=False,
        legend=games_legend,
    ),
}


def sheet_shape(game: rules.Game) -> SheetShape:
    """The shape of this game's score sheet."""
    return SHEETS[game.kind.sheet]


def share_links(request: HttpRequest, table: Table, scorer_path: str) -> dict:
    """The watch link and the scorer's link as full addresses, each with its QR code (drawn
    when the template shows it: a page that keeps its share boxes does not ask again)."""
    watch_url = request.build_absolute_uri(table.watch_url())
    scorer_url = request.build_absolute_uri(scorer_path)
    return {
        "watch_url": watch_url,
        "watch_qr": partial(qr_svg, watch_url),
        "scorer_url": scorer_url,
        "scorer_qr": partial(qr_svg, scorer_url),
    }
