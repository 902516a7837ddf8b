"""A club player's page: their rating after each rated match, and who they do best with and
worst against. Two queries, whatever the club's size."""

from dataclasses import dataclass
from datetime import datetime

from scorekeeper.clubs.models import Club, RatingStep

SHOWN = 3  # partners and opponents


@dataclass
class Rival:
    """Another player as this one met them: beside them (a partner) or across (an opponent)."""

    name: str
    met: int = 0
    won: int = 0  # the matches this player won with or against them

    @property
    def win_rate(self) -> int:
        return (200 * self.won + self.met) // (2 * self.met) if self.met else 0


@dataclass(frozen=True)
class Point:
    ended_at: datetime
    rating: float
    won: bool


@dataclass(frozen=True)
class PlayerStory:
    name: str
    points: list[Point]
    partners: list[Rival]
    opponents: list[Rival]
    # Head to head: everyone met across the club's tables, the most met first.
    against: list[Rival]


def story(club: Club, family: str, player: str) -> PlayerStory | None:
    """The player's ratings in this family in order, their best partners (most wins together,
    then the most matches) and hardest opponents (most losses against them); None if unrated."""
    mine = list(
        RatingStep.objects.filter(rated__club=club, family=family, player=player)
        .select_related("rated")
        .order_by("rated__seq")
    )
    if not mine:
        return None
    sides = {step.rated_id: (step.side, step.won) for step in mine}
    partners: dict[str, Rival] = {}
    opponents: dict[str, Rival] = {}
    others = (
        RatingStep.objects.filter(rated__in=[step.rated_id for step in mine])
        .exclude(player=player)
        .values_list("rated", "player", "name", "side")
    )
    for rated, other, name, side in others:
        my_side, won = sides[rated]
        met = partners if side == my_side else opponents
        rival = met.setdefault(other, Rival(name))
        rival.met += 1
        rival.won += won
    best = sorted(partners.values(), key=lambda r: (-r.won, -r.met, r.name))
    hardest = sorted(opponents.values(), key=lambda r: (r.won - r.met, -r.met, r.name))
    points = [Point(step.rated.ended_at, step.rating, step.won) for step in mine]
    against = sorted(opponents.values(), key=lambda r: (-r.met, r.name))
    return PlayerStory(mine[0].name, points, best[:SHOWN], hardest[:SHOWN], against)
