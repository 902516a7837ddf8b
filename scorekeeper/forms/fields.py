"""Fields the forms share: whole numbers, seat and point buttons, house-rule choices, the
one-time token of a form that makes something."""

import functools
import uuid

from django import forms
from django.core.exceptions import ValidationError
from django.utils.choices import BaseChoiceIterator
from django.utils.translation import gettext_lazy as _

from scorekeeper import rules
from scorekeeper.inputs import all_digits, clean_text, typed_number, whole_number
from scorekeeper.models import (
    NAME_MAX,
)
from scorekeeper.words.explain import preset_summary
from scorekeeper.words.labels import RULE_EXPLANATIONS

# A form posted back with what was typed in it, to be shown again, neither checked nor saved: a
# count put in from a photo without the script, or the way back from the photo without it.
REFILL = "refill"


def as_typed(form: forms.Form, data) -> dict:
    """What `data` holds for each of the form's fields, as its widget reads a post: initial
    values that show a post again in a form of the same fields, with no error on it."""
    return {
        name: field.widget.value_from_datadict(data, {}, form.add_prefix(name))
        for name, field in form.fields.items()
    }


USUAL_TARGET = 0  # the target radio for "the game's usual": 200 (250, 10, 15 for scoring games)


# A target button the chosen game does not offer (a page changed by hand, or left from another
# game): refused at the buttons.
OTHER_LINE = _("Tap one of this game's targets, or type another.")


def target_choices(game) -> list[tuple[int, str]]:
    """The target's buttons for a game (a GameKind): "usual", then the lines it is played to."""
    return [(USUAL_TARGET, _("usual")), *((value, str(value)) for value in game.target_buttons)]


BONUS_CHOICES = (25, 30, 0)


MAX_TARGET = 10_000


MAX_BONUS = 500


# A whole number typed on a phone: the number keypad, no suggestions.
NUMBER_ATTRS = {"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off"}


INVISIBLE_NAME = _("Type a name with letters you can see.")
# Past the field's maxlength (a forged post, or a browser that ignores it): said as the app says
# things, not as Django's "Ensure this value has at most…" (usted in Spanish).
NAME_TOO_LONG = _("Type a name of at most %(limit_value)s characters.")


class OneTimeToken(forms.UUIDField):
    """A hidden uuid, new each time the form is drawn (its initial is called then): the form
    posted twice with it makes one thing (SentForm.made_once). A missing or garbled one is None:
    the form then works as before tokens, never refused for it."""

    widget = forms.HiddenInput

    def __init__(self, **kwargs):
        super().__init__(required=False, initial=uuid.uuid4, **kwargs)

    def to_python(self, value):
        try:
            return super().to_python(value)
        except ValidationError:
            return None


def clean_name(value: str) -> str:
    return clean_text(value)


class WholeNumberField(forms.IntegerField):
    """A whole number as a person types it: decimal digits of any script, nothing else.

    Django's IntegerField takes '1_2' as 12, '2.0' as 2 and '+3' as 3; a count is digits.
    """

    default_error_messages = {"too_big": _("That number is far too big.")}

    def to_python(self, value):
        if value in self.empty_values or (isinstance(value, str) and not value.strip()):
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        number = typed_number(value)
        if number is None and isinstance(value, str) and value.strip().startswith("-"):
            # A minus sign before digits gets the field's own "below 0" message.
            number = typed_number(value.strip()[1:])
            number = None if number is None else -number
        if number is None and isinstance(value, str) and all_digits(value):
            # A whole number all the same: too big is what is wrong with it.
            raise ValidationError(self.error_messages["too_big"], code="too_big")
        if number is None:
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return number


class PointsButtons(forms.TypedChoiceField):
    """A row of buttons for the usual numbers; a number typed beside them wins."""

    def __init__(self, **kwargs):
        super().__init__(coerce=int, required=False, widget=forms.RadioSelect, **kwargs)


class SeatButtons(forms.TypedChoiceField):
    """A button for each player, to say who did something; none chosen is None."""

    def __init__(self, label, seats: list[tuple[int, str]]):
        super().__init__(
            label=label,
            choices=seats,
            coerce=int,
            empty_value=None,
            required=False,
            widget=forms.RadioSelect,
        )


class OtherPoints(WholeNumberField):
    """The number typed beside the buttons, on a number keypad."""

    def __init__(self, *, placeholder: str, **kwargs):
        attrs = {**NUMBER_ATTRS, "placeholder": placeholder}
        super().__init__(required=False, widget=forms.TextInput(attrs), **kwargs)


class ExplainedRadioSelect(forms.RadioSelect):
    """Radio buttons for a house rule, each with what the rule means under its label."""

    def create_option(self, name, value, *args, **kwargs):
        option = super().create_option(name, value, *args, **kwargs)
        option["explanation"] = RULE_EXPLANATIONS.get(value, "")
        return option


class HouseRuleChoice(forms.ChoiceField):
    """A house rule's choices (its TextChoices) as buttons, each with what it means under it."""

    def __init__(self, label, rule, initial, required=True):
        super().__init__(
            label=label,
            choices=rule.choices,
            initial=initial,
            required=required,
            widget=ExplainedRadioSelect,
        )


class PresetRadioSelect(forms.RadioSelect):
    """The ways to play as buttons, each with its rules in one line under its name."""

    def create_option(self, name, value, *args, **kwargs):
        option = super().create_option(name, value, *args, **kwargs)
        # Every game offered says its rules in one line, a round game too.
        option["explanation"] = preset_summary(value) if value in rules.ALL_PRESETS else ""
        return option


class PresetField(forms.ChoiceField):
    """The way to play; an old key (from a stored match or an old page) means its new preset."""

    def to_python(self, value):
        value = super().to_python(value)
        return rules.LEGACY_PRESETS.get(value, value)


class BonusField(WholeNumberField):
    """A bonus a table may pay, typed on a number keypad; 0 or empty for none."""

    def __init__(self, label, placeholder="0", **kwargs):
        super().__init__(
            label=label,
            min_value=0,
            max_value=MAX_BONUS,
            required=False,
            widget=forms.TextInput({**NUMBER_ATTRS, "placeholder": placeholder}),
            error_messages={
                "invalid": _("Type a whole number, like 25."),
                "min_value": _("The bonus can't be below 0."),
                "max_value": _("The bonus can be at most %(limit_value)s."),
            },
            **kwargs,
        )


class FirstHandsField(forms.CharField):
    """The first-hands bonus as numbers for hands 1, 2, 3...: "100 75 50 25"; blank for none."""

    def __init__(self, **kwargs):
        super().__init__(label=_("First hands bonus"), max_length=40, required=False, **kwargs)

    def to_python(self, value):
        text = super().to_python(value)
        parts = [part for part in text.replace(",", " ").replace("/", " ").split() if part]
        if len(parts) > 4 or not all(part.isdigit() and int(part) <= MAX_BONUS for part in parts):
            raise ValidationError(
                _("Type up to four whole numbers for hands 1 to 4, like 100 75 50 25.")
            )
        return tuple(int(part) for part in parts)

    def prepare_value(self, value):
        if isinstance(value, (list, tuple)):
            return " ".join(str(part) for part in value)
        return value


class NameField(forms.CharField):
    """A name typed at a setup (a player's, a table's, a tournament's, a club's): one too long
    is refused in our words."""

    def __init__(self, **kwargs):
        messages = {"max_length": NAME_TOO_LONG, **kwargs.pop("error_messages", {})}
        super().__init__(error_messages=messages, **kwargs)

    def widget_attrs(self, widget) -> dict:
        # No maxlength: the browser would cut a long name short without a word ("María José
        # Fernández de la Peñ"); the name comes back whole with the refusal, to be shortened.
        attrs = super().widget_attrs(widget)
        attrs.pop("maxlength", None)
        return attrs


class PlayerField(NameField):
    """A player's name, offered the names this table has seen before."""

    def __init__(self, *, placeholder: str = "", **kwargs):
        attrs = {
            "autocomplete": "off",
            "autocapitalize": "words",
            "list": "known-players",
            "placeholder": placeholder,
        }
        super().__init__(
            max_length=NAME_MAX, required=False, widget=forms.TextInput(attrs), **kwargs
        )


class PipsField(WholeNumberField):
    """The pips a seat still held: a number keypad on phones, checked by the rules."""

    widget = forms.TextInput(attrs={"enterkeyhint": "next"})

    def __init__(self, **kwargs):
        super().__init__(
            min_value=0,
            required=False,
            error_messages={
                "invalid": _("Type a whole number of pips, like 12."),
                "min_value": _("Pips can't be below 0."),
                "too_big": _("No hand holds that many pips."),
            },
            **kwargs,
        )

    def widget_attrs(self, widget):
        attrs = super().widget_attrs(widget)
        attrs.update(NUMBER_ATTRS)
        attrs.pop("min", None)
        return attrs


def parse_out(value, seats: int) -> tuple[rules.Ending | None, int | None]:
    """The `out` parameter: 'blocked' or the number of the seat that went out."""
    if value == "blocked":
        return rules.Ending.BLOCKED, None
    seat = whole_number(value)
    if seat is not None and seat < seats:
        return rules.Ending.WENT_OUT, seat
    return None, None


class KeptChoices(BaseChoiceIterator):
    """Choices already as Django normalises them, built once: a field given them takes them as
    they are (a hand form's tile pickers, 28 or 55 tiles for each count, were normalised again,
    item by item, for every form built)."""

    def __init__(self, choices: list[tuple[str, str]]) -> None:
        self.choices = tuple(choices)

    def __iter__(self):
        return iter(self.choices)

    def __len__(self) -> int:
        return len(self.choices)


@functools.cache
def tile_choices(tile_set: rules.TileSet) -> KeptChoices:
    return KeptChoices([(f"{high}-{low}", f"{high}-{low}") for high, low in tile_set.tiles])


def parse_tile(value: str) -> rules.Tile:
    high, low = value.split("-")
    return rules.normalise((int(high), int(low)))


# --- Fields built once a process and shared by a table's hand forms -------------------------


@functools.lru_cache(maxsize=1024)
def regional_fields(
    names: tuple[str, ...], sides: tuple[str, ...], pase_corrido_limit: int
) -> dict[str, forms.Field]:
    """The regional taps' fields for a table's names, built once a process and shared by its
    hand forms (two a save: the one posted and the next hand's). No form changes them once
    built: each form's fields are its own dict, only these objects are shared."""
    seats = list(enumerate(names))
    fields: dict[str, forms.Field] = {
        "led_by": SeatButtons(_("Who led this hand?"), seats),
        "blocked_by": SeatButtons(_("Who played the tile that blocked?"), seats),
        "chuchazo": forms.BooleanField(label=_("Chuchazo"), required=False),
        "pase_de_salida": forms.BooleanField(label=_("Pase de salida"), required=False),
    }
    for side, name in enumerate(sides):
        fields[f"pase_corrido_{side}"] = WholeNumberField(
            label=name,
            widget=forms.TextInput(attrs={**NUMBER_ATTRS, "placeholder": "0"}),
            min_value=0,
            max_value=pase_corrido_limit,
            required=False,
            error_messages={
                "invalid": _("Type how many times, like 1."),
                "min_value": _("Type how many times, like 1."),
                "max_value": _("At most %(limit_value)s times in one hand."),
            },
        )
    return fields


@functools.lru_cache(maxsize=1024)
def count_fields(
    names: tuple[str, ...], tile_set: rules.TileSet, seats: tuple[int, ...]
) -> dict[str, forms.Field]:
    """Each counted seat's pips and tile picker, built once a process for a table's names and
    the seats a hand counts, shared as regional_fields are."""
    fields: dict[str, forms.Field] = {}
    for seat in seats:
        fields[f"pips_{seat}"] = PipsField(label=names[seat])
        fields[f"tiles_{seat}"] = forms.MultipleChoiceField(
            choices=tile_choices(tile_set), required=False
        )
    # The number pad's Enter says Done on the last count: that one saves the hand.
    fields[f"pips_{seats[-1]}"].widget.attrs["enterkeyhint"] = "done"
    return fields
