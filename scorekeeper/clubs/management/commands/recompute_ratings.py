"""Rate every club's history again from nothing and compare with the ratings kept: any club
that differs is reported and its kept ratings rebuilt."""

import math

from django.core.management.base import BaseCommand

from scorekeeper.clubs import history, ratings
from scorekeeper.clubs.models import Club
from scorekeeper.clubs.rerating import rebuild, up_to_date


def differences(club: Club) -> list[str]:
    """Where the kept leaderboard is not what rating the whole history again gives."""
    games, _names = history.games(club.tables())
    steps = ratings.rate(games)
    fresh = {
        (family, line.player): line
        for family in {game.family for game in games}
        for line in ratings.standings(steps, family)
    }
    kept = {(row.family, row.player): row for row in club.ratings.all()}
    found = [f"{key} is not rated" for key in fresh.keys() - kept.keys()]
    found += [f"{key} has no matches" for key in kept.keys() - fresh.keys()]
    for key in fresh.keys() & kept.keys():
        line, row = fresh[key], kept[key]
        same = (
            math.isclose(line.mu, row.mu, abs_tol=1e-9)
            and math.isclose(line.sigma, row.sigma, abs_tol=1e-9)
            and (line.played, line.won) == (row.played, row.won)
        )
        if not same:
            found.append(f"{key}: kept {row.mu:.6f}/{row.sigma:.6f}, rated {line.mu:.6f}")
    return found


class Command(BaseCommand):
    help = "Rate every club's matches again from nothing and compare with the kept ratings."

    def handle(self, *args, **options) -> None:
        differed = 0
        clubs = Club.objects.all()
        for club in clubs.iterator():
            found = differences(up_to_date(club))
            if found:
                differed += 1
                self.stdout.write(f"{club.key} {club.name}: " + "; ".join(found))
                rebuild(club)
        self.stdout.write(f"{clubs.count()} clubs checked, {differed} rebuilt.")
