"""Series: matches that count toward a longer game."""

from collections.abc import Sequence

from django.db import models
from django.utils import timezone

from scorekeeper import rules
from scorekeeper.models.table import Table
from scorekeeper.words.names import name_key


class Series(models.Model):
    """Matches that count toward a longer game: first side to N match wins, or open."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="series")
    number = models.PositiveIntegerField()
    first_to = models.PositiveSmallIntegerField(null=True, blank=True)  # None: an open series
    shutout_counts_double = models.BooleanField(default=False)
    # Who plays whom: each side's player names, sorted, in the first match's side order.
    sides = models.JSONField(default=list)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="series_unique_number")
        ]
        ordering = ["-number"]
        verbose_name_plural = "series"

    def __str__(self) -> str:
        return f"{self.table} series {self.number}"

    def series_rules(self) -> rules.SeriesRules:
        return rules.SeriesRules(self.first_to, self.shutout_counts_double)

    @staticmethod
    def sides_of(seat_names: Sequence[str], game: rules.Game) -> list[list[str]]:
        return [sorted(seat_names[seat] for seat in side) for side in game.sides]

    @staticmethod
    def side_keys(sides: Sequence[Sequence[str]]) -> list[list[str]]:
        """Sides as who sits there: "Ana" and "ana" are one player (a series stored before the
        app named sides as the table seats them may hold a name as it was typed)."""
        return [sorted(name_key(name) for name in side) for side in sides]

    @classmethod
    def for_match(
        cls,
        table: Table,
        last: models.Model | None,
        seat_names: Sequence[str],
        game: rules.Game,
        series_rules: rules.SeriesRules,
    ) -> tuple["Series", list[int]]:
        """The series a new match belongs to (the last match's, or a new one), and which
        series side each of its sides is."""
        sides = cls.sides_of(seat_names, game)
        current = last.series if last is not None else None
        if (
            current is not None
            and current.series_rules() == series_rules
            and sorted(cls.side_keys(current.sides)) == sorted(cls.side_keys(sides))
            and not current.state().finished
        ):
            kept = cls.side_keys(current.sides)
            return current, [kept.index(side) for side in cls.side_keys(sides)]
        newest = table.series.order_by("-number").first()
        series = cls.objects.create(
            table=table,
            number=(newest.number + 1) if newest is not None else 1,
            first_to=series_rules.first_to,
            shutout_counts_double=series_rules.shutout_counts_double,
            sides=sides,
        )
        return series, list(range(len(sides)))

    def state(self) -> rules.SeriesState:
        """Match wins and shutouts so far, from the series' finished matches (one query).

        A correction can decide the series at an earlier match than the one that won it when
        played: the series stands as won there, and the matches played after it count as
        matches won but win nothing in the series (as the statistics count them).
        """
        finished = (
            self.matches.filter(winner_side__isnull=False)
            .order_by("number")
            .values_list("winner_side", "totals", "series_sides", "co_winners")
        )
        state = rules.series_tally(self.series_rules(), len(self.sides), [])
        for winner, totals, sides, shared in finished:
            if state.finished:
                break
            shutout = rules.is_shutout(totals, winner)
            also = [sides[side] for side in shared]
            state = rules.series_advance(self.series_rules(), state, sides[winner], shutout, also)
        return state

    def score(self, match: models.Model) -> list[tuple[str, int]]:
        """Each side of this match with its match wins in the series, in the match's order."""
        wins = self.state().wins
        return [
            (name, wins[match.series_sides[side]]) for side, name in enumerate(match.side_names())
        ]
