"""Statistics: reading back the records each finished match leaves (statistics/records.py).

The records are written in step with the matches (scorekeeper.statistics.records); this module
only reads them: the statistics table, the history filters and head-to-head.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Count, Exists, F, OuterRef, Q, QuerySet, Subquery, Sum
from django.utils.functional import Promise

from scorekeeper import rules
from scorekeeper.inputs import whole_number
from scorekeeper.models import Match, Record, Seat, SideRecord, Table
from scorekeeper.words.names import name_order
from scorekeeper.words.stats import COLUMN_LABELS

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
    only: str  # the history filter for the matches behind the number
    # Which games the number is for: "" every game, "hands" the games of hands (block and
    # scoring games), "rounds" the round games (Mexican Train), "own" the games that name it
    # among their own counts (GameKind.own_counts: Jamaican's keys and ties).
    games: str = ""
    # Lower is better (a round game's count and total): sorted lowest first.
    lowest_first: bool = False
    # Worked out over matches (a rate, an average, a game's total), not a count of things in
    # them: a 0 still has matches behind it, and links to them.
    over_matches: bool = False

    @property
    def label(self) -> Promise:
        return COLUMN_LABELS[self.key]

    def links(self, value: float | None) -> bool:
        """Whether this column's number has matches behind it to list."""
        return value is not None if self.over_matches else bool(value)


# The statistics table's columns, in order, each with the history filter for the matches
# behind its number: a rate or an average stands on every finished match played.
COLUMNS = (
    Column("played", "played"),
    Column("won", "won"),
    Column("win_rate", "played", over_matches=True),
    Column("hands_won", "hands_won", "hands"),
    Column("points_per_hand", "hands", "hands", over_matches=True),
    Column("capicus", "capicus", "hands"),
    Column("bonuses", "bonuses", "hands"),
    Column("blocked_won", "blocked_won", "hands"),
    Column("shutouts_given", "shutouts_given", "hands"),
    Column("shutouts_taken", "shutouts_taken", "hands"),
    Column("keys", "keys", "own"),
    Column("ties", "ties", "own"),
    Column("rounds", "rounds", "rounds"),
    Column("count_per_round", "rounds", "rounds", lowest_first=True, over_matches=True),
    Column("rounds_out", "rounds_out", "rounds"),
    Column("lowest_game", "lowest_game", "rounds", lowest_first=True, over_matches=True),
    Column("best_streak", "streak"),
    Column("series_won", "series_won"),
)
OWN_COUNTS = tuple(column.key for column in COLUMNS if column.games == "own")
SORTS = ("name", *(column.key for column in COLUMNS))
DEFAULT_SORT = "win_rate"


def columns_for(rows: list[Record], game: rules.GameKind | None = None) -> list[Column]:
    """The columns of the games the table has finished: a table that never played Mexican
    Train sees no rounds, one that only plays it no hands. A game's own count shows at a table
    that plays that game (`game`, its preset's) or once a record counts it."""
    played = {"": True, "hands": any(row.hands for row in rows)}
    played["rounds"] = any(row.rounds for row in rows)
    own = set(game.own_counts if game else ())
    own.update(key for key in OWN_COUNTS if any(getattr(row, key) for row in rows))
    # What the table's game has no use for, unless a record of another game counts it.
    meaningless = set(game.meaningless_counts if game else ()) - {
        column.key
        for column in COLUMNS
        if not column.over_matches and any(getattr(row, column.key, 0) for row in rows)
    }
    return [
        column
        for column in COLUMNS
        if (column.key in own if column.games == "own" else played[column.games])
        and column.key not in meaningless
    ]


def games_shown(columns: list[Column]) -> list[rules.GameKind]:
    """The offered games whose own records the columns show (a round game's when its rounds
    are; a game with counts of its own when one of them is), so the page can say what their
    numbers mean in each game's own words."""
    shown = {column.games for column in columns} | {column.key for column in columns}
    return [
        game
        for game in rules.GAMES.values()
        if game.offered and shown.intersection(game.own_counts or (game.records,))
    ]


def sort_records(rows: list[Record], key: str) -> list[Record]:
    """Best first by the chosen column (lowest first for a round game's count and total); by
    name for "name"; ties broken by matches played."""
    if key == "name":
        return sorted(rows, key=lambda row: name_order(row.name))
    lowest = next((column.lowest_first for column in COLUMNS if column.key == key), False)
    sign = -1 if lowest else 1

    def best(row: Record) -> tuple:
        value = getattr(row, key)
        return (value is not None, sign * (value or 0), row.played)

    return sorted(rows, key=best, reverse=True)


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
    if only == "lowest_game":
        rows = side_rows(table, who).filter(lowest_game__isnull=False)
        lowest = rows.order_by("lowest_game").values("lowest_game")[:1]
        return matches.filter(pk__in=rows.filter(lowest_game=Subquery(lowest)).values("match"))
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
