"""A tournament's knockout brackets: the seeds, and one ordinary table and match a bracket match.

Who plays whom is never stored: rules.tournament_bracket resolves it from the seeds and the
winners kept on the boards. A board (a table with one match) is made once both sides of a
bracket match are known; its winner advances once its result is settled under the tournament's
`results need` (entered, confirmed or accepted). The bracket moves on the write side only: when
a bracket match's result changes (result_changed, in its transaction) and when a confirmation,
an accept or a walkover is stored; the pages only read. A correction that would move a winner
once the next match of either side has a hand entered is refused (`refuses_change`, which the
score sheet asks through Table.drawn_board).
"""

from functools import cached_property

from django.db import models, transaction
from django.dispatch import receiver
from django.urls import reverse
from django.utils import timezone

from scorekeeper import rules
from scorekeeper.models.match import Match
from scorekeeper.models.signals import result_changed
from scorekeeper.models.table import NEW_TABLE_ENTRY_MODE, Table
from scorekeeper.tournaments.models.board import Board
from scorekeeper.tournaments.models.confirmation import SideLink, mark_of, need_of, state_of
from scorekeeper.tournaments.rules import tournament_bracket as knockout
from scorekeeper.tournaments.rules.tournament_confirm import ResultsNeed, ResultState
from scorekeeper.tournaments.words.bracket import (
    BEST_OF,
    ELIMINATIONS,
    bracket_name,
    bracket_table_name,
    match_over,
    round_name,
)


class Bracket(models.Model):
    """One bracket of a tournament: its entrants in seed order and how it is played."""

    class Elimination(models.TextChoices):
        SINGLE = knockout.Elimination.SINGLE, ELIMINATIONS[knockout.Elimination.SINGLE]
        DOUBLE = knockout.Elimination.DOUBLE, ELIMINATIONS[knockout.Elimination.DOUBLE]

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="brackets"
    )
    # 1: the championship (or the knockout's only bracket); 2: the consolation bracket.
    number = models.PositiveSmallIntegerField(default=1)
    elimination = models.CharField(
        max_length=10, choices=Elimination.choices, default=Elimination.SINGLE
    )
    third_place = models.BooleanField(default=False)
    reset = models.BooleanField(default=True)
    # Each bracket match is one match, or a series at its table: the first to win 2 (of 3) or
    # 3 (of 5) matches advances.
    best_of = models.PositiveSmallIntegerField(default=1, choices=list(BEST_OF.items()))
    # The entrants' ids, seed 1 first.
    seeds = models.JSONField(default=list)

    class Meta:
        db_table = "scorekeeper_bracket"  # the table the core made, kept as it is
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="bracket_unique_number")
        ]
        ordering = ["number"]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.number}"

    def shape(self) -> knockout.Bracket:
        return knockout.make_bracket(
            len(self.seeds),
            knockout.Elimination(self.elimination),
            third_place=self.third_place,
            reset=self.reset,
        )

    def match_title(self, match: knockout.BracketMatch, shape: knockout.Bracket) -> str:
        """The round of the bracket a match is in, as the bracket's column names it
        ("Semi-finals"); after a qualifying stage, the championship's or the consolation's."""
        title = round_name(match.part, match.round, shape.winners_rounds, self.elimination)
        if rules.Format(self.tournament.format).knockout:
            return title
        return f"{bracket_name(self.number, False)} · {title}"

    def entrant_of(self, seed):
        """The entrant's id a seed stands for (a bye and an unknown side stay as they are)."""
        return self.seeds[seed - 1] if isinstance(seed, int) else seed

    def played_boards(self) -> dict[str, "BracketBoard"]:
        """The boards made so far by their match's key, with their matches, series and
        confirmations."""
        boards = self.boards.select_related(
            "bracket__tournament", "match__series", "table", "confirmation"
        )
        return {board.key: board for board in boards}

    def outcomes(self, shape: knockout.Bracket, boards: dict) -> dict[str, knockout.Outcome]:
        winners = {key: b.winner_side for key, b in boards.items() if b.winner_side is not None}
        played = {key: b.seeds for key, b in boards.items()}
        return knockout.resolve(shape, winners, played)

    def lock(self) -> None:
        """This bracket's row locked until the transaction ends: one writer at a time moves
        it, whichever app server (the boards are read again after it)."""
        list(Bracket.objects.select_for_update().filter(pk=self.pk).values_list("pk"))

    @transaction.atomic
    def advance(self) -> None:
        """Bring the boards up to the results: each match's winner once settled (or kept, once
        the next match began), a board made for each match now ready and dropped for one whose
        sides moved before it began. Write side only (a result, a confirmation, a walkover)."""
        self.lock()
        shape = self.shape()
        boards = self.played_boards()
        begun = {key for key, b in boards.items() if b.begun}
        need = need_of(self.tournament)
        for key, board in boards.items():
            live = board.settled_winner(need)
            if live != board.winner_side and knockout.correction_allowed(shape, begun, key):
                board.winner_side = live
                board.save(update_fields=["winner_side"])
        outcomes = self.outcomes(shape, boards)
        for key, outcome in outcomes.items():
            board = boards.get(key)
            if board is not None and board.seeds != outcome.sides and not board.begun:
                if board.table_id:
                    Table.objects.filter(pk=board.table_id).delete()
                board.delete()
                board = None
            if board is None and outcome.state == "ready":
                self.open_board(shape, shape.by_key[key], outcome.sides)

    @property
    def first_to(self) -> int | None:
        """A series' match wins to advance (None: one match decides)."""
        return self.best_of // 2 + 1 if self.best_of > 1 else None

    def open_board(
        self, shape: knockout.Bracket, match: knockout.BracketMatch, seeds: tuple
    ) -> "BracketBoard":
        tournament = self.tournament
        entrants = {e.pk: e for e in tournament.entrants.filter(pk__in=self.seeds)}
        first, second = (entrants[self.entrant_of(seed)].seat_names() for seed in seeds)
        number = shape.number_in_round(match)
        name = bracket_table_name(tournament.name, self.match_title(match, shape), number)
        table = Table.objects.create(name=name, entry_mode=NEW_TABLE_ENTRY_MODE)
        started = table.start_match(
            [first[0], second[0], first[1], second[1]],
            tournament.game(),
            tournament.preset,
            rules.SeriesRules(first_to=self.first_to),
        )
        board = BracketBoard.objects.create(
            bracket=self,
            key=match.key,
            table=table,
            match=started,
            first_id=self.entrant_of(seeds[0]),
            second_id=self.entrant_of(seeds[1]),
            first_seed=seeds[0],
            second_seed=seeds[1],
        )
        if need_of(tournament) is ResultsNeed.OTHER_SIDE:
            # Each side's own link, made with the board: the pages that show them only read.
            SideLink.objects.bulk_create(
                SideLink(bracket_board=board, side=side) for side in (0, 1)
            )
        return board


class BracketBoard(models.Model):
    """One bracket match played: its table, its match, the two entrants and the winner kept."""

    bracket = models.ForeignKey(Bracket, on_delete=models.CASCADE, related_name="boards")
    key = models.CharField(max_length=12)
    table = models.OneToOneField(
        Table, on_delete=models.SET_NULL, null=True, blank=True, related_name="bracket_board"
    )
    match = models.OneToOneField(
        Match, on_delete=models.SET_NULL, null=True, blank=True, related_name="bracket_board"
    )
    first = models.ForeignKey("tournaments.Entrant", on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey("tournaments.Entrant", on_delete=models.CASCADE, related_name="+")
    first_seed = models.PositiveSmallIntegerField()
    second_seed = models.PositiveSmallIntegerField()
    # The side (0 or 1) the bracket advances: the match's winner, kept once the next began.
    winner_side = models.PositiveSmallIntegerField(null=True, blank=True)
    # A walkover the director gave: the side that came goes on (the other did not play).
    forfeit_side = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        db_table = "scorekeeper_bracketboard"  # the table the core made, kept as it is
        constraints = [
            models.UniqueConstraint(fields=["bracket", "key"], name="bracket_board_unique_key")
        ]
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.bracket} · {self.key}"

    def get_absolute_url(self) -> str:
        return reverse("match", args=[self.table.key, self.match.number])

    # Confirmations name a bracket's board in this field (a round's in `board`).
    confirm_owner = "bracket_board"

    def over_note(self, state: ResultState, need: ResultsNeed) -> str:
        """What its table's page says once the match is over: its winner goes on once the
        result is settled, and until then what the result waits for (Board's: the director
        draws on). A winner that went on stays while a correction keeps it the winner, waiting
        or not."""
        return match_over(ResultState.STANDS if self.winner_side is not None else state, need)

    @property
    def tournament(self):
        return self.bracket.tournament

    @property
    def round_title(self) -> str:
        """The round of the bracket this match is in, as the bracket's column names it
        ("Semi-finals"); a key the bracket does not hold: its table's name."""
        shape = self.bracket.shape()
        match = next((match for match in shape.matches if match.key == self.key), None)
        if match is None:
            return str(self.table or self.key)
        return self.bracket.match_title(match, shape)

    @property
    def kind(self) -> str:
        """As a round's board: a walkover is the director's own result, it stands."""
        return Board.Kind.FORFEIT if self.forfeit_side is not None else Board.Kind.PLAYED

    def ended(self) -> tuple[tuple[int, ...], int] | None:
        """The result to confirm: the match's totals and winner, or a series' match wins."""
        state = self.series_state
        if state is not None:
            return (tuple(state.wins), state.winner_side) if state.finished else None
        if self.match is None or not self.match.finished:
            return None
        return tuple(self.match.totals), self.match.winner_side

    def decides(self, match: Match) -> bool:
        """Whether `match` is the one whose result this board confirms (a series: the last
        match played at its table, once the series is won)."""
        if self.series_state is None:
            return self.match_id == match.pk
        won = self.series_state.finished and match.table_id == self.table_id
        return won and match.finished and not match.superseded()

    def sides(self) -> tuple[tuple[int], tuple[int]]:
        """The entrants' ids on each side, as a round's board gives them."""
        return ((self.first_id,), (self.second_id,))

    def entrant_names(self) -> list[str]:
        return [str(self.first), str(self.second)]

    def settled_winner(self, need: ResultsNeed) -> int | None:
        """The side that goes on: the winner once its result is settled (entered, confirmed or
        accepted, as the tournament's `results need` asks). A winner that already went on stays
        while a correction keeps it the winner."""
        live = self.live_winner()
        if live is None or self.forfeit_side is not None or live == self.winner_side:
            return live
        return live if state_of(self, need, mark_of(self)).settled else None

    def refuses_change(self) -> bool:
        """Asked by the score sheet inside the transaction that just moved this table's result:
        refused when it moves the winner that went on and the next match of either side has a
        hand entered (RULES.md). Locks the bracket, so the answer holds until the commit.
        No winner went on yet (as the save read this board): nothing to refuse, no query."""
        if self.winner_side is None:
            return False
        self.bracket.lock()
        fresh = self.bracket.played_boards()
        board = fresh[self.key]
        if board.winner_side is None or board.live_winner() == board.winner_side:
            return False
        begun = {key for key, b in fresh.items() if b.begun}
        return not knockout.correction_allowed(self.bracket.shape(), begun, self.key)

    def result_moved(self) -> None:
        """A result, a confirmation or a walkover stored: the bracket follows, in the same
        transaction."""
        self.bracket.advance()

    def result_kept(self) -> bool:
        """Whether its winner went on and may no longer move: the next match of either side
        has a hand entered. The read side of `refuses_change` (no lock): the match page then
        offers no undo, which could only be refused (a walkover's is hidden alike,
        Cell.walkover_kept)."""
        if self.winner_side is None:
            return False
        begun = {key for key, board in self.bracket.played_boards().items() if board.begun}
        return not knockout.correction_allowed(self.bracket.shape(), begun, self.key)

    def begun_moved(self) -> None:
        """Its match's first hand entered, or taken back (in the save's transaction): the
        matches it comes after may now keep their result, or move again (result_kept), so
        their tables' kept pages are drawn again."""
        match = self.bracket.shape().by_key.get(self.key)
        before = [source.value for source in match.sources if source.kind != "seed"]
        if before:
            Table.objects.filter(
                bracket_board__bracket_id=self.bracket_id, bracket_board__key__in=before
            ).update(updated_at=timezone.now())

    @property
    def plays_one_match(self) -> bool:
        """One game decides it (best of 1): no series to show beside it."""
        return self.bracket.best_of == 1

    @property
    def seeds(self) -> tuple[int, int]:
        return (self.first_seed, self.second_seed)

    @property
    def begun(self) -> bool:
        return self.match is not None and bool(self.match.hand_count)

    @cached_property
    def series_state(self) -> rules.SeriesState | None:
        """A best of 3 or 5: the series at this table so far (one query); None for one match."""
        if self.match is None or self.match.series_id is None or self.bracket.best_of == 1:
            return None
        return self.match.series.state()

    def live_winner(self) -> int | None:
        """The side that won the match (or the series), in the first match's side order."""
        if self.forfeit_side is not None:
            return self.forfeit_side
        if self.match is None:
            return None
        state = self.series_state
        if state is not None:
            return state.winner_side
        return self.match.winner_side if self.match.finished else None

    @property
    def series_open(self) -> bool:
        """A series still being played: its table starts the next match of it."""
        return self.series_state is not None and self.live_winner() is None

    def totals(self) -> list[int] | None:
        """What the bracket shows beside the names: the points, or a series' match wins."""
        if not self.begun:
            return None
        state = self.series_state
        return list(state.wins) if state is not None else list(self.match.totals)

    @property
    def kept(self) -> bool:
        """Whether the match's result was corrected after the next match began: the bracket
        keeps the winner it had."""
        live = self.live_winner()
        return self.winner_side is not None and live is not None and live != self.winner_side


@receiver(result_changed, sender=Match, dispatch_uid="bracket-result-changed")
def bracket_result_changed(sender, *, match: Match, **kwargs) -> None:
    """A bracket match ended, ended no more or was corrected: the bracket moves in the same
    transaction (Table.drawn_board, read with the match where the save read it)."""
    board = match.table.drawn_board
    if board is not None:
        board.result_moved()
