"""What a person types about a club: its name, the link a table joins it with, a season, and
a tournament of the club's."""

from django import forms
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from scorekeeper import rules
from scorekeeper.clubs.models import (
    CLUB_NAME_MAX,
    AlreadyInAClub,
    Club,
    Membership,
    Season,
    SeededTournament,
)
from scorekeeper.forms.fields import NameField, OneTimeToken
from scorekeeper.inputs import ascii_digits, clean_text
from scorekeeper.models import Table
from scorekeeper.tournaments.forms.tournament import TournamentForm
from scorekeeper.tournaments.models import Tournament
from scorekeeper.tournaments.words.bracket import SEEDINGS
from scorekeeper.words.names import name_key


class ClubForm(forms.Form):
    name = NameField(
        label=_("Club name"),
        max_length=CLUB_NAME_MAX,
        error_messages={"required": _("Give the club a name.")},
    )
    token = OneTimeToken()  # posted twice, one club

    def clean_name(self) -> str:
        name = clean_text(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError(_("Give the club a name."), code="blank")
        return name


class JoinForm(forms.Form):
    """A table joins a club with the club's link (or its key alone)."""

    link = forms.CharField(
        label=_("The club's link"),
        max_length=300,
        error_messages={"required": _("Paste the club's link here.")},
    )

    def __init__(self, *args, table: Table, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.table = table
        self.joined_already = False  # the table was in this very club: nothing changed

    def clean_link(self) -> Club:
        club = Club.from_link(self.cleaned_data["link"])
        if club is None:
            raise forms.ValidationError(_("No club has this link."), code="unknown")
        return club

    def save(self) -> Membership | None:
        """Join the club; None (with the reason at the field) when the table is in another.
        In this one already (joined twice, a double tap): its membership, joined_already."""
        club = self.cleaned_data["link"]
        try:
            return club.join(self.table)
        except AlreadyInAClub:
            same = Membership.objects.filter(table=self.table, club=club).first()
            if same is not None:
                self.joined_already = True
                return same
            self.add_error("link", _("This table is already in a club. It leaves that one first."))
            return None


class SeasonDayField(forms.DateField):
    """A season's first or last day: any script's digits read as they show, and a year a
    season's bounds can hold (its last midnight, in any time zone, a date still)."""

    FIRST_YEAR, LAST_YEAR = 1900, 2999
    ATTRS = {"type": "date", "min": f"{FIRST_YEAR}-01-01", "max": f"{LAST_YEAR}-12-31"}

    def to_python(self, value):
        if isinstance(value, str):
            value = ascii_digits(value)
        return super().to_python(value)

    def bound_data(self, data, initial):
        # Drawn again after a refusal: a date input shows ASCII digits only (others: blank).
        return ascii_digits(data) if isinstance(data, str) else data

    def validate(self, value) -> None:
        super().validate(value)
        if value and not self.FIRST_YEAR <= value.year <= self.LAST_YEAR:
            raise forms.ValidationError(
                _("Give a day from the year %(first)s to %(last)s."),
                code="year",
                params={"first": self.FIRST_YEAR, "last": self.LAST_YEAR},
            )


class SeasonForm(forms.ModelForm):
    """A season: its name and its first and last days."""

    class Meta:
        model = Season
        fields = ["name", "starts_on", "ends_on"]
        labels = {
            "name": _("Season name"),
            "starts_on": _("First day"),
            "ends_on": _("Last day"),
        }
        field_classes = {"starts_on": SeasonDayField, "ends_on": SeasonDayField}
        widgets = {
            "starts_on": forms.DateInput(attrs=SeasonDayField.ATTRS),
            "ends_on": forms.DateInput(attrs=SeasonDayField.ATTRS),
        }
        error_messages = {
            "name": {"required": _("Give the season a name.")},
            "starts_on": {"required": _("Give its first day."), "invalid": _("Give a date.")},
            "ends_on": {"required": _("Give its last day."), "invalid": _("Give a date.")},
        }

    def __init__(self, *args, club: Club, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.instance.club = club

    def clean_name(self) -> str:
        name = clean_text(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError(_("Give the season a name."), code="blank")
        return name

    def clean(self) -> dict:
        cleaned = super().clean()
        starts, ends = cleaned.get("starts_on"), cleaned.get("ends_on")
        if starts and ends and ends < starts:
            self.add_error("ends_on", _("A season cannot end before it starts."))
        return cleaned

    def save(self, commit: bool = True) -> Season:
        """The season, or the club's own of this name and these days (a second tap, a post
        sent again): one season, never two alike. The club's row is the lock."""
        club = self.instance.club
        with transaction.atomic():
            list(Club.objects.select_for_update().filter(pk=club.pk).values_list("pk"))
            data = self.cleaned_data
            same_days = club.seasons.filter(starts_on=data["starts_on"], ends_on=data["ends_on"])
            name = name_key(data["name"])
            found = next((season for season in same_days if name_key(season.name) == name), None)
            return found or super().save(commit)


class ClubTournamentForm(TournamentForm):
    """A tournament made from a club's page: the tournaments app's setup, and how its first round
    is seeded (by the club's ratings unless the director asks for a draw)."""

    BY_RATING = "rating"
    DRAWN = "drawn"

    seeding = forms.ChoiceField(
        label=_("Seeding"),
        choices=[
            (BY_RATING, _("By club rating: the first round sets the top half against the bottom")),
            (DRAWN, _("Drawn at random")),
        ],
        initial=BY_RATING,
    )
    # The formats a rating seeds (RULES.md, "Seeding"): a Swiss's first round, and a knockout's
    # bracket ("Knockouts": by club rating when the tournament belongs to a club).
    SEEDED_FORMATS = frozenset(
        {rules.Format.SWISS, rules.Format.SINGLE_ELIMINATION, rules.Format.DOUBLE_ELIMINATION}
    )

    def __init__(self, *args, club: Club, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        if self.chosen_format not in self.SEEDED_FORMATS:
            del self.fields["seeding"]
        elif self.chosen_format.knockout:
            # A bracket has no first round of halves: its seeds are placed as Knockouts says.
            self.fields["seeding"].choices = [
                (self.BY_RATING, SEEDINGS["rating"]),
                (self.DRAWN, _("Drawn at random")),
            ]
        # The format and the game post on change to this club's setup, which keeps the seeding.
        here = reverse("club_tournament", args=[club.key])
        for name in ("format", "preset"):
            self.fields[name].widget.attrs["hx-post"] = here

    def refreshed(self) -> "ClubTournamentForm":
        return type(self)(initial=dict(self.data.items()), club=self.club)

    def save(self, *, creator: str = "") -> Tournament:
        with transaction.atomic():
            tournament = super().save(creator=creator)
            if self.cleaned_data.get("seeding") == self.BY_RATING:
                SeededTournament.objects.create(club=self.club, tournament=tournament)
        return tournament
