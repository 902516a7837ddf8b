"""The tournaments this phone directs, for the home page's list: the core's Python never asks."""

from django import template
from django.http import HttpRequest

from scorekeeper.tournaments.models import Tournament

register = template.Library()


@register.simple_tag
def remembered_tournaments(request: HttpRequest) -> list[Tournament]:
    """The tournaments whose director's key this phone opened, most recent first."""
    keys = request.session.get("tournaments", [])
    # No read for a phone that never ran a tournament.
    held = Tournament.objects.filter(key__in=keys) if keys else []
    found = {tournament.key: tournament for tournament in held}
    return [found[key] for key in keys if key in found]
