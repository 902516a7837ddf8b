"""Statistics: what each finished match adds to its players' records, and reading them back.

A finished match leaves one SideRecord per side, written from its seats and score entries in
the transaction that finished, edited or undid it (Match.store_state), or after matches were
written in bulk by an import or generate_matches (record_table). A table's Records (one per
player, one per pair of partners) are summed again from its side records whenever one of them
changes, so the statistics page reads a handful of rows however many matches it has played.
"""

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from django.db import models
from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet, Subquery, Sum
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from scorekeeper import rules
from scorekeeper.inputs import whole_number
from scorekeeper.models import (
    Ending,
    EntryKind,
    Hand,
    Match,
    Player,
    ScoreEntry,
    Seat,
    Table,
    side_name,
)

# What a side's record counts. A series won is credited by the side record of the match that
# won the series.
COUNTERS = (
    "played",
    "won",
    "hands",
    "hands_won",
    "points",
    "capicus",
    "bonuses",
    "blocked_won",
    "shutouts_given",
    "shutouts_taken",
    "series_won",
)


STORED = (*COUNTERS, "streak", "best_streak")

# Score entries that are not a bonus: the count, points scored during play, and the pases
# corridos (counted from their hands, one for each time it paid).
NOT_BONUSES = (EntryKind.COUNT, EntryKind.PLAY, EntryKind.PASE_CORRIDO)


class Tally(models.Model):
    played = models.PositiveIntegerField(default=0)
    won = models.PositiveIntegerField(default=0)
    hands = models.PositiveIntegerField(default=0)
    hands_won = models.PositiveIntegerField(default=0)
    points = models.IntegerField(default=0)
    capicus = models.PositiveIntegerField(default=0)
    # Every kind of score entry other than the count and the capicú: chuchazo, pase corrido...
    bonuses = models.PositiveIntegerField(default=0)
    blocked_won = models.PositiveIntegerField(default=0)
    shutouts_given = models.PositiveIntegerField(default=0)
    shutouts_taken = models.PositiveIntegerField(default=0)
    series_won = models.PositiveIntegerField(default=0, db_default=0)

    class Meta:
        abstract = True


class SideRecord(Tally):
    """What one side of one finished match counts for its player or pair."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="side_records")
    number = models.PositiveIntegerField()  # the match's, so streaks read in order
    side = models.PositiveSmallIntegerField()
    player_a = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    # The partner, for a pair: player_a has the lower id.
    player_b = models.ForeignKey(Player, on_delete=models.CASCADE, null=True, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "side"], name="side_record_unique_side")
        ]
        indexes = [
            models.Index(fields=["table", "player_a", "player_b"], name="side_record_pair"),
            models.Index(fields=["table", "player_b"], name="side_record_partner"),
        ]

    def __str__(self) -> str:
        return f"{self.match_id} side {self.side}"


class Record(Tally):
    """A player's record at a table (player_b empty), or a pair's as partners."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="records")
    player_a = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    player_b = models.ForeignKey(Player, on_delete=models.CASCADE, null=True, related_name="+")
    best_streak = models.PositiveIntegerField(default=0)
    # Wins in a row up to the newest match, so that one more match needs no recount.
    streak = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return self.name

    def players(self) -> tuple[Player, ...]:
        return (self.player_a,) if self.player_b is None else (self.player_a, self.player_b)

    @property
    def name(self) -> str:
        return side_name([player.name for player in self.players()])

    @property
    def who(self) -> str:
        """The player or pair as the history and head-to-head filters name it."""
        return "-".join(str(player.pk) for player in self.players())

    @property
    def win_rate(self) -> int | None:
        # Halves round up, as a player works it out (round() would take 62.5 down to 62).
        return (200 * self.won + self.played) // (2 * self.played) if self.played else None

    @property
    def points_per_hand(self) -> float | None:
        if not self.hands:
            return None
        return (20 * self.points + self.hands) // (2 * self.hands) / 10


# --- Writing: kept in step with the matches ---------------------------------------------------


def record_match(match: Match, *, was_finished: bool) -> None:
    """After a match's score changed: its side records, and its table's records if they moved.

    The usual case, the newest match ending, adds its sides to the records; anything else
    (an undo or a correction of a finished match, an older match ending late) sums them again,
    after writing again the later matches of its series, whose win of the series may have moved.
    """
    if not (match.finished or was_finished):
        return
    newest = not SideRecord.objects.filter(
        table_id=match.table_id, number__gt=match.number
    ).exists()
    if match.finished and not was_finished and newest:
        add_to_records(match.table_id, write_side_records(Match.objects.filter(pk=match.pk)))
        return
    later = Q(series_id=match.series_id, number__gt=match.number) if match.series_id else Q()
    write_side_records(Match.objects.filter(Q(pk=match.pk) | later))
    rebuild_records(match.table_id)


def record_table(table: Table, matches: QuerySet[Match] | None = None) -> None:
    """A table's records after matches were written in bulk (an import, generated matches).

    The side records of `matches` (by default all the table's) are written again, and the
    table's records summed again from its side records.
    """
    write_side_records(table.matches.all() if matches is None else matches)
    rebuild_records(table.pk)


def write_side_records(matches: QuerySet[Match]) -> list[SideRecord]:
    """Replace the side records of these matches: one per side of each finished one."""
    SideRecord.objects.filter(match__in=matches).delete()
    finished = {
        row["pk"]: row
        for row in matches.filter(winner_side__isnull=False).values(
            "pk", "table_id", "number", "winner_side", "hand_count"
        )
    }
    if not finished:
        return []
    clinched = series_clinchers(finished)
    players: dict[tuple[int, int], list[int]] = defaultdict(list)
    side_of_seat: dict[tuple[int, int], int] = {}
    for match_id, side, position, player_id in (
        Seat.objects.filter(match_id__in=finished)
        .order_by("match_id", "position")
        .values_list("match_id", "side", "position", "player_id")
    ):
        players[match_id, side].append(player_id)
        side_of_seat[match_id, position] = side
    tallies: dict[tuple[int, int], Counter] = defaultdict(Counter)
    for row in (
        ScoreEntry.objects.filter(hand__match_id__in=finished)
        .values("hand__match_id", "side", "kind")
        .annotate(total=Sum("points"), hand_count=Count("hand", distinct=True))
        .order_by()
    ):
        tally = tallies[row["hand__match_id"], row["side"]]
        tally["points"] += row["total"]
        if row["kind"] == EntryKind.CAPICU:
            tally["capicus"] += row["hand_count"]
        elif row["kind"] not in NOT_BONUSES:
            tally["bonuses"] += row["hand_count"]
    # A hand is won by its winning seat's side whatever it paid (0 when the others held
    # nothing), as the sheet and the lead have it; each pase corrido paid, so each counts.
    for match_id, winning_seat, ending, pases_corridos in Hand.objects.filter(
        Q(winning_seat__isnull=False) | ~Q(pases_corridos={}), match_id__in=finished
    ).values_list("match_id", "winning_seat", "ending", "pases_corridos"):
        if winning_seat is not None:
            tally = tallies[match_id, side_of_seat[match_id, winning_seat]]
            tally["hands_won"] += 1
            tally["blocked_won"] += ending == Ending.BLOCKED
        for side, times in pases_corridos.items():
            tallies[match_id, int(side)]["bonuses"] += times
    sides_of: dict[int, list[int]] = defaultdict(list)
    for match_id, side in players:
        sides_of[match_id].append(side)
    records = []
    for (match_id, side), seated in sorted(players.items()):
        match = finished[match_id]
        won = side == match["winner_side"]
        # A shutout: the match was won with every other side still on nought.
        shutout = all(
            tallies[match_id, other]["points"] == 0
            for other in sides_of[match_id]
            if other != match["winner_side"]
        )
        first, *partner = sorted(seated)
        records.append(
            SideRecord(
                table_id=match["table_id"],
                match_id=match_id,
                number=match["number"],
                side=side,
                player_a_id=first,
                player_b_id=partner[0] if partner else None,
                played=1,
                won=int(won),
                hands=match["hand_count"],
                shutouts_given=int(won and shutout),
                shutouts_taken=int(not won and shutout),
                series_won=int(won and clinched.get(match_id, False)),
                **tallies[match_id, side],
            )
        )
    return SideRecord.objects.bulk_create(records)


def series_clinchers(matches: Iterable[int]) -> dict[int, bool]:
    """Which of these finished matches won its series (two or three for a first-to series).

    Whether a match won its series depends on the series' earlier matches too, so every
    finished match of their series is read, in order (one query).
    """
    series_matches = (
        Match.objects.filter(
            series__in=Match.objects.filter(pk__in=list(matches)).values("series"),
            series__first_to__isnull=False,
            winner_side__isnull=False,
        )
        .order_by("series_id", "number")
        .values_list(
            "pk",
            "series_id",
            "winner_side",
            "totals",
            "series_sides",
            "series__first_to",
            "series__shutout_counts_double",
        )
    )
    clinched: dict[int, bool] = {}
    states: dict[int, rules.SeriesState] = {}
    for pk, series_id, winner, totals, sides, first_to, double in series_matches:
        state = states.get(series_id) or rules.SeriesState(
            wins=(0,) * len(sides), shutouts=(0,) * len(sides)
        )
        # A correction can leave matches after the one that won the series: they win nothing.
        if sides and not state.finished:
            state = rules.series_advance(
                rules.SeriesRules(first_to, double),
                state,
                sides[winner],
                rules.is_shutout(totals, winner),
            )
            clinched[pk] = state.finished
        states[series_id] = state
    return clinched


def rebuild_records(table_id: int) -> None:
    """Sum a table's side records into one record per player and per pair, streaks included."""
    totals: dict[tuple[int, int | None], Counter] = defaultdict(Counter)
    for player_a, player_b, *counts in (
        SideRecord.objects.filter(table_id=table_id)
        .order_by("number", "side")
        .values_list("player_a_id", "player_b_id", *COUNTERS)
    ):
        _count(totals, player_a, player_b, dict(zip(COUNTERS, counts, strict=True)))
    Record.objects.filter(table_id=table_id).delete()
    Record.objects.bulk_create(
        Record(table_id=table_id, player_a_id=player_a, player_b_id=player_b, **total)
        for (player_a, player_b), total in totals.items()
    )


def add_to_records(table_id: int, added: list[SideRecord]) -> None:
    """Add the newest match's side records to the records they count for."""
    players = {record.player_a_id for record in added} | {record.player_b_id for record in added}
    stored = Record.objects.filter(table_id=table_id, player_a_id__in=players)
    ids: dict[tuple[int, int | None], int] = {}
    totals: dict[tuple[int, int | None], Counter] = defaultdict(Counter)
    for pk, player_a, player_b, *counts in stored.values_list(
        "pk", "player_a_id", "player_b_id", *STORED
    ):
        ids[player_a, player_b] = pk
        totals[player_a, player_b].update(dict(zip(STORED, counts, strict=True)))
    for side in added:
        counts = {counter: getattr(side, counter) for counter in COUNTERS}
        _count(totals, side.player_a_id, side.player_b_id, counts)
    # Written again under the same ids (the statistics list ties in the order records began):
    # one delete and one insert cost far less than an update of each changed row.
    stored.delete()
    Record.objects.bulk_create(
        Record(pk=ids.get(key), table_id=table_id, player_a_id=key[0], player_b_id=key[1], **total)
        for key, total in totals.items()
    )


def _count(totals: dict, player_a: int, player_b: int | None, counts: dict) -> None:
    """One side of one match, in order, into its players' records and its pair's."""
    keys = [(player_a, None)]
    if player_b is not None:
        keys += [(player_b, None), (player_a, player_b)]
    for key in keys:
        total = totals[key]
        total.update(counts)
        total["streak"] = total["streak"] + 1 if counts["won"] else 0
        total["best_streak"] = max(total["best_streak"], total["streak"])


# --- Reading -------------------------------------------------------------------------------


def records(table: Table) -> tuple[list[Record], list[Record]]:
    """The table's player records and pair records (one query)."""
    rows = list(Record.objects.filter(table=table).select_related("player_a", "player_b"))
    return (
        [row for row in rows if row.player_b is None],
        [row for row in rows if row.player_b is not None],
    )


@dataclass(frozen=True)
class Column:
    key: str
    label: Promise
    only: str  # the history filter for the matches behind the number


# The statistics table's columns, in order, each with the history filter for the matches
# behind its number: a rate or an average stands on every finished match played.
COLUMNS = (
    Column("played", _("Played"), "played"),
    Column("won", _("Won"), "won"),
    Column("win_rate", _("Win %"), "played"),
    Column("hands_won", _("Hands won"), "hands_won"),
    Column("points_per_hand", _("Points a hand"), "played"),
    Column("capicus", _("Capicús"), "capicus"),
    Column("bonuses", _("Other bonuses"), "bonuses"),
    Column("blocked_won", _("Blocked hands won"), "blocked_won"),
    Column("shutouts_given", _("Shutouts given"), "shutouts_given"),
    Column("shutouts_taken", _("Shutouts taken"), "shutouts_taken"),
    Column("best_streak", _("Longest winning streak"), "streak"),
    Column("series_won", _("Series won"), "series_won"),
)
SORTS = ("name", *(column.key for column in COLUMNS))
DEFAULT_SORT = "win_rate"


def sort_records(rows: list[Record], key: str) -> list[Record]:
    """Best first by the chosen column; by name for "name"; ties broken by matches played."""
    if key == "name":
        return sorted(rows, key=lambda row: row.name.casefold())
    return sorted(
        rows,
        key=lambda row: (getattr(row, key) is not None, getattr(row, key) or 0, row.played),
        reverse=True,
    )


def parse_who(value: str) -> tuple[int, ...] | None:
    """A player ("12") or a pair ("12-15", lower id first) as the filters name them."""
    parts = [whole_number(part) for part in value.split("-")]
    if not 1 <= len(parts) <= 2 or None in parts:
        return None
    ids = tuple(part for part in parts if part is not None)
    return ids if len(ids) == 1 or ids[0] < ids[1] else None


def side_rows(table: Table, who: tuple[int, ...]) -> QuerySet[SideRecord]:
    """The side records of a player (in any seat) or of a pair playing together."""
    rows = SideRecord.objects.filter(table=table)
    if len(who) == 1:
        return rows.filter(Q(player_a_id=who[0]) | Q(player_b_id=who[0]))
    return rows.filter(player_a_id=who[0], player_b_id=who[1])


def filter_matches(
    matches: QuerySet[Match], table: Table, who: tuple[int, ...], only: str = ""
) -> QuerySet[Match]:
    """Matches a player or pair played (together), or only those behind one of their numbers:
    the finished ones in which a counter of their side records is above 0 ("won", "capicus"...),
    or the run of wins that made their longest winning streak ("streak")."""
    if only == "streak":
        return matches.filter(pk__in=longest_streak(side_rows(table, who)))
    if only:
        # An IN over the records' index, read once, rather than a lookup for every match.
        return matches.filter(
            pk__in=side_rows(table, who).filter(**{f"{only}__gt": 0}).values("match")
        )
    if len(who) == 1:
        return matches.filter(Exists(Seat.objects.filter(match=OuterRef("pk"), player_id=who[0])))
    together = Seat.objects.filter(
        match=OuterRef("pk"),
        player_id=who[0],
        match__seats__player_id=who[1],
        match__seats__side=F("side"),
    )
    return matches.filter(Exists(together))


def longest_streak(rows: QuerySet[SideRecord]) -> list[int]:
    """The matches of the longest run of wins, in the order the records count it (the latest
    of equal runs: the one a player remembers)."""
    best: list[int] = []
    run: list[int] = []
    for match_id, won in rows.order_by("number", "side").values_list("match_id", "won"):
        run = [*run, match_id] if won else []
        if run and len(run) >= len(best):
            best = run
    return best


FACING = ("won", "points", "hands_won", "shutouts_given")


def head_to_head(table: Table, one: tuple[int, ...], other: tuple[int, ...]) -> dict:
    """Two players' or two pairs' record against each other, and as partners (5 queries).

    Each one's side records are read through their index and set side by side here: a
    correlated subquery would make the database pair every match of one with every match of
    the other.
    """

    def by_match(who: tuple[int, ...]) -> dict[int, tuple]:
        rows = side_rows(table, who).values_list("match_id", "side", "number", *FACING)
        return {row[0]: row[1:] for row in rows}

    mine, theirs = by_match(one), by_match(other)
    faced = sorted(
        (
            (mine[match][1], match)
            for match in mine.keys() & theirs.keys()
            if mine[match][0] != theirs[match][0]
        ),
        reverse=True,
    )
    sides = [dict.fromkeys(FACING, 0), dict.fromkeys(FACING, 0)]
    for _number, match in faced:
        for side, rows in zip(sides, (mine, theirs), strict=True):
            for field, value in zip(FACING, rows[match][2:], strict=True):
                side[field] += value
    partners = None
    if len(one) == 1:
        pair = tuple(sorted((one[0], other[0])))
        partners = side_rows(table, pair).aggregate(played=Count("id"), won=Sum("won"))
        partners = {key: value or 0 for key, value in partners.items()}
    last_ids = [match for _number, match in faced[:10]]
    last = list(table.matches.filter(pk__in=last_ids).for_listing().order_by("-number"))
    return {"played": len(faced), "sides": sides, "partners": partners, "last": last}


def last_results(tables: Iterable[Table]) -> dict[int, Match]:
    """Each table's newest finished match, with its seats (two queries)."""
    newest = Match.objects.filter(table=OuterRef("table"), winner_side__isnull=False)
    matches = (
        Match.objects.for_listing()
        .filter(table__in=list(tables))
        .filter(number=Subquery(newest.order_by("-number").values("number")[:1]))
    )
    return {match.table_id: match for match in matches}
