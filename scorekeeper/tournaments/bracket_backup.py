"""A tournament's brackets in its JSON backup and back: how each is played, its seeds (by the
file's entrant numbers) and each bracket match played, its table kept as a table's backup."""

from collections.abc import Mapping

from scorekeeper import backup
from scorekeeper.backup.load import list_of, mapping_of, time_in
from scorekeeper.tournaments.models import Bracket, BracketBoard, Entrant, Tournament
from scorekeeper.tournaments.models.confirmation import (
    BadConfirmation,
    board_from_json,
    board_to_json,
)
from scorekeeper.tournaments.rules import tournament_bracket as knockout
from scorekeeper.words import backup as words

BRACKET_FIELDS = ("number", "elimination", "third_place", "reset", "best_of")


def export_brackets(tournament: Tournament, number: Mapping[int, int]) -> list[dict]:
    """Each bracket as a JSON-ready dict; `number`: an entrant's id to its number in the file."""
    return [
        {
            **{field: getattr(bracket, field) for field in BRACKET_FIELDS},
            "seeds": [number[pk] for pk in bracket.seeds],
            "boards": [
                {
                    "key": board.key,
                    "seeds": [board.first_seed, board.second_seed],
                    "winner_side": board.winner_side,
                    "forfeit_side": board.forfeit_side,
                    "table": backup.export_table(board.table) if board.table else None,
                    **board_to_json(board),
                }
                for board in bracket.boards.select_related("table", "confirmation")
            ],
        }
        for bracket in tournament.brackets.all()
    ]


def import_brackets(
    tournament: Tournament,
    raw: object,
    entrants: dict[int, Entrant],
    new_keys: bool,
    creator: str,
) -> None:
    """Recreate the brackets (a file from before brackets has none); ValueError when one is not
    what this app writes."""
    for item in list_of(raw or [], words.part("the_brackets")):
        item = mapping_of(item, words.part("a_bracket"))
        seeds = item.get("seeds")
        # A seed is an entrant's number in the file (a list there would not even hash).
        numbers = isinstance(seeds, list) and all(type(ident) is int for ident in seeds)
        if not numbers or not all(ident in entrants for ident in seeds):
            raise ValueError(words.say("bracket_bad", bracket=repr(item.get("number"))))
        if len(set(seeds)) != len(seeds):
            raise ValueError(words.say("bracket_bad", bracket=repr(item.get("number"))))
        bracket = Bracket(
            tournament=tournament,
            **{field: item.get(field) for field in BRACKET_FIELDS},
            seeds=[entrants[ident].pk for ident in seeds],
        )
        bracket.full_clean()
        try:
            shape = bracket.shape()
        except ValueError:
            raise ValueError(words.say("bracket_bad", bracket=repr(bracket.number))) from None
        bracket.save()
        for raw_board in list_of(item.get("boards"), words.part("the_boards")):
            _import_board(
                bracket, shape, mapping_of(raw_board, words.part("a_board")), new_keys, creator
            )


def _import_board(
    bracket: Bracket, shape: knockout.Bracket, raw: Mapping, new_keys: bool, creator: str
) -> None:
    refused = ValueError(words.say("bracket_bad", bracket=repr(bracket.number)))
    seeds = raw.get("seeds")
    count = len(bracket.seeds)
    key = raw.get("key")
    if not isinstance(key, str) or key not in shape.by_key:
        raise refused
    if not isinstance(seeds, list) or len(seeds) != 2:
        raise refused
    if not all(type(seed) is int and 1 <= seed <= count for seed in seeds):
        raise refused
    sides = (raw.get("winner_side"), raw.get("forfeit_side"))
    if any(side not in (None, 0, 1) for side in sides) or raw.get("table") is None:
        raise refused
    table = backup.import_table(raw["table"], new_keys=new_keys, creator=creator)
    first = table.matches.order_by("number").first()
    if first is None:
        raise refused
    board = BracketBoard.objects.create(
        bracket=bracket,
        key=raw["key"],
        table=table,
        match=first,
        first_id=bracket.entrant_of(seeds[0]),
        second_id=bracket.entrant_of(seeds[1]),
        first_seed=seeds[0],
        second_seed=seeds[1],
        winner_side=raw.get("winner_side"),
        # Files written before walkovers have none.
        forfeit_side=raw.get("forfeit_side"),
    )
    try:
        # Its side links and confirmation (a file from before they were kept has neither).
        board_from_json(board, raw, new_keys=new_keys, at=time_in)
    except BadConfirmation:
        raise refused from None
