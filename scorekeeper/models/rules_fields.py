"""One mapping between the rules' dataclasses and the models' fields.

One entry per field of rules.HouseRules and of rules.Hand: the model field that keeps it and
how it is stored and read back. The models, the setup form, the backup and its import checks
read these lists instead of naming the fields again; tests/models/test_rules_fields.py checks
them against dataclasses.fields() and the models.
"""

import dataclasses
import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from scorekeeper import rules


class Stored(StrEnum):
    """How a value of the rules is kept in its column."""

    AS_IS = "as_is"  # a number, a flag, or None
    CODE = "code"  # an enum, as its value
    LIST = "list"  # a tuple as a list in its order, a set as a sorted list
    BY_KEY = "by_key"  # {seat or side: number}, as a JSON object with string keys
    NONZERO_BY_KEY = "nonzero_by_key"  # the same, leaving out the noughts
    # Not a column: rows of their own (a hand's pips are its SeatCounts); a record of the hand
    # (its change log summary) keeps them as BY_KEY does.
    ROWS = "rows"


class Kept(StrEnum):
    """How a hand's records keep a field: its change log summary and its backup file."""

    ALWAYS = "always"  # every summary and every file has it
    # A summary has it only when it is not its default; a file always (an older one may lack it:
    # the default stands in).
    WHEN_SET = "when_set"
    # Summaries and files have it only when it is not its default: the default stands in. A
    # new field of rules.Hand is kept so, and every record written before it still reads.
    ONLY_WHEN_SET = "only_when_set"


class Group(StrEnum):
    """Which part of the app a field belongs to (a backup of older days may lack it)."""

    CORE = "core"  # every block game
    REGIONAL = "regional"  # lead, blocked additions and bonuses: asked only when needed
    SCORING = "scoring"  # All Fives and Bergen
    ROUND = "round"  # Mexican Train
    # A game's own switches (GameKind.own_switches) beyond those above: a file written before
    # them lacks them and the rules' defaults stand in (Jamaican's).
    GAME = "game"


@dataclass(frozen=True)
class RuleField:
    name: str  # on the dataclass
    stored: Stored = Stored.AS_IS
    group: Group = Group.CORE
    column: str = ""  # the model field, when it is named otherwise
    kept: Kept = Kept.ALWAYS  # how a hand's records keep it (only rules.Hand's fields)

    @property
    def field(self) -> str:
        return self.column or self.name

    def store(self, value: Any) -> Any:
        """The rules' value as the column keeps it."""
        if self.stored is Stored.CODE:
            return str(value)
        if self.stored is Stored.LIST:
            return sorted(value) if isinstance(value, (set, frozenset)) else list(value)
        if self.stored in (Stored.BY_KEY, Stored.NONZERO_BY_KEY, Stored.ROWS):
            keeps_zeros = self.stored is not Stored.NONZERO_BY_KEY
            return {
                str(key): number for key, number in sorted(value.items()) if number or keeps_zeros
            }
        return value

    def read(self, value: Any) -> Any:
        """The column's value as the rules take it (the dataclasses turn codes into enums)."""
        if self.stored in (Stored.BY_KEY, Stored.NONZERO_BY_KEY, Stored.ROWS):
            return {int(key): number for key, number in sorted(value.items())}
        if self.stored is Stored.LIST:
            return tuple(value)
        return value


HOUSE_RULES = (
    RuleField("target"),
    RuleField("capicu_bonus"),
    RuleField("count_rule", Stored.CODE),
    RuleField("blocked_rule", Stored.CODE),
    RuleField("rounding", Stored.CODE, Group.SCORING),
    RuleField("blocked_pays_difference", group=Group.SCORING),
    RuleField("won_hand_pays_two", group=Group.SCORING),
    RuleField("doubles_lose_count", group=Group.SCORING),
    RuleField("lead_rule", Stored.CODE, Group.REGIONAL),
    RuleField("ties_to_leaders", group=Group.REGIONAL),
    RuleField("blocker_against_next", group=Group.REGIONAL),
    RuleField("chuchazo_bonus", group=Group.REGIONAL),
    RuleField("pase_corrido_bonus", group=Group.REGIONAL),
    RuleField("pase_de_salida_bonus", group=Group.REGIONAL),
    RuleField("pase_de_salida_on_double_only", group=Group.REGIONAL),
    RuleField("first_hands_bonus", Stored.LIST, Group.REGIONAL),
    RuleField("first_engine", group=Group.ROUND),
    RuleField("double_blank_counts", group=Group.ROUND),
    RuleField("ties_to_most_outs", group=Group.ROUND),
    RuleField("set_format", Stored.CODE, Group.GAME),
    RuleField("tie_replay", Stored.CODE, Group.GAME),
    RuleField("one_all_play_two", group=Group.GAME),
    RuleField("partners_level", Stored.CODE, Group.GAME),
    RuleField("key_counts_two", group=Group.GAME),
    RuleField("double_six_every_hand", group=Group.GAME),
)

# A hand's pips are its SeatCount rows; the rest are columns of models.Hand.
# The hand form (forms/hand_inputs.py), the change log's summary (models.Hand.summary), the
# backup (backup/fields.py) and its checks (backup/replay.py) read this list: a new field of
# rules.Hand is one line here, its model column and its form input.
HAND = (
    RuleField("ending", Stored.CODE),
    RuleField("went_out"),
    RuleField("pips", Stored.ROWS),
    RuleField("capicu"),
    RuleField("pooled", kept=Kept.WHEN_SET),
    RuleField("pair_pips", Stored.BY_KEY, kept=Kept.WHEN_SET),
    RuleField("holding_doubles", Stored.LIST, Group.SCORING, kept=Kept.ONLY_WHEN_SET),
    RuleField("key", group=Group.GAME, column="on_a_key", kept=Kept.ONLY_WHEN_SET),
    RuleField("led_by", group=Group.REGIONAL, column="leader_told", kept=Kept.WHEN_SET),
    RuleField("blocked_by", group=Group.REGIONAL, kept=Kept.WHEN_SET),
    RuleField("chuchazo", group=Group.REGIONAL, kept=Kept.WHEN_SET),
    RuleField("pases_corridos", Stored.NONZERO_BY_KEY, Group.REGIONAL, kept=Kept.WHEN_SET),
    RuleField("pase_de_salida", group=Group.REGIONAL, kept=Kept.WHEN_SET),
    RuleField("led_a_double", group=Group.REGIONAL, kept=Kept.WHEN_SET),
)
# The hand's fields that are columns of models.Hand (its pips are its SeatCount rows).
HAND_COLUMNS = tuple(field for field in HAND if field.stored is not Stored.ROWS)


def _names(fields: tuple[RuleField, ...], group: Group) -> tuple[str, ...]:
    return tuple(field.field for field in fields if field.group is group)


# The regional switches: the same names on rules.HouseRules and on the models.
REGIONAL_RULES = _names(HOUSE_RULES, Group.REGIONAL)
SCORING_RULES = _names(HOUSE_RULES, Group.SCORING)
ROUND_RULES = _names(HOUSE_RULES, Group.ROUND)
# What a hand's form may report beyond the ending, the pips and capicú.
REGIONAL_INPUTS = _names(HAND, Group.REGIONAL)


def house_rules_fields(house: rules.HouseRules, group: Group | None = None) -> dict[str, Any]:
    """The house rules (or one group of them) as model field values."""
    return {
        field.field: field.store(getattr(house, field.name))
        for field in HOUSE_RULES
        if group is None or field.group is group
    }


def regional_rules_fields(house: rules.HouseRules) -> dict[str, Any]:
    """The regional house rules as model field values."""
    return house_rules_fields(house, Group.REGIONAL)


def _getter(values: Mapping[str, Any] | object) -> Callable[[str], Any]:
    """Field values by name: a mapping's (a form's, a file's) or an object's (a row's)."""
    if isinstance(values, Mapping):
        return values.__getitem__
    return functools.partial(getattr, values)


def house_rules_of(values: Mapping[str, Any] | object) -> rules.HouseRules:
    """The house rules from field values: a table's or a match's, or a form's by name."""
    get = _getter(values)
    return rules.HouseRules(**{field.name: field.read(get(field.field)) for field in HOUSE_RULES})


def hand_fields(hand: rules.Hand) -> dict[str, Any]:
    """What the table reported, as models.Hand's column values (the pips aside)."""
    return {field.field: field.store(getattr(hand, field.name)) for field in HAND_COLUMNS}


def _stored_default(field: RuleField) -> Any:
    """The column's value of a rules.Hand field left at its default."""
    found = next(item for item in dataclasses.fields(rules.Hand) if item.name == field.name)
    if found.default_factory is not dataclasses.MISSING:
        return field.store(found.default_factory())
    return field.store(found.default)


# What a hand's record holds of a field left at its default, for the fields that may be left
# out of it (a summary, a file).
HAND_DEFAULTS = {
    field.field: _stored_default(field) for field in HAND if field.kept is not Kept.ALWAYS
}


def hand_summary(values: Mapping[str, Any] | object, pips: Mapping[int, int]) -> dict[str, Any]:
    """What the table reported, for the change log: models.Hand's column values (a row's or a
    mapping's) and its pips by seat, leaving out each field that may be left out at its default.
    """
    get = _getter(values)
    summary = {}
    for field in HAND:
        value = field.store(pips) if field.stored is Stored.ROWS else get(field.field)
        if field.kept is Kept.ALWAYS or value != HAND_DEFAULTS[field.field]:
            summary[field.field] = value
    return summary


def hand_of(values: Mapping[str, Any] | object, pips: Mapping[int, int]) -> rules.Hand:
    """The hand the table reported, from models.Hand's column values and its pips."""
    get = _getter(values)
    return rules.Hand(
        pips=dict(pips), **{field.name: field.read(get(field.field)) for field in HAND_COLUMNS}
    )


def reason_to_json(reason: rules.Reason) -> dict:
    return {
        "code": str(reason.code),
        "count_rule": str(reason.count_rule),
        "winning_seat": reason.winning_seat,
        "winning_pips": reason.winning_pips,
        "counted": [list(pair) for pair in reason.counted],
        "capicu_bonus": reason.capicu_bonus,
        "tied_seats": list(reason.tied_seats),
        "pooled": reason.pooled,
        **({"pair_pips": list(reason.pair_pips)} if reason.pair_pips else {}),
        **({"counted_pairs": list(reason.counted_pairs)} if reason.counted_pairs else {}),
        "led_by": reason.led_by,
        "compared_seats": list(reason.compared_seats),
        # A game counted in games won (Jamaican): its marks and worth, only where it has them.
        **({"marks": [str(mark) for mark in reason.marks]} if reason.marks else {}),
        **({"played_for": reason.played_for} if reason.played_for is not None else {}),
        **({"replay_for": reason.replay_for} if reason.replay_for is not None else {}),
    }


def reason_from_json(data: dict) -> rules.Reason:
    return rules.Reason(
        code=rules.ReasonCode(data["code"]),
        count_rule=rules.CountRule(data["count_rule"]),
        winning_seat=data["winning_seat"],
        winning_pips=data["winning_pips"],
        counted=tuple(tuple(pair) for pair in data["counted"]),
        capicu_bonus=data["capicu_bonus"],
        tied_seats=tuple(data.get("tied_seats", ())),
        pooled=data.get("pooled"),
        pair_pips=tuple(data.get("pair_pips", ())),
        counted_pairs=tuple(data.get("counted_pairs", ())),
        led_by=data.get("led_by"),
        compared_seats=tuple(data.get("compared_seats", ())),
        marks=tuple(rules.HandMark(mark) for mark in data.get("marks", ())),
        played_for=data.get("played_for"),
        replay_for=data.get("replay_for"),
    )
