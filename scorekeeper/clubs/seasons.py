"""A season's standings: the club's matches that ended inside it, rated from nothing (each
player new at the season's start), as the club's own leaderboard is rated over all of them."""

from collections import Counter

from django.http import HttpRequest
from django.utils import timezone

from scorekeeper.clubs import history, ratings
from scorekeeper.clubs.models import Club, Season


def chosen_season(request: HttpRequest, seasons: list[Season]) -> Season | None:
    """The season the page shows: ?season= names one ("all": every match), else the one today
    is in (None when today is in none)."""
    asked = request.GET.get("season")
    if asked == "all":
        return None
    for season in seasons:
        if str(season.pk) == asked:
            return season
    today = timezone.localdate()
    return next((season for season in seasons if season.is_current(today)), None)


def standings(club: Club, season: Season) -> dict[str, list[ratings.Standing]]:
    """Each game family's standings in the season, the family with the most players first."""
    start, end = season.bounds()
    games, names = history.games(club.tables(), since=start, until=end)
    steps = ratings.rate(games)
    by_family = Counter(family for family, _player in {(s.family, s.player) for s in steps})
    found = {}
    for family, _count in sorted(by_family.items(), key=lambda item: (-item[1], item[0])):
        lines = ratings.standings(steps, family)
        for line in lines:
            line.name = names[line.player]
        found[family] = lines
    return found
