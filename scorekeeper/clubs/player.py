"""A club player's page: their rating after each rated match, and who they do best with and
worst against, over every match or one season's. Two queries, whatever the club's size."""

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from scorekeeper.clubs import history, ratings
from scorekeeper.clubs.models import Club, RatingStep, Season

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
    others = (
        RatingStep.objects.filter(rated__in=[step.rated_id for step in mine])
        .exclude(player=player)
        .values_list("rated", "player", "name", "side")
    )
    points = [Point(step.rated.ended_at, step.rating, step.won) for step in mine]
    return told(mine[0].name, points, sides, others)


def season_story(club: Club, season: Season, family: str, player: str) -> PlayerStory | None:
    """The same over the season's matches alone, rated from nothing as its standings are
    (seasons.standings): the season's games read in two queries and rated here."""
    start, end = season.bounds()
    games, names = history.games(club.tables(), since=start, until=end)
    steps = ratings.rate(game for game in games if game.family == family)
    mine = [step for step in steps if step.player == player]
    if not mine:
        return None
    ended = {game.match: game.ended_at for game in games}
    sides = {step.match: (step.side, step.won) for step in mine}
    others = [
        (step.match, step.player, names[step.player], step.side)
        for step in steps
        if step.match in sides and step.player != player
    ]
    points = [Point(ended[step.match], step.ordinal, step.won) for step in mine]
    return told(names[player], points, sides, others)


def told(
    name: str,
    points: list[Point],
    sides: dict[int, tuple[int, bool]],
    others: Iterable[tuple[int, str, str, int]],
) -> PlayerStory:
    """The story from the player's points, their side and win in each match, and everyone
    else in those matches: (match, player, name, side)."""
    partners: dict[str, Rival] = {}
    opponents: dict[str, Rival] = {}
    for match, other, other_name, side in others:
        my_side, won = sides[match]
        met = partners if side == my_side else opponents
        rival = met.setdefault(other, Rival(other_name))
        rival.met += 1
        rival.won += won
    best = sorted(partners.values(), key=lambda r: (-r.won, -r.met, r.name))
    hardest = sorted(opponents.values(), key=lambda r: (r.won - r.met, -r.met, r.name))
    against = sorted(opponents.values(), key=lambda r: (-r.met, r.name))
    return PlayerStory(name, points, best[:SHOWN], hardest[:SHOWN], against)
