"""What a club's tables played, read for its ratings: each finished match as a ratings.Game,
and each player's name as the club knows it. Two queries, whatever the club's size."""

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from django.db.models import Count, Max, Q, QuerySet, Sum

from scorekeeper import rules
from scorekeeper.clubs.ratings import Game, ranks
from scorekeeper.models import Match, Seat, Table
from scorekeeper.tournaments.models import Board
from scorekeeper.words.names import name_key


def player_key(name: str) -> str:
    """One player across a club's tables: names compared as the statistics compare them (case
    and Unicode form do not tell two apart, accents do), and spacing neither."""
    return " ".join(name_key(name).split())


class RatedLike(Protocol):
    ended_at: datetime
    match_id: int


@dataclass(frozen=True)
class Ended:
    """A finished match's place in the club's history: it is re-rated when any of this moves."""

    ended_at: datetime
    match: int
    version: int


def finished(tables: QuerySet[Table]) -> QuerySet[Match]:
    """The finished matches of these tables, in the order they ended: a tournament's board
    given as a forfeit is not rated (RULES.md), whatever its match shows."""
    return (
        Match.objects.filter(table__in=tables, winner_side__isnull=False)
        .exclude(board__kind=Board.Kind.FORFEIT)
        .order_by("finished_at", "pk")
        .only("pk")
    )


def stamp(tables: QuerySet[Table]) -> str:
    """A mark of all these tables' finished matches: it moves whenever one ends, is corrected,
    undone or deleted, or a table joins or leaves (every change to a match moves its version)."""
    found = finished(tables).aggregate(
        count=Count("pk"), versions=Sum("version"), ids=Sum("pk"), last=Max("finished_at")
    )
    return "{count}:{versions}:{ids}:{last}".format(**found)


def same_until(tables: QuerySet[Table], last: "RatedLike", was: dict) -> bool:
    """Whether the finished matches up to `last` (in the order they ended) are still those
    rated: the same count, versions and ids (a correction moves a version, an undo or a table
    leaving the count)."""
    upto = finished(tables).filter(
        Q(finished_at__lt=last.ended_at) | Q(finished_at=last.ended_at, pk__lte=last.match_id)
    )
    now = upto.aggregate(count=Count("pk"), versions=Sum("version"), ids=Sum("pk"))
    return now == was


def history(tables: QuerySet[Table]) -> list[Ended]:
    """Where each finished match of these tables stands, in the order they ended."""
    rows = finished(tables).values_list("finished_at", "pk", "version")
    return [Ended(*row) for row in rows]


def games(
    tables: QuerySet[Table],
    after: Ended | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
) -> tuple[list[Game], dict[str, str]]:
    """The finished matches of these tables as rated games, in the order they ended: those
    after `after`, ending at or after `since` and before `until`; and each player's name as
    first written, by their key."""
    matches = finished(tables)
    if after is not None:
        # The first condition alone lets the database seek (match_table_finished's index).
        matches = matches.filter(finished_at__gte=after.ended_at).filter(
            Q(finished_at__gt=after.ended_at) | Q(finished_at=after.ended_at, pk__gt=after.match)
        )
    if since is not None:
        matches = matches.filter(finished_at__gte=since)
    if until is not None:
        matches = matches.filter(finished_at__lt=until)
    columns = ("pk", "scoring", "finished_at", "totals", "winner_side", "co_winners", "version")
    rows = list(matches.values_list(*columns))
    sides: dict[int, dict[int, list[str]]] = defaultdict(lambda: defaultdict(list))
    names: dict[str, str] = {}
    seats = Seat.objects.filter(match__in=matches.values("pk")).order_by(
        "match__finished_at", "match", "position"
    )
    for match, side, name in seats.values_list("match", "side", "player__name"):
        key = player_key(name)
        sides[match][side].append(key)
        names.setdefault(key, name)  # as first written: a later typo does not rename them
    played = []
    for match, scoring, ended_at, totals, winner, co_winners, version in rows:
        kind = rules.find_game(scoring)
        teams = tuple(tuple(sides[match][side]) for side in range(len(totals)))
        placed = ranks(totals, [winner, *co_winners], higher_first=kind.has_target)
        played.append(Game(match, kind.family, ended_at, teams, tuple(placed), version))
    return played, names
