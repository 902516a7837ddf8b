"""Records: what each finished match adds to its players' records, kept in step with the matches.

A finished match leaves one SideRecord per side, written from its seats and score entries in
the transaction that finished, edited or undid it (Match.store_state), or after matches were
written in bulk by an import or generate_matches (record_table). A table's Records (one per
player, one per pair of partners) are summed again from its side records whenever one of them
changes, so the statistics page reads a handful of rows however many matches it has played.

The models are the scorekeeper app's (scorekeeper.models re-exports them), kept here with the
statistics that read them. This module imports no model module but rules_fields (plain
mappings): the match module imports it. Its keys name the other models by string, its
annotations by their base class, and its writers reach the other models' managers through the
app registry.
"""

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.apps import apps
from django.db import models
from django.db.models import Count, Q, QuerySet, Sum

from scorekeeper import rules
from scorekeeper.models.rules_fields import HOUSE_RULES, house_rules_of
from scorekeeper.words.names import side_name


def _model(name: str) -> type[models.Model]:
    """Another model of the app, without importing its module (which imports this one)."""
    return apps.get_model("scorekeeper", name)


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
    "rounds",
    "round_pips",
    "rounds_out",
    "keys",
    "ties",
)


STORED = (*COUNTERS, "streak", "best_streak")

# Score entries that are not a bonus: the count, points scored during play, and the pases
# corridos (counted from their hands, one for each time it paid).
NOT_BONUSES = (rules.PointKind.COUNT, rules.PointKind.PLAY, rules.PointKind.PASE_CORRIDO)


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
    # A round game's (Mexican Train's) own numbers: its rounds are not hands, and the pips
    # counted against a player are not points scored, so they are kept apart. A side's
    # lowest_game is its total in that game; a record's, the lowest of its games.
    rounds = models.PositiveIntegerField(default=0, db_default=0)
    round_pips = models.PositiveIntegerField(default=0, db_default=0)
    rounds_out = models.PositiveIntegerField(default=0, db_default=0)
    lowest_game = models.IntegerField(null=True, blank=True)
    # A game's own counts (GameKind.own_counts), nought for the games that keep none: the hands
    # a side won on a key, and the hands tied (nobody won: replayed) in a side's matches.
    keys = models.PositiveIntegerField(default=0, db_default=0)
    ties = models.PositiveIntegerField(default=0, db_default=0)

    class Meta:
        abstract = True


class SideRecord(Tally):
    """What one side of one finished match counts for its player or pair."""

    table = models.ForeignKey("scorekeeper.Table", on_delete=models.CASCADE, related_name="+")
    match = models.ForeignKey(
        "scorekeeper.Match", on_delete=models.CASCADE, related_name="side_records"
    )
    number = models.PositiveIntegerField()  # the match's, so streaks read in order
    side = models.PositiveSmallIntegerField()
    player_a = models.ForeignKey("scorekeeper.Player", on_delete=models.CASCADE, related_name="+")
    # The partner, for a pair: player_a has the lower id.
    player_b = models.ForeignKey(
        "scorekeeper.Player", on_delete=models.CASCADE, null=True, related_name="+"
    )

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

    table = models.ForeignKey("scorekeeper.Table", on_delete=models.CASCADE, related_name="records")
    player_a = models.ForeignKey("scorekeeper.Player", on_delete=models.CASCADE, related_name="+")
    player_b = models.ForeignKey(
        "scorekeeper.Player", on_delete=models.CASCADE, null=True, related_name="+"
    )
    best_streak = models.PositiveIntegerField(default=0)
    # Wins in a row up to the newest match, so that one more match needs no recount.
    streak = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return self.name

    def players(self) -> tuple[models.Model, ...]:
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

    @property
    def count_per_round(self) -> float | None:
        if not self.rounds:
            return None
        return (20 * self.round_pips + self.rounds) // (2 * self.rounds) / 10


# --- Writing: kept in step with the matches ---------------------------------------------------


def record_match(match: models.Model, *, was_finished: bool) -> None:
    """After a match's score changed: its side records, and its table's records if they moved.

    The usual case, the newest match ending, adds its sides to the records; anything else
    (an undo or a correction of a finished match, an older match ending late) sums them again,
    after writing again the later matches of its series, whose win of the series may have moved.
    """
    if not (match.finished or was_finished):
        return
    matches = type(match).objects
    newest = not SideRecord.objects.filter(
        table_id=match.table_id, number__gt=match.number
    ).exists()
    if match.finished and not was_finished and newest:
        add_to_records(match.table_id, write_side_records(matches.filter(pk=match.pk)))
        return
    later = Q(series_id=match.series_id, number__gt=match.number) if match.series_id else Q()
    write_side_records(matches.filter(Q(pk=match.pk) | later))
    rebuild_records(match.table_id)


def record_table(table: models.Model, matches: QuerySet | None = None) -> None:
    """A table's records after matches were written in bulk (an import, generated matches).

    The side records of `matches` (by default all the table's) are written again, and the
    table's records summed again from its side records.
    """
    write_side_records(table.matches.all() if matches is None else matches)
    rebuild_records(table.pk)


def write_side_records(matches: QuerySet) -> list[SideRecord]:
    """Replace the side records of these matches: one per side of each finished one."""
    SideRecord.objects.filter(match__in=matches).delete()
    finished = {
        row["pk"]: row
        for row in matches.filter(winner_side__isnull=False).values(
            "pk",
            "table_id",
            "number",
            "winner_side",
            "hand_count",
            "scoring",
            "co_winners",
            "totals",
            *(field.field for field in HOUSE_RULES),
        )
    }
    if not finished:
        return []
    clinched = series_clinchers(finished)
    players, side_of_seat = _seated(finished)
    tallies = _tallies(finished, side_of_seat)
    ended = Finished(tallies, clinched, _shut_out(finished))
    records = []
    for (match_id, side), seated in sorted(players.items()):
        match = finished[match_id]
        record = SIDE_RECORDS[rules.find_game(match["scoring"]).records]
        records.append(record(match, side, seated, ended))
    return SideRecord.objects.bulk_create(records)


@dataclass(frozen=True)
class Finished:
    """What every side record of a batch of finished matches reads beside its own match."""

    tallies: dict[tuple[int, int], Counter]  # each (match, side)'s counts
    clinched: dict[int, bool]  # the matches that won their series
    shut_out: dict[int, tuple[int, ...]]  # each match's sides shut out (the game says which)


def _shut_out(finished: dict[int, dict]) -> dict[int, tuple[int, ...]]:
    """The sides each finished match shut out, as its game counts a shutout (a Jamaican
    six-love: each side still on love)."""
    return {
        pk: rules.find_game(row["scoring"]).shut_out(
            house_rules_of(row), tuple(row["totals"]), row["winner_side"]
        )
        for pk, row in finished.items()
    }


def _sides_record(match: dict, side: int, seated: list[int], ended: Finished) -> SideRecord:
    """One side of a finished match to a target: won or lost, its hands, shutouts, series."""
    match_id = match["pk"]
    won = side == match["winner_side"]
    shut_out = ended.shut_out[match_id]
    first, *partner = sorted(seated)
    return SideRecord(
        table_id=match["table_id"],
        match_id=match_id,
        number=match["number"],
        side=side,
        player_a_id=first,
        player_b_id=partner[0] if partner else None,
        played=1,
        won=int(won),
        hands=match["hand_count"],
        shutouts_given=int(won and bool(shut_out)),
        shutouts_taken=int(side in shut_out),
        series_won=int(won and ended.clinched.get(match_id, False)),
        **ended.tallies[match_id, side],
    )


def _round_game_record(match: dict, side: int, seated: list[int], ended: Finished) -> SideRecord:
    """One player's side of a finished round game: a shared win is a win for each who shares
    it; its rounds, the pips counted against them and the rounds they went out are its own."""
    tally = ended.tallies[match["pk"], side]
    return SideRecord(
        table_id=match["table_id"],
        match_id=match["pk"],
        number=match["number"],
        side=side,
        player_a_id=seated[0],
        played=1,
        won=int(side == match["winner_side"] or side in match["co_winners"]),
        rounds=match["hand_count"],
        round_pips=tally["points"],
        rounds_out=tally["hands_won"],
        lowest_game=match["totals"][side],
    )


# How each shape of side record is written, by the game's `records`.
SIDE_RECORDS: dict[str, Callable[[dict, int, list[int], Finished], SideRecord]] = {
    "sides": _sides_record,
    "rounds": _round_game_record,
}


Seats = dict[tuple[int, int], int]


def _seated(finished: Iterable[int]) -> tuple[dict[tuple[int, int], list[int]], Seats]:
    """Who sat on each side of these matches, and each seat's side (by match and position)."""
    players: dict[tuple[int, int], list[int]] = defaultdict(list)
    side_of_seat: Seats = {}
    for match_id, side, position, player_id in (
        _model("Seat")
        .objects.filter(match_id__in=finished)
        .order_by("match_id", "position")
        .values_list("match_id", "side", "position", "player_id")
    ):
        players[match_id, side].append(player_id)
        side_of_seat[match_id, position] = side
    return players, side_of_seat


def _tallies(finished: dict[int, dict], side_of_seat: Seats) -> dict[tuple[int, int], Counter]:
    """Each side's points, capicús, bonuses, hands won and its game's own counts in these
    matches (two queries)."""
    tallies: dict[tuple[int, int], Counter] = defaultdict(Counter)
    for row in (
        _model("ScoreEntry")
        .objects.filter(hand__match_id__in=finished)
        .values("hand__match_id", "side", "kind")
        .annotate(total=Sum("points"), hand_count=Count("hand", distinct=True))
        .order_by()
    ):
        tally = tallies[row["hand__match_id"], row["side"]]
        tally["points"] += row["total"]
        if row["kind"] == rules.PointKind.CAPICU:
            tally["capicus"] += row["hand_count"]
        elif row["kind"] not in NOT_BONUSES:
            tally["bonuses"] += row["hand_count"]
    own = {pk: rules.find_game(row["scoring"]).own_counts for pk, row in finished.items()}
    tying = [pk for pk, counts in own.items() if "ties" in counts]
    sides_of: dict[int, set[int]] = defaultdict(set)
    for (match_id, _position), side in side_of_seat.items():
        sides_of[match_id].add(side)
    # A hand is won by its winning seat's side whatever it paid (0 when the others held
    # nothing), as the sheet and the lead have it; each pase corrido paid, so each counts. A
    # hand nobody won is read only where the game counts ties.
    tied = Q(winning_seat__isnull=True, match_id__in=tying) & ~Q(ending="")
    for match_id, winning_seat, ending, pases_corridos, on_a_key in (
        _model("Hand")
        .objects.filter(
            Q(winning_seat__isnull=False) | ~Q(pases_corridos={}) | tied, match_id__in=finished
        )
        .values_list("match_id", "winning_seat", "ending", "pases_corridos", "on_a_key")
    ):
        if winning_seat is not None:
            tally = tallies[match_id, side_of_seat[match_id, winning_seat]]
            tally["hands_won"] += 1
            tally["blocked_won"] += ending == rules.Ending.BLOCKED
            tally["keys"] += on_a_key and "keys" in own[match_id]
        elif ending and match_id in tying:
            for side in sides_of[match_id]:  # a tie is every side's: nobody won it
                tallies[match_id, side]["ties"] += 1
        for side, times in pases_corridos.items():
            tallies[match_id, int(side)]["bonuses"] += times
    return tallies


def series_clinchers(matches: Iterable[int]) -> dict[int, bool]:
    """Which of these finished matches won its series (two or three for a first-to series).

    Whether a match won its series depends on the series' earlier matches too, so every
    finished match of their series is read, in order (one query).
    """
    match_model = _model("Match")
    series_matches = (
        match_model.objects.filter(
            series__in=match_model.objects.filter(pk__in=list(matches)).values("series"),
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
            "co_winners",
        )
    )
    clinched: dict[int, bool] = {}
    states: dict[int, rules.SeriesState] = {}
    for pk, series_id, winner, totals, sides, first_to, double, shared in series_matches:
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
                [sides[side] for side in shared],
            )
            clinched[pk] = state.finished
        states[series_id] = state
    return clinched


def rebuild_records(table_id: int) -> None:
    """Sum a table's side records into one record per player and per pair, streaks included."""
    totals: dict[tuple[int, int | None], Counter] = defaultdict(Counter)
    for player_a, player_b, lowest, *counts in (
        SideRecord.objects.filter(table_id=table_id)
        .order_by("number", "side")
        .values_list("player_a_id", "player_b_id", "lowest_game", *COUNTERS)
    ):
        _count(totals, player_a, player_b, dict(zip(COUNTERS, counts, strict=True)), lowest)
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
    for pk, player_a, player_b, lowest, *counts in stored.values_list(
        "pk", "player_a_id", "player_b_id", "lowest_game", *STORED
    ):
        ids[player_a, player_b] = pk
        totals[player_a, player_b].update(dict(zip(STORED, counts, strict=True)))
        if lowest is not None:
            totals[player_a, player_b]["lowest_game"] = lowest
    for side in added:
        counts = {counter: getattr(side, counter) for counter in COUNTERS}
        _count(totals, side.player_a_id, side.player_b_id, counts, side.lowest_game)
    # Written again under the same ids (the statistics list ties in the order records began):
    # one delete and one insert cost far less than an update of each changed row.
    stored.delete()
    Record.objects.bulk_create(
        Record(pk=ids.get(key), table_id=table_id, player_a_id=key[0], player_b_id=key[1], **total)
        for key, total in totals.items()
    )


def _count(
    totals: dict, player_a: int, player_b: int | None, counts: dict, lowest: int | None = None
) -> None:
    """One side of one match, in order, into its players' records and its pair's (a round
    game's total into the lowest game, when lower)."""
    keys = [(player_a, None)]
    if player_b is not None:
        keys += [(player_b, None), (player_a, player_b)]
    for key in keys:
        total = totals[key]
        total.update(counts)
        total["streak"] = total["streak"] + 1 if counts["won"] else 0
        total["best_streak"] = max(total["best_streak"], total["streak"])
        if lowest is not None and total.get("lowest_game", lowest) >= lowest:
            total["lowest_game"] = lowest
