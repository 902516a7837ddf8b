"""Drawing a tournament's knockout brackets: how they are seeded and played, who qualifies."""

from django import forms
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from scorekeeper import rules
from scorekeeper.forms.fields import NUMBER_ATTRS, WholeNumberField
from scorekeeper.tournaments.models.bracket import Bracket
from scorekeeper.tournaments.models.tournament import Tournament
from scorekeeper.tournaments.rules import tournament_bracket as knockout
from scorekeeper.tournaments.seeding import has_seeders, seeded_order, seeding_ratings
from scorekeeper.tournaments.words.bracket import (
    BEST_OF,
    BRACKET_REFUSALS,
    ELIMINATIONS,
    SEEDINGS,
    bracket_refusal,
    left_after_qualifiers,
)

MOST_IN_A_BRACKET = 1 << knockout.MAX_ROUNDS


def count_field(label, *, required):
    return WholeNumberField(
        label=label,
        required=required,
        min_value=2,
        max_value=MOST_IN_A_BRACKET,
        widget=forms.TextInput(NUMBER_ATTRS),
        # A bracket of one: said in the bracket's words, not as "greater than or equal to 2".
        error_messages={"min_value": BRACKET_REFUSALS["too_few"]},
    )


class BracketForm(forms.Form):
    """A knockout event's bracket (seeded drawn, as entered or by club rating), or after the
    rounds of a Swiss or round robin the brackets its standings seed: the top `qualifiers` in
    the championship, the next `consolation` in a second bracket."""

    elimination = forms.ChoiceField(
        label=_("Bracket"), choices=list(ELIMINATIONS.items()), initial="single"
    )
    seeding = forms.ChoiceField(label=_("Seeding"), initial="drawn")
    qualifiers = count_field(_("How many qualify for the championship bracket"), required=True)
    qualifiers.help_text = _(
        "Entrants sharing a place in the standings are put in order by lot: it decides who "
        "goes through when the cut falls among them, and their seeds."
    )
    consolation = count_field(
        _("How many of the next play a consolation bracket (empty: none)"), required=False
    )
    best_of = forms.TypedChoiceField(
        label=_("Each bracket match"),
        coerce=int,
        choices=list(BEST_OF.items()),
        initial=1,
        required=False,
        empty_value=1,
    )
    third_place = forms.BooleanField(label=_("A match for third place"), required=False)
    reset = forms.BooleanField(
        label=_("Bracket reset: if the losers' champion wins the grand final, one more final"),
        required=False,
        initial=True,
    )

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        format = rules.Format(tournament.format)
        self.knockout_event = format.knockout
        if self.knockout_event:
            del self.fields["elimination"], self.fields["qualifiers"], self.fields["consolation"]
            rated = has_seeders() and seeding_ratings(tournament, ()) is not None
            seedings = ["drawn", "entry"] + (["rating"] if has_seeders() else [])
            self.fields["seeding"].choices = [(key, SEEDINGS[key]) for key in seedings]
            if rated:
                # A club's knockout seeds by its ratings unless the director says otherwise.
                self.fields["seeding"].initial = "rating"
            else:
                # Offered only to a club's: a forged "rating" is still a choice, so that
                # _knockout_seeds refuses it at the field in words, not as an unknown choice.
                self.fields["seeding"].widget.choices = self.fields["seeding"].choices[:2]
            if format is rules.Format.DOUBLE_ELIMINATION:
                del self.fields["third_place"]
            else:
                del self.fields["reset"]
        else:
            del self.fields["seeding"]

    @property
    def offered(self) -> bool:
        """Whether the tournament can have its brackets drawn: a knockout event, or a Swiss or
        round robin of pairs; and none drawn yet."""
        format = rules.Format(self.tournament.format)
        pairs = format in (rules.Format.SWISS, rules.Format.ROUND_ROBIN) or format.knockout
        return pairs and not self.tournament.brackets.exists()

    def clean(self):
        data = super().clean()
        if self.tournament.brackets.exists():
            raise ValidationError(bracket_refusal("drawn"))
        if self.knockout_event:
            self.seeded = self._knockout_seeds(data)
            return data
        self.seeded = self._qualified(data)
        return data

    def _knockout_seeds(self, data) -> list[list[int]]:
        entrants = [e for e in self.tournament.entrants.all() if e.drawn]
        if len(entrants) < 2:
            raise ValidationError(bracket_refusal("too_few"))
        if len(entrants) > MOST_IN_A_BRACKET:
            raise ValidationError(bracket_refusal("too_many", most=MOST_IN_A_BRACKET))
        seeding = data.get("seeding")
        ids = [e.pk for e in entrants]
        if seeding == "rating":
            order = seeded_order(self.tournament, entrants, f"{self.tournament.key}:bracket")
            if order is None:
                self.add_error("seeding", bracket_refusal("no_rating"))
                return []
            return [order]
        if seeding == "drawn":
            return [knockout.drawn_seeds(ids, f"{self.tournament.key}:bracket")]
        return [ids]

    def _qualified(self, data) -> list[list[int]]:
        tournament = self.tournament
        rounds = tournament.drawn_rounds()
        if not rounds:
            raise ValidationError(bracket_refusal("no_rounds"))
        if not rounds[-1].complete():
            raise ValidationError(bracket_refusal("rounds_unfinished"))
        active = {e.pk for e in tournament.entrants.all() if not e.withdrawn}
        lines = [line for line in tournament.standings(rounds) if line.entrant in active]
        # A shared place the cut falls in, and the seeds inside one: drawn by lot, not as entered.
        ranked = knockout.by_lot(lines, f"{tournament.key}:qualifiers")
        top, next_ones = data.get("qualifiers"), data.get("consolation")
        if top is None:
            return []
        if top > len(ranked):
            self.add_error("qualifiers", bracket_refusal("more_than_entrants", count=len(ranked)))
            return []
        if next_ones and top + next_ones > len(ranked):
            self.add_error("consolation", left_after_qualifiers(len(ranked) - top))
            return []
        seeded = [ranked[:top]]
        if next_ones:
            seeded.append(ranked[top : top + next_ones])
        return seeded

    @transaction.atomic
    def save(self) -> list[Bracket]:
        data = self.cleaned_data
        format = rules.Format(self.tournament.format)
        if self.knockout_event:
            double = format is rules.Format.DOUBLE_ELIMINATION
            elimination = knockout.Elimination.DOUBLE if double else knockout.Elimination.SINGLE
        else:
            elimination = knockout.Elimination(data["elimination"])
        brackets = [
            Bracket.objects.create(
                tournament=self.tournament,
                number=number,
                elimination=elimination,
                third_place=bool(data.get("third_place")),
                reset=bool(data.get("reset")),
                best_of=data["best_of"],
                seeds=seeds,
            )
            for number, seeds in enumerate(self.seeded, start=1)
        ]
        for bracket in brackets:
            bracket.advance()
        return brackets
