"""Mexican Train's part of the setup: up to eight names, and its own house rules."""

from django import forms
from django.utils.translation import gettext_lazy as _

from scorekeeper import rules
from scorekeeper.forms.fields import PlayerField

# The presets of the round game (Mexican Train): only they take more than four names.
ROUND_GAMES = tuple(rules.ROUND_PRESETS)
# Each for themselves with up to eight names at a round game's table.
MORE_PLAYERS = ("player_5", "player_6", "player_7", "player_8")


def is_round_game(key: str | None) -> bool:
    return rules.LEGACY_PRESETS.get(key, key) in ROUND_GAMES


def first_engine_choices() -> list[tuple[str, str]]:
    """The double a game starts from: the set's highest (a whole game), or a lower one."""
    return [("", _("the highest double"))] + [(str(n), str(n)) for n in range(11, -1, -1)]


class MexicanTrainSetup(forms.Form):
    """The fields a round game adds to the setup (SetupForm takes them in)."""

    player_5 = PlayerField(label=_("Player 5"), placeholder=_("optional"))
    player_6 = PlayerField(label=_("Player 6"), placeholder=_("optional"))
    player_7 = PlayerField(label=_("Player 7"), placeholder=_("optional"))
    player_8 = PlayerField(label=_("Player 8"), placeholder=_("optional"))
    first_engine = forms.TypedChoiceField(
        label=_("Mexican Train: the first round's double"),
        choices=first_engine_choices,
        coerce=int,
        empty_value=None,
        required=False,
        help_text=_("Start lower for a shorter game: one round for each double down to the blank."),
    )
    double_blank_counts = forms.TypedChoiceField(
        label=_("Mexican Train: the double blank left in a hand counts"),
        choices=[
            (0, _("its pips (0)")),
            (25, "25"),
            (50, "50"),
        ],
        coerce=int,
        initial=0,
        required=False,
        widget=forms.RadioSelect,
    )
    ties_to_most_outs = forms.BooleanField(
        label=_("Mexican Train: level lowest totals go to who went out most"), required=False
    )

    round_games = ROUND_GAMES

    def more_players(self):
        return [self[name] for name in MORE_PLAYERS]

    @property
    def shows_round_switches(self) -> bool:
        """Whether the chosen game is Mexican Train: only then its names 5 to 8 and switches."""
        return is_round_game(self["preset"].value())

    def round_rules(self) -> dict:
        """Mexican Train's switches as rules.HouseRules fields (the defaults for other games)."""
        data = self.cleaned_data
        if not is_round_game(data.get("preset")):
            return {}
        first = data.get("first_engine")
        top = rules.preset_named(data["preset"]).tile_set.value
        return {
            "first_engine": None if first is None or first >= top else first,
            "double_blank_counts": data.get("double_blank_counts") or 0,
            "ties_to_most_outs": bool(data.get("ties_to_most_outs")),
        }

    def clean_first_engine(self):
        first = self.cleaned_data.get("first_engine")
        preset = self.data.get("preset")
        if first is not None and is_round_game(preset):
            top = rules.preset_named(preset).tile_set.value
            if first > top:
                raise forms.ValidationError(
                    _("A double-nine set starts from the double nine or lower.")
                )
        return first
