"""Each game's own part of the setup, built from what the game declares: its own switches
(GameKind.own_switches, HouseRules field names) and how many names it takes (most_players).

OWN_SWITCH_FIELDS is the one place a HouseRules field a game names as its own gets its form
field (a test checks every offered game's). The setup shows one fieldset a game that has own
switches, for that game's presets only, and reads only the chosen game's switches.

preset_switches and target_choice fill the setup's switches as a preset, or a table, sets them
(the target's buttons are the game's own: GameKind.target_buttons).
"""

from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext_lazy as _

from scorekeeper import rules
from scorekeeper.forms.fields import BONUS_CHOICES, USUAL_TARGET, PlayerField, clean_name
from scorekeeper.models import Table
from scorekeeper.words.explain import preset_rules
from scorekeeper.words.games import words_of

# Names past the four every game takes: shown for a game that seats more (its most_players).
MORE_PLAYERS = ("player_5", "player_6", "player_7", "player_8")
# The names a game to four players seats.
FOUR = 4


def first_engine_choices(top: int = 12) -> list[tuple[str, str]]:
    """The double a game starts from: the set's highest (a whole game), or a lower one."""
    return [("", _("the highest double"))] + [(str(n), str(n)) for n in range(top - 1, -1, -1)]


# One form field for each HouseRules field that a game names as its own switch, by its name.
OWN_SWITCH_FIELDS: dict[str, forms.Field] = {
    "first_engine": forms.TypedChoiceField(
        label=_("Mexican Train: the first round's double"),
        choices=first_engine_choices,
        coerce=int,
        empty_value=None,
        required=False,
        help_text=_("Start lower for a shorter game: one round for each double down to the blank."),
    ),
    "double_blank_counts": forms.TypedChoiceField(
        label=_("Mexican Train: the double blank left in a hand counts"),
        choices=[(0, _("its pips (0)")), (25, "25"), (50, "50")],
        coerce=int,
        initial=0,
        required=False,
        widget=forms.RadioSelect,
    ),
    "ties_to_most_outs": forms.BooleanField(
        label=_("Mexican Train: level lowest totals go to who went out most"), required=False
    ),
}


def declared_switch(label, choices) -> forms.Field:
    """A switch a game declares in its words (SWITCHES: name -> (label, the words of each
    choice, or None for on/off)): an on/off switch, or one button a choice."""
    if choices is None:
        return forms.BooleanField(label=label, required=False)
    return forms.ChoiceField(
        label=label,
        choices=[(str(code), words) for code, words in choices.items()],
        required=False,
        widget=forms.RadioSelect,
    )


def declared_switches() -> dict[str, forms.Field]:
    """The own switches every game's words declare: the next game needs no field here."""
    return {
        name: declared_switch(label, choices)
        for game in rules.GAMES.values()
        for name, (label, choices) in getattr(words_of(game), "SWITCHES", {}).items()
    }


OWN_SWITCH_FIELDS.update(
    {name: field for name, field in declared_switches().items() if name not in OWN_SWITCH_FIELDS}
)


def offered_games() -> list[rules.GameKind]:
    """The games the setup offers, in the order of their presets."""
    games: list[rules.GameKind] = []
    for key in [*rules.PRESETS, *rules.ROUND_PRESETS]:
        game = rules.game_of_preset(key)
        if game.offered and game not in games:
            games.append(game)
    return games


def presets_of(game: rules.GameKind) -> tuple[str, ...]:
    """The keys of a game's presets the setup offers."""
    offered = {*rules.PRESETS, *rules.ROUND_PRESETS}
    return tuple(preset.key for preset in game.presets if preset.key in offered)


def offers_shutout_double(key: str) -> bool:
    """Whether a preset's rules let a series count a shutout as two wins (its game says)."""
    preset = rules.preset_named(key)
    return preset.kind.offers_shutout_double(preset.rules)


def presets_where(question) -> tuple[str, ...]:
    """The offered presets whose game answers `question(game)` yes."""
    return tuple(key for game in offered_games() if question(game) for key in presets_of(game))


def presets_that(question) -> tuple[str, ...]:
    """The offered presets that answer `question(preset)` yes."""
    offered = presets_where(lambda game: True)
    return tuple(key for key in offered if question(rules.preset_named(key)))


def players_at_most(most: int) -> str:
    """Why a name past the chosen game's last seat is refused."""
    return _("This game takes %(most)s players at most.") % {"most": most}


@dataclass
class SwitchGroup:
    """One game's own switches on the setup: a fieldset shown for its presets only."""

    legend: str
    note: str
    presets: tuple[str, ...]
    shown: bool
    # Each switch as (its look: "select", "choices" or "switch"; the bound field).
    fields: list[tuple[str, forms.BoundField]]


def look_of(field: forms.Field) -> str:
    """How the setup draws a switch: a list, buttons, or an on/off switch."""
    if isinstance(field, forms.BooleanField):
        return "switch"
    return "choices" if isinstance(field.widget, forms.RadioSelect) else "select"


# A form class that declares every field of the registry (the setup's form takes them in).
GameSwitchFields = type(forms.Form)(
    "GameSwitchFields", (forms.Form,), {"__module__": __name__, **OWN_SWITCH_FIELDS}
)


class GameSwitches(GameSwitchFields):
    """The setup's part that hangs on the game: its own switches and names past four."""

    player_5 = PlayerField(label=_("Player 5"), placeholder=_("optional"))
    player_6 = PlayerField(label=_("Player 6"), placeholder=_("optional"))
    player_7 = PlayerField(label=_("Player 7"), placeholder=_("optional"))
    player_8 = PlayerField(label=_("Player 8"), placeholder=_("optional"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The list offers only the chosen set's doubles (a double-nine game has no 10 or 11);
        # the field still takes any, so a double too high is refused in words at the field.
        if "first_engine" in self.chosen_game().own_switches:
            top = rules.preset_named(self["preset"].value()).tile_set.value
            self.fields["first_engine"].widget.choices = first_engine_choices(top)

    def chosen_game(self) -> rules.GameKind:
        """The game of the preset chosen (or posted) so far."""
        return rules.game_of_preset(self["preset"].value())

    def chosen_preset(self) -> rules.Preset | None:
        """The preset chosen (or posted) so far; None for a key no preset has."""
        try:
            return rules.preset_named(self["preset"].value())
        except ValueError:
            return None

    # Partners, for a preset that may seat pairs (not a cut-throat set), and whether in pairs,
    # for one whose seating is not its own; the target and its rules, for a game played to one.
    pairs_presets = presets_that(lambda preset: preset.seats_pairs)
    partners_switch_presets = presets_that(lambda preset: preset.asks_partners)
    target_presets = presets_where(lambda game: game.has_target)

    # Who counts, the blocked rule, capicú, the lead and the bonuses: for a game whose pips score.
    pip_rules_presets = presets_where(lambda game: game.pips_score)

    # The series' "a shutout counts double": for a preset whose rules allow it (not six-love).
    shutout_double_presets = tuple(
        key for key in presets_where(lambda game: True) if offers_shutout_double(key)
    )

    @property
    def shows_shutout_double(self) -> bool:
        return self["preset"].value() in self.shutout_double_presets

    @property
    def shows_pip_rules(self) -> bool:
        return self.chosen_game().pips_score

    @property
    def shows_partners(self) -> bool:
        preset = self.chosen_preset()
        return self.chosen_game().plays_in_pairs if preset is None else preset.seats_pairs

    @property
    def names_sit_in_pairs(self) -> bool:
        """Whether the names typed so far would sit as partners (the series' note says "the
        same pairs" or "the same players"); before two are typed, as many as the page first
        asks for (four, for a game that takes them)."""
        preset = self.chosen_preset()
        if preset is None:
            return False
        typed = sum(1 for field in self.player_fields if clean_name(self[field].value() or ""))
        seats = typed if typed >= 2 else min(FOUR, preset.most_players)
        return preset.in_pairs(seats, bool(self["partnership"].value()))

    @property
    def shows_partners_switch(self) -> bool:
        preset = self.chosen_preset()
        return self.chosen_game().plays_in_pairs if preset is None else preset.asks_partners

    @property
    def shows_target_rules(self) -> bool:
        return self.chosen_game().has_target

    # --- Names past four ------------------------------------------------------------------

    @property
    def more_players_presets(self) -> tuple[str, ...]:
        return presets_where(lambda game: game.most_players > FOUR)

    @property
    def shows_more_players(self) -> bool:
        """Whether the chosen game takes more than four names: only then names 5 to 8."""
        return self.chosen_game().most_players > FOUR

    def more_players(self):
        return [self[name] for name in MORE_PLAYERS]

    # --- Each game's own switches ---------------------------------------------------------

    def switch_groups(self) -> list[SwitchGroup]:
        """One fieldset a game with its own switches, shown when one of its presets is chosen."""
        chosen = self.chosen_game()
        groups = []
        for game in offered_games():
            if not game.own_switches:
                continue
            words = words_of(game)
            groups.append(
                SwitchGroup(
                    legend=getattr(words, "SETUP_LEGEND", ""),
                    note=getattr(words, "SETUP_NOTE", ""),
                    presets=presets_of(game),
                    shown=game is chosen,
                    fields=[(look_of(self.fields[name]), self[name]) for name in game.own_switches],
                )
            )
        return groups

    def own_rules(self) -> dict:
        """The chosen game's own switches as rules.HouseRules fields (the others keep their
        defaults): a switch left empty is the rules' default."""
        data = self.cleaned_data
        game = rules.game_of_preset(data.get("preset"))
        defaults = rules.HouseRules()
        chosen = {}
        for name in game.own_switches:
            value = data.get(name)
            chosen[name] = getattr(defaults, name) if value in (None, "") else value
        return chosen

    def clean_first_engine(self):
        first = self.cleaned_data.get("first_engine")
        preset = self.data.get("preset")
        if first is None or "first_engine" not in rules.game_of_preset(preset).own_switches:
            return first
        tile_set = rules.preset_named(preset).tile_set
        # The rules say which doubles the set has (a double-twelve set has every one offered).
        try:
            rules.MexicanTrainRules(tile_set, first)
        except ValueError:
            raise forms.ValidationError(
                _("A double-nine set starts from the double nine or lower.")
            ) from None
        return None if first == tile_set.value else first  # the highest: a whole game


def preset_switches(key: str) -> dict:
    """The setup's switches as a preset sets them (form field names and values)."""
    preset = rules.preset_named(key)
    house = preset_rules(key)
    usual = preset.targets is not None  # a scoring game: its usual target, by seats
    listed = house.target if house.target in preset.kind.target_buttons else None
    return {
        "target": USUAL_TARGET if usual else listed,
        "target_other": None if usual or listed else house.target,
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
        **{name: getattr(house, name) for name in OWN_SWITCH_FIELDS},
    }


def target_choice(table: Table) -> int | None:
    """The target button for a table's next match: its game's usual, a number, or None (typed)."""
    preset = rules.preset_named(table.preset)
    usual = preset.default_rules(table.partnership).target
    if table.target == usual and preset.targets is not None:
        return USUAL_TARGET
    return table.target if table.target in preset.kind.target_buttons else None
