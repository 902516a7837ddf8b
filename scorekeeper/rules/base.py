"""What every rules module shares: whole-number checks, and a refusal that carries its reasons."""

from __future__ import annotations

from collections.abc import Iterable


class Refused(ValueError):
    """Carries every reason something was refused, in `.errors`."""

    def __init__(self, errors: Iterable) -> None:
        self.errors = tuple(errors)
        super().__init__(", ".join(str(error.code) for error in self.errors))


def is_whole(value: object) -> bool:
    # bool is an int subclass, but True pips or seat True is a slip, not a number.
    return isinstance(value, int) and not isinstance(value, bool)


def seat_or_none(value: object) -> int | None:
    return value if is_whole(value) else None  # type: ignore[return-value]
