"""The choices of the models' fields: the rules' codes, labelled by scorekeeper.words.labels."""

from collections.abc import Iterable, Mapping
from enum import StrEnum

from django.db import models
from django.utils.functional import Promise

from scorekeeper import rules
from scorekeeper.words import labels


def labelled(name: str, codes: Iterable[StrEnum], words: Mapping[str, Promise]) -> type:
    """A field's choices: one per code, in the codes' order, with the words the page shows."""
    return models.TextChoices(name, [(code.name, (str(code), words[code])) for code in codes])


CountRule = labelled("CountRule", rules.CountRule, labels.COUNT_RULES)
BlockedRule = labelled("BlockedRule", rules.BlockedRule, labels.BLOCKED_RULES)
LeadRule = labelled("LeadRule", rules.LeadRule, labels.LEAD_RULES)
Rounding = labelled("Rounding", rules.Rounding, labels.ROUNDINGS)
Ending = labelled("Ending", rules.Ending, labels.ENDINGS)
EntryKind = labelled("EntryKind", rules.PointKind, labels.POINT_KINDS)
# One choice per preset of the rules module, in its order, then the old keys: a new preset
# needs a label in words.labels.
Preset = models.TextChoices(
    "Preset",
    [
        (key.upper(), (key, labels.PRESET_LABELS[key]))
        for key in [*rules.PRESETS, *rules.ROUND_PRESETS, *rules.LEGACY_PRESETS]
    ],
)


class EntryMode(models.TextChoices):
    EACH = "each", labels.ENTRY_MODES["each"]
    TOTAL = "total", labels.ENTRY_MODES["total"]
