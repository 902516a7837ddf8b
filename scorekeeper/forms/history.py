"""Choosing whose matches the table's history and the versus page show."""

from collections.abc import Iterable

from django import forms
from django.utils.translation import gettext_lazy as _

from scorekeeper.templatetags.bidi import isolate_text
from scorekeeper.words.names import name_order


def who_choices(players, pairs) -> list[tuple[str, str]]:
    """Players, then pairs of partners, each in the order of their names (name_order), as the
    statistics filters name them.

    An <option> holds no <bdi>: each name sits between isolates of its own instead.
    """
    players = sorted(players, key=lambda player: name_order(player.name))
    pairs = sorted(pairs, key=lambda pair: name_order(pair.name))
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
            ("keys", _("Matches they went out on a key in")),
            ("ties", _("Matches with a tied hand")),
            ("hands", _("Their finished games of hands")),
            ("rounds", _("Their finished Mexican Train games")),
            ("rounds_out", _("Games they went out in a round")),
            ("lowest_game", _("Their lowest game")),
            ("streak", _("Their longest winning streak")),
            ("series_won", _("Matches that won them a series")),
        ],
        error_messages={"invalid_choice": _("Pick one of the listed choices.")},
    )

    # What some tables never count (a game without capicú, a table paying no bonus): offered
    # once somebody at the table has one.
    ONCE_SEEN = (
        "capicus",
        "bonuses",
        "blocked_won",
        "hands",
        "rounds",
        "rounds_out",
        "lowest_game",
        "keys",
        "ties",
    )

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
        # Two different players to start from: the list's first two (players come first).
        if len(choices) > 1:
            self.fields["one"].initial, self.fields["other"].initial = choices[0][0], choices[1][0]

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
