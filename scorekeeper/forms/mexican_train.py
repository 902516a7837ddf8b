"""Mexican Train's forms: a round's double blank holder, and a player's own count."""

from django import forms
from django.utils.translation import gettext_lazy as _

from scorekeeper import rules
from scorekeeper.forms.fields import PipsField, WholeNumberField
from scorekeeper.words.refusals import hand_error_message

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
        # Who went out holds no tile: not offered (the rules refuse it all the same).
        seats = [(seat, name) for seat, name in enumerate(form.names) if seat != form.went_out]
        form.fields["double_blank"] = forms.TypedChoiceField(
            label=_("Who was left holding the double blank?"),
            choices=[("", _("Nobody")), *seats],
            coerce=int,
            empty_value=None,
            required=False,
            widget=forms.RadioSelect,
            error_messages={
                "invalid_choice": _(
                    "Pick who holds the double blank from the list: who went out holds no tile."
                )
            },
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
