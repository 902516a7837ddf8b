"""Backups: a table and all its matches to JSON and back, and a match's sheet as CSV."""

import csv
import io
import re
import uuid
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scorekeeper import rules
from scorekeeper.backup_checks import (
    check_log_entry,
    check_match,
    check_scoring_match,
    check_shape,
    normal_name,
)
from scorekeeper.inputs import isolated
from scorekeeper.models import (
    KEY_PATTERN,
    REGIONAL_INPUTS,
    REGIONAL_RULES,
    EntryKind,
    Hand,
    LogEntry,
    Match,
    PlayEntry,
    Player,
    ScoreEntry,
    Seat,
    SeatCount,
    Series,
    Table,
    name_key,
    new_key,
    reason_from_json,
)
from scorekeeper.models.records import record_table
from scorekeeper.models.rules_fields import (
    HAND,
    HOUSE_RULES,
    ROUND_RULES,
    SCORING_RULES,
    Group,
    Stored,
    house_rules_fields,
)

FORMAT = "scorekeeper.table"
# Version 2 keeps a hand's points only in its entries; version 1 also had them on the hand
# ("scoring_side", "points"), which the reader checks against the entries. Version 3 adds
# the regional rules, a hand's regional taps and the series; a file without them gets the
# defaults (no regional rule, no series). Version 4 adds a hand's pooled total (the tiles
# left counted once) and the table's entry mode; an older file counted each hand. Version 5
# adds a blocked hand given per pair ("pair_pips": {"side": pips}); an older file has none.
FORMAT_VERSION = 5
READABLE_VERSIONS = (1, 2, 3, 4, 5)

KEY_RE = re.compile(KEY_PATTERN)
# No table was kept before this app was written.
EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)

# The house rules every file has (the scoring games' came later: SCORING_GAME_FIELDS; Mexican
# Train's are not kept until the setup offers it).
HOUSE_RULES_FIELDS = (
    "preset",
    *(field.field for field in HOUSE_RULES if field.group in (Group.CORE, Group.REGIONAL)),
)
# Fields a file written before they existed may lack: the model's default stands in.
ADDED_FIELDS = {
    *REGIONAL_RULES,
    *REGIONAL_INPUTS,
    "series_first_to",
    "shutout_counts_double",
    "series_sides",
    "pooled",
    "pair_pips",
    "entry_mode",
}
REGIONAL_BONUSES = {
    EntryKind.CHUCHAZO,
    EntryKind.PASE_CORRIDO,
    EntryKind.PASE_DE_SALIDA,
    EntryKind.FIRST_HANDS,
}
SERIES_FIELDS = ("number", "first_to", "shutout_counts_double", "sides")
# Scoring games (All Fives, Bergen): files written before them lack these, so they have defaults.
SCORING_GAME_FIELDS = {
    name: value
    for name, value in house_rules_fields(rules.HouseRules()).items()
    # Mexican Train's came later still: a file without them gets the defaults too.
    if name in SCORING_RULES or name in ROUND_RULES
}
# Keys that older files wrote, and what each is called now.
OLD_KEYS = {"won_hand_pays_two": "going_out_pays_two"}
MATCH_FIELDS = (
    "number",
    *HOUSE_RULES_FIELDS,
    "seat_count",
    "partnership",
    "tile_set",
    "tiles_each",
    "draws",
    "scoring",
    "series_sides",
    "totals",
    "winner_side",
    "next_leader",
    "hand_count",
    "version",
)
MATCH_TIMES = ("created_at", "updated_at", "finished_at")
HAND_FIELDS = (
    "number",
    # What the table reported (the pips are the counts; holding_doubles only when held).
    *(
        field.field
        for field in HAND
        if field.stored is not Stored.ROWS and field.group is not Group.SCORING
    ),
    "led_by",
    "winning_seat",
    "reason",
)
HAND_TIMES = ("created_at", "updated_at")


# --- Export -----------------------------------------------------------------------------------


def export_table(table: Table) -> dict:
    """Everything about a table as a JSON-ready dict, in a fixed order."""
    matches = (
        table.matches.order_by("number")
        .select_related("series")
        .prefetch_related(
            Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position")),
            Prefetch(
                "hands",
                queryset=Hand.objects.order_by("number").prefetch_related(
                    Prefetch("counts", queryset=SeatCount.objects.order_by("position")),
                    Prefetch("entries", queryset=ScoreEntry.objects.order_by("side", "kind", "id")),
                    Prefetch("plays", queryset=PlayEntry.objects.order_by("position")),
                ),
            ),
            Prefetch("log", queryset=LogEntry.objects.order_by("at", "id")),
        )
    )
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "table": {
            "key": table.key,
            "watch_key": table.watch_key,
            "name": table.name,
            **{field: getattr(table, field) for field in HOUSE_RULES_FIELDS},
            **{field: getattr(table, field) for field in SCORING_GAME_FIELDS},
            "partnership": table.partnership,
            "series_first_to": table.series_first_to,
            "shutout_counts_double": table.shutout_counts_double,
            "entry_mode": table.entry_mode,
            "created_at": _time_out(table.created_at),
            "updated_at": _time_out(table.updated_at),
        },
        "players": [player.name for player in table.players.order_by("name", "id")],
        "series": [
            {
                **{field: getattr(series, field) for field in SERIES_FIELDS},
                "created_at": _time_out(series.created_at),
            }
            for series in table.series.order_by("number")
        ],
        "matches": [_export_match(match) for match in matches],
    }


def _export_match(match: Match) -> dict:
    """One match with its seats, hands and change log."""
    return {
        **{field: getattr(match, field) for field in MATCH_FIELDS},
        **{field: getattr(match, field) for field in SCORING_GAME_FIELDS},
        # A round game's shared win (a file without it: nobody shares the win).
        **({"co_winners": match.co_winners} if match.co_winners else {}),
        **{field: _time_out(getattr(match, field)) for field in MATCH_TIMES},
        "series": match.series.number if match.series else None,
        "seats": [
            {"position": seat.position, "side": seat.side, "player": seat.player.name}
            for seat in match.seats.all()
        ],
        "hands": [_export_hand(hand) for hand in match.hands.all()],
        "log": [
            {
                "action": entry.action,
                "hand_number": entry.hand_number,
                "before": entry.before,
                "after": entry.after,
                "totals": entry.totals,
                "at": _time_out(entry.at),
            }
            for entry in match.log.all()
        ],
    }


def _export_hand(hand: Hand) -> dict:
    """One hand: what was entered, what it scored, its counts and entries."""
    return {
        **{field: getattr(hand, field) for field in HAND_FIELDS},
        "token": str(hand.token),
        **{field: _time_out(getattr(hand, field)) for field in HAND_TIMES},
        "counts": [{"position": count.position, "pips": count.pips} for count in hand.counts.all()],
        "entries": [
            {"side": entry.side, "kind": entry.kind, "points": entry.points}
            for entry in hand.entries.all()
        ],
        **({"holding_doubles": hand.holding_doubles} if hand.holding_doubles else {}),
        **(
            {"plays": [_export_play(play) for play in hand.plays.all()]} if hand.plays.all() else {}
        ),
    }


def _export_play(play: PlayEntry) -> dict:
    """One score during play, in the order it was made."""
    return {
        "position": play.position,
        "seat": play.seat,
        "points": play.points,
        "token": str(play.token),
        "created_at": _time_out(play.created_at),
    }


def _time_out(value: datetime | None) -> str | None:
    """A timestamp as ISO 8601 text (None stays None)."""
    return None if value is None else value.isoformat()


# --- Import -----------------------------------------------------------------------------------


def import_table(data: Any, *, new_keys: bool = False, creator: str = "") -> Table:
    """Recreate an exported table exactly, all or nothing (ValueError for anything wrong).

    Every hand is scored again and must match what the file stored. With new_keys, a table
    whose key or watch key is taken comes back under new keys instead of being refused.
    """
    check_shape(data)
    data = _mapping(data, pgettext("backup part", "the file"))
    version = data.get("version")
    if data.get("format") != FORMAT or type(version) is not int or version not in READABLE_VERSIONS:
        raise ValueError(
            _(
                "Unknown backup format %(format)s version %(version)s: "
                "expected %(expected)s version %(expected_version)s."
            )
            % {
                "format": repr(data.get("format")),
                "version": repr(data.get("version")),
                "expected": repr(FORMAT),
                "expected_version": FORMAT_VERSION,
            }
        )
    raw_table = _mapping(data.get("table"), pgettext("backup part", "the table"))
    key = _key(raw_table, "key")
    watch_key = _key(raw_table, "watch_key")
    if key == watch_key:
        # The read-only link would open the table with every right.
        raise ValueError(_("Invalid backup: the table's key and watch key are the same."))
    taken = Table.objects.filter(
        models.Q(key__in=[key, watch_key]) | models.Q(watch_key__in=[key, watch_key])
    )
    if taken.exists():
        if not new_keys:
            if Table.objects.filter(key=key).exists():
                raise ValueError(
                    _("A table with the key %(key)s already exists; nothing was imported.")
                    % {"key": repr(key)}
                )
            raise ValueError(_("A table with this watch key already exists; nothing was imported."))
        raw_table = {**raw_table, "key": new_key(), "watch_key": new_key()}
    try:
        with transaction.atomic():
            table = _import(data, raw_table, creator)
    except ValidationError as error:
        # Django's own messages, already in the page's language.
        raise ValueError(_("Invalid backup: %(problem)s") % {"problem": _flatten(error)}) from None
    except IntegrityError as error:
        # The database's words, behind ours.
        raise ValueError(
            _("Invalid backup: the database refuses it (%(problem)s).") % {"problem": error}
        ) from None
    return table


def _scoring_game_value(raw: Mapping, field: str, default: object) -> object:
    """A scoring game's switch from the file: under its old key in a file written before."""
    return raw.get(field, raw.get(OLD_KEYS.get(field, field), default))


def _import(data: Mapping, raw_table: Mapping, creator: str) -> Table:
    """Create the table, its players and matches (inside the caller's transaction)."""
    _check_types(raw_table, pgettext("backup part", "the table"))
    table = _saved(
        Table(
            key=raw_table["key"],
            watch_key=raw_table["watch_key"],
            creator=creator,
            name=normal_name(
                _value(raw_table, "name", str), pgettext("backup part", "the table name")
            ),
            partnership=_value(raw_table, "partnership", bool),
            **_fields(Table, raw_table, HOUSE_RULES_FIELDS),
            **_fields(Table, raw_table, ("series_first_to", "shutout_counts_double", "entry_mode")),
            **{
                field: _scoring_game_value(raw_table, field, default)
                for field, default in SCORING_GAME_FIELDS.items()
            },
            created_at=_time_in(raw_table, "created_at"),
            updated_at=_time_in(raw_table, "updated_at"),
        )
    )
    players = {}
    stored: dict[str, Player] = {}
    for name in _list(data.get("players"), "players"):
        if not isinstance(name, str) or name in players:
            raise ValueError(
                _("Invalid backup: bad or repeated player name %(name)s.") % {"name": repr(name)}
            )
        # Seats name players as the file wrote them; the table keeps them normalised.
        clean = normal_name(name, pgettext("backup part", "the player name"), required=True)
        if clean in (player.name for player in stored.values()):
            raise ValueError(
                _("Invalid backup: two players are both named %(name)s.") % {"name": repr(clean)}
            )
        # Names told apart only by case (an older table's) are one player, as the app seats them.
        if name_key(clean) not in stored:
            stored[name_key(clean)] = _saved(Player(table=table, name=clean))
        players[name] = stored[name_key(clean)]
    series = {}
    for raw_series in _list(data.get("series", []), "series"):
        raw_series = _mapping(raw_series, pgettext("backup part", "a series"))
        _check_types(raw_series, pgettext("backup part", "a series"))
        sides = raw_series.get("sides")
        if not isinstance(sides, list) or not all(
            isinstance(side, list) and all(isinstance(name, str) for name in side) for side in sides
        ):
            raise ValueError(_("Invalid backup: a series names its sides badly."))
        found = _saved(
            Series(
                table=table,
                **{field: raw_series.get(field) for field in SERIES_FIELDS},
                created_at=_time_in(raw_series, "created_at"),
            )
        )
        series[found.number] = found
    for raw_match in _list(data.get("matches"), "matches"):
        _import_match(
            table, players, series, _mapping(raw_match, pgettext("backup part", "a match"))
        )
    _check_series_wins(series)
    record_table(table)
    return table


def _fields(model: type[models.Model], raw: Mapping, names) -> dict:
    """The named fields from the file; one added since the file was written gets its default."""
    values = {}
    for name in names:
        if name not in raw and name in ADDED_FIELDS:
            values[name] = model._meta.get_field(name).get_default()
        else:
            values[name] = raw.get(name)
    return values


def _import_match(
    table: Table, players: Mapping[str, Player], series: Mapping[int, Series], raw: Mapping
) -> None:
    """Create one match, its seats, hands and log, checking they fit its rules."""
    match = _import_match_row(table, series, raw)
    game = _checked_game(match)
    _import_seats(match, game, players, raw)
    _check_series_sides(match, game)
    _import_hands(match, game, raw)
    if match.game().takes_plays:
        check_scoring_match(match)
    else:
        check_match(match)
    _import_log(match, game, raw)


def _import_match_row(table: Table, series: Mapping[int, Series], raw: Mapping) -> Match:
    """Create the match itself from the file's fields."""
    if raw.get("series") is not None and raw.get("series") not in series:
        raise ValueError(
            _("Invalid backup: match %(match)s names an unknown series.")
            % {"match": repr(raw.get("number"))}
        )
    # Translators: a place in a backup file, as in "match 2".
    _check_types(raw, _("match %(number)s") % {"number": repr(raw.get("number"))})
    match = Match(
        table=table,
        series=series.get(raw.get("series")),
        **_fields(Match, raw, MATCH_FIELDS),
        **{
            field: _scoring_game_value(raw, field, default)
            for field, default in SCORING_GAME_FIELDS.items()
        },
        **{field: _time_in(raw, field, optional=field == "finished_at") for field in MATCH_TIMES},
        co_winners=raw.get("co_winners", []),
    )
    co_winners = match.co_winners
    sides = len(match.totals) if isinstance(match.totals, list) else 0
    if not isinstance(co_winners, list) or not all(
        isinstance(side, int) and not isinstance(side, bool) and 0 <= side < sides
        for side in co_winners
    ):
        raise ValueError(
            _("Invalid backup: match %(match)s has bad totals or winner.")
            % {"match": repr(match.number)}
        )
    if not isinstance(match.totals, list) or not all(
        isinstance(total, int) for total in match.totals
    ):
        raise ValueError(
            _("Invalid backup: match %(match)s has bad totals.") % {"match": repr(match.number)}
        )
    return _saved(match)


def _checked_game(match: Match) -> rules.Game:
    """The match's rules, once its totals, winner, next leader and series fit them."""
    try:
        game = match.game()
    except (TypeError, ValueError):
        # The rules module's own words know no languages: what it checked, in ours.
        problem = _("%(seats)s seats, %(tiles)s tiles each, to %(target)s, capicú %(capicu)s") % {
            "seats": match.seat_count,
            "tiles": match.tiles_each,
            "target": match.target,
            "capicu": match.capicu_bonus,
        }
        raise ValueError(
            _("Invalid backup: match %(match)s has rules this app cannot play (%(problem)s).")
            % {"match": match.number, "problem": problem}
        ) from None
    if not (
        len(match.totals) == game.side_count
        and _within(range(game.side_count), match.winner_side)
        and _within(range(game.seats), match.next_leader)
    ):
        raise ValueError(
            _("Invalid backup: match %(match)s has bad totals or winner.") % {"match": match.number}
        )
    if match.series is not None and sorted(match.series_sides or [0]) != list(
        range(max(game.side_count, len(match.series.sides)))
    ):
        raise ValueError(
            _("Invalid backup: match %(match)s does not fit its series.") % {"match": match.number}
        )
    return game


def _check_series_sides(match: Match, game: rules.Game) -> None:
    """Each side of the match is the series side it names, with the same players (as a live
    match joins a series: Series.for_match)."""
    if match.series is None:
        return
    sides = Series.sides_of([seat.player.name for seat in match.ordered_seats()], game)
    if len(match.series.sides) != game.side_count or sides != [
        match.series.sides[side] for side in match.series_sides
    ]:
        raise ValueError(
            _("Invalid backup: match %(match)s does not fit its series.") % {"match": match.number}
        )


def _check_series_wins(series: Mapping[int, Series]) -> None:
    """No first-to series holds more finished matches than it takes to decide it: a live table
    starts a new series once one is won (a correction may decide it earlier, never later)."""
    for found in series.values():
        if found.first_to is None:
            continue
        finished = found.matches.filter(winner_side__isnull=False).count()
        most = len(found.sides) * (found.first_to - 1) + 1
        if finished > most:
            raise ValueError(
                _(
                    "Invalid backup: series %(series)s has %(finished)s matches won, and one "
                    "first to %(first_to)s between these sides is decided after %(most)s."
                )
                % {
                    "series": found.number,
                    "finished": finished,
                    "first_to": found.first_to,
                    "most": most,
                }
            )


def _import_seats(
    match: Match, game: rules.Game, players: Mapping[str, Player], raw: Mapping
) -> None:
    """Create the match's seats: one a position, each on the side its rules give it."""
    seats = []
    for raw_seat in _list(raw.get("seats"), "seats"):
        raw_seat = _mapping(raw_seat, pgettext("backup part", "a seat"))
        _check_types(raw_seat, _("match %(number)s, a seat") % {"number": match.number})
        player = players.get(raw_seat.get("player"))
        if player is None:
            raise ValueError(
                _("Invalid backup: unknown player %(name)s.")
                % {"name": repr(raw_seat.get("player"))}
            )
        seats.append(
            _valid(
                Seat(
                    match=match,
                    position=raw_seat.get("position"),
                    side=raw_seat.get("side"),
                    player=player,
                )
            )
        )
    if sorted(seat.position for seat in seats) != list(range(game.seats)) or any(
        seat.side != game.side_of(seat.position) for seat in seats
    ):
        raise ValueError(
            _("Invalid backup: match %(match)s has bad seats.") % {"match": match.number}
        )
    Seat.objects.bulk_create(seats)


class _HandRows:
    """One hand of the file, checked and not yet written, with the rows that belong to it."""

    def __init__(self, hand: Hand, counts: list, entries: list, plays: list) -> None:
        self.hand, self.counts, self.entries, self.plays = hand, counts, entries, plays


def _import_hands(match: Match, game: rules.Game, raw: Mapping) -> None:
    """Create the match's hands, each naming only seats and sides the match has (in bulk: a
    file as large as the import page takes is restored well within a request's time)."""
    seats, sides = range(game.seats), range(game.side_count)
    rows = []
    for raw_hand in _list(raw.get("hands"), "hands"):
        row = _read_hand(match, _mapping(raw_hand, pgettext("backup part", "a hand")))
        hand = row.hand
        # The sheet indexes names and sides with these: out of range would break its pages.
        if not (
            _within(seats, hand.went_out, hand.winning_seat, hand.led_by)
            and _within(seats, *(count.position for count in row.counts))
            and _within(sides, *(entry.side for entry in row.entries))
        ):
            raise ValueError(
                _("Invalid backup: match %(match)s, hand %(hand)s names a seat or side not there.")
                % {"match": match.number, "hand": hand.number}
            )
        rows.append(row)
    where = _("match %(number)s") % {"number": match.number}
    _distinct(where, "number", [row.hand.number for row in rows])
    _distinct(where, "token", [row.hand.token for row in rows])
    Hand.objects.bulk_create([row.hand for row in rows])
    for row in rows:
        # Translators: a place in a backup file, as in "match 2, hand 5".
        where = _("match %(number)s, hand %(hand)s") % {
            "number": match.number,
            "hand": row.hand.number,
        }
        _distinct(where, "position", [count.position for count in row.counts])
        _distinct(where, "position", [play.position for play in row.plays])
        _distinct(where, "token", [play.token for play in row.plays])
        for child in (*row.counts, *row.entries, *row.plays):
            child.hand = row.hand  # now saved: its id goes into the rows below
    SeatCount.objects.bulk_create([count for row in rows for count in row.counts])
    ScoreEntry.objects.bulk_create([entry for row in rows for entry in row.entries])
    PlayEntry.objects.bulk_create([play for row in rows for play in row.plays])
    for row, raw_hand in zip(rows, raw["hands"], strict=True):
        if "points" in raw_hand or "scoring_side" in raw_hand:
            where = _("match %(number)s, hand %(hand)s") % {
                "number": match.number,
                "hand": repr(row.hand.number),
            }
            _check_copy(row.hand, raw_hand, where)


def _import_log(match: Match, game: rules.Game, raw: Mapping) -> None:
    """Create the match's change log, each entry as a live save writes it."""
    entries = []
    for raw_entry in _list(raw.get("log"), "log"):
        raw_entry = _mapping(raw_entry, pgettext("backup part", "a change log entry"))
        _check_types(raw_entry, _("match %(number)s, the change log") % {"number": match.number})
        entry = LogEntry(
            match=match,
            **{
                field: raw_entry.get(field)
                for field in ("action", "hand_number", "before", "after", "totals")
            },
            at=_time_in(raw_entry, "at"),
        )
        _valid(entry)
        check_log_entry(entry, game)
        entries.append(entry)
    LogEntry.objects.bulk_create(entries)


def _read_hand(match: Match, raw: Mapping) -> _HandRows:
    """One hand with its counts, score entries and plays, checked, not yet written."""
    # Translators: a place in a backup file, as in "match 2, hand 5".
    where = _("match %(number)s, hand %(hand)s") % {
        "number": match.number,
        "hand": repr(raw.get("number")),
    }
    _check_types(raw, where)
    try:
        token = uuid.UUID(_value(raw, "token", str))
    except ValueError:
        raise ValueError(bad_token(raw.get("token"))) from None
    try:
        # A scoring game's hand still in play (or ended by the match) has no reason yet.
        if raw.get("ending") or raw.get("reason") != {}:
            reason_from_json(raw.get("reason"))
    except (AttributeError, KeyError, TypeError, ValueError):
        raise ValueError(
            _("Invalid backup: %(where)s has a bad reason.") % {"where": where}
        ) from None
    pair_pips = raw.get("pair_pips", {})
    if not isinstance(pair_pips, dict) or not set(pair_pips) <= {"0", "1"}:
        raise ValueError(
            _("Invalid backup: %(where)s: bad pair totals %(value)s.")
            % {"where": where, "value": repr(pair_pips)}
        )
    hand = _valid(
        Hand(
            match=match,
            **_fields(Hand, raw, HAND_FIELDS),
            holding_doubles=raw.get("holding_doubles", []),
            token=token,
            **{field: _time_in(raw, field) for field in HAND_TIMES},
        )
    )
    counts = []
    for raw_count in _list(raw.get("counts"), "counts"):
        raw_count = _mapping(raw_count, pgettext("backup part", "a count"))
        _check_types(raw_count, where)
        counts.append(
            _valid(
                SeatCount(hand=hand, position=raw_count.get("position"), pips=raw_count.get("pips"))
            )
        )
    entries = []
    for raw_entry in _list(raw.get("entries"), "entries"):
        raw_entry = _mapping(raw_entry, pgettext("backup part", "a score entry"))
        _check_types(raw_entry, where)
        entries.append(
            _valid(
                ScoreEntry(
                    hand=hand,
                    side=raw_entry.get("side"),
                    kind=raw_entry.get("kind"),
                    points=raw_entry.get("points"),
                )
            )
        )
    plays = []
    for raw_play in _list(raw.get("plays", []), "plays"):
        raw_play = _mapping(raw_play, pgettext("backup part", "a play"))
        _check_types(raw_play, where)
        try:
            play_token = uuid.UUID(_value(raw_play, "token", str))
        except ValueError:
            raise ValueError(bad_token(raw_play.get("token"))) from None
        plays.append(
            _valid(
                PlayEntry(
                    hand=hand,
                    **{field: raw_play.get(field) for field in ("position", "seat", "points")},
                    token=play_token,
                    created_at=_time_in(raw_play, "created_at"),
                )
            )
        )
    return _HandRows(hand, counts, entries, plays)


def _check_copy(hand: Hand, raw: Mapping, where: str) -> None:
    """A version 1 hand's copy of its side and points must be what its entries say."""
    side, points = next(iter(hand.side_points().items()), (None, 0))
    for field, value, made in (
        ("scoring_side", raw.get("scoring_side"), side),
        ("points", raw.get("points"), points),
    ):
        if value != made:
            raise ValueError(
                _(
                    "Invalid backup: %(where)s: the file has %(field)s %(value)s, "
                    "the entries make it %(made)s."
                )
                % {"where": where, "field": field, "value": repr(value), "made": repr(made)}
            )


def bad_token(token: Any) -> str:
    return _("Invalid backup: bad token %(token)s.") % {"token": repr(token)}


# Fields that hold whole numbers or yes/no: full_clean would take 2.5 as 2 and true as 1.
WHOLE_FIELDS = frozenset(
    (
        "number", "target", "capicu_bonus", "seat_count", "tile_set", "tiles_each",
        "winner_side", "next_leader", "hand_count", "version", "position", "side", "pips",
        "points", "went_out", "pooled", "led_by", "scoring_side", "winning_seat", "hand_number",
        "chuchazo_bonus", "pase_corrido_bonus", "pase_de_salida_bonus", "leader_told",
        "blocked_by", "series_first_to", "first_to", "series", "seat",
    )
)  # fmt: skip
YES_NO_FIELDS = frozenset(
    (
        "partnership", "draws", "capicu", "ties_to_leaders", "blocker_against_next",
        "pase_de_salida_on_double_only", "chuchazo", "pase_de_salida", "led_a_double",
        "shutout_counts_double", "blocked_pays_difference", "won_hand_pays_two",
        "going_out_pays_two", "doubles_lose_count",
    )
)  # fmt: skip


def _check_types(raw: Mapping, where: str) -> None:
    """Whole numbers are ints (not floats or booleans) and yes/no fields are booleans."""
    for field, value in raw.items():
        if field in WHOLE_FIELDS and value is not None:
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(
                    _("Invalid backup: %(where)s: %(field)s %(value)s is not a whole number.")
                    % {"where": where, "field": field, "value": repr(value)}
                )
        elif field in YES_NO_FIELDS and not isinstance(value, bool):
            raise ValueError(
                _("Invalid backup: %(where)s: %(field)s %(value)s is not true or false.")
                % {"where": where, "field": field, "value": repr(value)}
            )


def _within(valid: range, *values: int | None) -> bool:
    """Whether every value is None or a valid seat or side."""
    return all(value is None or value in valid for value in values)


def _saved[M: models.Model](instance: M) -> M:
    """Validate the instance like a form would, then insert it."""
    # full_clean checks types, choices, lengths and constraints, so a bad file is a
    # ValidationError here rather than a crash (or a silent coercion) in the database.
    instance.full_clean()
    instance.save(force_insert=True)
    return instance


def _valid[M: models.Model](instance: M) -> M:
    """Validate a row written in bulk with its parent's others, as _saved does one row.

    Its parent is the one just written (no query to look it up), and its unique places and
    tokens are checked among its siblings by _distinct (the database holds no others yet).
    """
    parents = [field.name for field in instance._meta.concrete_fields if field.is_relation]
    instance.full_clean(exclude=parents, validate_unique=False, validate_constraints=False)
    return instance


def _distinct(where: str, field: str, values: list) -> None:
    """Refuse a place or token that two rows of one parent share."""
    seen = set()
    for value in values:
        if value in seen:
            raise ValueError(
                _("Invalid backup: %(where)s: %(field)s %(value)s is there twice.")
                % {"where": where, "field": field, "value": repr(str(value))}
            )
        seen.add(value)


def _mapping(value: Any, what: str) -> Mapping:
    """The value if it is a JSON object."""
    if not isinstance(value, Mapping):
        raise ValueError(_("Invalid backup: %(what)s should be an object.") % {"what": what})
    return value


def _list(value: Any, what: str) -> list:
    """The value if it is a JSON list."""
    if not isinstance(value, list):
        # `what` is the list's name in the file.
        raise ValueError(_("Invalid backup: %(field)s should be a list.") % {"field": what})
    return value


def _value(raw: Mapping, field: str, kind: type) -> Any:
    """The field's value if it has the expected type."""
    value = raw.get(field)
    if not isinstance(value, kind):
        kinds = {
            str: pgettext("backup value", "text"),
            bool: pgettext("backup value", "true or false"),
        }
        raise ValueError(
            _("Invalid backup: %(field)s should be %(kind)s.")
            % {"field": field, "kind": kinds[kind]}
        )
    return value


def _key(raw: Mapping, field: str) -> str:
    """A table key that looks like one new_key() makes."""
    value = raw.get(field)
    if not isinstance(value, str) or not KEY_RE.fullmatch(value):
        raise ValueError(
            _("Invalid backup: the table's %(field)s is missing or not a table key.")
            % {"field": field}
        )
    return value


def _time_in(raw: Mapping, field: str, *, optional: bool = False) -> datetime | None:
    """An aware timestamp from ISO 8601 text."""
    value = raw.get(field)
    if value is None and optional:
        return None
    try:
        moment = datetime.fromisoformat(_value(raw, field, str))
    except ValueError:
        raise ValueError(
            _("Invalid backup: %(field)s %(value)s is not a date and time.")
            % {"field": field, "value": repr(value)}
        ) from None
    if moment.tzinfo is None:
        raise ValueError(
            _("Invalid backup: %(field)s %(value)s has no time zone.")
            % {"field": field, "value": repr(value)}
        )
    # Only times this app could have written: one at the ends of the calendar cannot even be
    # shown in the server's time zone.
    if not EARLIEST <= moment <= timezone.now() + timedelta(days=1):
        raise ValueError(
            _("Invalid backup: %(field)s %(value)s is not a time a backup holds.")
            % {"field": field, "value": repr(value)}
        )
    return moment


def _flatten(error: ValidationError) -> str:
    """A validation error as one line of text."""
    if hasattr(error, "error_dict"):
        return "; ".join(
            f"{field}: {' '.join(messages)}" for field, messages in error.message_dict.items()
        )
    return " ".join(error.messages)


# --- Spreadsheet ------------------------------------------------------------------------------


def match_csv(match: Match) -> str:
    """A match's score sheet as CSV: one row per hand with each side's points and total."""
    names = match.seat_names()
    sides = match.side_names()
    out = io.StringIO()
    writer = csv.writer(out)
    header = [_("Hand")]
    for side in sides:
        header += [
            _("%(side)s points") % {"side": _cell(side)},
            _("%(side)s total") % {"side": _cell(side)},
        ]
    header += [_("Ending"), _("Went out / winner"), _("Capicú")]
    bonuses = match.pays_regional_bonuses()
    plays = match.game().takes_plays
    extra = [*([_("Bonuses")] if bonuses else []), *([_("During play")] if plays else [])]
    writer.writerow([*header, *extra])
    for hand, totals in match.running_totals():
        points = [0] * len(sides)
        for entry in hand.entries.all():
            points[entry.side] += entry.points
        seat = hand.went_out if hand.winning_seat is None else hand.winning_seat
        row: list[object] = [hand.number]
        for side_points, total in zip(points, totals, strict=True):
            row += [side_points, total]
        winner = "" if seat is None else names[seat]
        if hand.pair_pips and hand.winning_seat is not None:
            # Given per pair: the pair won, which of its hands was lighter is not known.
            winner = sides[match.game().side_of(hand.winning_seat)]
        row += [
            hand.get_ending_display(),
            _cell(winner) if winner else "",
            _("yes") if hand.capicu else "",
        ]
        if bonuses:
            row.append(_bonus_text(hand, sides))
        if plays:
            # Each score made during play, in order: "Ann 10; Bo 15".
            row.append(
                "; ".join(
                    f"{_cell(names[play.seat])} {play.points}" for play in hand.ordered_plays()
                )
            )
        writer.writerow(row)
    return out.getvalue()


def _bonus_text(hand: Hand, sides: list[str]) -> str:
    """The hand's regional bonuses: "Chuchazo 100 (Ben & Dev); ..."."""
    return "; ".join(
        f"{EntryKind(entry.kind).label} {entry.points} ({_cell(sides[entry.side])})"
        for entry in hand.entries.all()
        if entry.kind in REGIONAL_BONUSES
    )


def _cell(text: str) -> str:
    """A name as a spreadsheet shows it: never a formula, and isolated where it could turn the
    text around it."""
    # A name typed as "=HYPERLINK(...)" must stay text when the sheet is opened in a spreadsheet,
    # and a right-to-left name must not turn " points" or " total" around (FSI ... PDI). Other
    # names stay as typed, so that a spreadsheet's filter finds them.
    quote = "'" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else ""
    return quote + isolated(text)


def download_name(table: Table, extension: str, match: Match | None = None) -> str:
    """The file name for a table's download: table-<name or key>[-match-<n>].<extension>."""
    stem = f"table-{slugify(table.name) or table.key}"
    if match is not None:
        stem += f"-match-{match.number}"
    return f"{stem}.{extension}"
