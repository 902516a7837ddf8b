"""How the hand form shows and reads each field of rules.Hand (models.rules_fields.HAND).

One entry a field: the form's values that show a stored hand's value of it (a correction's
initial values), and how the posted form gives it back. tests/web/match/test_hand_form.py checks
the table against HAND, so a new field of rules.Hand cannot be left out of the form.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from scorekeeper import rules
from scorekeeper.forms.fields import PipsField
from scorekeeper.forms.mexican_train import double_blank_holders
from scorekeeper.models import open_round_counts, posted_round


class HandForm(Protocol):
    """What the hand form (forms.hand.HandForm) tells its inputs as they are read."""

    game: rules.Game
    ending: rules.Ending | None
    went_out: int | None
    asks_leader: bool
    side_names: list[str]


def _nothing(game: rules.Game, hand: rules.Hand) -> dict[str, Any]:
    return {}


def _named(name: str) -> Callable[[rules.Game, rules.Hand], dict[str, Any]]:
    """A field shown by the form field of its own name."""
    return lambda game, hand: {name: getattr(hand, name)}


def _by_key(prefix: str, name: str) -> Callable[[rules.Game, rules.Hand], dict[str, Any]]:
    """A field {seat or side: number} shown by one form field a seat or side."""
    return lambda game, hand: {
        f"{prefix}_{key}": value for key, value in getattr(hand, name).items()
    }


def _holding_doubles(game: rules.Game, hand: rules.Hand) -> dict[str, Any]:
    """Bergen's switch a seat holding a double; a round game's one seat left with the double
    blank."""
    held = {f"double_{seat}": True for seat in sorted(hand.holding_doubles)}
    if not game.kind.has_target and hand.holding_doubles:
        held["double_blank"] = min(hand.holding_doubles)
    return held


def _read_holding_doubles(form: HandForm, data: Mapping) -> frozenset[int]:
    doubles = frozenset(seat for seat in range(form.game.seats) if data.get(f"double_{seat}"))
    return doubles | double_blank_holders(form, data)


def _read_pases_corridos(form: HandForm, data: Mapping) -> dict[int, int]:
    return {side: data.get(f"pase_corrido_{side}") or 0 for side in range(len(form.side_names))}


def _read_led_a_double(form: HandForm, data: Mapping) -> bool:
    # The double-only rule's tap reads "on a double lead": tapping it says so.
    return bool(data.get("pase_de_salida")) and form.game.rules.pase_de_salida_on_double_only


def _flag(name: str) -> Callable[[HandForm, Mapping], bool]:
    return lambda form, data: bool(data.get(name))


@dataclass(frozen=True)
class HandInput:
    """How the hand form shows one field of rules.Hand and reads it back."""

    # The form's values that show a stored hand's value of the field.
    initial: Callable[[rules.Game, rules.Hand], dict[str, Any]]
    # The field's value from the posted form's cleaned data; None: a count, read with the
    # others by HandForm._counts (each hand's pips, one pooled total, or each pair's).
    read: Callable[[HandForm, Mapping], Any] | None
    # A yes/no field the form shows as a switch of its own, named as the field, where `asked`
    # says the hand asks it (the other fields' form fields are the form's own: the counts,
    # the regional taps, the doubles). Its words, and the rules' refusals shown at it.
    asked: Callable[[HandForm], bool] | None = None
    label: str = ""
    refusals: tuple[rules.ErrorCode, ...] = ()


HAND_INPUTS: dict[str, HandInput] = {
    # `out` says how the hand ended and who went out; the form parses it as it is built.
    "ending": HandInput(_nothing, lambda form, data: form.ending),
    "went_out": HandInput(_nothing, lambda form, data: form.went_out),
    "pips": HandInput(_by_key("pips", "pips"), None),
    "capicu": HandInput(_named("capicu"), _flag("capicu")),
    "pooled": HandInput(_named("pooled"), None),
    "pair_pips": HandInput(_by_key("pair", "pair_pips"), None),
    "holding_doubles": HandInput(_holding_doubles, _read_holding_doubles),
    # Asked for a new hand only while the sheet does not know who leads it.
    "led_by": HandInput(
        _named("led_by"), lambda form, data: data.get("led_by") if form.asks_leader else None
    ),
    "blocked_by": HandInput(_named("blocked_by"), lambda form, data: data.get("blocked_by")),
    "chuchazo": HandInput(_named("chuchazo"), _flag("chuchazo")),
    "pases_corridos": HandInput(_by_key("pase_corrido", "pases_corridos"), _read_pases_corridos),
    "pase_de_salida": HandInput(_named("pase_de_salida"), _flag("pase_de_salida")),
    "led_a_double": HandInput(_nothing, _read_led_a_double),
    # A hand won by going out, at a table that counts keys (Jamaican's `key counts 2`).
    "key": HandInput(
        _named("key"),
        _flag("key"),
        # A key posted where none is asked is shown there too, with the rules' refusal.
        asked=lambda form: (
            (form.ending is rules.Ending.WENT_OUT and form.game.counts_keys)
            or bool(form.data.get("key"))
        ),
        label=_("Out on a key"),
        refusals=(rules.ErrorCode.KEY_NOT_COUNTED, rules.ErrorCode.KEY_ON_BLOCKED),
    ),
}


def add_switches(form) -> None:
    """The switches of the fields that have one, each where the hand asks it."""
    form.switches = [
        name for name, field in HAND_INPUTS.items() if field.asked and field.asked(form)
    ]
    for name in form.switches:
        form.fields[name] = forms.BooleanField(label=HAND_INPUTS[name].label, required=False)


def switch_error_field(code: rules.ErrorCode) -> str | None:
    """The switch a refusal of the rules is shown at, if one of them speaks for it."""
    return next((name for name, field in HAND_INPUTS.items() if code in field.refusals), None)


def initial_values(game: rules.Game, hand: rules.Hand) -> dict[str, Any]:
    """A stored hand as the form's initial values (its `out` aside)."""
    values: dict[str, Any] = {}
    for field in HAND_INPUTS.values():
        values.update(field.initial(game, hand))
    return values


def read_inputs(form: HandForm, data: Mapping) -> dict[str, Any]:
    """What the posted form says of rules.Hand's fields, the counts aside (HandForm._counts)."""
    return {name: field.read(form, data) for name, field in HAND_INPUTS.items() if field.read}


def counts_who_went_out(form: HandForm, data: Mapping) -> bool:
    """Whether `data` gives the seat that went out a count other than 0. No page draws that
    seat's count (its hand is empty), so only a page changed by hand posts one: the form then
    draws its field, to refuse it there rather than leave it unread. A 0, or nothing, says no
    more than no count, and stays unread."""
    raw = data.get(f"pips_{form.went_out}") if form.went_out is not None else None
    if raw is None or not str(raw).strip():
        return False
    try:
        return PipsField().clean(raw) != 0
    except ValidationError:
        return True  # not a count at all: its field says so


def prefill_round(form, match) -> None:
    """The round form filled with the counts the players posted from their own phones, as a
    stored round's correction is filled: each count in, and who holds the double blank."""
    posted = posted_round(open_round_counts(match))
    for name, value in initial_values(form.game, posted).items():
        if value is not None and value is not False:  # what the counts do not tell
            form.initial.setdefault(name, value)
