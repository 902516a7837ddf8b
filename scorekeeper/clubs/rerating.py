"""A club's ratings kept equal to a recomputation from its history: the matches rated are
compared with the matches finished, and everything from the first that differs is rated again.

A match that ends, a correction, an undo, a table joining or leaving: each moves the club's
stamp (history.stamp), so a page that finds the stamp unchanged reads the kept ratings as they
are, and one that finds it moved rates again from the first match that changed.
"""

from datetime import datetime

from django.db import connection, models, transaction
from django.db.models import Count, Sum

from scorekeeper.clubs import history, ratings
from scorekeeper.clubs.models import Club, ClubRating, RatedMatch, RatingStep


def follow_match(table_id: int, match_id: int, ended_at: datetime | None) -> None:
    """A match's result moved at this table: if the table is in a club, its ratings follow. A
    match that just ended (`ended_at`) after every one rated is rated alone, from the kept
    lines of its players (a few queries, whatever the club's size); anything else is compared
    with the whole history and rated again from the first match that changed."""
    club = Club.objects.filter(memberships__table_id=table_id).first()
    if club is None:
        return
    with transaction.atomic():
        # The club's row written first: one re-rating at a time a club (a second waits here,
        # then rates after the first). The stamp is left unknown: the next full comparison
        # reads the history again.
        Club.objects.filter(pk=club.pk).update(rated_stamp="", version=models.F("version") + 1)
        last = club.rated.order_by("-seq").first()
        if last is not None and ended_at is not None and (ended_at, match_id) > last.place():
            append(club, last)
            return
    follow_club(club.pk)


def follow_club(club_id: int) -> None:
    """The club's ratings brought up to its whole history, and its pages drawn again."""
    club = Club.objects.filter(pk=club_id).first()
    if club is not None:
        up_to_date(club)
        club.moved()


def up_to_date(club: Club) -> Club:
    """The club with its ratings brought up to its history (nothing written when they are)."""
    if history.stamp(club.tables()) == club.rated_stamp:
        return club
    with transaction.atomic():
        # One rerating at a time a club: a second request waits here, then finds it done.
        locked = Club.objects.select_for_update().get(pk=club.pk)
        stamp = history.stamp(club.tables())  # before the history: a later change moves it
        if stamp != locked.rated_stamp:
            last = club.rated.order_by("-seq").first()
            if last is not None and history.same_until(club.tables(), last, prefix(club)):
                append(locked, last)  # only new matches, after every one rated
            else:
                rerate(locked)
            # Whatever was rated again, the kept pages are drawn again.
            Club.objects.filter(pk=club.pk).update(
                rated_stamp=stamp, version=models.F("version") + 1
            )
    club.rated_stamp = stamp
    return club


def prefix(club: Club) -> dict:
    """The mark of the matches as rated, comparable with history.same_until's."""
    return club.rated.aggregate(count=Count("pk"), versions=Sum("version"), ids=Sum("match_id"))


def append(club: Club, last: RatedMatch) -> None:
    """Rate the matches that ended after the last one rated, from the ratings kept now, and
    move only their players' lines: a match's end costs the same however long the history."""
    after = history.Ended(last.ended_at, last.match_id, last.version)
    games, names = history.games(club.tables(), after=after)
    players = {player for game in games for side in game.sides for player in side}
    lines = {(line.family, line.player): line for line in club.ratings.filter(player__in=players)}
    start = {key: (line.mu, line.sigma) for key, line in lines.items()}
    steps = ratings.rate(games, start)
    store(club, last.seq + 1, games, steps, names)
    for step in steps:
        line = lines.get((step.family, step.player))
        if line is None:
            line = lines[step.family, step.player] = new_line(club, step.family, step.player)
        step_line(line, names[step.player], step.mu, step.sigma, step.won)
    touched = {(step.family, step.player) for step in steps}
    changed = [lines[key] for key in touched]
    ClubRating.objects.bulk_create([line for line in changed if line.pk is None])
    update_lines([line for line in changed if line.pk is not None])


LINE_FIELDS = ("name", "mu", "sigma", "rating", "played", "won", "last", "provisional")


def update_lines(lines: list[ClubRating]) -> None:
    """These leaderboard lines written again, one statement run for each: bulk_update built a
    CASE for every field of every line, most of a match's re-rating."""
    if not lines:
        return
    quote = connection.ops.quote_name
    fields = [ClubRating._meta.get_field(name) for name in LINE_FIELDS]
    columns = ", ".join(f"{quote(field.column)} = %s" for field in fields)
    sql = f"UPDATE {quote(ClubRating._meta.db_table)} SET {columns} WHERE id = %s"
    with connection.cursor() as cursor:
        cursor.executemany(
            sql, [[*(getattr(line, n) for n in LINE_FIELDS), line.pk] for line in lines]
        )


def new_line(club: Club, family: str, player: str) -> ClubRating:
    return ClubRating(club=club, family=family, player=player, name="", played=0, won=0, last="")


def step_line(line: ClubRating, name: str, mu: float, sigma: float, won: bool) -> None:
    """One more rated match on a leaderboard line."""
    # The name as first written in the club: "ana" at a later table does not rename Ana.
    line.name = line.name or name
    line.mu, line.sigma = mu, sigma
    line.played += 1
    line.won += won
    line.last = ("W" if won else "L") + line.last[: ratings.LAST_RESULTS - 1]
    line.rating = mu - 3 * sigma
    line.provisional = line.played < ratings.PROVISIONAL_BELOW


def first_change(club: Club) -> int:
    """The place in the club's history of the first match that is not as it was rated."""
    now = [(row.ended_at, row.match, row.version) for row in history.history(club.tables())]
    rated = list(club.rated.order_by("seq").values_list("ended_at", "match_id", "version"))
    for seq, (was, is_now) in enumerate(zip(rated, now, strict=False)):
        if was != is_now:
            return seq
    return min(len(rated), len(now))


def rerate(club: Club) -> None:
    """Rate again every match from the first that changed, then sum the leaderboard again."""
    seq = first_change(club)
    club.rated.filter(seq__gte=seq).delete()
    start: ratings.Ratings = {}
    earlier = RatingStep.objects.filter(rated__club=club, rated__seq__lt=seq).order_by("rated__seq")
    for family, player, mu, sigma in earlier.values_list("family", "player", "mu", "sigma"):
        start[family, player] = (mu, sigma)
    since = club.rated.filter(seq=seq - 1).first() if seq else None
    after = history.Ended(since.ended_at, since.match_id, since.version) if since else None
    games, names = history.games(club.tables(), after=after)
    store(club, seq, games, ratings.rate(games, start), names)
    sum_leaderboard(club)


def store(
    club: Club, seq: int, games: list[ratings.Game], steps: list[ratings.Step], names: dict
) -> None:
    """Keep these games as rated from `seq` on, and each player's step in each."""
    insert_rows(
        RatedMatch,
        ("club", "seq", "match_id", "version", "ended_at"),
        [
            (club.pk, seq + at, game.match, game.version, game.ended_at)
            for at, game in enumerate(games)
        ],
    )
    rated = dict(club.rated.filter(seq__gte=seq).values_list("match_id", "pk"))
    insert_rows(
        RatingStep,
        ("rated", "family", "player", "name", "side", "mu", "sigma", "won"),
        [
            (
                rated[step.match],
                step.family,
                step.player,
                names[step.player],
                step.side,
                step.mu,
                step.sigma,
                step.won,
            )
            for step in steps
        ],
    )


def insert_rows(model: type[models.Model], names: tuple[str, ...], rows: list[tuple]) -> None:
    """Many rows by one statement run for each: bulk_create spent three quarters of a full
    rerating preparing each value of each row. Only a date needs the database's own form."""
    if not rows:
        return
    fields = [model._meta.get_field(name) for name in names]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(field.column) for field in fields)
    marks = ", ".join(["%s"] * len(fields))
    sql = f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({marks})"
    dates = [at for at, field in enumerate(fields) if isinstance(field, models.DateTimeField)]
    prepared = []
    for row in rows:
        values = list(row)
        for at in dates:
            values[at] = fields[at].get_db_prep_save(values[at], connection)
        prepared.append(values)
    with connection.cursor() as cursor:
        cursor.executemany(sql, prepared)


def sum_leaderboard(club: Club) -> None:
    """Each player's line, summed again from all the club's steps in order."""
    lines: dict[tuple[str, str], ClubRating] = {}
    steps = RatingStep.objects.filter(rated__club=club).order_by("rated__seq", "pk")
    for family, player, name, mu, sigma, won in steps.values_list(
        "family", "player", "name", "mu", "sigma", "won"
    ):
        line = lines.get((family, player))
        if line is None:
            line = lines[family, player] = new_line(club, family, player)
        step_line(line, name, mu, sigma, won)
    club.ratings.all().delete()
    ClubRating.objects.bulk_create(lines.values())


def rebuild(club: Club) -> None:
    """Forget every kept rating of the club and rate its whole history again."""
    with transaction.atomic():
        club.rated.all().delete()
        Club.objects.filter(pk=club.pk).update(rated_stamp="")
        club.rated_stamp = ""
    up_to_date(club)
