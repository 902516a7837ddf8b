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


# What can be wrong with one seat's count at the end of a hand or a round: each game's refusal
# codes carry these values (the seat that went out is named in each game's own words).
NOT_WHOLE, NEGATIVE_PIPS, TOO_MANY_PIPS = "not_whole", "negative_pips", "too_many_pips"
HELD_BY_WHO_WENT_OUT = "held_by_who_went_out"


def count_problem(value: object, limit: int, *, went_out: bool) -> str | None:
    """What is wrong with one seat's count, if anything (one of the values above)."""
    if not is_whole(value):
        return NOT_WHOLE
    if value < 0:  # type: ignore[operator]
        return NEGATIVE_PIPS
    if went_out and value != 0:
        # The seat that went out holds nothing; a 0 for it is harmless and accepted.
        return HELD_BY_WHO_WENT_OUT
    if value > limit:  # type: ignore[operator]
        return TOO_MANY_PIPS
    return None


def seat_or_none(value: object) -> int | None:
    return value if is_whole(value) else None  # type: ignore[return-value]
