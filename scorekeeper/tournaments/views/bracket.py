"""A knockout bracket as the director, watch, screen and print pages draw it (server-side HTML:
a lane a side of the bracket, a column a round, a card a match)."""

from dataclasses import dataclass, field

from scorekeeper.tournaments.models import Tournament
from scorekeeper.tournaments.models.bracket import Bracket, BracketBoard
from scorekeeper.tournaments.models.confirmation import entered, mark_of, need_of, state_of
from scorekeeper.tournaments.rules import tournament_bracket as knockout
from scorekeeper.tournaments.rules.tournament_confirm import ResultsNeed, ResultState
from scorekeeper.tournaments.words.bracket import (
    bracket_match_title,
    bracket_name,
    drawn_by_lot,
    pending_label,
    round_name,
)


@dataclass
class Slot:
    """One side of a bracket match as drawn: its seed, its name (empty: a bye or not known)."""

    seed: int | None
    name: str
    bye: bool = False
    won: bool = False
    total: int | None = None
    # Ahead in a result entered but not yet confirmed or accepted: not a win yet.
    leads: bool = False


@dataclass
class Cell:
    key: str
    state: str
    slots: list[Slot]
    board: BracketBoard | None = None
    # The match as its table is named: "Quarter-finals, match 2" (a card's title).
    title: str = ""
    # A result entered that waits (unconfirmed or disputed): its winner has not gone on.
    pending: ResultState | None = None
    pending_label: str = ""
    # A walkover whose winner's next match has begun: it stays (RULES.md, Knockouts).
    walkover_kept: bool = False

    @property
    def playing(self) -> bool:
        return self.board is not None and self.state == "ready" and self.board.begun


@dataclass
class Column:
    name: str
    cells: list[Cell]

    @property
    def played(self) -> bool:
        """Every match of the round over: the big screen may fold it away to fit (screen.js)."""
        return all(cell.state in ("decided", "walkover") for cell in self.cells)


@dataclass
class Lane:
    """A side of the bracket (winners, losers, finals): its rounds left to right."""

    columns: list[Column]

    def __iter__(self):
        return iter(self.columns)

    def __len__(self) -> int:
        return len(self.columns)

    @property
    def folded(self) -> str:
        """Its rounds that are over, by name, as the big screen says it folded them away to
        fit (screen.js; empty: none over)."""
        return ", ".join(column.name for column in self.columns if column.played)


@dataclass
class BracketView:
    bracket: Bracket
    name: str
    lanes: list[Lane]
    champion: str = ""
    kept: list[str] = field(default_factory=list)

    def cells(self) -> list[Cell]:
        """Every match with a board (a table made), lane by lane."""
        return [
            cell
            for lane in self.lanes
            for column in lane
            for cell in column.cells
            if cell.board is not None
        ]

    @property
    def wide(self) -> bool:
        """More than one round side by side: on a phone the box scrolls to the next ones."""
        return any(len(lane) > 1 for lane in self.lanes)

    @property
    def ready(self) -> list[Cell]:
        """The matches to play now, each at its table."""
        return [cell for cell in self.cells() if cell.state == "ready"]


def _slot(bracket: Bracket, seed, names: dict, won: bool, total) -> Slot:
    if seed == knockout.BYE:
        return Slot(None, "", bye=True)
    if seed is None:
        return Slot(None, "")
    return Slot(seed, names[bracket.entrant_of(seed)], won=won, total=total)


def _cell(bracket: Bracket, outcome: knockout.Outcome, board, names: dict) -> Cell:
    decided = outcome.state in ("decided", "walkover")
    totals = board.totals() if board is not None else None
    slots = [
        _slot(
            bracket,
            seed,
            names,
            decided and seed == outcome.winner,
            totals[index] if totals is not None else None,
        )
        for index, seed in enumerate(outcome.sides)
    ]
    cell = Cell(outcome.key, outcome.state, slots, board)
    if board is not None and outcome.state == "ready":
        _mark_pending(cell, board)
    return cell


def _mark_pending(cell: Cell, board: BracketBoard) -> None:
    """A match over whose result waits for a confirmation or the director: the side ahead is
    marked as leading, not as the winner (the board's confirmation is read with it)."""
    need = need_of(board.tournament)
    if need is ResultsNeed.NOTHING or not board.begun:
        return
    state = state_of(board, need, mark_of(board))
    if state.open:
        cell.pending, cell.pending_label = state, pending_label(state, need)
        cell.slots[entered(board).winner].leads = True


LANES = (("W", "T"), ("L",), ("F", "R"))


def bracket_view(bracket: Bracket, names: dict, knockout_event: bool) -> BracketView:
    shape = bracket.shape()
    boards = bracket.played_boards()
    outcomes = bracket.outcomes(shape, boards)
    begun = {key for key, board in boards.items() if board.begun}
    lanes = []
    for parts in LANES:
        columns: dict[tuple, Column] = {}
        for match in shape.matches:
            outcome = outcomes[match.key]
            if match.part not in parts or outcome.state == "void":
                continue
            if outcome.sides == (knockout.BYE, knockout.BYE):
                continue
            heading = (match.part, match.round)
            if heading not in columns:
                name = round_name(
                    match.part, match.round, shape.winners_rounds, bracket.elimination
                )
                columns[heading] = Column(name, [])
            board = boards.get(match.key)
            cell = _cell(bracket, outcome, board, names)
            cell.title = bracket_match_title(columns[heading].name, shape.number_in_round(match))
            if board is not None and board.forfeit_side is not None:
                cell.walkover_kept = not knockout.correction_allowed(shape, begun, match.key)
            columns[heading].cells.append(cell)
        if columns:
            lanes.append(Lane(list(columns.values())))
    winner = knockout.champion(shape, outcomes)
    return BracketView(
        bracket,
        bracket_name(bracket.number, knockout_event),
        lanes,
        champion=names[bracket.entrant_of(winner)] if winner is not None else "",
        kept=[key for key, board in boards.items() if board.kept],
    )


def bracket_views(tournament: Tournament, entrants: dict) -> list[BracketView]:
    """The tournament's brackets as the write side left them, drawn (none: an empty list).
    Only reads: a bracket moves when a result, a confirmation or a walkover is stored."""
    brackets = list(tournament.brackets.all())
    if not brackets:
        return []
    names = {pk: str(entrant) for pk, entrant in entrants.items()}
    knockout_event = tournament.last_round() == 0
    views = []
    for bracket in brackets:
        views.append(bracket_view(bracket, names, knockout_event))
    return views


def lots_drawn(standings: list, entrants: dict, views: list[BracketView]) -> dict[int, object]:
    """The entrants of each shared place the brackets' cut fell in (a lot put them in order,
    forms.bracket): each one's bracket index, None left out. Nothing before the brackets."""
    if not views:
        return {}
    lines = [line for line in standings if not entrants[line.entrant].withdrawn]
    return knockout.split_by_lot(lines, [view.bracket.seeds for view in views])


def with_lot(tie: str, entrant: int, lots: dict) -> str:
    """The standings line's tie-break, and where the lot at the cut put it, if one did."""
    return drawn_by_lot(tie, lots[entrant]) if entrant in lots else tie
