"""The change log of a match: every change, so nothing is silently overwritten or deleted."""

from collections.abc import Sequence

from django.db import models
from django.utils import timezone

from scorekeeper import rules
from scorekeeper.models.rules_fields import reason_from_json
from scorekeeper.words import log as words


class LogAction(models.TextChoices):
    STARTED = "started", words.ACTIONS["started"]
    SAVED = "saved", words.ACTIONS["saved"]
    EDITED = "edited", words.ACTIONS["edited"]
    UNDONE = "undone", words.ACTIONS["undone"]
    PLAYED = "played", words.ACTIONS["played"]
    UNPLAYED = "unplayed", words.ACTIONS["unplayed"]


class LogEntry(models.Model):
    """Every change to a match, so nothing is silently overwritten or deleted."""

    match = models.ForeignKey("scorekeeper.Match", on_delete=models.CASCADE, related_name="log")
    action = models.CharField(max_length=10, choices=LogAction.choices)
    hand_number = models.PositiveIntegerField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    totals = models.JSONField(default=list)
    # What the rules made of the hand saved or corrected, as its game settled it then (its
    # Hand.reason at that moment): the line says what the hand did, never worked out again from
    # the totals. Empty for the other changes, and for entries written before it was kept.
    result = models.JSONField(null=True, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.action} {self.hand_number or ''}".strip()

    def ago(self) -> str:
        """How long ago the change was, for the log: "just now" within its first minute."""
        return words.ago(self.at)

    def line(
        self,
        names: Sequence[str],
        side_names: Sequence[str],
        before: Sequence[int],
        unit: "words.UnitWords | None" = None,
        game: rules.Game | None = None,
    ) -> str:
        """One line for the change log (`before`: the totals after the previous entry; `unit`:
        the words of the game's unit of play, a hand's by default; `game`: the match's, whose
        own words say what a hand it settled did)."""
        reason = reason_from_json(self.result) if self.result else None
        unit = unit or words.HAND_WORDS
        return words.line(self, names, side_names, before, unit, game=game, reason=reason)

    def describe(self) -> str:
        """One line for the change log on the match page."""
        return words.describe(self)
