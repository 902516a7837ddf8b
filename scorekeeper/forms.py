"""Forms: what a person types, checked field by field before the rules see it."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from scorekeeper import rules
from scorekeeper.models import NAME_MAX, BlockedRule, CountRule, Match, Preset

TARGET_CHOICES = (100, 150, 200, 500)
BONUS_CHOICES = (25, 30, 0)
MAX_TARGET = 10_000
MAX_BONUS = 500

PAIRINGS = {
    # Partners sit opposite (seats 1+3 against 2+4); a pairing reorders the names typed in
    # turn order so that the chosen partners face each other.
    "13": (0, 1, 2, 3),
    "12": (0, 2, 1, 3),
    "14": (0, 1, 3, 2),
}


def clean_name(value: str) -> str:
    return " ".join(value.split())


class SetupForm(forms.Form):
    """A new table and its first match: players, game, target and house rules."""

    name = forms.CharField(label=_("Table name"), max_length=60, required=False)
    player_1 = forms.CharField(label=_("Player 1"), max_length=NAME_MAX, required=False)
    player_2 = forms.CharField(label=_("Player 2"), max_length=NAME_MAX, required=False)
    player_3 = forms.CharField(label=_("Player 3"), max_length=NAME_MAX, required=False)
    player_4 = forms.CharField(label=_("Player 4"), max_length=NAME_MAX, required=False)
    partnership = forms.BooleanField(label=_("Play as partners"), required=False, initial=True)
    pairing = forms.ChoiceField(
        label=_("Partners"), choices=[(key, key) for key in PAIRINGS], initial="13", required=False
    )
    preset = forms.ChoiceField(label=_("Game"), choices=Preset.choices, initial=Preset.CARIBBEAN)
    target = forms.TypedChoiceField(
        label=_("Play to"),
        choices=[(value, str(value)) for value in TARGET_CHOICES],
        coerce=int,
        initial=200,
        required=False,
        widget=forms.RadioSelect,
    )
    target_other = forms.IntegerField(
        label=_("Other target"),
        min_value=1,
        max_value=MAX_TARGET,
        required=False,
        error_messages={
            "invalid": _("Type a whole number, like 200."),
            "min_value": _("The target must be at least 1."),
            "max_value": _("The target can be at most %(limit_value)s."),
        },
    )
    capicu_bonus = forms.TypedChoiceField(
        label=_("Capicú bonus"),
        choices=[(value, str(value)) for value in BONUS_CHOICES],
        coerce=int,
        initial=25,
        required=False,
        widget=forms.RadioSelect,
    )
    capicu_other = forms.IntegerField(
        label=_("Other bonus"),
        min_value=0,
        max_value=MAX_BONUS,
        required=False,
        error_messages={
            "invalid": _("Type a whole number, like 25."),
            "min_value": _("The bonus can't be below 0."),
            "max_value": _("The bonus can be at most %(limit_value)s."),
        },
    )
    count_rule = forms.ChoiceField(
        label=_("Who counts"),
        choices=CountRule.choices,
        initial=CountRule.ALL_OTHER_HANDS,
        widget=forms.RadioSelect,
    )
    blocked_rule = forms.ChoiceField(
        label=_("Blocked hand"),
        choices=BlockedRule.choices,
        initial=BlockedRule.LIGHTEST_HAND,
        widget=forms.RadioSelect,
    )

    player_fields = ("player_1", "player_2", "player_3", "player_4")

    def players(self):
        return [self[name] for name in self.player_fields]

    def clean(self):
        data = super().clean()
        # A number typed in "other" wins over the buttons: somebody typed it on purpose.
        target = data.get("target_other") or data.get("target")
        if not target and "target_other" not in self.errors:
            self.add_error("target_other", _("Choose the score that wins the match."))
        data["target_points"] = target
        bonus = data.get("capicu_other")
        data["bonus_points"] = bonus if bonus is not None else data.get("capicu_bonus")
        if data["bonus_points"] is None and "capicu_other" not in self.errors:
            self.add_error("capicu_other", _("Choose the capicú bonus (0 for none)."))
        names = [clean_name(data.get(field) or "") for field in self.player_fields]
        typed = [name for name in names if name]
        if len(typed) < 2:
            empty = [
                field for field, name in zip(self.player_fields, names, strict=True) if not name
            ]
            for field in empty[: 2 - len(typed)]:
                self.add_error(field, _("Type a name: a game needs at least two players."))
            return data
        seen: set[str] = set()
        for field, name in zip(self.player_fields, names, strict=True):
            if name and name.casefold() in seen:
                self.add_error(field, _("Two players can't have the same name."))
            seen.add(name.casefold())
        seats = len(typed)
        preset = data.get("preset")
        if preset and seats not in rules.PRESETS[preset].seat_options:
            if rules.PRESETS[preset].partnership:
                self.add_error("preset", _("This game is for four players."))
            else:
                self.add_error("preset", _("This game is for two to four players."))
        partnership = bool(data.get("partnership")) and seats == 4
        pairing = data.get("pairing") or "13"
        order = PAIRINGS[pairing] if partnership else tuple(range(seats))
        data["seat_names"] = [typed[index] for index in order]
        data["partnership"] = partnership
        return data

    def house_rules(self) -> rules.HouseRules:
        data = self.cleaned_data
        return rules.HouseRules(
            target=data["target_points"],
            capicu_bonus=data["bonus_points"],
            count_rule=rules.CountRule(data["count_rule"]),
            blocked_rule=rules.BlockedRule(data["blocked_rule"]),
        )

    def game(self) -> rules.Game:
        data = self.cleaned_data
        return rules.make_game(
            data["preset"],
            len(data["seat_names"]),
            partnership=data["partnership"],
            rules=self.house_rules(),
        )


class PipsField(forms.IntegerField):
    def __init__(self, **kwargs):
        super().__init__(
            min_value=0,
            required=False,
            error_messages={
                "invalid": _("Type a whole number of pips, like 12."),
                "min_value": _("Pips can't be below 0."),
            },
            **kwargs,
        )

    def widget_attrs(self, widget):
        attrs = super().widget_attrs(widget)
        attrs.update({"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off"})
        attrs.pop("min", None)
        return attrs


class HandForm(forms.Form):
    """One hand: who went out (or blocked), the pips left where they count, capicú."""

    out = forms.CharField(widget=forms.HiddenInput)
    number = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    token = forms.UUIDField(widget=forms.HiddenInput)
    capicu = forms.BooleanField(label=_("Capicú"), required=False)

    def __init__(self, match: Match, *args, out: str | None = None, seat_names=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.match = match
        self.game = match.game()
        self.names = list(seat_names) or match.seat_names()
        raw_out = self.data.get("out", out) if self.is_bound else out
        self.ending, self.went_out = parse_out(raw_out, self.game.seats)
        self.needed: tuple[int, ...] = ()
        if self.ending is not None:
            self.needed = rules.needed_seats(self.game, self.ending, self.went_out)
        for seat in self.needed:
            self.fields[f"pips_{seat}"] = PipsField(label=self.names[seat])
            self.fields[f"tiles_{seat}"] = forms.MultipleChoiceField(
                choices=tile_choices(self.game.tile_set), required=False
            )
        # The switch shows only when it can apply; a capicú posted anyway is refused by the rules.
        self.offers_capicu = self.ending is rules.Ending.WENT_OUT and self.game.offers_capicu

    def pip_fields(self):
        return [(seat, self[f"pips_{seat}"], self[f"tiles_{seat}"]) for seat in self.needed]

    def clean_out(self):
        if self.ending is None:
            raise ValidationError(_("Tap who went out, or Blocked."))
        return self.data["out"]

    def clean(self):
        data = super().clean()
        if self.ending is None or "number" in self.errors or "token" in self.errors:
            return data
        # Fields that already failed (not a number, below 0) keep their own message; the rules
        # still check the others, so every problem shows at once.
        failed = {name for name in self.errors if name.startswith("pips_")}
        tiles = {}
        for seat in self.needed:
            picked = data.get(f"tiles_{seat}") or []
            if picked:
                tiles[seat] = [parse_tile(value) for value in picked]
        if tiles:
            try:
                counted = rules.count_tiles(self.game, tiles)
            except rules.InvalidTiles as error:
                for tile_error in error.errors:
                    self.add_error(f"pips_{tile_error.seat}", tile_message(tile_error))
                return data
            for seat, pips in counted.items():
                if data.get(f"pips_{seat}") is None:
                    data[f"pips_{seat}"] = pips
        pips = {}
        for seat in self.needed:
            value = data.get(f"pips_{seat}")
            if value is not None:
                pips[seat] = value
        hand = rules.Hand(
            ending=self.ending,
            went_out=self.went_out,
            pips=pips,
            capicu=bool(data.get("capicu")),
        )
        for error in rules.validate_hand(self.game, hand):
            field = None
            if error.seat is not None and f"pips_{error.seat}" in self.fields:
                field = f"pips_{error.seat}"
                if field in failed:
                    continue
            elif error.code == rules.ErrorCode.TOTAL_TOO_MANY and failed:
                continue
            elif error.code in (
                rules.ErrorCode.CAPICU_ON_BLOCKED,
                rules.ErrorCode.CAPICU_NOT_OFFERED,
            ):
                field = "capicu"
            self.add_error(field, hand_error_message(error, self.names, self.game))
        data["hand"] = hand
        return data


def parse_out(value, seats: int) -> tuple[rules.Ending | None, int | None]:
    """The `out` parameter: 'blocked' or the number of the seat that went out."""
    if value == "blocked":
        return rules.Ending.BLOCKED, None
    if isinstance(value, str) and value.isdigit() and int(value) < seats:
        return rules.Ending.WENT_OUT, int(value)
    return None, None


def tile_choices(tile_set: rules.TileSet) -> list[tuple[str, str]]:
    return [(f"{high}-{low}", f"{high}-{low}") for high, low in tile_set.tiles]


def parse_tile(value: str) -> rules.Tile:
    high, low = value.split("-")
    return rules.normalise((int(high), int(low)))


def tile_message(error: rules.TileError) -> str:
    high, low = error.tile
    if error.code == rules.TileErrorCode.CLAIMED_TWICE:
        return _("The %(high)s-%(low)s is in two hands: a tile can only be in one.") % {
            "high": high,
            "low": low,
        }
    return _("The %(high)s-%(low)s is not in this set.") % {"high": high, "low": low}


def hand_error_message(error: rules.HandError, names: list[str], game: rules.Game) -> str:
    """A plain sentence for one of the rules module's refusals."""
    name = names[error.seat] if error.seat is not None and error.seat < len(names) else ""
    code = error.code
    if code == rules.ErrorCode.MISSING_PIPS:
        return _("How many pips did %(name)s have left?") % {"name": name}
    if code == rules.ErrorCode.NOT_WHOLE:
        return _("Type a whole number of pips, like 12.")
    if code == rules.ErrorCode.NEGATIVE_PIPS:
        return _("Pips can't be below 0.")
    if code == rules.ErrorCode.PIPS_FOR_WINNER:
        return _("%(name)s went out and holds no tiles.") % {"name": name}
    if code == rules.ErrorCode.TOO_MANY_PIPS and game.draws:
        return _("No hand can hold more than %(limit)s pips.") % {"limit": error.limit}
    if code == rules.ErrorCode.TOO_MANY_PIPS:
        return ngettext(
            "No hand of %(tiles)s tile can hold more than %(limit)s pips.",
            "No hand of %(tiles)s tiles can hold more than %(limit)s pips.",
            game.tiles_each,
        ) % {"tiles": game.tiles_each, "limit": error.limit}
    if code == rules.ErrorCode.TOTAL_TOO_MANY:
        return _("Together the hands hold more pips than the whole set (%(limit)s).") % {
            "limit": error.limit
        }
    if code == rules.ErrorCode.CAPICU_ON_BLOCKED:
        return _("A blocked hand can't be a capicú.")
    if code == rules.ErrorCode.CAPICU_NOT_OFFERED:
        return _("This table plays without a capicú bonus.")
    if code == rules.ErrorCode.MATCH_OVER:
        return _("This match is over. Start a rematch to play on.")
    if code in (rules.ErrorCode.NO_WINNER, rules.ErrorCode.UNKNOWN_SEAT):
        return _("Tap who went out, or Blocked.")
    return _("Tap who went out, or Blocked.")


def who_choices(players, pairs) -> list[tuple[str, str]]:
    """Players, then pairs of partners, as the statistics filters name them."""
    return [(str(player.pk), player.name) for player in players] + [
        (pair.who, pair.name) for pair in pairs
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
            ("won", _("Matches they won")),
            ("shutouts_given", _("Shutouts they gave")),
            ("shutouts_taken", _("Shutouts they took")),
        ],
        error_messages={"invalid_choice": _("Pick one of the listed choices.")},
    )
    before = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)

    def __init__(self, data, *, choices: list[tuple[str, str]]) -> None:
        super().__init__(data)
        self.fields["who"].choices = [("", _("Everyone")), *choices]


class VersusForm(forms.Form):
    """Two players, or two pairs, to set against each other."""

    one = forms.ChoiceField(label=_("First"))
    other = forms.ChoiceField(label=_("Second"))

    def __init__(self, data, *, choices: list[tuple[str, str]]) -> None:
        super().__init__(data)
        for field in (self.fields["one"], self.fields["other"]):
            field.choices = choices
            field.error_messages["invalid_choice"] = _("Pick a player or a pair from the list.")

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
