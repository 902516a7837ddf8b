"""A hand as typed at the table (a score made during play: forms.play)."""

import uuid

from django import forms
from django.core.exceptions import ValidationError
from django.forms import BoundField
from django.utils.translation import gettext_lazy as _

from scorekeeper import rules
from scorekeeper.forms.fields import (
    PipsField,
    WholeNumberField,
    as_typed,
    count_fields,
    parse_out,
    parse_tile,
    regional_fields,
)
from scorekeeper.forms.hand_inputs import (
    add_switches,
    counts_who_went_out,
    initial_values,
    prefill_round,
    read_inputs,
    switch_error_field,
)
from scorekeeper.forms.mexican_train import ROUND_ERROR_FIELDS, add_double_blank_field
from scorekeeper.models import (
    EntryMode,
    Hand,
    Match,
)
from scorekeeper.words.refusals import corrected_past_end, hand_error_message, tile_message

# The rules' refusals of a pair's pips together, shown at that pair's field (a total too large
# at the last one).
PAIR_FIELD_ERRORS = (
    rules.ErrorCode.PAIR_NOT_WHOLE,
    rules.ErrorCode.PAIR_NEGATIVE,
    rules.ErrorCode.PAIR_TOO_MANY,
    rules.ErrorCode.PAIR_MISSING,
    rules.ErrorCode.TOTAL_TOO_MANY,
)


# The rules' refusals of a pooled count, shown at its one field.
POOLED_FIELD_ERRORS = (
    rules.ErrorCode.NOT_WHOLE,
    rules.ErrorCode.NEGATIVE_PIPS,
    rules.ErrorCode.POOLED_TOO_MANY,
    rules.ErrorCode.POOLED_WITH_PIPS,
)


# The rules' refusals of the counts together (more pips than the set holds), not of one of them:
# said once, just above the counts, and every count is marked with it.
COUNTS_ERRORS = (rules.ErrorCode.TOTAL_TOO_MANY,)
# Their code among the form's errors, which keep them apart from the hand's other refusals.
COUNTS = "counts"
# The fragment the match page's hand form posts to (htmx posts without it): a page without
# JavaScript comes back refused opened at the first count to put right, which holds this id
# (HandForm.refused_at), its message in sight under it. The browser keeps a fragment in sight
# while the rest of the page comes in; autofocus does not (it can come before the page below
# and scroll no further). A page saved, or refused for something else, has no such part and
# opens at its top. The correction page posts to its own address: a fragment would put one
# more page behind Back.
REFUSED = "refused"


REGIONAL_ERROR_FIELDS = {
    rules.ErrorCode.LEADER_NEEDED: "led_by",
    rules.ErrorCode.LEADER_UNKNOWN_SEAT: "led_by",
    rules.ErrorCode.BLOCKER_NEEDED: "blocked_by",
    rules.ErrorCode.BLOCKER_UNKNOWN_SEAT: "blocked_by",
    rules.ErrorCode.BLOCKER_NOT_BLOCKED: "blocked_by",
    rules.ErrorCode.BLOCKER_NOT_ASKED: "blocked_by",
    rules.ErrorCode.CHUCHAZO_ON_BLOCKED: "chuchazo",
    rules.ErrorCode.CHUCHAZO_NOT_OFFERED: "chuchazo",
    rules.ErrorCode.PASE_CORRIDO_NOT_OFFERED: "pase_corrido",
    rules.ErrorCode.PASE_CORRIDO_UNKNOWN_SIDE: "pase_corrido",
    rules.ErrorCode.PASE_CORRIDO_NOT_WHOLE: "pase_corrido",
    rules.ErrorCode.PASE_CORRIDO_TOO_MANY: "pase_corrido",
    rules.ErrorCode.PASE_DE_SALIDA_NOT_OFFERED: "pase_de_salida",
    rules.ErrorCode.PASE_DE_SALIDA_NOT_DOUBLE: "pase_de_salida",
}


def each_hand_why(game: rules.Game) -> str | None:
    """One short line: why a blocked hand asks every hand at a table that counts in totals."""
    house = game.rules
    if not game.blocked_counts_single_hands:
        return None
    if house.blocked_rule is rules.BlockedRule.LIGHTEST_HAND:
        return _("Blocked: the lightest hand wins, so each hand counts.")
    if house.blocker_against_next or house.ties_to_leaders:
        return _("Blocked: your rules compare single hands, so each hand counts.")
    if house.count_rule is rules.CountRule.ALL_OTHER_HANDS:
        return _("Blocked: the winner's own hand is left out of the count, so each hand counts.")
    if house.lead_rule is rules.LeadRule.WINNER_LEADS:
        return _("Blocked: the lightest hand leads next, so each hand counts.")
    return None


# The fields every hand form has, built once a process and shared by its forms as
# regional_fields are: a form's own copy of them (Django deep-copies declared fields) cost each
# of a save's two forms more than the rest of building it. No form changes them.
SHARED_FIELDS: dict[str, forms.Field] = {
    "out": forms.CharField(widget=forms.HiddenInput),
    "number": WholeNumberField(widget=forms.HiddenInput, min_value=1),
    "token": forms.UUIDField(widget=forms.HiddenInput),
    "entry": forms.ChoiceField(choices=EntryMode.choices, widget=forms.HiddenInput, required=False),
    "capicu": forms.BooleanField(label=_("Capicú"), required=False),
}


class HandBoundField(BoundField):
    """A field of the hand form as drawn: a count the rules refuse with the others (too many
    pips together) is marked as refused and points at that message, as a count refused on its
    own points at its own."""

    def build_widget_attrs(self, attrs, widget=None):
        attrs = super().build_widget_attrs(attrs, widget)
        if self.name in self.form.count_names() and self.form.count_errors():
            attrs["aria-invalid"] = "true"
            described = (attrs.get("aria-describedby"), self.form.count_errors_id)
            attrs["aria-describedby"] = " ".join(part for part in described if part)
        return attrs


class HandForm(forms.Form):
    """One hand: who went out (or blocked), the pips left where they count, capicú."""

    bound_field_class = HandBoundField
    refused_anchor = REFUSED

    def __init__(
        self,
        match: Match,
        *args,
        out: str | None = None,
        entry: str | None = None,
        led_by: int | str | None = "next",
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.fields.update(SHARED_FIELDS)
        self.match = match
        # The match's version as this form reads it: its score of the hand holds while the
        # match is still at this version (Match.add_hand).
        self.version = match.version
        self.game = match.game()
        self.names = match.seat_names()
        # Who the sheet knows led this hand: by default the match's next leader (a new hand).
        self.known_leader = match.next_leader if led_by == "next" else led_by
        self.add_regional_fields()
        raw_out = self.data.get("out", out) if self.is_bound else out
        self.ending, self.went_out = parse_out(raw_out, self.game.seats)
        # A page from before the switch posts no `entry`: its counts are per hand.
        raw_entry = self.data.get("entry", EntryMode.EACH) if self.is_bound else entry
        if raw_entry not in EntryMode.values:
            raw_entry = match.table.entry_mode
        self.entry_mode = raw_entry
        self.initial.setdefault("entry", raw_entry)  # its field is shared: not set on it
        # One number for the hands that count, when the table pools them; a blocked hand still
        # needs what its blocked rule needs: each pair's pips together where that is enough to
        # score it (see rules.Game.counts_blocked_by_pair), else each hand's count.
        blocked = self.ending is rules.Ending.BLOCKED
        by_pair = blocked and self.game.counts_blocked_by_pair
        self.offers_total = by_pair or (
            self.ending is rules.Ending.WENT_OUT and self.game.pools_went_out_count
        )
        totals = raw_entry == EntryMode.TOTAL
        self.pooled_entry = totals and self.offers_total and not blocked
        self.pair_entry = totals and by_pair
        # Why a blocked hand at a table that counts in totals still asks every hand.
        self.each_hand_why = each_hand_why(self.game) if totals and blocked else None
        self.needed: tuple[int, ...] = ()
        if self.ending is not None:
            self.needed = rules.needed_seats(self.game, self.ending, self.went_out)
        self.count_seats = () if self.pooled_entry or self.pair_entry else self.needed
        if counts_who_went_out(self, self.data):  # drawn to be refused at its field
            self.count_seats = tuple(sorted({*self.count_seats, self.went_out}))
        if self.count_seats:
            self.fields.update(
                count_fields(tuple(self.names), self.game.tile_set, tuple(self.count_seats))
            )
        if self.pooled_entry:
            self.fields["pooled"] = PipsField(label=_("Pips in the hands that count"))
            self.fields["pooled"].widget.attrs["enterkeyhint"] = "done"
        elif self.pair_entry:
            for side, name in enumerate(self.side_names):
                self.fields[f"pair_{side}"] = PipsField(label=name)
            self.fields[f"pair_{len(self.side_names) - 1}"].widget.attrs["enterkeyhint"] = "done"
        # The switch shows only when it can apply; a capicú posted anyway is refused by the rules.
        self.offers_capicu = self.ending is rules.Ending.WENT_OUT and self.game.offers_capicu
        # Bergen under `doubles lose the count`: a blocked hand asks who holds a double.
        self.asks_who_holds_doubles = (
            self.ending is rules.Ending.BLOCKED and self.game.asks_who_holds_doubles
        )
        add_double_blank_field(self)
        add_switches(self)  # a field of rules.Hand that is one switch of its own
        if self.asks_who_holds_doubles:
            for seat in range(self.game.seats):
                self.fields[f"double_{seat}"] = forms.BooleanField(
                    label=self.names[seat], required=False
                )

    def switch_fields(self):
        return [self[name] for name in self.switches]

    def double_fields(self):
        return (
            [self[f"double_{seat}"] for seat in range(self.game.seats)]
            if self.asks_who_holds_doubles
            else []
        )

    @classmethod
    def for_next_hand(
        cls,
        match: Match,
        out: str | None = None,
        entry: str | None = None,
        number: int | None = None,
    ) -> "HandForm":
        """A blank form for the match's next hand, with a fresh token. `number`: the hand the
        asking page shows, when it may be one another phone has saved since (the save then
        says so instead of storing it as the hand after)."""
        current = match.hand_count + 1
        initial = {"out": out, "number": number or current, "token": uuid.uuid4()}
        form = cls(match, out=out, entry=entry, initial=initial)
        if form.game.kind.counts_from_seats and not match.finished and initial["number"] == current:
            prefill_round(form, match)  # the counts posted from the players' own phones
        return form

    @classmethod
    def refilled(cls, match: Match, data) -> "HandForm":
        """The form for the next hand with what `data` (a post) typed in it, unchecked: the
        hand is saved by its own button, after the table has looked at it."""
        out, entry = data.get("out"), data.get("entry")
        initial = as_typed(cls(match, out=out, entry=entry), data)
        return cls(match, out=out, entry=entry, initial=initial)

    @classmethod
    def for_hand(
        cls, match: Match, hand: Hand, out: str | None = None, entry: str | None = None
    ) -> "HandForm":
        """A form to correct a stored hand, filled with what was entered."""
        out = out or ("blocked" if hand.blocked else str(hand.went_out))
        if entry is None:
            by_total = hand.pooled is not None or bool(hand.pair_pips)
            entry = EntryMode.TOTAL if by_total else EntryMode.EACH
        initial = {"out": out, "number": hand.number, "token": hand.token}
        if not hand.in_play:
            initial.update(initial_values(match.game(), hand.as_rules_hand()))
        # Who the sheet knew led it; None where the table had to say.
        known = None if hand.leader_told is not None else hand.led_by
        return cls(match, out=out, entry=entry, led_by=known, initial=initial)

    def out_choices(self) -> list[tuple[str, str, bool]]:
        """Who went out, or Blocked: (value of `out`, label, whether it is chosen)."""
        seats = [(str(seat), name, self.went_out == seat) for seat, name in enumerate(self.names)]
        blocked = self.ending is rules.Ending.BLOCKED
        return [*seats, ("blocked", str(_("Blocked")), blocked)]

    def refuse(self, refused: rules.InvalidHand, *, editing: bool = False) -> None:
        """Show the rules' refusal of a hand that passed the form (the match moved on)."""
        for error in refused.errors:
            if editing and error.code == rules.ErrorCode.MATCH_OVER:
                message = corrected_past_end()
            else:
                message = hand_error_message(error, self.names, self.game)
            self.add_error(None, message)

    def add_regional_fields(self) -> None:
        """The taps the table's rules may ask for; each shows only when the rules need it."""
        game = self.game
        # Who led: asked for a new hand only while the sheet does not know who leads it.
        self.asks_leader = game.asks_leader(self.known_leader)
        sides = self.match.side_names()
        self.fields.update(
            regional_fields(tuple(self.names), tuple(sides), game.pase_corrido_limit)
        )
        self.side_names = sides

    def pase_corrido_fields(self):
        return [self[f"pase_corrido_{side}"] for side in range(len(self.side_names))]

    @property
    def asks_blocker(self) -> bool:
        return self.ending is rules.Ending.BLOCKED and self.game.asks_blocker

    @property
    def offers_chuchazo(self) -> bool:
        return self.ending is rules.Ending.WENT_OUT and self.game.offers_chuchazo

    def pip_fields(self):
        return [(seat, self[f"pips_{seat}"], self[f"tiles_{seat}"]) for seat in self.count_seats]

    def pair_fields(self):
        return (
            [self[f"pair_{side}"] for side in range(len(self.side_names))]
            if self.pair_entry
            else []
        )

    def count_names(self) -> tuple[str, ...]:
        """The fields the counts are typed in, as the form draws them."""
        if self.pooled_entry:  # and a count posted for who went out, drawn to be refused
            return ("pooled", *(f"pips_{seat}" for seat in self.count_seats))
        if self.pair_entry:
            return tuple(f"pair_{side}" for side in range(len(self.side_names)))
        return tuple(f"pips_{seat}" for seat in self.count_seats)

    def refused_at(self) -> str | None:
        """The part that holds the id REFUSED, where a page without JavaScript opens when the
        hand comes back refused: the counts' refusal together (COUNTS), over them, else the
        first count refused on its own; None while no count is refused."""
        if self.count_errors():
            return COUNTS
        return next((name for name in self.count_names() if name in self.errors), None)

    @property
    def count_errors_id(self) -> str:
        return f"{self.auto_id % COUNTS}_error" if self.auto_id else f"{COUNTS}_error"

    def count_errors(self) -> list[str]:
        """The refusals of the counts together: shown just above them (pip_fields.html)."""
        return self._errors_coded(lambda code: code == COUNTS)

    def page_errors(self) -> list[str]:
        """The refusals of the hand as a whole that no field or count holds: above the form."""
        return self._errors_coded(lambda code: code != COUNTS)

    def _errors_coded(self, wanted) -> list[str]:
        return [
            message
            for error in self.non_field_errors().as_data()
            if wanted(error.code)
            for message in error
        ]

    def entry_choices(self) -> list[tuple[str, str, bool]]:
        """Per hand or Total: (value of `entry`, label, whether it is chosen)."""
        choices = [(value, label, value == self.entry_mode) for value, label in EntryMode.choices]
        if self.ending is rules.Ending.BLOCKED:
            # A blocked hand's totals are one per pair.
            choices = [
                (value, _("Per pair") if value == EntryMode.TOTAL else label, chosen)
                for value, label, chosen in choices
            ]
        return choices

    def clean_out(self):
        if self.ending is None:
            raise ValidationError(_("Tap who went out, or Blocked."))
        return self.data["out"]

    def clean(self):
        """The hand as typed, and the rules' score of it (`result`), scored once here: the
        end-of-match question and the save use it (Match.add_hand)."""
        data = super().clean()
        if self.errors.keys() & {"number", "token", "entry"}:
            # Hidden fields only a changed or damaged page can get wrong: no field to show it at.
            self.add_error(
                None, _("This page could not be read. Reload it and enter the hand again.")
            )
        if self.ending is None or "number" in self.errors or "token" in self.errors:
            return data
        # Fields that already failed (not a number, below 0) keep their own message; the rules
        # still check the others, so every problem shows at once.
        failed = {name for name in self.errors if name.startswith("pips_")}
        if not self._count_tiles(data):
            return data
        counts = self._counts(data)
        if counts is None:
            return data
        hand = rules.Hand(**counts, **read_inputs(self, data))
        data["hand"] = hand
        data["result"] = self._score(hand, data["number"], failed)
        return data

    def _counts(self, data: dict) -> dict | None:
        """The pips as typed (each hand's, one total, or each pair's), as rules.Hand fields;
        None, with the question at its field, while a total the table gives is missing."""
        pips = {
            seat: data[f"pips_{seat}"]
            for seat in self.count_seats
            if data.get(f"pips_{seat}") is not None
        }
        counts = {"pips": pips, "pooled": None, "pair_pips": {}}
        if self.pooled_entry:
            counts["pooled"] = data.get("pooled")
            if counts["pooled"] is None:
                if "pooled" not in self.errors:
                    self.add_error("pooled", _("How many pips are left in the hands that count?"))
                return None
        if self.pair_entry:
            counts["pair_pips"] = self._pair_pips(data)
            if len(counts["pair_pips"]) < len(self.side_names):
                return None
        return counts

    def _pair_pips(self, data: dict) -> dict[int, int]:
        """Each pair's pips together, as typed; the question at each pair's field left empty."""
        pair_pips = {}
        for side in range(len(self.side_names)):
            field = f"pair_{side}"
            if data.get(field) is not None:
                pair_pips[side] = data[field]
            elif field not in self.errors:
                self.add_error(field, _("How many pips did this pair hold together?"))
        return pair_pips

    def _score(self, hand: rules.Hand, number: int, failed: set[str]) -> rules.HandResult | None:
        """The rules' score of the hand (they validate it as they score); None, with each
        refusal at its field, if they refuse it."""
        try:
            result = rules.score_hand(self.game, hand, self.known_leader, number=number)
        except rules.InvalidHand as refused:
            for error in refused.errors:
                self._show(error, failed)
            return None
        # A next hand as the match stands, where the game carries a set's state (its worth).
        game, next_hand = self.game, number == self.match.hand_count + 1
        if next_hand and game.kind.start(game) is not None:
            result = game.kind.settle(game, self.match.state(), result)[0]
        return result

    def _count_tiles(self, data: dict) -> bool:
        """Pips from the tiles picked where none were typed; False if the tiles are wrong."""
        tiles = {
            seat: [parse_tile(value) for value in data[f"tiles_{seat}"]]
            for seat in self.count_seats
            if data.get(f"tiles_{seat}")
        }
        if not tiles:
            return True
        try:
            counted = rules.count_tiles(self.game, tiles)
        except rules.InvalidTiles as error:
            for tile_error in error.errors:
                self.add_error(f"pips_{tile_error.seat}", tile_message(tile_error))
            return False
        for seat, pips in counted.items():
            if data.get(f"pips_{seat}") is None:
                data[f"pips_{seat}"] = pips
        return True

    @staticmethod
    def _switch_field(error: rules.HandError) -> str | None:
        """The field of a refusal that a regional way, a round or a house switch asks about;
        None for the others (and for a pase corrido said of no seat)."""
        field = (
            REGIONAL_ERROR_FIELDS.get(error.code)
            or ROUND_ERROR_FIELDS.get(error.code)
            or switch_error_field(error.code)
        )
        if field == "pase_corrido":
            return f"pase_corrido_{error.seat}" if error.seat is not None else None
        return field

    def _show(self, error: rules.HandError, failed: set[str]) -> None:
        """One of the rules' refusals at its field, unless that field already says why."""
        field = self._switch_field(error)
        if field is not None:
            if field not in self.errors:
                self.add_error(field, hand_error_message(error, self.names, self.game))
            return
        if error.seat is not None and f"pips_{error.seat}" in self.fields:
            field = f"pips_{error.seat}"
            if field in failed:
                return
        elif error.code == rules.ErrorCode.TOTAL_TOO_MANY and failed:
            return
        elif error.code in (rules.ErrorCode.CAPICU_ON_BLOCKED, rules.ErrorCode.CAPICU_NOT_OFFERED):
            field = "capicu"
        elif self.pooled_entry and error.code in POOLED_FIELD_ERRORS:
            field = "pooled"
        elif self.pair_entry and error.code in PAIR_FIELD_ERRORS:
            side = len(self.side_names) - 1 if error.seat is None else error.seat
            field = f"pair_{side}"
        elif error.code in COUNTS_ERRORS:
            message = hand_error_message(error, self.names, self.game)
            self.add_error(None, ValidationError(message, code=COUNTS))
            return
        self.add_error(field, hand_error_message(error, self.names, self.game))
