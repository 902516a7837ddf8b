"""Clubs for the tests: tables that joined one, and matches played to their end."""

from scorekeeper import rules
from scorekeeper.clubs.models import Club
from scorekeeper.models import Match, Table
from tests.support.testing import play_out


def club_with(*names: str) -> tuple[Club, list[Table]]:
    """A club and a table of each of these names, joined."""
    club = Club.objects.create(name="Park")
    tables = [Table.objects.create(name=name) for name in names]
    for table in tables:
        club.join(table)
    return club, tables


def played(table: Table, seats: tuple[str, str, str, str], winner: int) -> Match:
    """A partnership match (seats 0 & 2 against 1 & 3) to 50, won by side `winner`."""
    game = rules.make_game("caribbean", 4, rules=rules.HouseRules(target=50))
    match = table.start_match(list(seats), game, "caribbean")
    return play_out(match, winner)
