"""A club's ratings kept equal to a recomputation from its history: the matches rated are
compared with the matches finished, and everything from the first that differs is rated again.

A match that ends, a correction, an undo, a table joining or leaving: each moves the club's
stamp (history.stamp), so a page that finds the stamp unchanged reads the kept ratings as they
are, and one that finds it moved rates again from the first match that changed.
"""

from django.db import transaction

from scorekeeper.clubs import history, ratings
from scorekeeper.clubs.models import Club, ClubRating, RatedMatch, RatingStep


def up_to_date(club: Club) -> Club:
    """The club with its ratings brought up to its history (nothing written when they are)."""
    if history.stamp(club.tables()) == club.rated_stamp:
        return club
    with transaction.atomic():
        # One rerating at a time a club: a second request waits here, then finds it done.
        locked = Club.objects.select_for_update().get(pk=club.pk)
        stamp = history.stamp(club.tables())  # before the history: a later change moves it
        if stamp != locked.rated_stamp:
            rerate(locked)
            Club.objects.filter(pk=club.pk).update(rated_stamp=stamp)
    club.rated_stamp = stamp
    return club


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
    steps = ratings.rate(games, start)
    rated = RatedMatch.objects.bulk_create(
        RatedMatch(
            club=club,
            seq=seq + at,
            match_id=game.match,
            version=game.version,
            ended_at=game.ended_at,
        )
        for at, game in enumerate(games)
    )
    by_match = {row.match_id: row for row in rated}
    RatingStep.objects.bulk_create(
        RatingStep(
            rated=by_match[step.match],
            family=step.family,
            player=step.player,
            name=names[step.player],
            side=step.side,
            mu=step.mu,
            sigma=step.sigma,
            won=step.won,
        )
        for step in steps
    )
    sum_leaderboard(club)


def sum_leaderboard(club: Club) -> None:
    """Each player's line, summed again from all the club's steps in order."""
    lines: dict[tuple[str, str], ClubRating] = {}
    steps = RatingStep.objects.filter(rated__club=club).order_by("rated__seq", "pk")
    for family, player, name, mu, sigma, won in steps.values_list(
        "family", "player", "name", "mu", "sigma", "won"
    ):
        line = lines.get((family, player))
        if line is None:
            line = lines[family, player] = ClubRating(
                club=club, family=family, player=player, played=0, won=0, last=""
            )
        line.name, line.mu, line.sigma = name, mu, sigma
        line.played += 1
        line.won += won
        line.last = ("W" if won else "L") + line.last[: ratings.LAST_RESULTS - 1]
    for line in lines.values():
        line.rating = line.mu - 3 * line.sigma
        line.provisional = line.played < ratings.PROVISIONAL_BELOW
    club.ratings.all().delete()
    ClubRating.objects.bulk_create(lines.values())


def rebuild(club: Club) -> None:
    """Forget every kept rating of the club and rate its whole history again."""
    with transaction.atomic():
        club.rated.all().delete()
        Club.objects.filter(pk=club.pk).update(rated_stamp="")
        club.rated_stamp = ""
    up_to_date(club)
