"""The change log of a match: every change, so nothing is silently overwritten or deleted."""

from collections.abc import Sequence
from datetime import timedelta

from django.db import models
from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scorekeeper.models.hand import Ending


class LogAction(models.TextChoices):
    STARTED = "started", _("Match started")
    SAVED = "saved", _("Hand saved")
    EDITED = "edited", _("Hand edited")
    UNDONE = "undone", _("Hand undone")
    PLAYED = "played", _("Score during play")
    UNPLAYED = "unplayed", _("Score during play taken back")


class LogEntry(models.Model):
    """Every change to a match, so nothing is silently overwritten or deleted."""

    match = models.ForeignKey("scorekeeper.Match", on_delete=models.CASCADE, related_name="log")
    action = models.CharField(max_length=10, choices=LogAction.choices)
    hand_number = models.PositiveIntegerField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    totals = models.JSONField(default=list)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.action} {self.hand_number or ''}".strip()

    def ago(self) -> str:
        """How long ago the change was, for the log: "just now" within its first minute."""
        if timezone.now() - self.at < timedelta(minutes=1):
            return gettext("just now")
        return gettext("%(time)s ago") % {"time": timesince(self.at)}

    def line(self, names: Sequence[str], side_names: Sequence[str], before: Sequence[int]) -> str:
        """One line for the change log: which hand, what the table reported, what it scored.

        `before` is the totals after the previous entry: a saved hand's points are the step.
        """
        if self.action not in (LogAction.SAVED, LogAction.EDITED):
            return self.describe()
        reported = self.after or {}
        seat = reported.get("went_out")
        if reported.get("ending") == Ending.BLOCKED or seat is None or seat >= len(names):
            what = gettext("blocked")
        else:
            what = gettext("%(name)s went out") % {"name": names[seat]}
        if self.action == LogAction.EDITED:
            return gettext("Hand %(number)s corrected: %(what)s") % {
                "number": self.hand_number,
                "what": what,
            }
        steps = [
            (side, total - earlier)
            for side, (total, earlier) in enumerate(zip(self.totals, before, strict=False))
            if total != earlier
        ]
        # Bonuses made during play (pase corrido, pase de salida) may pay the other side too.
        scored = "; ".join(
            gettext("%(points)s for %(side)s") % {"points": points, "side": side_names[side]}
            for side, points in steps
            if points > 0 and side < len(side_names)
        ) or gettext("nobody scores")
        return gettext("Hand %(number)s: %(what)s, %(scored)s") % {
            "number": self.hand_number,
            "what": what,
            "scored": scored,
        }

    def describe(self) -> str:
        """One line for the change log on the match page."""
        number = {"number": self.hand_number}
        if self.action == LogAction.SAVED:
            return gettext("Hand %(number)s saved.") % number
        if self.action == LogAction.EDITED:
            return gettext("Hand %(number)s corrected.") % number
        if self.action == LogAction.UNDONE:
            return gettext("Hand %(number)s undone.") % number
        if self.action in (LogAction.PLAYED, LogAction.UNPLAYED):
            play = (self.after if self.action == LogAction.PLAYED else self.before) or {}
            number["points"] = play.get("play", {}).get("points", 0)
            if self.action == LogAction.PLAYED:
                return gettext("Hand %(number)s: %(points)s scored during play.") % number
            return gettext("Hand %(number)s: %(points)s during play taken back.") % number
        return gettext("Match started")
