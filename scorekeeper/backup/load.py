"""Reading a backup file: plain, bounded JSON of the right shape, and each value of the type its
field takes (ValueError naming the first that is not)."""

import json
import re
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone

from scorekeeper.backup.fields import ADDED_FIELDS, WHOLE_FIELDS, YES_NO_FIELDS
from scorekeeper.inputs import clean_text
from scorekeeper.models import KEY_PATTERN
from scorekeeper.words import backup as words

# A backup is a few levels deep (table, matches, hands, counts); anything deeper is not one.
MAX_DEPTH = 8
# A tournament's file holds its tables' backups five levels down (its rounds, a round, the
# round's boards, a board, the board's table).
TOURNAMENT_DEPTH = MAX_DEPTH + 5
# Whole numbers only: a count, a total or a seat has at most this many digits.
MAX_DIGITS = 12
KEY_RE = re.compile(KEY_PATTERN)
# No table was kept before this app was written.
EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)


class Backup(dict):
    """A backup's JSON object as load_backup read it: its shape is checked already."""


def load_backup(raw: bytes | str, max_bytes: int, max_depth: int = MAX_DEPTH) -> Backup:
    """The JSON of a backup file (ValueError for anything that is not plain, bounded JSON)."""
    if len(raw) > max_bytes:
        raise ValueError(words.file_too_large(max_bytes))
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ValueError(words.say("not_utf8")) from None
    try:
        data = json.loads(
            raw, parse_constant=_no_constant, parse_float=_no_float, parse_int=_bounded_int
        )
    except RecursionError:
        raise ValueError(words.say("too_deep")) from None
    except json.JSONDecodeError as error:
        # Where the text stops being JSON, in the page's words (what the parser expected there
        # is its own English, left out).
        raise ValueError(words.say("not_json", line=error.lineno, column=error.colno)) from None
    check_shape(data, max_depth)
    return Backup(mapping_of(data, words.part("the_file")))


def _no_constant(name: str) -> None:
    raise ValueError(words.say("not_a_number", value=name))


def _no_float(text: str) -> None:
    raise ValueError(not_whole(text))


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(words.say("number_too_large_at", value=text[:20]))
    return int(text)


def not_whole(value: str) -> str:
    return words.say("not_whole_number", value=value)


def check_shape(data: Any, max_depth: int = MAX_DEPTH) -> None:
    """Refuse deep nesting and any number that is not a whole one (bool aside), however loaded."""
    stack = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > max_depth:
            raise ValueError(words.say("too_deep"))
        if isinstance(value, float):
            raise ValueError(not_whole(repr(value)))
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**MAX_DIGITS:
            raise ValueError(words.say("number_too_large"))
        if isinstance(value, dict):
            stack.extend((item, depth + 1) for item in value.values())
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)


def normal_name(name: str, what: str, *, required: bool = False) -> str:
    """A name normalised as the app stores one typed today (older tables may hold others)."""
    clean = clean_text(name)
    if required and not clean:
        raise ValueError(words.say("name_unseen", what=what, name=repr(name)))
    return clean


def bad_token(token: Any) -> str:
    return words.say("bad_token", token=repr(token))


def check_types(raw: Mapping, where: str) -> None:
    """Whole numbers are ints (not floats or booleans) and yes/no fields are booleans."""
    for field, value in raw.items():
        if field in WHOLE_FIELDS and value is not None:
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(
                    words.say("not_whole", where=where, field=field, value=repr(value))
                )
        elif field in YES_NO_FIELDS and not isinstance(value, bool):
            raise ValueError(words.say("not_yes_no", where=where, field=field, value=repr(value)))
        elif field in SHAPED_FIELDS and not SHAPED_FIELDS[field](value):
            # A list where a mapping belongs (or the other way) would fail later, far from here,
            # as a TypeError the restore pages cannot put into words.
            raise ValueError(words.say("not_whole", where=where, field=field, value=repr(value)))


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# The stored fields that hold numbers in a list or a mapping: what each must be.
SHAPED_FIELDS = {
    "series_sides": lambda value: (
        value is None or (isinstance(value, list) and all(_whole(side) for side in value))
    ),
    "pases_corridos": lambda value: (
        isinstance(value, dict) and all(_whole(times) for times in value.values())
    ),
}


def fields_of(model: type[models.Model], raw: Mapping, names) -> dict:
    """The named fields from the file; one added since the file was written gets its default."""
    values = {}
    for name in names:
        if name not in raw and name in ADDED_FIELDS:
            values[name] = model._meta.get_field(name).get_default()
        else:
            values[name] = raw.get(name)
    return values


def within(valid: range, *values: int | None) -> bool:
    """Whether every value is None or a valid seat or side."""
    return all(value is None or value in valid for value in values)


def saved[M: models.Model](instance: M) -> M:
    """Validate the instance like a form would, then insert it."""
    # full_clean checks types, choices, lengths and constraints, so a bad file is a
    # ValidationError here rather than a crash (or a silent coercion) in the database.
    instance.full_clean()
    instance.save(force_insert=True)
    return instance


def valid[M: models.Model](instance: M) -> M:
    """Validate a row written in bulk with its parent's others, as a form would.

    Its parent is not written yet (no query to look it up), and its unique places and tokens
    are checked among its siblings by distinct (the database holds no others yet).
    """
    parents = [field.name for field in instance._meta.concrete_fields if field.is_relation]
    instance.full_clean(exclude=parents, validate_unique=False, validate_constraints=False)
    return instance


def distinct(where: str, field: str, values: list) -> None:
    """Refuse a place or token that two rows of one parent share."""
    seen = set()
    for value in values:
        if value in seen:
            raise ValueError(words.say("twice", where=where, field=field, value=repr(str(value))))
        seen.add(value)


def mapping_of(value: Any, what: str) -> Mapping:
    """The value if it is a JSON object."""
    if not isinstance(value, Mapping):
        raise ValueError(words.say("not_object", what=what))
    return value


def list_of(value: Any, what: str) -> list:
    """The value if it is a JSON list."""
    if not isinstance(value, list):
        # `what` is the list's name in the file.
        raise ValueError(words.say("not_list", field=what))
    return value


def value_of(raw: Mapping, field: str, kind: type) -> Any:
    """The field's value if it has the expected type."""
    value = raw.get(field)
    if not isinstance(value, kind):
        kinds = {
            str: words.part("kind_text"),
            bool: words.part("kind_yes_no"),
        }
        raise ValueError(words.say("not_kind", field=field, kind=kinds[kind]))
    return value


def key_of(raw: Mapping, field: str) -> str:
    """A table key that looks like one new_key() makes."""
    value = raw.get(field)
    if not isinstance(value, str) or not KEY_RE.fullmatch(value):
        raise ValueError(words.say("not_table_key", field=field))
    return value


def time_in(raw: Mapping, field: str, *, optional: bool = False) -> datetime | None:
    """An aware timestamp from ISO 8601 text."""
    value = raw.get(field)
    if value is None and optional:
        return None
    try:
        moment = datetime.fromisoformat(value_of(raw, field, str))
    except ValueError:
        raise ValueError(words.say("not_datetime", field=field, value=repr(value))) from None
    if moment.tzinfo is None:
        raise ValueError(words.say("no_time_zone", field=field, value=repr(value)))
    # Only times this app could have written: one at the ends of the calendar cannot even be
    # shown in the server's time zone.
    if not EARLIEST <= moment <= timezone.now() + timedelta(days=1):
        raise ValueError(words.say("time_out_of_range", field=field, value=repr(value)))
    return moment


# Django's refusals of a value past a model field's bounds, said in the app's words.
OWN_WORDS = {
    "max_length": "field_too_long",
    "min_value": "field_too_small",
    "max_value": "field_too_large",
}


def flatten(error: ValidationError) -> str:
    """A validation error as one line of text."""
    if hasattr(error, "error_dict"):
        return "; ".join(
            f"{field}: {' '.join(_said(one) for one in errors)}"
            for field, errors in error.error_dict.items()
        )
    return " ".join(_said(one) for one in error.error_list)


def _said(error: ValidationError) -> str:
    key, params = OWN_WORDS.get(error.code or ""), error.params or {}
    if key and {"limit_value", "show_value"} <= set(params):
        return words.say(key, **params)
    return " ".join(error.messages)
