"""Rows written the lean way: the few statements an ordinary hand save makes, each built once.

Building an INSERT or UPDATE with the ORM (the compiler quoting every column, the query's
clones, `save()`'s checks, `bulk_create`'s batching and the ids it reads back) cost most of a
save's write transaction, while the statements themselves are the same on every save. These
write the same rows with the same values: each column's value is prepared by its own field
(`get_db_prep_save`, so JSON, UUIDs and datetimes are stored as the ORM stores them, on SQLite
and PostgreSQL), and each statement's text is built once for its table, columns and rows.
No signal is sent (the app has no receivers) and no id is read back unless asked for.
"""

import functools
from collections.abc import Mapping, Sequence

from django.db import connection, models


@functools.cache
def _columns(model: type[models.Model]) -> tuple[models.Field, ...]:
    """The columns a new row writes: every concrete field but the automatic id."""
    return tuple(field for field in model._meta.concrete_fields if field is not model._meta.pk)


@functools.cache
def _insert_sql(model: type[models.Model], rows: int, returning: bool) -> str:
    quote = connection.ops.quote_name
    columns = _columns(model)
    values = "(" + ", ".join(["%s"] * len(columns)) + ")"
    sql = (
        f"INSERT INTO {quote(model._meta.db_table)}"
        f" ({', '.join(quote(field.column) for field in columns)})"
        f" VALUES {', '.join([values] * rows)}"
    )
    if returning and connection.features.can_return_columns_from_insert:
        sql += f" RETURNING {quote(model._meta.pk.column)}"
    return sql


def insert_rows(objs: Sequence[models.Model], *, returning: bool = False) -> None:
    """Insert these new rows of one model in one statement; with `returning`, their ids are
    set on them (the rows one at a time, so that each id is its own row's)."""
    if not objs:
        return
    model = type(objs[0])
    columns = _columns(model)
    if returning:
        for obj in objs:
            obj.pk = _execute(_insert_sql(model, 1, True), _params(obj, columns), fetch=True)
            obj._state.adding, obj._state.db = False, connection.alias
        return
    params = [value for obj in objs for value in _params(obj, columns)]
    _execute(_insert_sql(model, len(objs), False), params)


def _params(obj: models.Model, columns: Sequence[models.Field]) -> list:
    return [field.get_db_prep_save(getattr(obj, field.attname), connection) for field in columns]


@functools.cache
def _update_sql(model: type[models.Model], names: tuple[str, ...], where: tuple[str, ...]) -> str:
    quote = connection.ops.quote_name
    fields = model._meta
    changes = ", ".join(f"{quote(fields.get_field(name).column)} = %s" for name in names)
    checks = " AND ".join(f"{quote(fields.get_field(name).column)} = %s" for name in where)
    return f"UPDATE {quote(fields.db_table)} SET {changes} WHERE {checks}"


def update_rows(model: type[models.Model], changes: Mapping, where: Mapping) -> int:
    """UPDATE the rows of `model` that match `where` (columns equal to values) with `changes`;
    returns how many rows changed."""
    names, checks = tuple(changes), tuple(where)
    params = [
        model._meta.get_field(name).get_db_prep_save(value, connection)
        for name, value in [*changes.items(), *where.items()]
    ]
    with connection.cursor() as cursor:
        cursor.execute(_update_sql(model, names, checks), params)
        return cursor.rowcount


def _execute(sql: str, params: list, *, fetch: bool = False):
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        if not fetch:
            return None
        if connection.features.can_return_columns_from_insert:
            return cursor.fetchone()[0]
        return cursor.lastrowid  # an SQLite older than 3.35
