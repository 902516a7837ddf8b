"""A table and all its matches as a JSON-ready dict, in a fixed order."""

from datetime import datetime

from django.db.models import Prefetch

import scorekeeper.backup.fields as kept
from scorekeeper.models import Hand, LogEntry, Match, PlayEntry, ScoreEntry, Seat, SeatCount, Table
from scorekeeper.models.rules_fields import HAND_DEFAULTS


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
        "format": kept.FORMAT,
        "version": kept.FORMAT_VERSION,
        "table": {
            "key": table.key,
            "watch_key": table.watch_key,
            "name": table.written_name,
            **{field: getattr(table, field) for field in kept.HOUSE_RULES_FIELDS},
            **{field: getattr(table, field) for field in kept.LATER_RULES},
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
                **{field: getattr(series, field) for field in kept.SERIES_FIELDS},
                "created_at": _time_out(series.created_at),
            }
            for series in table.series.order_by("number")
        ],
        "matches": [_export_match(match) for match in matches],
    }


def _export_match(match: Match) -> dict:
    """One match with its seats, hands and change log."""
    return {
        **{field: getattr(match, field) for field in kept.MATCH_FIELDS},
        **{field: getattr(match, field) for field in kept.LATER_RULES},
        # A round game's shared win (a file without it: nobody shares the win).
        **({"co_winners": match.co_winners} if match.co_winners else {}),
        **{field: _time_out(getattr(match, field)) for field in kept.MATCH_TIMES},
        "series": match.series.number if match.series else None,
        "seats": [
            {"position": seat.position, "side": seat.side, "player": seat.player.name}
            for seat in match.seats.all()
        ],
        "hands": [_export_hand(hand) for hand in match.hands.all()],
        "log": [
            {
                **{field: getattr(entry, field) for field in kept.LOG_FIELDS},
                **{
                    field: getattr(entry, field)
                    for field in kept.LOG_SPARSE
                    if getattr(entry, field) is not None
                },
                "at": _time_out(entry.at),
            }
            for entry in match.log.all()
        ],
    }


def _export_hand(hand: Hand) -> dict:
    """One hand: what was entered, what it scored, its counts and entries."""
    return {
        **{field: getattr(hand, field) for field in kept.HAND_FIELDS},
        "token": str(hand.token),
        **{field: _time_out(getattr(hand, field)) for field in kept.HAND_TIMES},
        "counts": [{"position": count.position, "pips": count.pips} for count in hand.counts.all()],
        "entries": [
            {"side": entry.side, "kind": entry.kind, "points": entry.points}
            for entry in hand.entries.all()
        ],
        **{
            field: getattr(hand, field)
            for field in kept.HAND_SPARSE
            if getattr(hand, field) != HAND_DEFAULTS[field]
        },
        **(
            {"plays": [_export_play(play) for play in hand.plays.all()]} if hand.plays.all() else {}
        ),
    }


def _export_play(play: PlayEntry) -> dict:
    """One score during play, in the order it was made."""
    return {
        **{field: getattr(play, field) for field in kept.PLAY_FIELDS},
        "token": str(play.token),
        "created_at": _time_out(play.created_at),
    }


def _time_out(value: datetime | None) -> str | None:
    """A timestamp as ISO 8601 text (None stays None)."""
    return None if value is None else value.isoformat()
