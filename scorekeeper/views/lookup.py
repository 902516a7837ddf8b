"""Finding what a key opens: each view starts from one of these, and anything else is a 404."""

from django.http import Http404
from django.shortcuts import get_object_or_404

from scorekeeper.models import (
    Match,
    Table,
)


def get_table(key: str) -> Table:
    """The table this key opens; 404 for anything else, so keys cannot be probed."""
    # A tournament's table is told apart in the same query (see Table.tournament_board).
    return get_object_or_404(Table.objects.select_related("board__match"), key=key)


def get_match(key: str, number: int, *, sheet: bool = True) -> Match:
    """The match this key and number open, with its sheet or only its seats; 404 otherwise."""
    matches = Match.objects.with_sheet() if sheet else Match.objects.with_seats()
    return get_object_or_404(matches, table__key=key, number=number)


def get_watched_match(watch_key: str) -> Match:
    """The newest match of the table this watch key opens, with its sheet; 404 otherwise."""
    match = Match.objects.with_sheet().filter(table__watch_key=watch_key).first()
    if match is None:
        raise Http404
    return match
