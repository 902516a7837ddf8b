"""Mexican Train's part of the setup: up to eight names, and its own house rules."""

from django import forms
from django.utils.translation import gettext_lazy as _

from scorekeeper import rules
from scorekeeper.forms.fields import PipsField, PlayerField, WholeNumberField
from scorekeeper.words.refusals import hand_error_message

# The presets of the round game (Mexican Train): only they take more than four names.
ROUND_GAMES = tuple(key for key, preset in rules.ALL_PRESETS.items() if not preset.has_target)
# Each for themselves with up to eight names at a round game's table.
MORE_PLAYERS = ("player_5", "player_6", "player_7", "player_8")


def first_engine_choices(top: int = 12) -> list[tuple[str, str]]:
    """The double a game starts from: the set's highest (a whole game), or a lower one."""
    return [("", _("the highest double"))] + [(str(n), str(n)) for n in range(top - 1, -1, -1)]


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

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The list offers only the chosen set's doubles (a double-nine game has no 10 or 11);
        # the field still takes any, so a double too high is refused in words at the field.
        preset = self["preset"].value()
        if not rules.plays_to_a_target(preset):
            top = rules.preset_named(preset).tile_set.value
            self.fields["first_engine"].widget.choices = first_engine_choices(top)

    def more_players(self):
        return [self[name] for name in MORE_PLAYERS]

    @property
    def shows_round_switches(self) -> bool:
        """Whether the chosen game is Mexican Train: only then its names 5 to 8 and switches."""
        return not rules.plays_to_a_target(self["preset"].value())

    def round_rules(self) -> dict:
        """Mexican Train's switches as rules.HouseRules fields (the defaults for other games)."""
        data = self.cleaned_data
        if rules.plays_to_a_target(data.get("preset")):
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
        if first is not None and not rules.plays_to_a_target(preset):
            # The rules say which doubles the set has (a double-twelve set has every one offered).
            try:
                rules.MexicanTrainRules(rules.preset_named(preset).tile_set, first)
            except ValueError:
                raise forms.ValidationError(
                    _("A double-nine set starts from the double nine or lower.")
                ) from None
        return first


# --- A round's form: who was left holding the double blank ------------------------------------

ROUND_ERROR_FIELDS = {
    rules.ErrorCode.DOUBLE_BLANK_NOT_ASKED: "double_blank",
    rules.ErrorCode.DOUBLE_BLANK_UNKNOWN_SEAT: "double_blank",
    rules.ErrorCode.DOUBLE_BLANK_WENT_OUT: "double_blank",
    rules.ErrorCode.DOUBLE_BLANK_IS_ENGINE: "double_blank",
    rules.ErrorCode.DOUBLE_BLANK_TWO_HOLDERS: "double_blank",
}


def round_number(form) -> int | None:
    """The number of the round a hand form is for (the hand's number on the sheet)."""
    raw = form.data.get("number") if form.is_bound else form.initial.get("number")
    try:
        return int(raw)
    except (TypeError, ValueError):
        return None


def asks_double_blank(game: rules.Game, number: int | None) -> bool:
    """Whether the round's form asks who holds the double blank (rules.Game says when)."""
    return game.asks_double_blank(number)


def add_double_blank_field(form) -> None:
    """The round form's question about the double blank, when the house rule asks it."""
    form.asks_double_blank = form.ending is not None and asks_double_blank(
        form.game, round_number(form)
    )
    if form.asks_double_blank:
        seats = [(seat, name) for seat, name in enumerate(form.names)]
        form.fields["double_blank"] = forms.TypedChoiceField(
            label=_("Who was left holding the double blank?"),
            choices=[("", _("Nobody")), *seats],
            coerce=int,
            empty_value=None,
            required=False,
            widget=forms.RadioSelect,
        )


def double_blank_holders(form, data: dict) -> frozenset[int]:
    """The seat holding the double blank, as a hand's `holding_doubles` (a round game)."""
    holder = data.get("double_blank") if getattr(form, "asks_double_blank", False) else None
    return frozenset() if holder is None else frozenset({holder})


# --- A player's own count, from their seat's page -------------------------------------------


class SeatCountForm(forms.Form):
    """One player's count for the open round: that they went out, or their pips."""

    number = WholeNumberField(widget=forms.HiddenInput, min_value=1)
    went_out = forms.BooleanField(label=_("I went out"), required=False)
    # Read by the one count field, as the scorer's round form reads each count.
    pips = PipsField(
        label=_("My count: the pips left in my hand"),
        widget=forms.TextInput(attrs={"enterkeyhint": "done"}),
    )
    double_blank = forms.BooleanField(
        label=_("I was left holding the double blank"), required=False
    )

    def __init__(self, match, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.match = match
        self.number = match.hand_count + 1
        self.asks_double_blank = asks_double_blank(match.game(), self.number)
        if not self.asks_double_blank:
            del self.fields["double_blank"]

    @classmethod
    def for_seat(cls, match, posted) -> "SeatCountForm":
        """The seat's form as it stands: what the player sent for the open round (`posted`, a
        RoundCount or None) filled in, so a reload shows what the page says was sent."""
        if posted is None:
            return cls(match)
        initial = {"went_out": posted.went_out, "double_blank": posted.double_blank}
        if not posted.went_out:
            initial["pips"] = posted.pips
        return cls(match, initial=initial)

    def clean(self):
        data = super().clean()
        if data.get("number") not in (None, self.number):
            raise forms.ValidationError(
                _("This round was closed meanwhile. Here is the next one."), code="stale"
            )
        if "pips" not in self.errors:
            # The rules decide what a count can be; the form says it in the seat's own words.
            went_out = bool(data.get("went_out"))
            game = self.match.game()
            for error in rules.round_count_errors(
                game, self.number, None, data.get("pips"), went_out=went_out
            ):
                self.add_error(
                    SEAT_COUNT_FIELDS.get(error.code, "pips"), seat_count_message(error, game)
                )
        return data


# The seat page's own words for the rules' refusals of one player's count (to that player).
SEAT_COUNT_MESSAGES = {
    rules.ErrorCode.MISSING_PIPS: _("Type your count, or tap I went out."),
    rules.ErrorCode.PIPS_FOR_WINNER: _(
        "You went out, so your hand is empty: leave the count blank."
    ),
}
# The refusals that are not about the count: the round (a page behind or past the end).
SEAT_COUNT_FIELDS = {rules.ErrorCode.NOT_A_ROUND: None, rules.ErrorCode.MATCH_OVER: None}


def seat_count_message(error: rules.HandError, game: rules.Game) -> str:
    """One refusal of a player's own count, in words."""
    if error.code in SEAT_COUNT_MESSAGES:
        return str(SEAT_COUNT_MESSAGES[error.code])
    return hand_error_message(error, [], game)
