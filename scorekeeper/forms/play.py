"""A score made during play (All Fives, Bergen): the seat that made it and the points."""

import uuid

from django import forms
from django.utils.translation import gettext_lazy as _

from scorekeeper import rules
from scorekeeper.forms.fields import WholeNumberField
from scorekeeper.inputs import whole_number
from scorekeeper.models import Match
from scorekeeper.words.refusals import hand_error_message


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
            (points, str(points)) for points in rules.play_amounts(self.game)
        ]
        invalid = _("Tap one of the scores shown.")
        self.fields["points"].error_messages["invalid_choice"] = invalid
        self.fields["seat"].error_messages["invalid_choice"] = _("Tap who scored.")

    @classmethod
    def for_next_play(cls, match: Match, seat: str | None = None) -> "PlayForm | None":
        """The play strip of a scoring game, a seat perhaps tapped (None in a block game)."""
        if not rules.play_amounts(match.game()):
            return None  # nothing scores during play: no play strip
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
        if self.game.play_headers:
            return [
                (rules.Header.DOUBLE, _("Double-header +2")),
                (rules.Header.TRIPLE, _("Triple-header +3")),
            ]
        return [(points, f"+{points}") for points in rules.play_amounts(self.game)]

    def clean(self):
        data = super().clean()
        if "seat" in data and "points" in data:
            play = rules.Play(data["seat"], data["points"])
            for error in rules.validate_play(self.game, play):
                self.add_error(None, hand_error_message(error, self.names, self.game))
            data["play"] = play
        return data
