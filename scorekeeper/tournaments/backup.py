"""A whole tournament as JSON and back: its setup, entrants, rounds and every table's match.

Each board's table is kept as a table's own backup (backup.export_table) and restored through
backup.import_table, so every hand is scored again and checked as a table's backup is. The file
is restored all or nothing; anything wrong is refused naming the first problem.
"""

from collections.abc import Callable, Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction

from scorekeeper import backup
from scorekeeper.backup.fields import HOUSE_RULES_FIELDS, LATER_RULES
from scorekeeper.backup.load import (
    KEY_RE,
    TOURNAMENT_DEPTH,
    check_shape,
    flatten,
    list_of,
    mapping_of,
    time_in,
)
from scorekeeper.models import new_key
from scorekeeper.tournaments import rules as event_rules
from scorekeeper.tournaments.bracket_backup import export_brackets, import_brackets
from scorekeeper.tournaments.models import Board, Entrant, Place, Round, Tournament
from scorekeeper.tournaments.models.confirmation import (
    BadConfirmation,
    board_from_json,
    board_to_json,
)
from scorekeeper.words import backup as words

FORMAT = "scorekeeper.tournament"
FORMAT_VERSION = 1

TOURNAMENT_FIELDS = (
    "name",
    "format",
    "target",
    "time_cap",
    "forfeit_for",
    "forfeit_against",
    "bye_for",
    "bye_against",
    *HOUSE_RULES_FIELDS,
    *LATER_RULES,
)
ENTRANT_FIELDS = ("name", "partner", "checked_in", "withdrawn")

# What a tournament belongs to in an app built on this one (the clubs app: its club), kept in
# the file under the app's key: the app registers (in its ready()) how to write it and how to
# link a restored tournament again (a ValueError: it cannot be read). A link that cannot be made
# here (the clubs app: its club is not on this server) is left out, and the reader returns the
# words that tell the director so and why; None: linked. This app imports none.
type LinkWriter = Callable[[Tournament], Mapping | None]
type LinkReader = Callable[[Tournament, Any], str | None]
_LINKS: dict[str, tuple[LinkWriter, LinkReader]] = {}


def register_link(key: str, write: LinkWriter, read: LinkReader) -> None:
    _LINKS[key] = (write, read)


def export_links(tournament: Tournament) -> dict:
    return {key: found for key, (write, _read) in _LINKS.items() if (found := write(tournament))}


def import_links(tournament: Tournament, raw: Any) -> list[str]:
    """Link the restored tournament again; what could not be linked, in words for the director.
    A file written before links were kept has none; a link of an app not installed here is
    left out."""
    if raw is None:
        return []
    if not isinstance(raw, dict):
        raise ValueError(words.say("links_bad"))
    notes = []
    for key, value in raw.items():
        if key in _LINKS:
            try:
                note = _LINKS[key][1](tournament, value)
            except ValueError:
                raise ValueError(words.say("links_bad")) from None
            if note:
                notes.append(note)
    return notes


def export_tournament(tournament: Tournament) -> dict:
    """Everything about a tournament as a JSON-ready dict, in a fixed order."""
    entrants = list(tournament.entrants.order_by("pk"))
    number = {entrant.pk: index for index, entrant in enumerate(entrants, start=1)}
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "tournament": {
            "key": tournament.key,
            "watch_key": tournament.watch_key,
            **{field: getattr(tournament, field) for field in TOURNAMENT_FIELDS},
            "table_size": tournament.table_size,
            "round_count": tournament.round_count,
            "results_need": tournament.results_need,
            "created_at": tournament.created_at.isoformat(),
        },
        # Entrants are numbered from 1 in the file; the boards name them by that number.
        "entrants": [
            {"id": number[e.pk], **{field: getattr(e, field) for field in ENTRANT_FIELDS}}
            for e in entrants
        ],
        "rounds": [
            {
                "number": round.number,
                "seed": round.seed,
                "started_at": round.started_at and round.started_at.isoformat(),
                "ended_at": round.ended_at and round.ended_at.isoformat(),
                "boards": [
                    {
                        "number": board.number,
                        "kind": board.kind,
                        "present_side": board.present_side,
                        "sides": [[number[pk] for pk in side] for side in board.sides()],
                        "table": backup.export_table(board.table) if board.table else None,
                        **board_to_json(board),
                    }
                    for board in round.boards.all()
                ],
            }
            for round in tournament.drawn_rounds()
        ],
        "brackets": export_brackets(tournament, number),
        "links": export_links(tournament),
    }


def import_tournament(
    data: Any, *, new_keys: bool = False, creator: str = "", notes: list[str] | None = None
) -> Tournament:
    """Recreate an exported tournament, all or nothing (ValueError naming the first problem).

    With new_keys, a tournament (or a table) whose keys are taken comes back under new keys.
    The tournament and its tables are the creator's (see Table.objects.check_rate). What the
    file links it to that cannot be linked here is added to `notes`, in the director's words."""
    check_shape(data, TOURNAMENT_DEPTH)
    data = mapping_of(data, words.part("the_file"))
    version = data.get("version")
    if data.get("format") != FORMAT or type(version) is not int or version != FORMAT_VERSION:
        raise ValueError(
            words.say(
                "unknown_format",
                format=repr(data.get("format")),
                version=repr(version),
                expected=repr(FORMAT),
                expected_version=FORMAT_VERSION,
            )
        )
    raw = mapping_of(data.get("tournament"), words.part("the_tournament"))
    keys = [raw.get("key"), raw.get("watch_key")]
    if not all(isinstance(key, str) and KEY_RE.fullmatch(key) for key in keys):
        raise ValueError(words.say("tournament_keys_bad"))
    if keys[0] == keys[1]:
        raise ValueError(words.say("tournament_keys_same"))
    taken = Tournament.objects.filter(
        models.Q(key__in=keys) | models.Q(watch_key__in=keys)
    ).exists()
    if taken:
        if not new_keys:
            raise ValueError(words.say("tournament_key_taken"))
        keys = [new_key(), new_key()]
    try:
        with transaction.atomic():
            tournament, left_out = _import(data, raw, keys, new_keys, creator)
    except ValidationError as error:
        raise ValueError(words.say("invalid", problem=flatten(error))) from None
    except IntegrityError as error:
        raise ValueError(words.say("database_refuses", problem=error)) from None
    if notes is not None:
        notes.extend(left_out)
    return tournament


def _import(
    data: Mapping, raw: Mapping, keys: list[str], new_keys: bool, creator: str
) -> tuple[Tournament, list[str]]:
    missing = [field for field in (*TOURNAMENT_FIELDS, "created_at") if field not in raw]
    if missing:
        raise ValueError(words.say("tournament_field_missing", field=missing[0]))
    tournament = Tournament(
        key=keys[0],
        watch_key=keys[1],
        **{field: raw[field] for field in TOURNAMENT_FIELDS},
        # Kept since round games' events: an older file's tournament has the default.
        table_size=raw.get("table_size", event_rules.DEFAULT_TABLE_SIZE),
        # Files written before the number of rounds was kept have none: an open event.
        round_count=raw.get("round_count"),
        # Files written before confirmations: results need nothing, as then.
        results_need=raw.get("results_need", "nothing"),
        created_at=time_in(raw, "created_at"),
        creator=creator,
    )
    tournament.full_clean()
    tournament.save()
    entrants: dict[int, Entrant] = {}
    for item in list_of(data.get("entrants"), words.part("the_entrants")):
        item = mapping_of(item, words.part("an_entrant"))
        ident = item.get("id")
        if type(ident) is not int or ident in entrants:
            raise ValueError(words.say("entrant_numbered", id=repr(ident)))
        entrant = Entrant(
            tournament=tournament, **{field: item.get(field) for field in ENTRANT_FIELDS}
        )
        entrant.full_clean()
        entrant.save()
        entrants[ident] = entrant
    rounds = list_of(data.get("rounds"), words.part("the_rounds"))
    for expected, item in enumerate(rounds, start=1):
        item = mapping_of(item, words.part("a_round"))
        if item.get("number") != expected:
            raise ValueError(words.say("round_missing", number=expected))
        round = Round(
            tournament=tournament,
            number=expected,
            seed=item.get("seed"),
            started_at=time_in(item, "started_at", optional=True),
            ended_at=time_in(item, "ended_at", optional=True),
        )
        round.full_clean()
        round.save()
        seated: set[int] = set()
        for raw_board in list_of(item.get("boards"), words.part("the_boards")):
            _import_board(
                round,
                mapping_of(raw_board, words.part("a_board")),
                entrants,
                seated,
                new_keys,
                creator,
            )
    import_brackets(tournament, data.get("brackets"), entrants, new_keys, creator)
    return tournament, import_links(tournament, data.get("links"))


def _import_board(
    round: Round,
    raw: Mapping,
    entrants: dict[int, Entrant],
    seated: set[int],
    new_keys: bool,
    creator: str,
) -> None:
    where = {"round": round.number, "board": repr(raw.get("number"))}
    board = Board(
        round=round,
        number=raw.get("number"),
        kind=raw.get("kind"),
        present_side=raw.get("present_side"),
    )
    board.full_clean(exclude=["table", "match"])
    sides = list_of(raw.get("sides"), words.part("a_boards_sides"))
    # Two sides, or at a round game's table one side a player.
    shape = len(sides) == 2 or (len(sides) > 2 and all(len(side) == 1 for side in sides))
    if not shape or not all(isinstance(side, list) for side in sides):
        raise ValueError(words.say("board_sides", **where))
    for ident in (ident for side in sides for ident in side):
        if ident not in entrants or ident in seated:
            raise ValueError(words.say("board_seats_unknown", **{**where, "id": repr(ident)}))
        seated.add(ident)
    raw_table = raw.get("table")
    if board.kind == Board.Kind.BYE:
        if raw_table is not None or sides[1] or len(sides[0]) != 1:
            raise ValueError(words.say("bye_not_one", **where))
    elif raw_table is None:
        raise ValueError(words.say("board_no_table", **where))
    else:
        table = backup.import_table(raw_table, new_keys=new_keys, creator=creator)
        matches = list(table.matches.all())
        if len(matches) != 1:
            raise ValueError(words.say("board_not_one_match", **where))
        board.table, board.match = table, matches[0]
        by_pk = {entrant.pk: entrant for entrant in entrants.values()}
        wanted = board.seat_names(
            tuple(tuple(entrants[ident].pk for ident in side) for side in sides), by_pk
        )
        if board.match.seat_names() != wanted:
            raise ValueError(
                words.say(
                    "board_seats_differ",
                    **{
                        **where,
                        "seated": ", ".join(board.match.seat_names()),
                        "wanted": ", ".join(wanted),
                    },
                )
            )
    board.save()
    Place.objects.bulk_create(
        Place(board=board, side=index, entrant=entrants[ident])
        for index, side in enumerate(sides)
        for ident in side
    )
    try:
        board_from_json(board, raw, new_keys=new_keys, at=time_in)
    except BadConfirmation:
        raise ValueError(words.say("board_confirmation", **where)) from None
