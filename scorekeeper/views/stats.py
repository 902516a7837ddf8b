"""The table's numbers: players and pairs, and two of them against each other."""

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.http import urlencode
from django.views.decorators.http import require_safe

from scorekeeper import rules
from scorekeeper.forms import (
    VersusForm,
    who_choices,
)
from scorekeeper.models import (
    Table,
)
from scorekeeper.statistics import reading as stats
from scorekeeper.views.lookup import get_table
from scorekeeper.views.request import HtmxHttpRequest, remember
from scorekeeper.words.games import words_of
from scorekeeper.words.pages import stats_groups


def stat_rows(table: Table, records: list, sort: str, columns: list) -> list[dict]:
    """Each record's numbers, each linked to the history of the matches behind it."""
    history = table.get_absolute_url()
    rows = []
    for record in stats.sort_records(records, sort):
        played = f"{history}?{urlencode({'who': record.who})}"
        cells = []
        for column in columns:
            value = getattr(record, column.key)
            # A counted 0 has no matches behind it to list: it is not a link. A rate, an average
            # or a game's total of 0 stands on matches, and links to them.
            behind = column.links(value)
            href = f"{played}&{urlencode({'only': column.only})}" if behind else None
            cells.append((column, value, href))
        rows.append({"record": record, "href": played, "cells": cells})
    return rows


def stats_notes(columns: list[stats.Column]) -> list[str]:
    """What each game whose numbers are shown says of them (its words' STATS_NOTE)."""
    notes = (getattr(words_of(game), "STATS_NOTE", None) for game in stats.games_shown(columns))
    return [note for note in notes if note]


@require_safe
def stats_page(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Players and pairs at this table: their finished matches in numbers, sortable."""
    table = get_table(key)
    remember(request, table)
    players, pairs = stats.records(table)
    columns = stats.columns_for(players + pairs, rules.game_of_preset(table.preset))
    sort = request.GET.get("sort", "")
    if sort not in ("name", *(column.key for column in columns)):
        sort = stats.DEFAULT_SORT
    players_heading, pairs_heading = stats_groups()
    context = {
        "table": table,
        "columns": columns,
        "sort": sort,
        "notes": stats_notes(columns),
        "groups": [
            (players_heading, stat_rows(table, players, sort, columns)),
            (pairs_heading, stat_rows(table, pairs, sort, columns)),
        ],
    }
    return render(request, "stats.html", context)


@require_safe
def versus_page(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """Two players or two pairs: their record against each other, and their last matches."""
    table = get_table(key)
    players, pairs = stats.records(table)
    choices = who_choices([record.player_a for record in players], pairs)
    form = VersusForm(request.GET if request.GET else None, choices=choices)
    context = {"table": table, "form": form, "enough": len(players) > 1}
    if form.is_valid():
        names = {record.who: record.name for record in players + pairs}
        one, other = form.cleaned_data["one"], form.cleaned_data["other"]
        versus = stats.head_to_head(table, stats.parse_who(one), stats.parse_who(other))
        for side, who in zip(versus["sides"], (one, other), strict=True):
            side["name"] = names[who]
        context.update({"names": (names[one], names[other]), "versus": versus})
    return render(request, "versus.html", context, status=422 if form.errors else 200)
