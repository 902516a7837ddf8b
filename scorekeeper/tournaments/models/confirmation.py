"""Confirming a tournament table's result: each side's own link, what was said of the result
(confirmed, accepted, disputed) and what the next draw waits for. A tournament and its rounds
are plain models here: models.tournament imports this module, never the other way.

A result is a round's board's (Board) or a bracket's (BracketBoard, named by string: the bracket
imports this module). Both answer the same few questions: `confirm_owner` (the field that names
it here), `tournament`, `kind`, `ended()`, `decides(match)`, `sides()`, `entrant_names()` and
`result_moved()` (a bracket moves on when a confirmation or an accept is stored).

A confirmation keeps the result it was given for; the result's state is worked out by
rules.tournament_confirm from the match as it is now, so a hand corrected after the end leaves
the confirmation speaking of another result, and the result unconfirmed again.
"""

from collections.abc import Iterable, Sequence

from django.db import models, transaction
from django.urls import reverse
from django.utils import timezone

from scorekeeper.models.table import KEY_LENGTH, Table, new_key
from scorekeeper.rules import Format
from scorekeeper.tournaments.models.board import Board
from scorekeeper.tournaments.rules.tournament_confirm import (
    Entered,
    Mark,
    MarkKind,
    Refusal,
    ResultsNeed,
    ResultState,
    refuse_accept,
    refuse_confirm,
    refuse_dispute,
    result_state,
    waiting,
)
from scorekeeper.tournaments.words.confirm import MARK_KINDS, RESULTS_NEED


class ResultsNeedChoice(models.TextChoices):
    NOTHING = ResultsNeed.NOTHING, RESULTS_NEED[ResultsNeed.NOTHING]
    OTHER_SIDE = ResultsNeed.OTHER_SIDE, RESULTS_NEED[ResultsNeed.OTHER_SIDE]
    DIRECTOR = ResultsNeed.DIRECTOR, RESULTS_NEED[ResultsNeed.DIRECTOR]


class ConfirmRefused(Exception):
    """Nothing was confirmed, accepted or disputed: `code` (a rules Refusal) says why."""

    def __init__(self, code: Refusal) -> None:
        super().__init__(code)
        self.code = code


class ResultsWaiting(Exception):
    """The next round cannot be drawn yet: these tables' results are not confirmed."""

    def __init__(self, tables: list[tuple[int, int]]) -> None:
        super().__init__(tables)
        self.tables = tables  # (round, table) numbers


class BadConfirmation(ValueError):
    """A backup's side links or confirmation of a board cannot be read."""


def _one_owner(name: str) -> models.CheckConstraint:
    """A link or a confirmation names a round's board or a bracket's, exactly one."""
    return models.CheckConstraint(
        condition=models.Q(board__isnull=False, bracket_board__isnull=True)
        | models.Q(board__isnull=True, bracket_board__isnull=False),
        name=name,
    )


class OwnedByBoard(models.Model):
    """What names the board (a round's or a bracket's) a link or a confirmation belongs to."""

    class Meta:
        abstract = True

    @property
    def owner(self):
        return self.board if self.board_id is not None else self.bracket_board


class SideLink(OwnedByBoard):
    """The key of one side's own page at a tournament table: it confirms or disputes there."""

    board = models.ForeignKey(
        Board, on_delete=models.CASCADE, null=True, blank=True, related_name="side_links"
    )
    bracket_board = models.ForeignKey(
        "tournaments.BracketBoard",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="side_links",
    )
    side = models.PositiveSmallIntegerField()
    key = models.CharField(max_length=KEY_LENGTH, unique=True, default=new_key, editable=False)

    class Meta:
        db_table = "scorekeeper_sidelink"  # the table the core made, kept as it is
        constraints = [
            models.UniqueConstraint(fields=["board", "side"], name="side_link_unique_side"),
            models.UniqueConstraint(
                fields=["bracket_board", "side"], name="side_link_unique_bracket_side"
            ),
            _one_owner("side_link_one_board"),
        ]
        ordering = ["side"]

    def __str__(self) -> str:
        return f"{self.owner} · side {self.side}"

    def get_absolute_url(self) -> str:
        return reverse("side_page", args=[self.key])

    @classmethod
    def for_boards(cls, boards: Sequence[Board]) -> dict[int, list["SideLink"]]:
        """Each two-sided board's links by the board's id, made the first time they are asked
        for (as SeatLink.for_match): one read, and one write the first time."""
        played = [board for board in boards if board.match_id and len(board.sides()) == 2]
        found = cls._read(played)
        missing = [
            cls(**{board.confirm_owner: board}, side=side)
            for board in played
            for side in (0, 1)
            if side not in {link.side for link in found.get(board.pk, [])}
        ]
        if missing:
            cls.objects.bulk_create(missing, ignore_conflicts=True)
            found = cls._read(played)
        return found

    @classmethod
    def _read(cls, boards: Sequence[Board]) -> dict[int, list["SideLink"]]:
        """The links of these boards (all a round's, or all a bracket's)."""
        found: dict[int, list[SideLink]] = {}
        if not boards:
            return found
        owner = boards[0].confirm_owner
        links = cls.objects.filter(**{f"{owner}__in": boards}).order_by(owner, "side")
        for link in links:
            found.setdefault(getattr(link, f"{owner}_id"), []).append(link)
        return found


class Confirmation(OwnedByBoard):
    """What was said of a board's result, and of which result (its totals and winner)."""

    board = models.OneToOneField(
        Board, on_delete=models.CASCADE, null=True, blank=True, related_name="confirmation"
    )
    bracket_board = models.OneToOneField(
        "tournaments.BracketBoard",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="confirmation",
    )
    kind = models.CharField(
        max_length=10, choices=[(kind.value, label) for kind, label in MARK_KINDS.items()]
    )
    totals = models.JSONField()
    winner_side = models.PositiveSmallIntegerField()
    # The side that confirmed or disputed (None: the director), and the name a player tapped.
    side = models.PositiveSmallIntegerField(null=True, blank=True)
    name = models.CharField(max_length=60, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "scorekeeper_confirmation"  # the table the core made, kept as it is
        constraints = [_one_owner("confirmation_one_board")]

    def __str__(self) -> str:
        return f"{self.owner} · {self.kind}"

    def as_mark(self) -> Mark:
        return Mark(MarkKind(self.kind), Entered(tuple(self.totals), self.winner_side), self.side)


def need_of(tournament: models.Model) -> ResultsNeed:
    return ResultsNeed(tournament.results_need)


def entered(board: Board) -> Entered | None:
    """The result a played board's match ended with (None: in play, or no match)."""
    ended = board.ended() if board.kind == Board.Kind.PLAYED else None
    return Entered(*ended) if ended is not None else None


def mark_of(board: Board) -> Mark | None:
    try:
        return board.confirmation.as_mark()
    except Confirmation.DoesNotExist:
        return None


def state_of(board: Board, need: ResultsNeed, mark: Mark | None) -> ResultState:
    """The state of a board's result: a forfeit or a bye is the director's own, it stands."""
    if board.kind != Board.Kind.PLAYED:
        return ResultState.STANDS
    return result_state(need, entered(board), mark)


def marks_of(rounds: Iterable[models.Model]) -> dict[int, Mark]:
    """The marks of these rounds' boards by board id, in one read."""
    confirmations = Confirmation.objects.filter(board__round__in=list(rounds))
    return {confirmation.board_id: confirmation.as_mark() for confirmation in confirmations}


def check_settled(tournament: models.Model, rounds: Sequence[models.Model]) -> None:
    """Raise ResultsWaiting when the next draw depends on a result not yet confirmed or
    accepted (rounds as drawn_rounds reads them)."""
    need = need_of(tournament)
    if need is ResultsNeed.NOTHING:
        return
    marks = marks_of(rounds)
    states = [
        ((round.number, board.number), state_of(board, need, marks.get(board.pk)))
        for round in rounds
        for board in round.boards.all()
    ]
    tables = waiting(Format(tournament.format), states)
    if tables:
        raise ResultsWaiting(tables)


def _locked(board: Board) -> tuple[Board, Mark | None]:
    """The board read again under a lock (inside the caller's transaction), with its match and
    its mark as they are now: two taps at once confirm once."""
    fresh = type(board).objects.select_for_update(of=("self",)).get(pk=board.pk)
    return fresh, mark_of(fresh)


def _mark(board: Board, kind: MarkKind, result: Entered, side: int | None, name: str) -> None:
    Confirmation.objects.update_or_create(
        **{board.confirm_owner: board},
        defaults={
            "kind": kind,
            "totals": list(result.totals),
            "winner_side": result.winner,
            "side": side,
            "name": name,
            "at": timezone.now(),
        },
    )
    # The table's kept pages (its match page) are drawn again: they show the new state.
    Table.objects.filter(pk=board.table_id).update(updated_at=timezone.now())
    board.result_moved()  # a bracket's winner goes on once settled


@transaction.atomic
def confirm(board: Board, side: int, shown: Entered | None, name: str = "") -> None:
    """A player of `side` confirms the result `shown`; ConfirmRefused says why not."""
    board, mark = _locked(board)
    need, now = need_of(board.tournament), entered(board)
    if refused := refuse_confirm(need, now, shown, side, mark):
        raise ConfirmRefused(refused)
    _mark(board, MarkKind.CONFIRMED, now, side, name)


@transaction.atomic
def dispute(board: Board, side: int | None, shown: Entered | None) -> None:
    """`side` says the result `shown` is wrong: the director accepts or corrects it."""
    board, mark = _locked(board)
    need, now = need_of(board.tournament), entered(board)
    if refused := refuse_dispute(need, now, shown, mark):
        raise ConfirmRefused(refused)
    _mark(board, MarkKind.DISPUTED, now, side, "")


@transaction.atomic
def accept(board: Board, shown: Entered | None) -> None:
    """The director accepts the result `shown` (after correcting it at the table, or as is)."""
    board, mark = _locked(board)
    need, now = need_of(board.tournament), entered(board)
    if refused := refuse_accept(need, now, shown, mark):
        raise ConfirmRefused(refused)
    _mark(board, MarkKind.ACCEPTED, now, None, "")


# --- The tournament's backup -----------------------------------------------------------------


def board_to_json(board: Board) -> dict:
    """A board's side links and confirmation for the tournament's backup."""
    links = [link.key for link in board.side_links.all()]
    try:
        found = board.confirmation
    except Confirmation.DoesNotExist:
        found = None
    mark = found and {
        "kind": found.kind,
        "totals": found.totals,
        "winner_side": found.winner_side,
        "side": found.side,
        "name": found.name,
        "at": found.at.isoformat(),
    }
    return {"side_links": links, "confirmation": mark}


def board_from_json(board: Board, raw: dict, *, new_keys: bool, at) -> None:
    """Restore what board_to_json kept (BadConfirmation, or ValidationError, when it is wrong);
    a file from before confirmations has neither. `at` reads the confirmation's time."""
    keys = raw.get("side_links") or []
    if not isinstance(keys, list) or len(keys) not in (0, 2):
        raise BadConfirmation
    for side, key in enumerate(keys):
        taken = new_keys and SideLink.objects.filter(key=key).exists()
        link = SideLink(**{board.confirm_owner: board}, side=side, key=new_key() if taken else key)
        link.full_clean(exclude=[board.confirm_owner])
        link.save()
    mark = raw.get("confirmation")
    if mark is None:
        return
    totals = mark.get("totals") if isinstance(mark, dict) else None
    if not isinstance(totals, list) or not all(type(total) is int for total in totals):
        raise BadConfirmation
    confirmation = Confirmation(
        **{board.confirm_owner: board},
        kind=mark.get("kind"),
        totals=mark.get("totals"),
        winner_side=mark.get("winner_side"),
        side=mark.get("side"),
        name=mark.get("name") or "",
        at=at(mark, "at"),
    )
    confirmation.full_clean(exclude=[board.confirm_owner])
    confirmation.save()
