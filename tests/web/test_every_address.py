"""Every address the site has, with real keys from the shared fixture's tables, tournaments and
clubs: asked with hostile query strings, and posted every field name the site's pages draw, each
filled with hostile values. None may answer with a server error."""

import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from scorekeeper.models import Match, SeatLink, Table
from scorekeeper.tournaments.models import Board, SideLink, Tournament
from tests.clubs.factories import club_with, played

pytestmark = pytest.mark.django_db

HOSTILE = (
    "",
    "-1",
    "9" * 25,
    "\uff11\uff12",  # full-width 12
    "<script>x</script>",
    "\x00",
    "a" * 3000,
)


def patterns(resolver: URLResolver, prefix: str = "") -> list[tuple[str, URLPattern]]:
    found = []
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            found += patterns(entry, prefix + str(entry.pattern))
        else:
            found.append((prefix + str(entry.pattern), entry))
    return found


def keys() -> dict[str, list[dict[str, str]]]:
    """Path parameters for each kind of address (by its first letter), from stored things."""
    table = Table.objects.filter(matches__hands__isnull=False).first()
    match = table.matches.filter(hands__isnull=False).first()
    rounds = Match.objects.filter(preset="mexican_train").first()
    swiss = Tournament.objects.filter(rounds__isnull=False).first()
    knockout = Tournament.objects.filter(brackets__isnull=False).first()
    (side, _) = SideLink.for_boards(list(Board.objects.filter(round__tournament=swiss)))[
        Board.objects.filter(round__tournament=swiss, match__isnull=False).first().pk
    ]
    club, tables = club_with("Club A")
    played(tables[0], ("Ana", "Bo", "Cy", "Di"), 0)
    assert None not in (table, rounds, swiss, knockout, side)
    numbers = {"entrant": "1", "board": "1", "number": "1"}
    return {
        "t": [{"key": table.key, "number": str(match.number), "hand_number": "1"}],
        "w": [{"watch_key": table.watch_key}],
        "p": [{"key": SeatLink.for_match(rounds)[0].key}],
        "d": [{"key": swiss.key, **numbers}, {"key": knockout.key, **numbers}],
        "e": [{"watch_key": swiss.watch_key, **numbers}, {"watch_key": knockout.watch_key}],
        "s": [{"key": side.key}],
        "c": [{"key": club.key}],
    }


def addresses() -> list[str]:
    params = keys()
    paths = set()
    for route, _ in patterns(get_resolver()):
        for values in params.get(route[:1], [{}]) if "<" in route else [{}]:
            paths.add("/" + re.sub(r"<\w+:(\w+)>", lambda m, v=values: v.get(m[1], "1"), route))
    return sorted(paths)


def field_names(client: Client, paths: list[str]) -> set[str]:
    names = set()
    for path in paths:
        response = client.get(path)
        if response.status_code == 200 and "html" in response.get("Content-Type", ""):
            names |= set(re.findall(r'name="([\w-]+)"', response.content.decode()))
    return names - {"csrfmiddlewaretoken"}


def test_no_address_answers_hostile_input_with_a_server_error(client: Client):
    paths = addresses()
    assert len(paths) >= 60
    # The names only a posted page draws (the photo's halves, the question before a hand that
    # ends the match, a refilled form) beside every name the pages draw when asked.
    drawn = field_names(client, paths)
    assert {"out", "pips_1", "player_1", "entrants", "photo_for"} <= drawn, sorted(drawn)
    names = sorted(drawn | {"half", "confirm_end", "back", "refill", "points", "seat"})
    errors = []
    for path in paths:
        for value in HOSTILE:
            for method, data in (
                ("get", {"out": value, "part": value, "before": value, "t": value}),
                ("post", dict.fromkeys(names, value)),
            ):
                for headers in ({}, {"HX-Request": "true"}):
                    response = getattr(client, method)(path, data, headers=headers)
                    if response.status_code >= 500:
                        errors.append((method, path, repr(value)[:20], bool(headers)))
    assert errors == []
