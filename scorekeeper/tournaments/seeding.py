"""Who is strongest among a tournament's entrants before it has any results: an app that keeps
a measure the tournaments do not (the clubs app: its ratings) registers a seeder here, and the
draw asks. This app imports no such app; a tournament no seeder answers for is drawn from its seed.

A seeder takes the tournament and its entrants and returns each rated entrant's seeding rating
by the entrant's id (higher is stronger; an entrant left out is unrated), or None when the
tournament is not its own. `seeded_order` turns that into the entrants best first, the way a
Swiss round 1 and a knockout bracket are seeded (RULES.md, "Seeding").
"""

from collections.abc import Callable, Mapping, Sequence

from django.db.models import Model

from scorekeeper.tournaments import rules as event_rules

# Typed as models, not as Tournament and Entrant: models.tournament imports this module.
type Tournament = Model
type Entrant = Model
type Seeder = Callable[[Tournament, Sequence[Entrant]], Mapping[int, float] | None]

_SEEDERS: dict[str, Seeder] = {}


def register(key: str, seeder: Seeder) -> None:
    """Let `seeder` rate the entrants of the tournaments it knows (an app's ready() calls it;
    registering the same key again replaces it)."""
    _SEEDERS[key] = seeder


def has_seeders() -> bool:
    """Whether an app seeds by a strength of its own (a form offers seeding by rating)."""
    return bool(_SEEDERS)


def seeding_ratings(
    tournament: Tournament, entrants: Sequence[Entrant]
) -> Mapping[int, float] | None:
    """The first registered seeder's ratings of these entrants (None: none seeds this event)."""
    for seeder in _SEEDERS.values():
        found = seeder(tournament, entrants)
        if found is not None:
            return found
    return None


def seeded_order(
    tournament: Tournament, entrants: Sequence[Entrant], seed: int | str
) -> list[int] | None:
    """The entrants' ids best first by their seeding rating, the unrated last in the order
    drawn from `seed`; None when no seeder rates this tournament (draw it as usual)."""
    found = seeding_ratings(tournament, entrants)
    if found is None:
        return None
    return event_rules.seed_order([entrant.pk for entrant in entrants], found, seed)
