"""The setup of a table or a match: players, game, target, house rules and series."""

import re

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scorekeeper import rules
from scorekeeper.forms.fields import (
    BONUS_CHOICES,
    INVISIBLE_NAME,
    MAX_TARGET,
    OTHER_LINE,
    USUAL_TARGET,
    BonusField,
    FirstHandsField,
    HouseRuleChoice,
    NameField,
    OneTimeToken,
    OtherPoints,
    PlayerField,
    PointsButtons,
    PresetField,
    PresetRadioSelect,
    as_typed,
    clean_name,
    target_choices,
)
from scorekeeper.forms.switches import (
    MORE_PLAYERS,
    OWN_SWITCH_FIELDS,
    GameSwitches,
    players_at_most,
    preset_switches,
    target_choice,
)
from scorekeeper.models import (
    REGIONAL_RULES,
    SCORING_RULES,
    BlockedRule,
    CountRule,
    LeadRule,
    Match,
    Preset,
    Rounding,
    Table,
    house_rules_fields,
    house_rules_of,
)
from scorekeeper.words.explain import preset_summary, rules_summary
from scorekeeper.words.labels import offered_presets
from scorekeeper.words.names import name_key, side_name
from scorekeeper.words.refusals import seats_refused

# A series: first to this many match wins; 0 is an open series that just keeps count.
SERIES_CHOICES = (2, 3, 0)


PAIRINGS = {
    # Partners sit opposite (seats 1+3 against 2+4); a pairing reorders the names typed in
    # turn order so that the chosen partners face each other.
    "13": (0, 1, 2, 3),
    "12": (0, 2, 1, 3),
    "14": (0, 1, 3, 2),
}


# The game the home page's form posts: it names only the players, and the table plays the usual
# game for as many (rules.usual_preset), its switches as that game sets them.
USUAL_GAME = "usual"


class SetupForm(GameSwitches, forms.Form):
    """A new table and its first match: players, game, target and house rules."""

    name = NameField(
        label=_("Table name"),
        max_length=60,
        required=False,
        widget=forms.TextInput({"placeholder": _("Sunday in the park")}),
    )
    token = OneTimeToken()  # posted twice, one table (and, at a table, one match)
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
        choices=target_choices(rules.game_of_preset(None)),
        error_messages={"invalid_choice": OTHER_LINE},
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
        # Not posted (the home page's quick start names only the players): None, the default
        # series (RULES.md: best of three), never "" read as an open series.
        empty_value=None,
        widget=forms.RadioSelect,
    )
    shutout_counts_double = forms.BooleanField(
        label=_("A shutout counts as two match wins"), required=False
    )

    note = ""  # a word above the form, such as why it came back
    shown_rules: rules.HouseRules | None = None  # a new match's: the table's rules so far
    player_fields = ("player_1", "player_2", "player_3", "player_4", *MORE_PLAYERS)
    switch_fields = (
        "target",
        "target_other",
        "capicu_bonus",
        "capicu_other",
        "count_rule",
        "blocked_rule",
        *REGIONAL_RULES,
    )

    usual_game = USUAL_GAME

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.is_bound and self.data.get("preset") == USUAL_GAME:
            self.data = self._with_the_usual_game(self.data)
        # The target's buttons are the chosen game's own lines (points, or games won).
        self.fields["target"].choices = target_choices(rules.game_of_preset(self["preset"].value()))

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
            **{name: getattr(table, name) for name in OWN_SWITCH_FIELDS},
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
        return [self[name] for name in self.player_fields[:4]]

    def bonus_fields(self):
        names = ("chuchazo_bonus", "pase_corrido_bonus", "pase_de_salida_bonus")
        return [self[name] for name in (*names, "first_hands_bonus")]

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
        self._fill_switches(data, self.cleaned_data["preset"])
        form = SetupForm(data)
        form.note = _("These are the rules of the game you chose. Check them, then start.")
        return form

    def refreshed(self) -> "SetupForm":
        """The posted setup drawn again, saving nothing and checking nothing: the chosen game's
        switches when the game changed since they were filled in, else the switches as posted."""
        data = self.data.copy()
        chosen = self.fields["preset"].to_python(data.get("preset"))
        shown = rules.LEGACY_PRESETS.get(data.get("rules_of"), data.get("rules_of"))
        if chosen and self.fields["preset"].valid_value(chosen) and chosen != shown:
            self._fill_switches(data, chosen)
        return SetupForm(initial=as_typed(self, data))

    def _with_the_usual_game(self, data):
        """The names posted with the usual game for as many players and its switches: partners
        at four, each for themselves with two or three (nothing else is posted with them)."""
        data = data.copy()
        preset = rules.usual_preset(self._seats(data))
        self._fill_switches(data, preset.key)
        data["preset"] = preset.key
        data.pop("partnership", None)
        if preset.partnership:
            data["partnership"] = "on"
        return data

    def _fill_switches(self, data, preset: str) -> None:
        data["rules_of"] = preset
        for name, value in preset_switches(preset).items():
            data.pop(name, None)
            if value is True:
                data[name] = "on"
            elif value is not None and value is not False:
                data[name] = str(self.fields[name].prepare_value(value))

    def pairing_choices(self) -> list[tuple]:
        """The partners choices, each named by its partners once four names are typed (else by
        seats), as the sheet will head the sides."""
        names = [clean_name(self[field].value() or "") for field in self.player_fields]
        typed = [name for name in names if name]
        choices = []
        for radio in self["pairing"]:
            label = radio.choice_label
            if len(typed) == 4:
                seats = [typed[index] for index in PAIRINGS[radio.data["value"]]]
                # Partners sit opposite: seats 1 and 3 against 2 and 4.
                label = f"{side_name(seats[0::2])}  ·  {side_name(seats[1::2])}"
            choices.append((radio, label))
        return choices

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
        if self._names_past_the_last_field():
            # Only a page changed by hand posts these: they were dropped, without a word.
            self.add_error(None, _("Eight players at most: nobody sits ninth."))
            return data
        names = self._clean_names(data)
        typed = [name for name in names if name]
        if len(typed) < 2:
            return data
        seats = len(typed)
        preset = data.get("preset")
        game = rules.game_of_preset(preset)
        most = game.most_players
        if any(names[most:]):
            for field, name in zip(self.player_fields[most:], names[most:], strict=True):
                if name:
                    self.add_error(field, players_at_most(most))
            return data
        if preset and seats not in rules.preset_named(preset).seat_options:
            self.add_error("preset", seats_refused(rules.preset_named(preset)))
        partnership = self._in_pairs(preset, seats, bool(data.get("partnership")))
        pairing = data.get("pairing") or "13"
        order = PAIRINGS[pairing] if partnership else tuple(range(seats))
        data["seat_names"] = [typed[index] for index in order]
        data["partnership"] = partnership
        return data

    def _names_past_the_last_field(self) -> bool:
        """Whether a name was posted for a player field the form does not have (player_9...)."""
        return any(
            re.fullmatch(r"player_\d+", field)
            and field not in self.player_fields
            and clean_name(self.data.get(field) or "")
            for field in self.data
        )

    def _clean_names(self, data: dict) -> list[str]:
        """Each player field's name, cleaned ("" where none): at least two, no two the same. A
        name refused at its field (too long, invisible) was typed: it asks for no other."""
        names = [clean_name(data.get(field) or "") for field in self.player_fields]
        fields = list(zip(self.player_fields, names, strict=True))
        for field, name in fields:
            if not name and (data.get(field) or "").strip():
                self.add_error(field, INVISIBLE_NAME)
        typed = [field for field, name in fields if name or field in self.errors]
        if len(typed) < 2:
            empty = [field for field, name in fields if not name and field not in self.errors]
            for field in empty[: 2 - len(typed)]:
                self.add_error(field, _("Type a name: a game needs at least two players."))
            return names
        seen: set[str] = set()
        for field, name in fields:
            if name and name_key(name) in seen:
                self.add_error(field, _("Two players can't have the same name."))
            seen.add(name_key(name))
        return names

    def _clean_points(self, data: dict) -> None:
        """The target and the capicú bonus: a number typed in "other" wins over the buttons
        (somebody typed it on purpose)."""
        target = data.get("target_other") or data.get("target")
        if target == USUAL_TARGET and data.get("preset") in rules.ALL_PRESETS:
            usual = rules.ALL_PRESETS[data["preset"]]
            in_pairs = self._in_pairs(data["preset"], self._seats(), bool(data.get("partnership")))
            target = usual.default_rules(in_pairs).target
        if not target and "target_other" not in self.errors:
            self.add_error("target_other", _("Choose the score that wins the match."))
        data["target_points"] = target
        bonus = data.get("capicu_other")
        data["bonus_points"] = bonus if bonus is not None else data.get("capicu_bonus")
        if data["bonus_points"] == "":  # neither a button nor a number: nothing chosen
            data["bonus_points"] = None
        if data["bonus_points"] is None and "capicu_other" not in self.errors:
            self.add_error("capicu_other", _("Choose the capicú bonus (0 for none)."))

    @staticmethod
    def _in_pairs(preset: str | None, seats: int, asked: bool) -> bool:
        """Whether the players named sit as partners: as the preset seats them where that is its
        own (four in a cut-throat set are each for themselves, whatever the switch), else as the
        switch asks; only four, in a game that seats pairs (Mexican Train seats none)."""
        try:
            return rules.preset_named(preset).in_pairs(seats, asked)  # type: ignore[arg-type]
        except ValueError:
            return False

    def _seats(self, data=None) -> int:
        data = self.data if data is None else data
        return sum(1 for field in self.player_fields if clean_name(data.get(field) or ""))

    def house_rules(self) -> rules.HouseRules:
        data = self.cleaned_data
        block_switches = rules.preset_named(data["preset"]).kind.block_switches
        posted = {name: data.get(name) for name in SCORING_RULES}
        return house_rules_of(
            {
                # A switch the page did not post keeps the rules' default.
                **house_rules_fields(rules.HouseRules()),
                **{name: value for name, value in posted.items() if value not in (None, "")},
                "target": data["target_points"],
                # A scoring game pays no capicú: its play scores stand in for bonuses.
                "capicu_bonus": data["bonus_points"] if block_switches else 0,
                "count_rule": data["count_rule"],
                "blocked_rule": data["blocked_rule"],
                **self.regional_rules(),
                **self.own_rules(),
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
        if not rules.preset_named(data["preset"]).kind.block_switches:
            # Not offered for All Fives and Bergen: a switch posted all the same is ignored.
            off = rules.HouseRules(**chosen).without_block_switches()
            chosen = {name: getattr(off, name) for name in REGIONAL_RULES}
        return chosen

    def series_rules(self) -> rules.SeriesRules:
        data = self.cleaned_data
        first_to = data.get("series_first_to")
        game = self.game()
        # Posted for a game whose rules do not offer it (a six-love set): ignored.
        double = game.kind.offers_shutout_double(game.rules)
        return rules.SeriesRules(
            first_to=2 if first_to is None else (first_to or None),
            shutout_counts_double=double and bool(data.get("shutout_counts_double")),
        )

    def game(self) -> rules.Game:
        data = self.cleaned_data
        return rules.make_game(
            data["preset"],
            len(data["seat_names"]),
            partnership=data["partnership"],
            rules=self.house_rules(),
        )
