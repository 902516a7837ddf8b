"""The club's ratings: openskill's Weng-Lin model (Plackett-Luce, its defaults) over finished
matches, in the order they ended. Plain values in and out: no Django here.

A match is one rated game: each side a team (a pair of two, a player alone of one), ranked as
RULES.md says. A player's rating is kept per game family; the shown number is the model's
ordinal (mu - 3 sigma), which starts at 0.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
# Fewer rated matches than this: provisional, shown but not ranked.
PROVISIONAL_BELOW = 5
LAST_RESULTS = 10


def ranks(totals: Sequence[int], winners: Sequence[int], *, higher_first: bool) -> list[int]:
    """Each side's rank (1 best): the winners first, the others by their totals (higher first,
    or lower first in a game without a target); level totals share a rank."""
    others = sorted(
        {total for side, total in enumerate(totals) if side not in winners},
        reverse=higher_first,
    )
    return [1 if side in winners else 2 + others.index(total) for side, total in enumerate(totals)]


@dataclass(frozen=True)
class Game:
    """One finished match as the ratings read it."""

    match: int
    family: str
    ended_at: datetime
    sides: tuple[tuple[str, ...], ...]  # each side's players, by their club key
    ranks: tuple[int, ...]
    version: int = 0  # the match's, so a later correction is seen


@dataclass(frozen=True)
class Step:
    """A player's rating after one game."""

    match: int
    family: str
    player: str
    side: int
    mu: float
    sigma: float
    won: bool

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


Ratings = dict[tuple[str, str], tuple[float, float]]  # (family, player) -> (mu, sigma)


def rate(games: Iterable[Game], start: Ratings | None = None) -> list[Step]:
    """Every player's rating after each game, from `start` (else everyone new)."""
    current = dict(start or {})
    steps = []
    for game in games:
        teams = [
            [MODEL.rating(*current.get((game.family, player), (None, None))) for player in side]
            for side in game.sides
        ]
        rated = MODEL.rate(teams, ranks=list(game.ranks))
        for at, (side, team, rank) in enumerate(zip(game.sides, rated, game.ranks, strict=True)):
            for player, rating in zip(side, team, strict=True):
                current[game.family, player] = (rating.mu, rating.sigma)
                steps.append(
                    Step(game.match, game.family, player, at, rating.mu, rating.sigma, rank == 1)
                )
    return steps


@dataclass
class Standing:
    """A player's line on the leaderboard, summed from their steps in order."""

    player: str
    name: str = ""
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    played: int = 0
    won: int = 0
    last: str = ""  # "W" a win, "L" anything else; newest first

    @property
    def rating(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.played < PROVISIONAL_BELOW

    @property
    def win_rate(self) -> int:
        # Halves round up, as the statistics show them.
        return (200 * self.won + self.played) // (2 * self.played) if self.played else 0


def standings(steps: Iterable[Step], family: str) -> list[Standing]:
    """The leaderboard of one family: the ranked players by rating, then the provisional."""
    found: dict[str, Standing] = {}
    for step in steps:
        if step.family != family:
            continue
        line = found.setdefault(step.player, Standing(step.player))
        line.mu, line.sigma = step.mu, step.sigma
        line.played += 1
        line.won += step.won
        line.last = ("W" if step.won else "L") + line.last[: LAST_RESULTS - 1]
    return sorted(found.values(), key=lambda line: (line.provisional, -line.rating, line.player))


class Level(StrEnum):
    """How a ranked line stands to a neighbour that shows the same rating."""

    SHARED = "shared"  # the same rating: the same place, the next one skipped
    AHEAD = "ahead"  # the same as shown, ahead of the next line by less than a tenth
    BEHIND = "behind"  # the same as shown, behind the line above by less than a tenth


def shown(rating: float) -> Decimal:
    """The rating as the leaderboard shows it: one decimal, halves up (as floatformat)."""
    return Decimal(repr(rating)).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


def places(ratings: Sequence[float]) -> list[tuple[int, Level | None]]:
    """Each ranked line's place (ratings best first): an equal rating shares the place and the
    next place skips, as the tournaments' standings do; and how it stands to a neighbour that
    shows the same rating (None: no neighbour does). RULES.md orders the leaderboard by rating
    and names no tie-break, so nothing else parts two equal ratings (partners who only ever
    played together have the same)."""
    exact = [round(rating, 9) for rating in ratings]  # float noise is not a lead
    seen = [shown(rating) for rating in ratings]
    found: list[tuple[int, Level | None]] = []
    for index, rating in enumerate(exact):
        above = index > 0 and seen[index - 1] == seen[index]
        below = index + 1 < len(exact) and seen[index + 1] == seen[index]
        if index > 0 and exact[index - 1] == rating:
            found.append((found[-1][0], Level.SHARED))
            continue
        level = None
        if below:
            level = Level.SHARED if exact[index + 1] == rating else Level.AHEAD
        elif above:
            level = Level.BEHIND
        found.append((index + 1, level))
    return found
