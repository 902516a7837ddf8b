"""A tournament's setup, its entrants and the director's forfeits."""

import re
from collections.abc import Iterable
from typing import NamedTuple

from django import forms
from django.core.exceptions import ValidationError
from django.urls import reverse_lazy
from django.utils.translation import gettext_lazy as _

from scorekeeper import rules
from scorekeeper.backup.load import TOURNAMENT_DEPTH
from scorekeeper.forms.backup import ImportForm
from scorekeeper.forms.fields import (
    INVISIBLE_NAME,
    MAX_TARGET,
    NUMBER_ATTRS,
    NameField,
    OneTimeToken,
    PresetField,
    WholeNumberField,
    clean_name,
)
from scorekeeper.inputs import isolated
from scorekeeper.models import NAME_MAX
from scorekeeper.tournaments import rules as event_rules
from scorekeeper.tournaments.models.confirmation import ResultsNeedChoice
from scorekeeper.tournaments.models.tournament import Entrant, Format, Tournament
from scorekeeper.tournaments.rules.tournament_confirm import ResultsNeed
from scorekeeper.tournaments.words.bracket import bracket_refusal
from scorekeeper.tournaments.words.confirm import NO_OTHER_SIDE, RESULTS_NEED_LABEL
from scorekeeper.tournaments.words.tournament import NUMBER_TOO_BIG, NUMBER_TOO_SMALL, TARGET_RANGE
from scorekeeper.words.labels import offered_presets
from scorekeeper.words.names import name_key

# "Ana & Ben", "Ana / Ben" or "Ana y Ben": a pair's two players on one line.
PAIR_SEPARATOR = re.compile(r"\s*(?:&|/|\+)\s*")
MAX_ENTRANTS = 400
MAX_ROUNDS = 50


def number_field(
    label, *, required=False, min_value=0, max_value=MAX_TARGET, error_messages=None, **kwargs
):
    return WholeNumberField(
        label=label,
        required=required,
        min_value=min_value,
        max_value=max_value,
        widget=forms.TextInput(NUMBER_ATTRS),
        error_messages={
            "min_value": NUMBER_TOO_SMALL,
            "max_value": NUMBER_TOO_BIG,
            **(error_messages or {}),
        },
        **kwargs,
    )


class EntrantLine(NamedTuple):
    """One entrant as typed: its line in the box, its name and (a pair's) partner."""

    line: int
    name: str
    partner: str
    # More names than two on the line ("Ana & Ben & Cris"): no pair, nor one player.
    more: bool = False


class EntrantsField(forms.CharField):
    """One entrant a line: a pair as "Ana & Ben", or one player's name.

    A line of spaces is skipped; a line or a name that shows nothing (only control or
    invisible characters) is refused, never dropped or stored empty."""

    widget = forms.Textarea({"rows": 8, "autocomplete": "off"})

    def __init__(self, *, numbered: bool = True, **kwargs):
        # One entrant alone (a name corrected): its refusals name no line.
        super().__init__(**kwargs)
        self.numbered = numbered

    def clean(self, value) -> list[EntrantLine]:
        text = super().clean(value) or ""
        entrants, errors = [], []
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            parts = PAIR_SEPARATOR.split(line.strip())
            names = [clean_name(part) for part in parts]
            at = number if self.numbered else 0
            if any(not name and part.strip() for name, part in zip(names, parts, strict=True)):
                errors.append(line_error(at, "invisible"))
            elif not all(names):
                errors.append(line_error(at, "pair"))
            elif any(len(name) > NAME_MAX for name in names):
                errors.append(line_error(at, "long"))
            else:
                partner = names[1] if len(names) > 1 else ""
                entrants.append(EntrantLine(at, names[0], partner, more=len(names) > 2))
        if errors:
            raise ValidationError(errors)
        if len(entrants) > MAX_ENTRANTS:
            raise ValidationError(_("At most %(limit)s entrants.") % {"limit": MAX_ENTRANTS})
        return entrants


def line_error(line: int, code: str, **names: str) -> str:
    """Why the entrant on this line of the box is refused (line 0: the only one, unnumbered)."""
    numbered = {
        "invisible": _("Line %(line)s: type a name with letters you can see."),
        "pair": _("Line %(line)s: a pair is two names, like “Ana & Ben”."),
        "one": _("Line %(line)s: in an individual event, one player a line."),
        "same_pair": _("Line %(line)s: a pair needs two different players."),
        "entered": _("Line %(line)s: “%(entrant)s” is entered already."),
        "plays": _("Line %(line)s: %(name)s already plays in “%(entrant)s”."),
        "long": _("Line %(line)s: a name can have at most %(limit)s characters."),
    }
    alone = {
        "invisible": INVISIBLE_NAME,
        "pair": _("A pair is two names, like “Ana & Ben”."),
        "one": _("In an individual event, one player a line."),
        "same_pair": _("A pair needs two different players."),
        "entered": _("“%(entrant)s” is entered already."),
        "plays": _("%(name)s already plays in “%(entrant)s”."),
        "long": _("A name can have at most %(limit)s characters."),
    }
    words = numbered if line else alone
    isolated_names = {key: isolated(value) for key, value in names.items()}
    return words[code] % {"line": line, "limit": NAME_MAX, **isolated_names}


def entrant_problems(
    entrants: Iterable[EntrantLine], *, individual: bool, entered: Iterable[Entrant] = ()
) -> list[str]:
    """What is wrong with these entrants, added to those `entered` already: a pair of one name,
    a pair of one player twice, an entrant twice, a player in two entrants. Names are told
    apart as the table setup tells them: case does not, accents do."""
    problems = []
    seen: dict[frozenset, str] = {}
    players: dict[str, str] = {}

    def add(entrant: str, names: list[str]) -> None:
        seen[frozenset(name_key(name) for name in names)] = entrant
        for name in names:
            players[name_key(name)] = entrant

    for old in entered:
        add(str(old), [name for name in (old.name, old.partner) if name])
    for line, name, partner, more in entrants:
        names = [name, partner] if partner else [name]
        shown = " & ".join(names)
        keys = [name_key(typed) for typed in names]
        if individual and partner:
            problems.append(line_error(line, "one"))
        elif not individual and (not partner or more):
            problems.append(line_error(line, "pair"))
        elif len(set(keys)) < len(keys):
            problems.append(line_error(line, "same_pair"))
        elif frozenset(keys) in seen:
            problems.append(line_error(line, "entered", entrant=shown))
        elif clash := next((typed for typed in names if name_key(typed) in players), None):
            entrant = players[name_key(clash)]
            problems.append(line_error(line, "plays", name=clash, entrant=entrant))
        else:
            add(shown, names)
    return problems


# Asked only by a format that seats tables of players; the others ask the target, a forfeit
# and a bye, which such an event has not (its game's target, when it has one, it asks).
TABLE_FIELDS = ("table_size",)
PAIRS_FIELDS = ("target", "forfeit_for", "forfeit_against", "bye_for", "bye_against")
# A knockout is one bracket (models.bracket): no rounds, no round clock, no forfeit or bye score.
KNOCKOUT_UNUSED = ("time_cap", "round_count", *PAIRS_FIELDS[1:])


class TournamentForm(forms.Form):
    """A new tournament. The games offered are those the chosen format can seat (the game says
    which: Preset.tournament_formats), and each format asks only what it uses."""

    # The format and game post on change (htmx) and the form comes back with what they ask; a
    # second change before the first's answer replaces the first (its answer would come stale).
    REFRESH = {
        "hx-post": reverse_lazy("new_tournament"),
        "hx-trigger": "change",
        "hx-select-oob": "#tournament-fields",
        "hx-sync": "closest form:replace",
    }

    name = NameField(
        label=_("Name of the tournament"),
        max_length=60,
        error_messages={"required": _("Give the tournament a name.")},
    )
    token = OneTimeToken()  # posted twice, one tournament
    format = forms.ChoiceField(
        label=_("Format"),
        choices=Format.choices,
        initial=Format.SWISS,
        widget=forms.Select(REFRESH),
    )
    preset = PresetField(
        label=_("Game"),
        choices=offered_presets,
        initial="caribbean",
        widget=forms.Select(REFRESH),
        error_messages={
            "invalid_choice": _(
                "This format cannot seat that game: choose one of the games listed."
            )
        },
    )
    table_size = forms.TypedChoiceField(
        label=_("Players at a table"),
        coerce=int,
        choices=[(n, n) for n in range(event_rules.MIN_TABLE_SIZE, event_rules.MAX_TABLE_SIZE + 1)],
        initial=event_rules.DEFAULT_TABLE_SIZE,
    )
    # Empty: the game's own (200 points for most, 500 in Puerto Rico, 6 games for Jamaican), so
    # a game chosen after the target was drawn does not play to another game's.
    target = number_field(
        _("Points to win (empty: the game's own target)"), min_value=1, error_messages=TARGET_RANGE
    )
    time_cap = number_field(
        _("Minutes a round lasts (empty: no clock)"), min_value=1, max_value=600
    )
    round_count = number_field(
        _("Number of rounds (empty: as many as you draw; a round robin: until all have met)"),
        min_value=1,
        max_value=MAX_ROUNDS,
    )
    forfeit_for = number_field(_("A forfeit scores (empty: half the target)"))
    forfeit_against = number_field(_("against"), initial=0)
    bye_for = number_field(_("A bye scores (empty: half the target)"))
    bye_against = number_field(_("against"), initial=0)
    results_need = forms.ChoiceField(
        label=RESULTS_NEED_LABEL,
        choices=ResultsNeedChoice.choices,
        initial=ResultsNeed.NOTHING,
        required=False,  # not posted (an older page): nothing, as before the setting
        error_messages={"invalid_choice": NO_OTHER_SIDE},
    )
    entrants = EntrantsField(
        label=_("Entrants, one a line: a player, or a pair as “Ana & Ben”"), required=False
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.chosen_format = self._chosen_format()
        fitting = [
            (key, label)
            for key, label in offered_presets()
            if self.chosen_format in rules.preset_named(key).tournament_formats
        ]
        preset = self.fields["preset"]
        preset.choices = fitting
        if not any(key == self.initial.get("preset", preset.initial) for key, _l in fitting):
            self.initial["preset"] = fitting[0][0]
        chosen = self._chosen_preset([key for key, _label in fitting])
        unused = PAIRS_FIELDS if self.chosen_format.seats_tables else TABLE_FIELDS
        if self.chosen_format.seats_tables and rules.plays_to_a_target(chosen):
            unused = PAIRS_FIELDS[1:]  # players at tables play to the game's target
        if self.chosen_format.knockout:
            unused += KNOCKOUT_UNUSED
        for name in unused:
            del self.fields[name]
        if "table_size" in self.fields:
            self._offer_table_sizes(chosen)
        offered = ResultsNeed.offered(self.chosen_format)
        self.fields["results_need"].choices = [
            (key, label) for key, label in ResultsNeedChoice.choices if key in offered
        ]

    def _chosen_preset(self, fitting: list[str]) -> str:
        """The game posted (or, unbound, the initial one), if the format fits it."""
        chosen = self.data.get("preset") if self.is_bound else self.initial.get("preset")
        return chosen if chosen in fitting else self.initial.get("preset", fitting[0])

    def _offer_table_sizes(self, chosen: str) -> None:
        """Offer only the table sizes the chosen game's set deals to."""
        most = min(event_rules.MAX_TABLE_SIZE, rules.preset_named(chosen).most_players)
        field = self.fields["table_size"]
        field.choices = [(n, n) for n in range(event_rules.MIN_TABLE_SIZE, most + 1)]
        field.error_messages["invalid_choice"] = self.too_many_at_a_table(most)

    @staticmethod
    def too_many_at_a_table(most: int) -> str:
        return _("This game seats at most %(most)s players at a table.") % {"most": most}

    def _chosen_format(self) -> rules.Format:
        """The format posted (or, unbound, the initial one); an unknown one: the default."""
        chosen = self.data.get("format") if self.is_bound else self.initial.get("format")
        try:
            return rules.Format(chosen)
        except ValueError:
            return rules.Format.SWISS

    # Typed freely and never drawn again when the format or game changes: a refresh that lands
    # after the director went on typing would put back what they had when it was asked.
    TYPED_FREELY = ("name", "entrants")

    def format_fields(self) -> list:
        """The fields the format and game decide: drawn again when either changes. Not the
        hidden token: the page draws it once, beside the CSRF token, with no label."""
        return [
            self[name]
            for name in self.fields
            if name not in self.TYPED_FREELY and not self[name].is_hidden
        ]

    def refreshed(self) -> "TournamentForm":
        """The posted form drawn again with what its format and game ask, checking nothing."""
        return type(self)(initial=dict(self.data.items()))

    def clean_name(self):
        name = clean_name(self.cleaned_data["name"])
        if not name:
            raise ValidationError(INVISIBLE_NAME)
        return name

    def clean(self):
        data = super().clean()
        entrants = data.get("entrants") or []
        if entrants:
            individual = self.chosen_format.individual
            for problem in entrant_problems(entrants, individual=individual):
                self.add_error("entrants", problem)
        size, preset = data.get("table_size"), data.get("preset")
        if size is not None and preset:
            most = rules.preset_named(preset).most_players
            if size > most:
                self.add_error("table_size", self.too_many_at_a_table(most))
        rounds = data.get("round_count")
        if rounds and entrants and data.get("format") == Format.ROUND_ROBIN:
            full = event_rules.round_robin_rounds(len(entrants))
            if rounds > full:
                self.add_error(
                    "round_count",
                    _("%(entrants)s pairs all meet in %(rounds)s rounds: at most that many.")
                    % {"entrants": len(entrants), "rounds": full},
                )
        return data

    def save(self, *, creator: str = "") -> Tournament:
        data = self.cleaned_data
        tournament = Tournament(
            name=data["name"],
            format=data["format"],
            time_cap=data.get("time_cap"),
            forfeit_for=data.get("forfeit_for"),
            forfeit_against=data.get("forfeit_against") or 0,
            bye_for=data.get("bye_for"),
            bye_against=data.get("bye_against") or 0,
            table_size=data.get("table_size") or event_rules.DEFAULT_TABLE_SIZE,
            round_count=data.get("round_count"),
            results_need=data.get("results_need") or ResultsNeed.NOTHING,
            creator=creator,
        )
        tournament.take_preset(data["preset"])
        if data.get("target"):
            tournament.target = data["target"]
        tournament.save()
        add_entrants(tournament, data["entrants"] or [])
        return tournament


def add_entrants(tournament: Tournament, entrants: list[EntrantLine]) -> None:
    Entrant.objects.bulk_create(
        Entrant(tournament=tournament, name=entrant.name, partner=entrant.partner)
        for entrant in entrants
    )


class EntrantsForm(forms.Form):
    """Late entries: more entrants, drawn from the next round."""

    entrants = EntrantsField(label=_("Entrants, one a line (a pair as “Ana & Ben”)"))

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        if tournament.individual:
            self.fields["entrants"].label = _("Entrants, one a line: each player's name")

    def clean_entrants(self):
        entrants = self.cleaned_data["entrants"]
        if self.tournament.brackets.exists():
            # A bracket is drawn once: an entrant added now would never play.
            raise ValidationError(bracket_refusal("late_entry"))
        problems = entrant_problems(
            entrants,
            individual=self.tournament.individual,
            entered=self.tournament.entrants.all(),
        )
        if problems:
            raise ValidationError(problems)
        return entrants

    def save(self) -> None:
        add_entrants(self.tournament, self.cleaned_data["entrants"])


class RenameForm(forms.Form):
    """An entrant's name corrected: checked as a line of entrants is, against the others."""

    name = EntrantsField(
        label=_("Name"), widget=forms.TextInput({"autocomplete": "off"}), numbered=False
    )

    def __init__(self, *args, entrant: Entrant, **kwargs):
        super().__init__(*args, prefix=f"entrant-{entrant.pk}", **kwargs)
        self.entrant = entrant
        self.fields["name"].initial = str(entrant)

    def clean_name(self):
        lines = self.cleaned_data["name"]
        if len(lines) != 1:
            raise ValidationError(_("Type the entrant's name on one line."))
        tournament = self.entrant.tournament
        problems = entrant_problems(
            lines,
            individual=tournament.individual,
            entered=tournament.entrants.exclude(pk=self.entrant.pk),
        )
        if problems:
            raise ValidationError(problems)
        return lines[0]

    def save(self) -> None:
        line = self.cleaned_data["name"]
        self.entrant.rename(line.name, line.partner)


class TournamentImportForm(ImportForm):
    """A tournament's JSON backup: its tables' backups sit deeper in it."""

    max_depth = TOURNAMENT_DEPTH
