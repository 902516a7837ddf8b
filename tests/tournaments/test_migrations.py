"""The tournaments' move from the core's app to their own keeps every row: a database at the
migrations before the move (main's head: scorekeeper 0032, clubs 0006) with tournaments in it
is migrated forward, and the tournaments app's models read the same rows, linked as before."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from scorekeeper.clubs.models import Club, SeededTournament
from scorekeeper.models import Table
from scorekeeper.tournaments.models import (
    Board,
    Bracket,
    BracketBoard,
    Confirmation,
    Entrant,
    Place,
    Round,
    SideLink,
    Tournament,
)

BEFORE = [
    ("scorekeeper", "0032_bracket_boards_confirmed"),
    ("clubs", "0006_club_version"),
    ("tournaments", None),
]
MOVED = {
    "Tournament": Tournament,
    "Entrant": Entrant,
    "Round": Round,
    "Board": Board,
    "Place": Place,
    "Bracket": Bracket,
    "BracketBoard": BracketBoard,
    "SideLink": SideLink,
    "Confirmation": Confirmation,
}


def migrate(targets) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return MigrationExecutor(connection)


def rows() -> dict[str, set[int]]:
    return {name: set(model.objects.values_list("pk", flat=True)) for name, model in MOVED.items()}


@pytest.fixture
def before_the_move(transactional_db):
    """The database as main's head left it; migrated forward to the end after the test."""
    yield migrate(BEFORE).loader.project_state(BEFORE[:2]).apps
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())


def test_the_tournaments_rows_survive_the_move(before_the_move):
    old = before_the_move
    # The shared fixture's Swiss and knockout, written before the move; and each side's link
    # and a confirmation on one of the knockout's boards.
    knockout = old.get_model("scorekeeper", "BracketBoard").objects.first()
    old.get_model("scorekeeper", "SideLink").objects.create(bracket_board=knockout, side=0)
    old.get_model("scorekeeper", "Confirmation").objects.create(
        bracket_board=knockout, kind="confirmed", totals=[200, 0], winner_side=0, side=1
    )
    kept = rows()
    assert all(kept.values()), "every moved table has rows to keep"
    # Written through the core's models as they were before the move.
    table = old.get_model("scorekeeper", "Table").objects.create(name="Before the move")
    tournament = old.get_model("scorekeeper", "Tournament").objects.create(name="Old open")
    entrant = old.get_model("scorekeeper", "Entrant").objects.create(
        tournament=tournament, name="Ana", partner="Ben"
    )
    round_ = old.get_model("scorekeeper", "Round").objects.create(tournament=tournament, number=1)
    board = old.get_model("scorekeeper", "Board").objects.create(
        round=round_, number=1, table_id=table.pk
    )
    old.get_model("scorekeeper", "Place").objects.create(board=board, entrant=entrant, side=0)
    club = old.get_model("clubs", "Club").objects.create(name="Old club")
    old.get_model("clubs", "SeededTournament").objects.create(club=club, tournament=tournament)

    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    after = rows()
    for name, pks in kept.items():
        assert pks <= after[name], name
    moved = Tournament.objects.get(pk=tournament.pk)
    assert moved.name == "Old open"
    assert [e.pk for e in moved.entrants.all()] == [entrant.pk]
    assert Table.objects.get(pk=table.pk).drawn_board == Board.objects.get(pk=board.pk)
    assert Board.objects.get(pk=board.pk).places.get().entrant.tournament == moved
    assert SeededTournament.objects.get(club=Club.objects.get(pk=club.pk)).tournament == moved


def test_the_moved_models_keep_their_tables_and_links():
    assert {model._meta.db_table for model in MOVED.values()} == {
        f"scorekeeper_{name.lower()}" for name in MOVED
    }
    assert SeededTournament._meta.get_field("tournament").related_model is Tournament
    assert Board._meta.get_field("table").related_model is Table
    assert Table._meta.get_field("board").related_model is Board
