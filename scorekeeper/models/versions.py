"""What a kept page of a match is keyed on: its version, its table's last change and its
round's clock, read in one plain query."""

from datetime import UTC

from django.db import connection
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from scorekeeper.models.match import Match
from scorekeeper.models.table import Table


def _version_sql(where: str) -> str:
    return (
        f"SELECT m.id, m.version, t.updated_at, m.ends_at FROM {Match._meta.db_table} m"
        f" JOIN {Table._meta.db_table} t ON m.table_id = t.id WHERE {where}"
        " ORDER BY m.number DESC LIMIT 1"
    )


def page_version(*, key: str = "", number: int = 0, watch_key: str = "") -> tuple | None:
    """(id, version, the table's last change) of the match this key and number open, or of the
    newest match of the table this watch key opens: what a kept page is keyed on. One indexed
    read in plain SQL, because building it with the ORM costs more than serving the kept page."""
    if watch_key:
        sql, params = _version_sql("t.watch_key = %s"), [watch_key]
    else:
        sql, params = _version_sql("t.key = %s AND m.number = %s"), [key, number]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    return None if row is None else (*row[:3], clock_minute(row[3]))


def clock_minute(ends_at) -> int | None:
    """The whole minutes a tournament round's clock has left (-1: time is up; None: no clock):
    part of a kept page's key, so the match page shows the time left as it is now."""
    if ends_at is None:
        return None
    if isinstance(ends_at, str):
        ends_at = parse_datetime(ends_at)
    if timezone.is_naive(ends_at):
        ends_at = timezone.make_aware(ends_at, UTC)
    left = (ends_at - timezone.now()).total_seconds()
    return int(left // 60) if left > 0 else -1
