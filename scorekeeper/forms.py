"""Forms: what a person types, checked field by field before the rules see it."""

import uuid
from collections.abc import Iterable

from django import forms
from django.conf import settings
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext_lazy

from scorekeeper import rules, scoring_games
from scorekeeper.backup_checks import load_backup
from scorekeeper.explain import rules_summary
from scorekeeper.inputs import clean_text, typed_number, whole_number
from scorekeeper.models import (
    NAME_MAX,
    REGIONAL_RULES,
    RULE_EXPLANATIONS,
    SCORING_RULES,
    BlockedRule,
    CountRule,
    EntryMode,
    Hand,
    LeadRule,
    Match,
    Preset,
    Rounding,
    Table,
    house_rules_fields,
    house_rules_of,
    name_key,
    offered_presets,
)
from scorekeeper.templatetags.bidi import isolate_text

TARGET_CHOICES = (100, 150, 200, 500)
USUAL_TARGET = 0  # the target radio for "the game's usual": 200 (250, 10, 15 for scoring games)
BONUS_CHOICES = (25, 30, 0)
MAX_TARGET = 10_000
MAX_BONUS = 500
# A series: first to this many match wins; 0 is an open series that just keeps count.
SERIES_CHOICES = (2, 3, 0)

PAIRINGS = {
    # Partners sit opposite (seats 1+3 against 2+4); a pairing reorders the names typed in
    # turn order so that the chosen partners face each other.
    "13": (0, 1, 2, 3),
    "12": (0, 2, 1, 3),
    "14": (0, 1, 3, 2),
}


# A whole number typed on a phone: the number keypad, no suggestions.
NUMBER_ATTRS = {"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off"}

INVISIBLE_NAME = _("Type a name with letters you can see.")


def clean_name(value: str) -> str:
    return clean_text(value)


class WholeNumberField(forms.IntegerField):
    """A whole number as a person types it: decimal digits of any script, nothing else.

    Django's IntegerField takes '1_2' as 12, '2.0' as 2 and '+3' as 3; a count is digits.
    """

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
        preset = rules.PRESETS.get(value)
        option["explanation"] = preset_summary(value) if preset else ""
        # The page's script fills in the game's switches when this changes.
        option["attrs"]["data-preset"] = ""
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


def preset_rules(key: str) -> rules.HouseRules:
    """The rules a preset starts from, as the setup fills them (a scoring game's own target)."""
    preset = rules.preset_named(key)
    return preset.default_rules(preset.partnership)


def preset_summary(key: str) -> str:
    """A preset's rules in one line (a scoring game's usual targets both ways)."""
    preset = rules.preset_named(key)
    return rules_summary(preset_rules(key), preset.scoring, preset.targets)


def preset_switches(key: str) -> dict:
    """The setup's switches as a preset sets them (form field names and values)."""
    preset = rules.preset_named(key)
    house = preset_rules(key)
    usual = preset.targets is not None  # a scoring game: its usual target, by seats
    listed = house.target if house.target in TARGET_CHOICES else None
    return {
        "target": USUAL_TARGET if usual else listed,
        "target_other": None if usual or house.target in TARGET_CHOICES else house.target,
        "capicu_bonus": house.capicu_bonus if house.capicu_bonus in BONUS_CHOICES else None,
        "capicu_other": None if house.capicu_bonus in BONUS_CHOICES else house.capicu_bonus,
        "count_rule": str(house.count_rule),
        "blocked_rule": str(house.blocked_rule),
        "lead_rule": str(house.lead_rule),
        "ties_to_leaders": house.ties_to_leaders,
        "blocker_against_next": house.blocker_against_next,
        "chuchazo_bonus": house.chuchazo_bonus,
        "pase_corrido_bonus": house.pase_corrido_bonus,
        "pase_de_salida_bonus": house.pase_de_salida_bonus,
        "pase_de_salida_on_double_only": house.pase_de_salida_on_double_only,
        "first_hands_bonus": house.first_hands_bonus,
        "rounding": str(house.rounding),
        "blocked_pays_difference": house.blocked_pays_difference,
        "won_hand_pays_two": house.won_hand_pays_two,
        "doubles_lose_count": house.doubles_lose_count,
    }


class PlayerField(forms.CharField):
    """A player's name, offered the names this table has seen before."""

    def __init__(self, *, placeholder: str = "", **kwargs):
        attrs = {
            "autocomplete": "off",
            "autocapitalize": "words",
            "list": "known-players",
            "data-player": "",
            "placeholder": placeholder,
        }
        super().__init__(
            max_length=NAME_MAX, required=False, widget=forms.TextInput(attrs), **kwargs
        )


def target_choice(table: Table) -> int | None:
    """The target button for a table's next match: its game's usual, a number, or None (typed)."""
    usual = rules.preset_named(table.preset).default_rules(table.partnership).target
    if table.target == usual and table.scores_during_play:
        return USUAL_TARGET
    return table.target if table.target in TARGET_CHOICES else None


class SetupForm(forms.Form):
    """A new table and its first match: players, game, target and house rules."""

    name = forms.CharField(
        label=_("Table name"),
        max_length=60,
        required=False,
        widget=forms.TextInput({"placeholder": _("Sunday in the park")}),
    )
    player_1 = PlayerField(label=_("Player 1"))
    player_2 = PlayerField(label=_("Player 2"))
    player_3 = PlayerField(label=_("Player 3"), placeholder=_("optional"))
    player_4 = PlayerField(label=_("Player 4"), placeholder=_("optional"))
    partnership = forms.BooleanField(label=_("Play as partners"), required=False, initial=True)
    pairing = forms.ChoiceField(
        label=_("Partners"),
        choices=[
            ("13", _("1 & 3 against 2 & 4")),
            ("12", _("1 & 2 against 3 & 4")),
            ("14", _("1 & 4 against 2 & 3")),
        ],
        initial="13",
        required=False,
        widget=forms.RadioSelect,
    )
    preset = PresetField(
        label=_("Game"),
        choices=offered_presets,
        initial=Preset.CARIBBEAN,
        widget=PresetRadioSelect,
    )
    # The preset the switches below were filled from: when the game changes without
    # JavaScript to refill them, the form shows the new game's switches before starting.
    rules_of = forms.CharField(widget=forms.HiddenInput, required=False, initial=Preset.CARIBBEAN)
    target = PointsButtons(
        label=_("Play to"),
        choices=[(USUAL_TARGET, _("usual")), *((value, str(value)) for value in TARGET_CHOICES)],
        initial=USUAL_TARGET,
    )
    target_other = OtherPoints(
        label=_("Other target"),
        placeholder=pgettext_lazy("another target score", "other"),
        min_value=1,
        max_value=MAX_TARGET,
        error_messages={
            "invalid": _("Type a whole number, like 200."),
            "min_value": _("The target must be at least 1."),
            "max_value": _("The target can be at most %(limit_value)s."),
        },
    )
    capicu_bonus = PointsButtons(
        label=_("Capicú bonus"),
        choices=[(value, str(value) if value else _("none")) for value in BONUS_CHOICES],
        initial=25,
    )
    capicu_other = BonusField(
        _("Other bonus"), placeholder=pgettext_lazy("another capicú bonus", "other")
    )
    count_rule = HouseRuleChoice(_("Who counts"), CountRule, CountRule.ALL_OTHER_HANDS)
    blocked_rule = HouseRuleChoice(_("Blocked hand"), BlockedRule, BlockedRule.LIGHTEST_HAND)
    # Scoring games (All Fives, Bergen)
    rounding = HouseRuleChoice(
        _("All Fives: rounding the count"), Rounding, Rounding.NEAREST_FIVE, required=False
    )
    blocked_pays_difference = forms.BooleanField(
        label=_("All Fives: a blocked hand pays the difference"), required=False
    )
    won_hand_pays_two = forms.BooleanField(label=_("Bergen: a won hand pays 2"), required=False)
    doubles_lose_count = forms.BooleanField(
        label=_("Bergen: a hand holding a double loses the count"), required=False
    )

    # Regional rules (lead, blocked additions, bonuses) and the series.
    lead_rule = HouseRuleChoice(
        _("Who leads the next hand"), LeadRule, LeadRule.WINNER_LEADS, required=False
    )
    ties_to_leaders = forms.BooleanField(label=_("Ties go to the leaders"), required=False)
    blocker_against_next = forms.BooleanField(
        label=_("Blocker against the next hand"), required=False
    )
    chuchazo_bonus = BonusField(_("Chuchazo bonus"))
    pase_corrido_bonus = BonusField(_("Pase corrido bonus"))
    pase_de_salida_bonus = BonusField(_("Pase de salida bonus"))
    pase_de_salida_on_double_only = forms.BooleanField(
        label=_("Pase de salida only when the lead was a double"), required=False
    )
    first_hands_bonus = FirstHandsField()
    series_first_to = forms.TypedChoiceField(
        label=_("Series"),
        choices=[
            (2, _("Best of three")),
            (3, _("Best of five")),
            (0, _("Open: just keep count")),
        ],
        coerce=int,
        initial=2,
        required=False,
        widget=forms.RadioSelect,
    )
    shutout_counts_double = forms.BooleanField(
        label=_("A shutout counts as two match wins"), required=False
    )

    note = ""  # a word above the form, such as why it came back
    shown_rules: rules.HouseRules | None = None  # a new match's: the table's rules so far
    player_fields = ("player_1", "player_2", "player_3", "player_4")
    switch_fields = (
        "target",
        "target_other",
        "capicu_bonus",
        "capicu_other",
        "count_rule",
        "blocked_rule",
        *REGIONAL_RULES,
    )

    @classmethod
    def for_table(cls, table: Table, last: Match | None) -> "SetupForm":
        """The next match's setup: the table's rules and the last match's seats."""
        preset = rules.LEGACY_PRESETS.get(table.preset, table.preset)
        initial = {
            "name": table.name,
            "preset": preset,
            "rules_of": preset,
            "partnership": table.partnership,
            "target": target_choice(table),
            "target_other": None if target_choice(table) is not None else table.target,
            "capicu_bonus": table.capicu_bonus if table.capicu_bonus in BONUS_CHOICES else None,
            "capicu_other": None if table.capicu_bonus in BONUS_CHOICES else table.capicu_bonus,
            "count_rule": table.count_rule,
            "blocked_rule": table.blocked_rule,
            **{name: getattr(table, name) for name in REGIONAL_RULES},
            "series_first_to": table.series_first_to or 0,
            "shutout_counts_double": table.shutout_counts_double,
            "rounding": table.rounding,
            "blocked_pays_difference": table.blocked_pays_difference,
            "won_hand_pays_two": table.won_hand_pays_two,
            "doubles_lose_count": table.doubles_lose_count,
        }
        if last is not None:
            for field, name in zip(cls.player_fields, last.seat_names(), strict=False):
                initial[field] = name
        form = cls(initial=initial)
        form.shown_rules = table.house_rules()
        return form

    def clean_name(self):
        name = clean_name(self.cleaned_data.get("name") or "")
        if not name and (self.cleaned_data.get("name") or "").strip():
            raise ValidationError(INVISIBLE_NAME)
        return name

    def players(self):
        return [self[name] for name in self.player_fields]

    def bonus_fields(self):
        names = ("chuchazo_bonus", "pase_corrido_bonus", "pase_de_salida_bonus")
        return [self[name] for name in (*names, "first_hands_bonus")]

    def preset_switches(self) -> dict:
        """Every preset's switches, for the page's script to fill in when the game changes."""
        return {
            key: {
                name: self.fields[name].prepare_value(value)
                if not isinstance(value, bool) and value is not None
                else value
                for name, value in preset_switches(key).items()
            }
            for key in rules.PRESETS
        }

    @property
    def preset_changed(self) -> bool:
        """Whether the game changed since the switches were filled (a page without JS)."""
        if not self.is_bound or "preset" in self.errors:
            return False
        shown = rules.LEGACY_PRESETS.get(self.data.get("rules_of"), self.data.get("rules_of"))
        return bool(shown) and shown != self.cleaned_data.get("preset")

    def refilled(self) -> "SetupForm":
        """This form again with the new game's switches, to check before starting."""
        data = self.data.copy()
        preset = self.cleaned_data["preset"]
        data["rules_of"] = preset
        for name, value in preset_switches(preset).items():
            data.pop(name, None)
            if value is True:
                data[name] = "on"
            elif value is not None and value is not False:
                data[name] = str(self.fields[name].prepare_value(value))
        form = SetupForm(data)
        form.note = _("These are the rules of the game you chose. Check them, then start.")
        return form

    scoring_presets = tuple(key for key, preset in rules.PRESETS.items() if preset.targets)
    block_presets = tuple(key for key, preset in rules.PRESETS.items() if not preset.targets)

    @property
    def shows_scoring_switches(self) -> bool:
        """Whether the chosen game is a scoring game (All Fives, Bergen): only then its switches."""
        chosen = self["preset"].value()
        return rules.LEGACY_PRESETS.get(chosen, chosen) in self.scoring_presets

    def rules_line(self) -> str:
        """The chosen game and its rules in one line: the summary the setup folds them under."""
        key = self["preset"].value()
        key = rules.LEGACY_PRESETS.get(key, key)
        label = dict(self.fields["preset"].choices).get(key)
        if label is None:
            return ""
        scoring = rules.preset_named(key).scoring
        if self.is_bound and not self.errors and hasattr(self, "cleaned_data"):
            return f"{label} · {rules_summary(self.house_rules(), scoring)}"
        if self.shown_rules is None:
            return f"{label} · {preset_summary(key)}"
        return f"{label} · {rules_summary(self.shown_rules, scoring)}"

    def preset_lines(self) -> dict:
        """Each game's one line, for the page's script to show when the game changes."""
        return {
            key: f"{label} · {preset_summary(key)}" for key, label in self.fields["preset"].choices
        }

    def rules_need_a_look(self) -> bool:
        """Whether the folded rules must open: a choice there has an error, or a word about it."""
        outside = {*self.player_fields, "partnership", "pairing", NON_FIELD_ERRORS}
        return bool(self.note) or any(name not in outside for name in self.errors)

    def scoring_switches(self):
        names = ("blocked_pays_difference", "won_hand_pays_two", "doubles_lose_count")
        return [self[name] for name in names]

    def clean(self):
        data = super().clean()
        if self.preset_changed:
            self.add_error(None, _("Check the rules of the game you chose, then start."))
            return data
        self._clean_points(data)
        names = [clean_name(data.get(field) or "") for field in self.player_fields]
        for field, name in zip(self.player_fields, names, strict=True):
            if not name and (data.get(field) or "").strip():
                self.add_error(field, INVISIBLE_NAME)
        typed = [name for name in names if name]
        if len(typed) < 2:
            empty = [
                field
                for field, name in zip(self.player_fields, names, strict=True)
                if not name and field not in self.errors
            ]
            for field in empty[: 2 - len(typed)]:
                self.add_error(field, _("Type a name: a game needs at least two players."))
            return data
        seen: set[str] = set()
        for field, name in zip(self.player_fields, names, strict=True):
            if name and name_key(name) in seen:
                self.add_error(field, _("Two players can't have the same name."))
            seen.add(name_key(name))
        seats = len(typed)
        preset = data.get("preset")
        if preset and seats not in rules.PRESETS[preset].seat_options:
            if rules.PRESETS[preset].partnership:
                self.add_error("preset", _("This game is for four players."))
            else:
                self.add_error("preset", _("This game is for two to four players."))
        partnership = bool(data.get("partnership")) and seats == 4
        pairing = data.get("pairing") or "13"
        order = PAIRINGS[pairing] if partnership else tuple(range(seats))
        data["seat_names"] = [typed[index] for index in order]
        data["partnership"] = partnership
        return data

    def _clean_points(self, data: dict) -> None:
        """The target and the capicú bonus: a number typed in "other" wins over the buttons
        (somebody typed it on purpose)."""
        target = data.get("target_other") or data.get("target")
        if target == USUAL_TARGET and data.get("preset") in rules.PRESETS:
            usual = rules.PRESETS[data["preset"]]
            target = usual.default_rules(
                bool(data.get("partnership")) and self._seats() == 4
            ).target
        if not target and "target_other" not in self.errors:
            self.add_error("target_other", _("Choose the score that wins the match."))
        data["target_points"] = target
        bonus = data.get("capicu_other")
        data["bonus_points"] = bonus if bonus is not None else data.get("capicu_bonus")
        if data["bonus_points"] == "":  # neither a button nor a number: nothing chosen
            data["bonus_points"] = None
        if data["bonus_points"] is None and "capicu_other" not in self.errors:
            self.add_error("capicu_other", _("Choose the capicú bonus (0 for none)."))

    def _seats(self) -> int:
        return sum(1 for field in self.player_fields if clean_name(self.data.get(field) or ""))

    def house_rules(self) -> rules.HouseRules:
        data = self.cleaned_data
        scoring_game = rules.PRESETS[data["preset"]].scoring is not rules.Scoring.BLOCK
        posted = {name: data.get(name) for name in SCORING_RULES}
        return house_rules_of(
            {
                # A switch the page did not post keeps the rules' default.
                **house_rules_fields(rules.HouseRules()),
                **{name: value for name, value in posted.items() if value not in (None, "")},
                "target": data["target_points"],
                # A scoring game pays no capicú: its play scores stand in for bonuses.
                "capicu_bonus": 0 if scoring_game else data["bonus_points"],
                "count_rule": data["count_rule"],
                "blocked_rule": data["blocked_rule"],
                **self.regional_rules(),
            }
        )

    def regional_rules(self) -> dict:
        """The regional switches as posted; a page that never showed them gets the preset's."""
        data = self.cleaned_data
        if not self.data.get("rules_of"):
            preset = rules.preset_named(data["preset"]).rules
            return {name: getattr(preset, name) for name in REGIONAL_RULES}
        chosen = {name: data.get(name) for name in REGIONAL_RULES}
        for name in ("chuchazo_bonus", "pase_corrido_bonus", "pase_de_salida_bonus"):
            chosen[name] = chosen[name] or 0
        chosen["lead_rule"] = chosen["lead_rule"] or rules.LeadRule.WINNER_LEADS
        chosen["first_hands_bonus"] = chosen["first_hands_bonus"] or ()
        if rules.preset_named(data["preset"]).scoring is not rules.Scoring.BLOCK:
            # Not offered for All Fives and Bergen: a switch posted all the same is ignored.
            off = rules.HouseRules(**chosen).without_block_switches()
            chosen = {name: getattr(off, name) for name in REGIONAL_RULES}
        return chosen

    def series_rules(self) -> rules.SeriesRules:
        data = self.cleaned_data
        first_to = data.get("series_first_to")
        return rules.SeriesRules(
            first_to=2 if first_to is None else (first_to or None),
            shutout_counts_double=bool(data.get("shutout_counts_double")),
        )

    def game(self) -> rules.Game:
        data = self.cleaned_data
        return rules.make_game(
            data["preset"],
            len(data["seat_names"]),
            partnership=data["partnership"],
            rules=self.house_rules(),
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
            },
            **kwargs,
        )

    def widget_attrs(self, widget):
        attrs = super().widget_attrs(widget)
        attrs.update(NUMBER_ATTRS)
        attrs.pop("min", None)
        return attrs


class HandForm(forms.Form):
    """One hand: who went out (or blocked), the pips left where they count, capicú."""

    out = forms.CharField(widget=forms.HiddenInput)
    number = WholeNumberField(widget=forms.HiddenInput, min_value=1)
    token = forms.UUIDField(widget=forms.HiddenInput)
    entry = forms.ChoiceField(choices=EntryMode.choices, widget=forms.HiddenInput, required=False)
    capicu = forms.BooleanField(label=_("Capicú"), required=False)

    def __init__(
        self,
        match: Match,
        *args,
        out: str | None = None,
        entry: str | None = None,
        led_by: int | str | None = "next",
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.match = match
        self.game = match.game()
        self.names = match.seat_names()
        # Who the sheet knows led this hand: by default the match's next leader (a new hand).
        self.known_leader = match.next_leader if led_by == "next" else led_by
        self.add_regional_fields()
        raw_out = self.data.get("out", out) if self.is_bound else out
        self.ending, self.went_out = parse_out(raw_out, self.game.seats)
        # A page from before the switch posts no `entry`: its counts are per hand.
        raw_entry = self.data.get("entry", EntryMode.EACH) if self.is_bound else entry
        if raw_entry not in EntryMode.values:
            raw_entry = match.table.entry_mode
        self.entry_mode = raw_entry
        self.fields["entry"].initial = raw_entry
        # One number for the hands that count, when the table pools them; a blocked hand still
        # needs what its blocked rule needs: each pair's pips together where that is enough to
        # score it (see rules.Game.counts_blocked_by_pair), else each hand's count.
        blocked = self.ending is rules.Ending.BLOCKED
        by_pair = blocked and self.game.counts_blocked_by_pair
        self.offers_total = by_pair or (
            self.ending is rules.Ending.WENT_OUT and self.game.scoring is rules.Scoring.BLOCK
        )
        totals = raw_entry == EntryMode.TOTAL
        self.pooled_entry = totals and self.offers_total and not blocked
        self.pair_entry = totals and by_pair
        # Why a blocked hand at a table that counts in totals still asks every hand.
        self.each_hand_why = each_hand_why(self.game) if totals and blocked else None
        self.needed: tuple[int, ...] = ()
        if self.ending is not None:
            self.needed = rules.needed_seats(self.game, self.ending, self.went_out)
        self.count_seats = () if self.pooled_entry or self.pair_entry else self.needed
        for seat in self.count_seats:
            self.fields[f"pips_{seat}"] = PipsField(label=self.names[seat])
            self.fields[f"tiles_{seat}"] = forms.MultipleChoiceField(
                choices=tile_choices(self.game.tile_set), required=False
            )
        if self.pooled_entry:
            self.fields["pooled"] = PipsField(label=_("Pips in the hands that count"))
            self.fields["pooled"].widget.attrs["enterkeyhint"] = "done"
        elif self.pair_entry:
            for side, name in enumerate(self.side_names):
                self.fields[f"pair_{side}"] = PipsField(label=name)
            self.fields[f"pair_{len(self.side_names) - 1}"].widget.attrs["enterkeyhint"] = "done"
        elif self.count_seats:
            # The number pad's Enter says Done on the last count: that one saves the hand.
            self.fields[f"pips_{self.count_seats[-1]}"].widget.attrs["enterkeyhint"] = "done"
        # The switch shows only when it can apply; a capicú posted anyway is refused by the rules.
        self.offers_capicu = self.ending is rules.Ending.WENT_OUT and self.game.offers_capicu
        # Bergen under `doubles lose the count`: a blocked hand asks who holds a double.
        self.asks_doubles = (
            self.ending is rules.Ending.BLOCKED
            and self.game.scoring is rules.Scoring.BERGEN
            and self.game.rules.doubles_lose_count
        )
        if self.asks_doubles:
            for seat in range(self.game.seats):
                self.fields[f"double_{seat}"] = forms.BooleanField(
                    label=self.names[seat], required=False
                )

    def double_fields(self):
        return (
            [self[f"double_{seat}"] for seat in range(self.game.seats)] if self.asks_doubles else []
        )

    @classmethod
    def for_next_hand(
        cls, match: Match, out: str | None = None, entry: str | None = None
    ) -> "HandForm":
        """A blank form for the match's next hand, with a fresh token."""
        initial = {"out": out, "number": match.hand_count + 1, "token": uuid.uuid4()}
        return cls(match, out=out, entry=entry, initial=initial)

    @classmethod
    def for_hand(
        cls, match: Match, hand: Hand, out: str | None = None, entry: str | None = None
    ) -> "HandForm":
        """A form to correct a stored hand, filled with what was entered."""
        out = out or ("blocked" if hand.blocked else str(hand.went_out))
        if entry is None:
            by_total = hand.pooled is not None or bool(hand.pair_pips)
            entry = EntryMode.TOTAL if by_total else EntryMode.EACH
        initial = {
            "out": out,
            "number": hand.number,
            "token": hand.token,
            "capicu": hand.capicu,
            "pooled": hand.pooled,
            **{f"pair_{side}": pips for side, pips in hand.pair_pips_by_side().items()},
            **{f"pips_{seat}": pips for seat, pips in hand.pips().items()},
            "led_by": hand.leader_told,
            "blocked_by": hand.blocked_by,
            "chuchazo": hand.chuchazo,
            "pase_de_salida": hand.pase_de_salida,
            **{
                f"pase_corrido_{side}": times
                for side, times in hand.pases_corridos_by_side().items()
            },
            **{f"double_{seat}": True for seat in hand.holding_doubles},
        }
        # Who the sheet knew led it; None where the table had to say.
        known = None if hand.leader_told is not None else hand.led_by
        return cls(match, out=out, entry=entry, led_by=known, initial=initial)

    def out_choices(self) -> list[tuple[str, str, bool]]:
        """Who went out, or Blocked: (value of `out`, label, whether it is chosen)."""
        seats = [(str(seat), name, self.went_out == seat) for seat, name in enumerate(self.names)]
        blocked = self.ending is rules.Ending.BLOCKED
        return [*seats, ("blocked", str(_("Blocked")), blocked)]

    def refuse(self, refused: rules.InvalidHand, *, editing: bool = False) -> None:
        """Show the rules' refusal of a hand that passed the form (the match moved on)."""
        for error in refused.errors:
            if editing and error.code == rules.ErrorCode.MATCH_OVER:
                message = _(
                    "With this change the match would end before its last hand. "
                    "Undo the later hands first."
                )
            else:
                message = hand_error_message(error, self.names, self.game)
            self.add_error(None, message)

    def add_regional_fields(self) -> None:
        """The taps the table's rules may ask for; each shows only when the rules need it."""
        game = self.game
        seats = [(seat, name) for seat, name in enumerate(self.names)]
        # Who led: asked for a new hand only while the sheet does not know who leads it.
        self.asks_leader = game.asks_leader(self.known_leader)
        self.fields["led_by"] = SeatButtons(_("Who led this hand?"), seats)
        self.fields["blocked_by"] = SeatButtons(_("Who played the tile that blocked?"), seats)
        self.fields["chuchazo"] = forms.BooleanField(label=_("Chuchazo"), required=False)
        self.fields["pase_de_salida"] = forms.BooleanField(
            label=_("Pase de salida"), required=False
        )
        sides = self.match.side_names()
        for side, name in enumerate(sides):
            self.fields[f"pase_corrido_{side}"] = WholeNumberField(
                label=name,
                widget=forms.TextInput(attrs={**NUMBER_ATTRS, "placeholder": "0"}),
                min_value=0,
                max_value=game.pase_corrido_limit,
                required=False,
                error_messages={
                    "invalid": _("Type how many times, like 1."),
                    "min_value": _("Type how many times, like 1."),
                    "max_value": _("At most %(limit_value)s times in one hand."),
                },
            )
        self.side_names = sides

    def pase_corrido_fields(self):
        return [self[f"pase_corrido_{side}"] for side in range(len(self.side_names))]

    @property
    def asks_blocker(self) -> bool:
        return self.ending is rules.Ending.BLOCKED and self.game.asks_blocker

    @property
    def offers_chuchazo(self) -> bool:
        return self.ending is rules.Ending.WENT_OUT and self.game.offers_chuchazo

    def pip_fields(self):
        return [(seat, self[f"pips_{seat}"], self[f"tiles_{seat}"]) for seat in self.count_seats]

    def pair_fields(self):
        return (
            [self[f"pair_{side}"] for side in range(len(self.side_names))]
            if self.pair_entry
            else []
        )

    def entry_choices(self) -> list[tuple[str, str, bool]]:
        """Per hand or Total: (value of `entry`, label, whether it is chosen)."""
        choices = [(value, label, value == self.entry_mode) for value, label in EntryMode.choices]
        if self.ending is rules.Ending.BLOCKED:
            # A blocked hand's totals are one per pair.
            choices = [
                (value, _("Per pair") if value == EntryMode.TOTAL else label, chosen)
                for value, label, chosen in choices
            ]
        return choices

    def clean_out(self):
        if self.ending is None:
            raise ValidationError(_("Tap who went out, or Blocked."))
        return self.data["out"]

    def clean(self):
        data = super().clean()
        if self.errors.keys() & {"number", "token", "entry"}:
            # Hidden fields only a changed or damaged page can get wrong: no field to show it at.
            self.add_error(
                None, _("This page could not be read. Reload it and enter the hand again.")
            )
        if self.ending is None or "number" in self.errors or "token" in self.errors:
            return data
        # Fields that already failed (not a number, below 0) keep their own message; the rules
        # still check the others, so every problem shows at once.
        failed = {name for name in self.errors if name.startswith("pips_")}
        if not self._count_tiles(data):
            return data
        pips = {
            seat: data[f"pips_{seat}"]
            for seat in self.count_seats
            if data.get(f"pips_{seat}") is not None
        }
        pooled = data.get("pooled") if self.pooled_entry else None
        if self.pooled_entry and pooled is None:
            if "pooled" not in self.errors:
                self.add_error("pooled", _("How many pips are left in the hands that count?"))
            return data
        pair_pips = {}
        if self.pair_entry:
            for side in range(len(self.side_names)):
                field = f"pair_{side}"
                if data.get(field) is not None:
                    pair_pips[side] = data[field]
                elif field not in self.errors:
                    self.add_error(field, _("How many pips did this pair hold together?"))
            if len(pair_pips) < len(self.side_names):
                return data
        hand = rules.Hand(
            ending=self.ending,
            went_out=self.went_out,
            pips=pips,
            capicu=bool(data.get("capicu")),
            pooled=pooled,
            pair_pips=pair_pips,
            **self.regional_inputs(data),
            holding_doubles=frozenset(
                seat for seat in range(self.game.seats) if data.get(f"double_{seat}")
            ),
        )
        for error in rules.validate_hand(self.game, hand, self.known_leader):
            self._show(error, failed)
        data["hand"] = hand
        return data

    def regional_inputs(self, data) -> dict:
        """What the regional taps say, as rules.Hand fields."""
        # The double-only rule's tap reads "on a double lead": tapping it says so.
        salida = bool(data.get("pase_de_salida"))
        return {
            "led_by": data.get("led_by") if self.asks_leader else None,
            "blocked_by": data.get("blocked_by"),
            "chuchazo": bool(data.get("chuchazo")),
            "pases_corridos": {
                side: data.get(f"pase_corrido_{side}") or 0 for side in range(len(self.side_names))
            },
            "pase_de_salida": salida,
            "led_a_double": salida and self.game.rules.pase_de_salida_on_double_only,
        }

    def _count_tiles(self, data: dict) -> bool:
        """Pips from the tiles picked where none were typed; False if the tiles are wrong."""
        tiles = {
            seat: [parse_tile(value) for value in data[f"tiles_{seat}"]]
            for seat in self.count_seats
            if data.get(f"tiles_{seat}")
        }
        if not tiles:
            return True
        try:
            counted = rules.count_tiles(self.game, tiles)
        except rules.InvalidTiles as error:
            for tile_error in error.errors:
                self.add_error(f"pips_{tile_error.seat}", tile_message(tile_error))
            return False
        for seat, pips in counted.items():
            if data.get(f"pips_{seat}") is None:
                data[f"pips_{seat}"] = pips
        return True

    def _show(self, error: rules.HandError, failed: set[str]) -> None:
        """One of the rules' refusals at its field, unless that field already says why."""
        field = REGIONAL_ERROR_FIELDS.get(error.code)
        if field == "pase_corrido":
            field = f"pase_corrido_{error.seat}" if error.seat is not None else None
        if field is not None:
            if field not in self.errors:
                self.add_error(field, hand_error_message(error, self.names, self.game))
            return
        if error.seat is not None and f"pips_{error.seat}" in self.fields:
            field = f"pips_{error.seat}"
            if field in failed:
                return
        elif error.code == rules.ErrorCode.TOTAL_TOO_MANY and failed:
            return
        elif error.code in (rules.ErrorCode.CAPICU_ON_BLOCKED, rules.ErrorCode.CAPICU_NOT_OFFERED):
            field = "capicu"
        elif self.pooled_entry and error.code in POOLED_FIELD_ERRORS:
            field = "pooled"
        elif self.pair_entry and error.code in PAIR_FIELD_ERRORS:
            side = len(self.side_names) - 1 if error.seat is None else error.seat
            field = f"pair_{side}"
        self.add_error(field, hand_error_message(error, self.names, self.game))


REGIONAL_ERROR_FIELDS = {
    rules.ErrorCode.LEADER_NEEDED: "led_by",
    rules.ErrorCode.LEADER_UNKNOWN_SEAT: "led_by",
    rules.ErrorCode.BLOCKER_NEEDED: "blocked_by",
    rules.ErrorCode.BLOCKER_UNKNOWN_SEAT: "blocked_by",
    rules.ErrorCode.BLOCKER_NOT_BLOCKED: "blocked_by",
    rules.ErrorCode.BLOCKER_NOT_ASKED: "blocked_by",
    rules.ErrorCode.CHUCHAZO_ON_BLOCKED: "chuchazo",
    rules.ErrorCode.CHUCHAZO_NOT_OFFERED: "chuchazo",
    rules.ErrorCode.PASE_CORRIDO_NOT_OFFERED: "pase_corrido",
    rules.ErrorCode.PASE_CORRIDO_UNKNOWN_SIDE: "pase_corrido",
    rules.ErrorCode.PASE_CORRIDO_NOT_WHOLE: "pase_corrido",
    rules.ErrorCode.PASE_CORRIDO_TOO_MANY: "pase_corrido",
    rules.ErrorCode.PASE_DE_SALIDA_NOT_OFFERED: "pase_de_salida",
    rules.ErrorCode.PASE_DE_SALIDA_NOT_DOUBLE: "pase_de_salida",
}


def changed_elsewhere() -> str:
    """Why a save, correction or undo was refused: the match moved on under the page."""
    return _(
        "The match changed on another phone, so nothing was changed. Check the score and try again."
    )


class PlayForm(forms.Form):
    """A score made during play: the seat that made it and the points (All Fives, Bergen)."""

    seat = forms.TypedChoiceField(
        coerce=int, widget=forms.HiddenInput, error_messages={"required": _("Tap who scored.")}
    )
    points = forms.TypedChoiceField(
        coerce=int, error_messages={"required": _("Tap the points scored.")}
    )
    number = WholeNumberField(widget=forms.HiddenInput, min_value=1)
    token = forms.UUIDField(widget=forms.HiddenInput)

    def __init__(self, match: Match, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.match = match
        self.game = match.game()
        self.names = match.seat_names()
        self.fields["seat"].choices = [(seat, name) for seat, name in enumerate(self.names)]
        self.fields["points"].choices = [
            (points, str(points)) for points in scoring_games.play_amounts(self.game)
        ]
        invalid = _("Tap one of the scores shown.")
        self.fields["points"].error_messages["invalid_choice"] = invalid
        self.fields["seat"].error_messages["invalid_choice"] = _("Tap who scored.")

    @classmethod
    def for_next_play(cls, match: Match, seat: str | None = None) -> "PlayForm | None":
        """The play strip of a scoring game, a seat perhaps tapped (None in a block game)."""
        if not match.scores_during_play:
            return None
        initial = {"seat": seat, "number": match.hand_count + 1, "token": uuid.uuid4()}
        return cls(match, initial=initial)

    def refuse(self, refused: rules.InvalidHand) -> None:
        """Show the rules' refusal of a score that passed the form (the match moved on)."""
        for error in refused.errors:
            self.add_error(None, hand_error_message(error, self.names, self.game))

    def chosen_seat(self) -> int | None:
        """The seat tapped first, so the strip can offer its amounts."""
        seat = whole_number(str(self["seat"].value()))
        return seat if seat is not None and seat < self.game.seats else None

    def amounts(self) -> list[tuple[int, str]]:
        """The amount buttons: 5, 10 ... in All Fives; the two headers in Bergen."""
        if self.game.scoring is rules.Scoring.BERGEN:
            return [
                (scoring_games.Header.DOUBLE, _("Double-header +2")),
                (scoring_games.Header.TRIPLE, _("Triple-header +3")),
            ]
        return [(points, f"+{points}") for points in scoring_games.play_amounts(self.game)]

    def clean(self):
        data = super().clean()
        if "seat" in data and "points" in data:
            play = scoring_games.Play(data["seat"], data["points"])
            for error in scoring_games.validate_play(self.game, play):
                self.add_error(None, hand_error_message(error, self.names, self.game))
            data["play"] = play
        return data


def parse_out(value, seats: int) -> tuple[rules.Ending | None, int | None]:
    """The `out` parameter: 'blocked' or the number of the seat that went out."""
    if value == "blocked":
        return rules.Ending.BLOCKED, None
    seat = whole_number(value)
    if seat is not None and seat < seats:
        return rules.Ending.WENT_OUT, seat
    return None, None


def tile_choices(tile_set: rules.TileSet) -> list[tuple[str, str]]:
    return [(f"{high}-{low}", f"{high}-{low}") for high, low in tile_set.tiles]


def parse_tile(value: str) -> rules.Tile:
    high, low = value.split("-")
    return rules.normalise((int(high), int(low)))


def tile_message(error: rules.TileError) -> str:
    high, low = error.tile
    if error.code == rules.TileErrorCode.CLAIMED_TWICE:
        return _("The %(high)s-%(low)s is in two hands: a tile can only be in one.") % {
            "high": high,
            "low": low,
        }
    return _("The %(high)s-%(low)s is not in this set.") % {"high": high, "low": low}


# The rules' refusals of a pair's pips together, shown at that pair's field (a total too large
# at the last one).
PAIR_FIELD_ERRORS = (
    rules.ErrorCode.PAIR_NOT_WHOLE,
    rules.ErrorCode.PAIR_NEGATIVE,
    rules.ErrorCode.PAIR_TOO_MANY,
    rules.ErrorCode.PAIR_MISSING,
    rules.ErrorCode.TOTAL_TOO_MANY,
)


def each_hand_why(game: rules.Game) -> str | None:
    """One short line: why a blocked hand asks every hand at a table that counts in totals."""
    house = game.rules
    if not game.partnership or game.scoring is not rules.Scoring.BLOCK:
        return None
    if house.blocked_rule is rules.BlockedRule.LIGHTEST_HAND:
        return _("Blocked: the lightest hand wins, so each hand counts.")
    if house.blocker_against_next or house.ties_to_leaders:
        return _("Blocked: your rules compare single hands, so each hand counts.")
    if house.count_rule is rules.CountRule.ALL_OTHER_HANDS:
        return _("Blocked: the winner's own hand is left out of the count, so each hand counts.")
    if house.lead_rule is rules.LeadRule.WINNER_LEADS:
        return _("Blocked: the lightest hand leads next, so each hand counts.")
    return None


# The rules' refusals of a pooled count, shown at its one field.
POOLED_FIELD_ERRORS = (
    rules.ErrorCode.NOT_WHOLE,
    rules.ErrorCode.NEGATIVE_PIPS,
    rules.ErrorCode.POOLED_TOO_MANY,
    rules.ErrorCode.POOLED_WITH_PIPS,
)

# Scoring games (All Fives, Bergen): refusals of a score during play or of a Bergen end.
SCORING_GAME_MESSAGES = {
    rules.ErrorCode.PLAY_NOT_FIVES: _("A score during play is a multiple of five."),
    rules.ErrorCode.PLAY_OUT_OF_RANGE: _("A score during play is from 5 to %(limit)s."),
    rules.ErrorCode.PLAY_NOT_HEADER: _("Tap a double-header or a triple-header."),
    rules.ErrorCode.NO_PLAY_SCORES: _("This game scores only at the end of a hand."),
    rules.ErrorCode.DOUBLES_NOT_ASKED: _("This table does not ask who holds a double."),
}


# The rules' refusals that read the same for any hand (a limit, where there is one, is filled in).
HAND_MESSAGES = {
    rules.ErrorCode.POOLED_TOO_MANY: _(
        "The hands that count can hold at most %(limit)s pips together."
    ),
    rules.ErrorCode.POOLED_ON_BLOCKED: _("A blocked hand needs the pips of each hand."),
    rules.ErrorCode.POOLED_WITH_PIPS: _("Give the pips per hand or as one total, not both."),
    rules.ErrorCode.NOT_WHOLE: _("Type a whole number of pips, like 12."),
    rules.ErrorCode.PAIRS_NOT_OFFERED: _("This table's blocked rule needs the pips of each hand."),
    rules.ErrorCode.PAIRS_NOT_BLOCKED: _("Only a blocked hand is given per pair."),
    rules.ErrorCode.PAIRS_WITH_PIPS: _("Give the pips per hand or per pair, not both."),
    rules.ErrorCode.PAIR_UNKNOWN_SIDE: _("A partnership table has two pairs."),
    rules.ErrorCode.PAIR_MISSING: _("How many pips did this pair hold together?"),
    rules.ErrorCode.PAIR_NOT_WHOLE: _("Type a whole number of pips, like 12."),
    rules.ErrorCode.PAIR_NEGATIVE: _("Pips can't be below 0."),
    rules.ErrorCode.PAIR_TOO_MANY: _("Two hands can hold at most %(limit)s pips together."),
    rules.ErrorCode.NEGATIVE_PIPS: _("Pips can't be below 0."),
    rules.ErrorCode.TOTAL_TOO_MANY: _(
        "Together the hands hold more pips than the whole set (%(limit)s)."
    ),
    rules.ErrorCode.CAPICU_ON_BLOCKED: _("A blocked hand can't be a capicú."),
    rules.ErrorCode.CAPICU_NOT_OFFERED: _("This table plays without a capicú bonus."),
    rules.ErrorCode.MATCH_OVER: _("This match is over. Start a rematch to play on."),
    **SCORING_GAME_MESSAGES,
}
# The refusals about one player's hand, which name that player.
PLAYER_MESSAGES = {
    rules.ErrorCode.MISSING_PIPS: _("How many pips did %(name)s have left?"),
    rules.ErrorCode.PIPS_FOR_WINNER: _("%(name)s went out and holds no tiles."),
}


def hand_error_message(error: rules.HandError, names: list[str], game: rules.Game) -> str:
    """A plain sentence for one of the rules module's refusals."""
    code = error.code
    if code in PLAYER_MESSAGES:
        return PLAYER_MESSAGES[code] % {"name": seat_name(error.seat, names)}
    if code == rules.ErrorCode.TOO_MANY_PIPS:
        return too_many_pips_message(error.limit, game)
    if code in HAND_MESSAGES:
        return HAND_MESSAGES[code] % {"limit": error.limit}
    regional = regional_error_message(error)
    if regional is not None:
        return regional
    # NO_WINNER, UNKNOWN_SEAT, and anything the form could not place.
    return _("Tap who went out, or Blocked.")


def seat_name(seat: int | None, names: list[str]) -> str:
    """The name at a seat the rules point to, or "" where it points nowhere."""
    return names[seat] if seat is not None and seat < len(names) else ""


def too_many_pips_message(limit: int | None, game: rules.Game) -> str:
    """One hand holds more than it can: a drawing game's hand has no fixed number of tiles."""
    if game.draws:
        return _("No hand can hold more than %(limit)s pips.") % {"limit": limit}
    return ngettext(
        "No hand of %(tiles)s tile can hold more than %(limit)s pips.",
        "No hand of %(tiles)s tiles can hold more than %(limit)s pips.",
        game.tiles_each,
    ) % {"tiles": game.tiles_each, "limit": limit}


class ImportForm(forms.Form):
    """A JSON backup to restore as a table."""

    backup = forms.FileField(
        label=_("Backup file (JSON)"),
        error_messages={"required": _("Choose the backup file to restore.")},
    )

    def clean_backup(self):
        upload = self.cleaned_data["backup"]
        if upload.size > settings.IMPORT_MAX_BYTES:
            raise ValidationError(too_large_message())
        try:
            return load_backup(upload.read(), settings.IMPORT_MAX_BYTES)
        except ValueError as problem:
            # What is wrong, so that it can be found in the file.
            raise ValidationError(
                _("This is not a backup file from this app. %(problem)s") % {"problem": problem}
            ) from None


def too_large_message() -> str:
    megabytes = max(1, settings.IMPORT_MAX_BYTES // 1_000_000)
    return ngettext(
        "This file is too large for a backup (the limit is %(limit)s MB).",
        "This file is too large for a backup (the limit is %(limit)s MB).",
        megabytes,
    ) % {"limit": megabytes}


# The regional rules' refusals in plain words (a pase corrido's limit is filled in).
REGIONAL_MESSAGES = {
    rules.ErrorCode.LEADER_NEEDED: _("Who led this hand? The table's rules need it."),
    rules.ErrorCode.LEADER_UNKNOWN_SEAT: _("Tap who led this hand."),
    rules.ErrorCode.BLOCKER_NEEDED: _("Tap who played the tile that blocked."),
    rules.ErrorCode.BLOCKER_UNKNOWN_SEAT: _("Tap who played the tile that blocked."),
    rules.ErrorCode.BLOCKER_NOT_BLOCKED: _("Only a blocked hand has a blocker."),
    rules.ErrorCode.BLOCKER_NOT_ASKED: _("This table does not play blocker against the next hand."),
    rules.ErrorCode.CHUCHAZO_ON_BLOCKED: _("A blocked hand can't be a chuchazo."),
    rules.ErrorCode.CHUCHAZO_NOT_OFFERED: _("This table plays without a chuchazo bonus."),
    rules.ErrorCode.PASE_CORRIDO_NOT_OFFERED: _("This table plays without a pase corrido bonus."),
    rules.ErrorCode.PASE_CORRIDO_UNKNOWN_SIDE: _("Type how many times, like 1."),
    rules.ErrorCode.PASE_CORRIDO_NOT_WHOLE: _("Type how many times, like 1."),
    rules.ErrorCode.PASE_CORRIDO_TOO_MANY: _("At most %(limit)s times in one hand."),
    rules.ErrorCode.PASE_DE_SALIDA_NOT_OFFERED: _(
        "This table plays without a pase de salida bonus."
    ),
    rules.ErrorCode.PASE_DE_SALIDA_NOT_DOUBLE: _(
        "This table pays the pase de salida only when the lead was a double."
    ),
}


def regional_error_message(error: rules.HandError) -> str | None:
    """A plain sentence for a refusal of the regional rules (None for any other)."""
    message = REGIONAL_MESSAGES.get(error.code)
    if message is None:
        return None
    if error.code is rules.ErrorCode.PASE_CORRIDO_TOO_MANY:
        return str(message) % {"limit": error.limit}
    return str(message)


def who_choices(players, pairs) -> list[tuple[str, str]]:
    """Players, then pairs of partners, as the statistics filters name them.

    An <option> holds no <bdi>: each name sits between isolates of its own instead.
    """
    return [(str(player.pk), isolate_text(player.name)) for player in players] + [
        (pair.who, isolate_text(pair.name)) for pair in pairs
    ]


class HistoryFilterForm(forms.Form):
    """Which matches the table's history lists: a player's or a pair's, maybe only some."""

    who = forms.ChoiceField(
        label=_("Player or pair"),
        required=False,
        error_messages={"invalid_choice": _("Nobody by that name plays at this table.")},
    )
    only = forms.ChoiceField(
        label=_("Show"),
        required=False,
        choices=[
            ("", _("All their matches")),
            ("played", _("Their finished matches")),
            ("won", _("Matches they won")),
            ("hands_won", _("Matches they won hands in")),
            ("capicus", _("Matches with their capicús")),
            ("bonuses", _("Matches with their other bonuses")),
            ("blocked_won", _("Matches they won a blocked hand in")),
            ("shutouts_given", _("Shutouts they gave")),
            ("shutouts_taken", _("Shutouts they took")),
            ("streak", _("Their longest winning streak")),
            ("series_won", _("Matches that won them a series")),
        ],
        error_messages={"invalid_choice": _("Pick one of the listed choices.")},
    )

    # What some tables never count (a game without capicú, a table paying no bonus): offered
    # once somebody at the table has one.
    ONCE_SEEN = ("capicus", "bonuses", "blocked_won")

    def __init__(
        self, data, *, choices: list[tuple[str, str]], seen: Iterable[str] = ONCE_SEEN
    ) -> None:
        super().__init__(data)
        self.fields["who"].choices = [("", _("Everyone")), *choices]
        self.fields["only"].choices = [
            (value, label)
            for value, label in self.fields["only"].choices
            if value not in self.ONCE_SEEN or value in seen
        ]


class VersusForm(forms.Form):
    """Two players, or two pairs, to set against each other."""

    one = forms.ChoiceField(label=_("First"))
    other = forms.ChoiceField(label=_("Second"))

    def __init__(self, data, *, choices: list[tuple[str, str]]) -> None:
        super().__init__(data)
        for field in (self.fields["one"], self.fields["other"]):
            field.choices = choices
            field.error_messages["invalid_choice"] = _("Pick a player or a pair from the list.")

    def clean(self) -> dict:
        cleaned = super().clean()
        one, other = cleaned.get("one"), cleaned.get("other")
        if one is None or other is None:
            return cleaned
        first, second = one.split("-"), other.split("-")
        if len(first) != len(second):
            self.add_error("other", _("Set a player against a player, or a pair against a pair."))
        elif set(first) & set(second):
            self.add_error("other", _("Pick someone who is not in the first choice."))
        return cleaned
