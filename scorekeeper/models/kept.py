"""A query compiled once a database connection and run again with each call's values.

Compiling a select with its joins (a match with its table, board and series: about ninety
columns) costs the ORM three times what running it does (1.2 ms against 0.36 ms in process),
and a hand save starts with one. A KeptQuery compiles its queryset once for each connection,
with stand-in values in its filters, and afterwards binds each call's values to the same SQL and
builds the objects (select_related ones included) as the ORM's own iterable does: the same
values, the same converters, the same objects.
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.db import DEFAULT_DB_ALIAS, connections, models
from django.db.models.query import get_related_populators


@dataclass(frozen=True)
class _Compiled:
    compiler: object
    sql: str
    names: tuple[str, ...]  # which call value each parameter of the SQL is
    start: int
    end: int
    init_list: tuple[str, ...]
    populators: tuple
    fetch_mode: object
    converters: dict  # each column's converters from the database's value to Python's


class KeptQuery:
    """`build(**values)` returns the queryset; `stand_ins` are values for compiling it,
    distinct from each other and passed to the SQL unchanged."""

    def __init__(self, build: Callable[..., models.QuerySet], **stand_ins) -> None:
        self.build = build
        self.stand_ins = stand_ins

    def _compile(self, connection) -> _Compiled:
        queryset = self.build(**self.stand_ins)
        compiler = queryset.query.get_compiler(connection=connection)
        sql, params = compiler.as_sql()
        by_value = {value: name for name, value in self.stand_ins.items()}
        if set(params) != set(by_value):
            # A stand-in the SQL left out (a lookup Django found always true, such as a bound
            # beyond its field's range) would leave its filter out for every call's value too.
            raise ValueError(f"stand-ins {self.stand_ins} compiled to parameters {params}")
        select, klass_info = compiler.select, compiler.klass_info
        start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
        return _Compiled(
            compiler=compiler,
            sql=sql,
            names=tuple(by_value[param] for param in params),
            start=start,
            end=end,
            init_list=tuple(column[0].target.attname for column in select[start:end]),
            populators=tuple(
                get_related_populators(klass_info, select, connection.alias, queryset._fetch_mode)
            ),
            fetch_mode=queryset._fetch_mode,
            converters=compiler.get_converters(
                [column[0] for column in select[: compiler.col_count]]
            ),
        )

    def first(self, **values) -> models.Model | None:
        found = self.all(**values)
        return found[0] if found else None

    def all(self, **values) -> list[models.Model]:
        """The objects the queryset finds with these values, in its order."""
        # Each thread has its connection: what was compiled is kept on it, and goes with it (a
        # dictionary keyed by the connections would keep every thread's connection alive).
        connection = connections[DEFAULT_DB_ALIAS]
        compiled = connection.__dict__.setdefault("scorekeeper_kept_queries", {})
        kept = compiled.get(self)
        if kept is None:
            kept = compiled[self] = self._compile(connection)
        with connection.cursor() as cursor:
            cursor.execute(kept.sql, [values[name] for name in kept.names])
            rows = cursor.fetchall()
        if not rows:
            return []
        model = kept.compiler.query.model
        found = []
        for row in kept.compiler.apply_converters(rows, kept.converters):
            obj = model.from_db(
                connection.alias,
                kept.init_list,
                row[kept.start : kept.end],
                fetch_mode=kept.fetch_mode,
            )
            for populator in kept.populators:
                populator.populate(row, obj)
            found.append(obj)
        return found
