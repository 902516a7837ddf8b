"""What a backup file holds: its format, versions and fields, read from the models and from the
one mapping of the rules' fields (scorekeeper.models.rules_fields)."""

from django.db import models

from scorekeeper import rules
from scorekeeper.models import (
    REGIONAL_RULES,
    Hand,
    LogEntry,
    Match,
    PlayEntry,
    ScoreEntry,
    Seat,
    SeatCount,
    Series,
    Table,
)
from scorekeeper.models.rules_fields import (
    HAND,
    HAND_COLUMNS,
    HOUSE_RULES,
    Group,
    Kept,
    house_rules_fields,
)

FORMAT = "scorekeeper.table"
# Version 2 keeps a hand's points only in its entries; version 1 also had them on the hand
# ("scoring_side", "points"), which the reader checks against the entries. Version 3 adds
# the regional rules, a hand's regional taps and the series; a file without them gets the
# defaults (no regional rule, no series). Version 4 adds a hand's pooled total (the tiles
# left counted once) and the table's entry mode; an older file counted each hand. Version 5
# adds a blocked hand given per pair ("pair_pips": {"side": pips}); an older file has none.
# Version 6 adds Mexican Train's round rules, a round game's shared win ("co_winners": the
# sides beside winner_side) and a tournament round's clock ("ends_at"); an older file has
# the rules' defaults, no shared win and no clock.
FORMAT_VERSION = 6
READABLE_VERSIONS = (1, 2, 3, 4, 5, 6)

# The house rules every file has (the scoring games' and Mexican Train's came later:
# LATER_RULES).
HOUSE_RULES_FIELDS = (
    "preset",
    *(field.field for field in HOUSE_RULES if field.group in (Group.CORE, Group.REGIONAL)),
)
# Fields a file written before they existed may lack: the model's default stands in. A hand's
# pooled total came in version 4, its pair totals in version 5.
ADDED_FIELDS = {
    *REGIONAL_RULES,
    # A hand's fields a record may lack (rules_fields.Kept): the regional taps, pooled, pair_pips.
    *(field.field for field in HAND if field.kept is not Kept.ALWAYS),
    "series_first_to",
    "shutout_counts_double",
    "series_sides",
    "entry_mode",
}
# The table's own settings beyond its house rules.
TABLE_FIELDS = ("series_first_to", "shutout_counts_double", "entry_mode")
SERIES_FIELDS = ("number", "first_to", "shutout_counts_double", "sides")
# Every house rule beyond those every file has (the scoring games', Mexican Train's, each later
# game's own switches), with the value each has when a file written before them lacks it: the
# rules' default.
LATER_RULES = {
    name: value
    for name, value in house_rules_fields(rules.HouseRules()).items()
    if name not in HOUSE_RULES_FIELDS
}
# Keys that older files wrote, and what each is called now.
OLD_KEYS = {"won_hand_pays_two": "going_out_pays_two"}
MATCH_FIELDS = (
    "number",
    *HOUSE_RULES_FIELDS,
    "seat_count",
    "partnership",
    "tile_set",
    "tiles_each",
    "draws",
    "scoring",
    "series_sides",
    "totals",
    "winner_side",
    "next_leader",
    "hand_count",
    "version",
)
# A tournament round's clock ("ends_at") came later: a file without it has no clock.
MATCH_TIMES = ("created_at", "updated_at", "finished_at", "ends_at")
HAND_FIELDS = (
    "number",
    # What the table reported (the pips are the counts; HAND_SPARSE only when set).
    *(field.field for field in HAND_COLUMNS if field.kept is not Kept.ONLY_WHEN_SET),
    "led_by",
    "winning_seat",
    "reason",
)
# What the table reported that a file holds only when it is not the default (holding_doubles):
# a file without it reads as the default.
HAND_SPARSE = tuple(field.field for field in HAND_COLUMNS if field.kept is Kept.ONLY_WHEN_SET)
HAND_TIMES = ("created_at", "updated_at")
LOG_FIELDS = ("action", "hand_number", "before", "after", "totals")
# What the rules made of a hand saved or corrected, kept with its log entry since it was kept: a
# file holds it only where set (an older file's entries have none).
LOG_SPARSE = ("result",)
PLAY_FIELDS = ("position", "seat", "points")

KEPT = (Table, Series, Match, Seat, Hand, SeatCount, ScoreEntry, PlayEntry, LogEntry)


def _columns(kind: type[models.Field]) -> frozenset[str]:
    """The names of the kept models' own columns of this kind."""
    return frozenset(
        field.name
        for model in KEPT
        for field in model._meta.concrete_fields
        if isinstance(field, kind) and not field.is_relation and not field.primary_key
    )


# Fields that hold whole numbers or yes/no: full_clean would take 2.5 as 2 and true as 1. A
# match names its series by number; a version 1 hand kept its scoring side.
WHOLE_FIELDS = _columns(models.IntegerField) | {"series", "scoring_side"}
YES_NO_FIELDS = _columns(models.BooleanField) | set(OLD_KEYS.values())
