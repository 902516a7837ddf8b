"""Finding what a key opens: each view starts from one of these, and anything else is a 404."""

from django.http import Http404
from django.shortcuts import get_object_or_404

from scorekeeper.models import (
    Match,
    Table,
)
from scorekeeper.models.kept import KeptQuery
from scorekeeper.models.table import HouseRulesFields

# The match a key and number open, with its seats (not its sheet): every save and every page
# drawn afresh starts here, so its SQL is compiled once a connection.
# Not the table's own house rules: those start its next match (the setup and the rematch read
# the table itself), and reading them cost each save a score of columns made into Python.
_TABLES_RULES = [
    f"table__{field.name}"
    for field in HouseRulesFields._meta.get_fields()
    if field.concrete and not field.primary_key
]
_WITH_SEATS = KeptQuery(
    lambda key, number: (
        Match.objects.with_seats()
        .order_by()
        .filter(table__key=key, number=number)
        .defer(*_TABLES_RULES)
    ),
    key="(a stand-in key)",
    number=987_654_321,
)


def get_table(key: str) -> Table:
    """The table this key opens; 404 for anything else, so keys cannot be probed."""
    # A tournament's table is told apart in the same query (see Table.tournament_board).
    return get_object_or_404(
        Table.objects.select_related("board__match", "bracket_board__match"), key=key
    )


def get_match(key: str, number: int, *, sheet: bool = True) -> Match:
    """The match this key and number open, with its sheet or only its seats; 404 otherwise."""
    if not sheet:
        match = _WITH_SEATS.first(key=key, number=number)
        if match is None:
            raise Http404
        return match
    return get_object_or_404(Match.objects.with_sheet(), table__key=key, number=number)


def get_watched_match(watch_key: str) -> Match:
    """The newest match of the table this watch key opens, with its sheet; 404 otherwise."""
    match = Match.objects.with_sheet().filter(table__watch_key=watch_key).first()
    if match is None:
        raise Http404
    return match
