"""A club's tournament seeded by its ratings: the seeder the app registers with the
tournaments app's seeding, which the draw of a Swiss round 1 (and a knockout's bracket) asks."""

from collections.abc import Mapping, Sequence

from scorekeeper.clubs import ratings
from scorekeeper.clubs.history import player_key
from scorekeeper.clubs.models import ClubRating, SeededTournament
from scorekeeper.clubs.rerating import up_to_date
from scorekeeper.tournaments.models import Entrant, Tournament


def players(tournament: Tournament, entrant: Entrant) -> list[str]:
    """The keys of the players an entrant seats (a pair named once: its two seat names)."""
    if tournament.individual:
        return [player_key(entrant.name)]
    return [player_key(name) for name in entrant.seat_names()]


def club_ratings(tournament: Tournament, entrants: Sequence[Entrant]) -> Mapping[int, float] | None:
    """Each entrant's seeding rating in the club that made the tournament, in its game's
    family: a player's mu, a pair's two mu added, as the model rates a team (a new player of a
    rated pair counts the model's start). An entrant none of whose players is rated is left
    out (unrated); None when no club made this tournament."""
    link = SeededTournament.objects.filter(tournament=tournament).select_related("club").first()
    if link is None:
        return None
    club = up_to_date(link.club)
    seats = {entrant.pk: players(tournament, entrant) for entrant in entrants}
    wanted = {key for keys in seats.values() for key in keys}
    mus = dict(
        ClubRating.objects.filter(
            club=club, family=tournament.game().kind.family, player__in=wanted
        ).values_list("player", "mu")
    )
    return {
        pk: sum(mus.get(key, ratings.MODEL.mu) for key in keys)
        for pk, keys in seats.items()
        if any(key in mus for key in keys)
    }
