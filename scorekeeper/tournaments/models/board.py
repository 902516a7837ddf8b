"""A tournament round's boards: one table each (or a bye), who sits on each side, its result.

A board's result is read from its match's stored totals (or the forfeit or bye the director
set), never by replaying hands. Its round and entrants are named by string (models.tournament
imports this module, never the other way).
"""

from django.db import models
from django.urls import reverse

from scorekeeper.models.match import Match
from scorekeeper.models.table import Table
from scorekeeper.tournaments import rules as event_rules
from scorekeeper.tournaments.rules.tournament_confirm import ResultsNeed, ResultState
from scorekeeper.tournaments.words.tournament import MATCH_OVER, RESULT_KINDS


class Board(models.Model):
    """One table of a round (or a bye): who sits on each side, and its match."""

    class Kind(models.TextChoices):
        PLAYED = event_rules.ResultKind.PLAYED, RESULT_KINDS[event_rules.ResultKind.PLAYED]
        FORFEIT = event_rules.ResultKind.FORFEIT, RESULT_KINDS[event_rules.ResultKind.FORFEIT]
        BYE = event_rules.ResultKind.BYE, RESULT_KINDS[event_rules.ResultKind.BYE]

    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.PLAYED)
    table = models.OneToOneField(
        Table, on_delete=models.SET_NULL, null=True, blank=True, related_name="board"
    )
    match = models.OneToOneField(
        Match, on_delete=models.SET_NULL, null=True, blank=True, related_name="board"
    )
    # A forfeit: the side that was present and takes the forfeit's score.
    present_side = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        db_table = "scorekeeper_board"  # the table the core made, kept as it is
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="board_unique_number")
        ]
        ordering = ["number"]

    def __str__(self) -> str:
        return f"{self.round} · {self.number}"

    def get_absolute_url(self) -> str:
        """The board's own match page: the link (and the QR) that its players score on."""
        return reverse("match", args=[self.table.key, self.match.number])

    def over_note(self, state: ResultState, need: ResultsNeed) -> str:
        """What its table's page says once the match is over, whatever the result's state: the
        director draws the next round once every result is in (as its results need)."""
        return str(MATCH_OVER)

    def seat(self, sides: tuple[event_rules.Side, event_rules.Side]) -> None:
        Place.objects.bulk_create(
            Place(board=self, side=index, entrant_id=entrant)
            for index, side in enumerate(sides)
            for entrant in side
        )

    def sides(self) -> tuple[event_rules.Side, ...]:
        """The entrants' ids on each side (places prefetched): two sides (a bye's second
        empty), or at a round game's table one side a player in seat order."""
        places = sorted(self.places.all(), key=lambda place: place.pk)
        count = max([1, *(place.side for place in places)]) + 1
        return tuple(
            tuple(place.entrant_id for place in places if place.side == side)
            for side in range(count)
        )

    def seat_names(self, sides, entrants: dict) -> list[str]:
        """The four names in turn order: side 0 in seats 1 and 3, side 1 in seats 2 and 4 (a
        round game's table: each player's name in seat order)."""
        if len(sides) > 2:
            return [entrants[side[0]].name for side in sides]
        if len(sides[0]) == 1:
            first, second = (entrants[side[0]].seat_names() for side in sides)
        else:
            first, second = ([entrants[pk].name for pk in side] for side in sides)
        return [first[0], second[0], first[1], second[1]]

    # Confirmations name a round's board in this field (a bracket's in `bracket_board`).
    confirm_owner = "board"

    @property
    def tournament(self):
        return self.round.tournament

    def ended(self) -> tuple[tuple[int, ...], int] | None:
        """The totals and winner its match ended with (None: in play, or no match)."""
        match = self.match
        if match is None or not match.finished:
            return None
        return tuple(match.totals), match.winner_side

    def decides(self, match: Match) -> bool:
        """Whether `match` is the one whose result this board confirms."""
        return self.match_id == match.pk

    def entrant_names(self) -> list[str]:
        """Each side's entrants in words (places prefetched)."""
        places = sorted(self.places.all(), key=lambda place: place.pk)
        return [
            " & ".join(str(place.entrant) for place in places if place.side == side)
            for side in (0, 1)
        ]

    def refuses_change(self) -> bool:
        """Asked by the score sheet (Table.drawn_board) when its match's result moves: a
        round's correction moves the standings, never a draw already made (RULES.md)."""
        return False

    def result_moved(self) -> None:
        """A confirmation stored: the next round is drawn by the director, nothing moves."""

    def result_kept(self) -> bool:
        """Asked by the match page before it offers to take the last hand back: a round's
        result may always be corrected (refuses_change), so never."""
        return False

    def begun_moved(self) -> None:
        """Its match's first hand entered, or taken back: no other table shows it."""

    # A round's table plays its one match: no series to show beside it.
    plays_one_match = True

    @property
    def done(self) -> bool:
        if self.kind != Board.Kind.PLAYED:
            return True
        return self.match is not None and self.match.finished

    def result(self, settings: event_rules.TournamentRules) -> event_rules.Result | None:
        """The board's result for the standings, or None while its match is in play."""
        sides = self.sides()
        if self.kind == Board.Kind.BYE:
            return settings.bye_result(sides[0])
        if self.kind == Board.Kind.FORFEIT:
            present = self.present_side or 0
            return settings.forfeit_result(sides[present], sides[1 - present])
        if self.match is None or not self.match.finished:
            return None
        return event_rules.Result(sides, tuple(self.match.totals), self.match.winner_side)

    def table_result(self) -> event_rules.TableResult:
        """A round game's table (its match finished): each player's game total."""
        players = tuple(side[0] for side in self.sides())
        return event_rules.TableResult(players, tuple(self.match.totals))


class Place(models.Model):
    """An entrant on one side of a board."""

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="places")
    entrant = models.ForeignKey(
        "tournaments.Entrant", on_delete=models.CASCADE, related_name="places"
    )
    side = models.PositiveSmallIntegerField()

    class Meta:
        db_table = "scorekeeper_place"  # the table the core made, kept as it is
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.board} · {self.side}"
