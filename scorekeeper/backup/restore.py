"""Restoring a table from a backup: every record checked as a live save checks it, then written
in bulk, all or nothing."""

import uuid
from collections.abc import Iterator, Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction

from scorekeeper.backup.fields import (
    FORMAT,
    FORMAT_VERSION,
    HAND_FIELDS,
    HAND_SPARSE,
    HAND_TIMES,
    HOUSE_RULES_FIELDS,
    LATER_RULES,
    LOG_FIELDS,
    LOG_SPARSE,
    MATCH_FIELDS,
    MATCH_TIMES,
    OLD_KEYS,
    PLAY_FIELDS,
    READABLE_VERSIONS,
    SERIES_FIELDS,
)
from scorekeeper.backup.load import (
    Backup,
    bad_token,
    check_shape,
    check_types,
    distinct,
    fields_of,
    flatten,
    key_of,
    list_of,
    mapping_of,
    normal_name,
    saved,
    time_in,
    valid,
    value_of,
    within,
)
from scorekeeper.backup.replay import (
    HandRows,
    MatchRows,
    check_copy,
    check_log_entry,
    check_series_sides,
    check_series_wins,
    checked_game,
    replay,
)
from scorekeeper.models import (
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
    new_key,
    reason_from_json,
)
from scorekeeper.statistics.records import record_table
from scorekeeper.words import backup as words
from scorekeeper.words.names import name_key


def import_table(data: Any, *, new_keys: bool = False, creator: str = "") -> Table:
    """Recreate an exported table exactly, all or nothing (ValueError for anything wrong).

    Every hand is scored again and must match what the file stored. With new_keys, a table
    whose key or watch key is taken comes back under new keys instead of being refused.
    """
    data = _readable(data)
    raw_table = mapping_of(data.get("table"), words.part("the_table"))
    key = key_of(raw_table, "key")
    watch_key = key_of(raw_table, "watch_key")
    if key == watch_key:
        # The read-only link would open the table with every right.
        raise ValueError(words.say("table_keys_same"))
    taken = Table.objects.filter(
        models.Q(key__in=[key, watch_key]) | models.Q(watch_key__in=[key, watch_key])
    )
    if taken.exists():
        if not new_keys:
            if Table.objects.filter(key=key).exists():
                raise ValueError(words.say("table_key_taken", key=repr(key)))
            raise ValueError(words.say("watch_key_taken"))
        raw_table = {**raw_table, "key": new_key(), "watch_key": new_key()}
    try:
        with transaction.atomic():
            table = _import(data, raw_table, creator)
    except ValidationError as error:
        # Django's own messages, already in the page's language.
        raise ValueError(words.say("invalid", problem=flatten(error))) from None
    except IntegrityError as error:
        # The database's words, behind ours.
        raise ValueError(words.say("database_refuses", problem=error)) from None
    return table


def _readable(data: Any) -> Mapping:
    """The file's object, in a format and version this app reads. One that load_backup read
    has had its shape checked there; any other (a dict made in code) is checked here."""
    if not isinstance(data, Backup):
        check_shape(data)
    data = mapping_of(data, words.part("the_file"))
    version = data.get("version")
    if data.get("format") != FORMAT or type(version) is not int or version not in READABLE_VERSIONS:
        raise ValueError(
            words.say(
                "unknown_format",
                format=repr(data.get("format")),
                version=repr(data.get("version")),
                expected=repr(FORMAT),
                expected_version=FORMAT_VERSION,
            )
        )
    return data


def _later_rule(raw: Mapping, field: str, default: object) -> object:
    """A later game's house rule from the file: under its old key, or its default, in a file
    written before."""
    return raw.get(field, raw.get(OLD_KEYS.get(field, field), default))


def _import(data: Mapping, raw_table: Mapping, creator: str) -> Table:
    """Create the table, its players and matches (inside the caller's transaction)."""
    check_types(raw_table, words.part("the_table"))
    table = saved(
        Table(
            key=raw_table["key"],
            watch_key=raw_table["watch_key"],
            creator=creator,
            name=normal_name(value_of(raw_table, "name", str), words.part("the_table_name")),
            partnership=value_of(raw_table, "partnership", bool),
            **fields_of(Table, raw_table, HOUSE_RULES_FIELDS),
            **fields_of(
                Table, raw_table, ("series_first_to", "shutout_counts_double", "entry_mode")
            ),
            **{
                field: _later_rule(raw_table, field, default)
                for field, default in LATER_RULES.items()
            },
            created_at=time_in(raw_table, "created_at"),
            updated_at=time_in(raw_table, "updated_at"),
        )
    )
    players = {}
    stored: dict[str, Player] = {}
    for name in list_of(data.get("players"), "players"):
        if not isinstance(name, str) or name in players:
            raise ValueError(words.say("bad_player_name", name=repr(name)))
        # Seats name players as the file wrote them; the table keeps them normalised.
        clean = normal_name(name, words.part("the_player_name"), required=True)
        if clean in (player.name for player in stored.values()):
            raise ValueError(words.say("players_same_name", name=repr(clean)))
        # Names told apart only by case (an older table's) are one player, as the app seats them.
        if name_key(clean) not in stored:
            stored[name_key(clean)] = saved(Player(table=table, name=clean))
        players[name] = stored[name_key(clean)]
    series = {}
    for raw_series in list_of(data.get("series", []), "series"):
        raw_series = mapping_of(raw_series, words.part("a_series"))
        check_types(raw_series, words.part("a_series"))
        sides = raw_series.get("sides")
        if not isinstance(sides, list) or not all(
            isinstance(side, list) and all(isinstance(name, str) for name in side) for side in sides
        ):
            raise ValueError(words.say("series_sides"))
        found = saved(
            Series(
                table=table,
                **{field: raw_series.get(field) for field in SERIES_FIELDS},
                created_at=time_in(raw_series, "created_at"),
            )
        )
        series[found.number] = found
    matches = [
        _read_match(table, players, series, mapping_of(raw, words.part("a_match")))
        for raw in list_of(data.get("matches"), "matches")
    ]
    check_series_wins(series, [rows.match for rows in matches])
    _write(matches)
    record_table(table)
    return table


def _read_match(
    table: Table, players: Mapping[str, Player], series: Mapping[int, Series], raw: Mapping
) -> MatchRows:
    """One match with its seats, hands and log, checked against its rules, not yet written."""
    match = _match_row(table, series, raw)
    rows = MatchRows(match, checked_game(match), _seats(match, players, raw))
    if sorted(seat.position for seat in rows.seats) != list(range(rows.game.seats)) or any(
        seat.side != rows.game.side_of(seat.position) for seat in rows.seats
    ):
        raise ValueError(words.say("bad_seats", match=match.number))
    check_series_sides(rows)
    rows.hands = _hands(rows, raw)
    replay(rows)
    log = words.part("a_log_entry")
    where = words.part("match_log", number=match.number)
    for raw_entry in _records(raw.get("log"), "log", log, where):
        entry = valid(
            LogEntry(
                match=match,
                **{field: raw_entry.get(field) for field in (*LOG_FIELDS, *LOG_SPARSE)},
                at=time_in(raw_entry, "at"),
            )
        )
        check_log_entry(entry, rows.game)
        rows.log.append(entry)
    return rows


def _write(matches: list[MatchRows]) -> None:
    """Write the checked matches' rows, each kind of row for all matches in one go."""
    where = words.part("the_file")
    distinct(where, "number", [rows.match.number for rows in matches])
    Match.objects.bulk_create([rows.match for rows in matches])
    Seat.objects.bulk_create([seat for rows in matches for seat in rows.seats])
    hands = [hand for rows in matches for hand in rows.hands]
    LogEntry.objects.bulk_create([entry for rows in matches for entry in rows.log])
    Hand.objects.bulk_create([row.hand for row in hands])
    # Each child's hand is saved now: its id goes into the rows below.
    SeatCount.objects.bulk_create([count for row in hands for count in row.counts])
    ScoreEntry.objects.bulk_create([entry for row in hands for entry in row.entries])
    PlayEntry.objects.bulk_create([play for row in hands for play in row.plays])


def _records(value: Any, name: str, what: str, where: str) -> Iterator[Mapping]:
    """Each record of a list in the file: an object whose values have their fields' types."""
    for raw in list_of(value, name):
        raw = mapping_of(raw, what)
        check_types(raw, where)
        yield raw


def _match_row(table: Table, series: Mapping[int, Series], raw: Mapping) -> Match:
    """The match itself from the file's fields, checked."""
    # Translators: a place in a backup file, as in "match 2".
    check_types(raw, words.part("match", number=repr(raw.get("number"))))
    if raw.get("series") is not None and raw.get("series") not in series:
        raise ValueError(words.say("unknown_series", match=repr(raw.get("number"))))
    match = Match(
        table=table,
        series=series.get(raw.get("series")),
        **fields_of(Match, raw, MATCH_FIELDS),
        **{field: _later_rule(raw, field, default) for field, default in LATER_RULES.items()},
        **{
            field: time_in(raw, field, optional=field in ("finished_at", "ends_at"))
            for field in MATCH_TIMES
        },
        co_winners=raw.get("co_winners", []),
    )
    _check_co_winners(match)
    if not isinstance(match.totals, list) or not all(
        isinstance(total, int) for total in match.totals
    ):
        raise ValueError(words.say("bad_totals", match=repr(match.number)))
    return valid(match)


def _check_co_winners(match: Match) -> None:
    """A round game's shared win names sides the match has."""
    co_winners = match.co_winners
    sides = len(match.totals) if isinstance(match.totals, list) else 0
    if not isinstance(co_winners, list) or not all(
        isinstance(side, int) and not isinstance(side, bool) and 0 <= side < sides
        for side in co_winners
    ):
        raise ValueError(words.say("bad_totals_or_winner", match=repr(match.number)))


def _seats(match: Match, players: Mapping[str, Player], raw: Mapping) -> list[Seat]:
    """The match's seats, each naming a player of the table."""
    seats = []
    where = words.part("match_seat", number=match.number)
    for raw_seat in _records(raw.get("seats"), "seats", words.part("a_seat"), where):
        name = raw_seat.get("player")
        player = players.get(name) if isinstance(name, str) else None
        if player is None:
            raise ValueError(words.say("unknown_player", name=repr(name)))
        seats.append(
            valid(
                Seat(
                    match=match,
                    position=raw_seat.get("position"),
                    side=raw_seat.get("side"),
                    player=player,
                )
            )
        )
    return seats


def _hands(rows: MatchRows, raw: Mapping) -> list[HandRows]:
    """The match's hands, each naming only seats and sides the match has, none twice."""
    match, game = rows.match, rows.game
    seats, sides = range(game.seats), range(game.side_count)
    hands = []
    for raw_hand in list_of(raw.get("hands"), "hands"):
        raw_hand = mapping_of(raw_hand, words.part("a_hand"))
        row = _read_hand(match, raw_hand)
        hand = row.hand
        # The sheet indexes names and sides with these: out of range would break its pages.
        if not (
            within(seats, hand.went_out, hand.winning_seat, hand.led_by)
            and within(seats, *(count.position for count in row.counts))
            and within(sides, *(entry.side for entry in row.entries))
        ):
            raise ValueError(words.say("seat_not_there", match=match.number, hand=hand.number))
        distinct(row.where, "position", [count.position for count in row.counts])
        distinct(row.where, "position", [play.position for play in row.plays])
        distinct(row.where, "token", [play.token for play in row.plays])
        if "points" in raw_hand or "scoring_side" in raw_hand:
            check_copy(row, raw_hand)
        hands.append(row)
    where = words.part("match", number=match.number)
    distinct(where, "number", [row.hand.number for row in hands])
    distinct(where, "token", [row.hand.token for row in hands])
    return hands


def _read_hand(match: Match, raw: Mapping) -> HandRows:
    """One hand with its counts, score entries and plays, checked, not yet written."""
    # Translators: a place in a backup file, as in "match 2, hand 5".
    where = words.part("match_hand", number=match.number, hand=repr(raw.get("number")))
    check_types(raw, where)
    try:
        token = uuid.UUID(value_of(raw, "token", str))
    except ValueError:
        raise ValueError(bad_token(raw.get("token"))) from None
    try:
        # A scoring game's hand still in play (or ended by the match) has no reason yet.
        if raw.get("ending") or raw.get("reason") != {}:
            reason_from_json(raw.get("reason"))
    except (AttributeError, KeyError, TypeError, ValueError):
        raise ValueError(words.say("bad_reason", where=where)) from None
    pair_pips = raw.get("pair_pips", {})
    if not isinstance(pair_pips, dict) or not set(pair_pips) <= {"0", "1"}:
        raise ValueError(words.say("bad_pair_totals", where=where, value=repr(pair_pips)))
    hand = valid(
        Hand(
            match=match,
            **fields_of(Hand, raw, (*HAND_FIELDS, *HAND_SPARSE)),
            token=token,
            **{field: time_in(raw, field) for field in HAND_TIMES},
        )
    )
    counts = [
        valid(SeatCount(hand=hand, position=raw_count.get("position"), pips=raw_count.get("pips")))
        for raw_count in _records(raw.get("counts"), "counts", words.part("a_count"), where)
    ]
    entries = [
        valid(
            ScoreEntry(
                hand=hand,
                side=raw_entry.get("side"),
                kind=raw_entry.get("kind"),
                points=raw_entry.get("points"),
            )
        )
        for raw_entry in _records(raw.get("entries"), "entries", words.part("a_score_entry"), where)
    ]
    plays = [
        _play(hand, raw_play)
        for raw_play in _records(raw.get("plays", []), "plays", words.part("a_play"), where)
    ]
    return HandRows(hand, where, counts, entries, plays)


def _play(hand: Hand, raw: Mapping) -> PlayEntry:
    """One score made during the hand's play."""
    try:
        token = uuid.UUID(value_of(raw, "token", str))
    except ValueError:
        raise ValueError(bad_token(raw.get("token"))) from None
    return valid(
        PlayEntry(
            hand=hand,
            **{field: raw.get(field) for field in PLAY_FIELDS},
            token=token,
            created_at=time_in(raw, "created_at"),
        )
    )
