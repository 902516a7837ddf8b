"""The change log's words: each change to a match as one line, and how long ago it was."""

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Protocol

from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scorekeeper import rules
from scorekeeper.words.games import words_of
from scorekeeper.words.units import UNITS, UnitWords

HAND_WORDS = UNITS["hand"]

# The label of each kind of change (models.LogAction's values).
ACTIONS = {
    "started": _("Match started"),
    "saved": _("Hand saved"),
    "edited": _("Hand edited"),
    "undone": _("Hand undone"),
    "played": _("Score during play"),
    "unplayed": _("Score during play taken back"),
}

# Each kind of change as one line of the log on the match page.
DESCRIPTIONS = {
    "started": _("Match started"),
    "played": _("Hand %(number)s: %(points)s scored during play."),
    "unplayed": _("Hand %(number)s: %(points)s during play taken back."),
}
# The lines that name the unit of play (Hand 3, Round 3): the unit's own words (units.py).
UNIT_LINES = {"saved": "log_saved", "edited": "log_edited", "undone": "log_undone"}


class Change(Protocol):
    """What the words need of a change-log entry (models.LogEntry)."""

    action: str
    hand_number: int | None
    before: dict | None
    after: dict | None
    totals: list[int]


def ago(at: datetime) -> str:
    """How long ago a change was, for the log: "just now" within its first minute."""
    if timezone.now() - at < timedelta(minutes=1):
        return gettext("just now")
    return gettext("%(time)s ago") % {"time": timesince(at)}


def describe(change: Change, unit: UnitWords = HAND_WORDS) -> str:
    """One line for the change log on the match page, in the words of the game's `unit`."""
    if change.action in UNIT_LINES:
        return unit.say(UNIT_LINES[change.action], number=change.hand_number)
    play = (change.after if change.action == "played" else change.before) or {}
    words = DESCRIPTIONS.get(change.action, DESCRIPTIONS["started"])
    return str(words) % {
        "number": change.hand_number,
        "points": play.get("play", {}).get("points", 0),
    }


def line(
    change: Change,
    names: Sequence[str],
    side_names: Sequence[str],
    before: Sequence[int],
    unit: UnitWords = HAND_WORDS,
    *,
    game: rules.Game | None = None,
    reason: rules.Reason | None = None,
) -> str:
    """One line for the change log: which hand (round), what the table reported, what it
    scored.

    `reason` is the hand's result as the game settled it at this change: a game with words of
    its own for the log (its `log_words`: a set counted in games won says what the hand was
    worth) says it from that. Otherwise `before`, the totals after the previous entry, gives
    the step: a saved hand's points.
    """
    if change.action not in ("saved", "edited"):
        return describe(change, unit)
    own = None if game is None or reason is None else getattr(words_of(game), "log_words", None)
    if own is not None:
        what, scored = own(game, reason, list(names), list(side_names))
    else:
        what, scored = _reported(change, names), _steps(change, side_names, before)
    if change.action == "edited":
        if own is None:
            what = "; ".join([what, *_moved(change, side_names, before)])
        return unit.say("log_corrected", number=change.hand_number, what=what)
    return unit.say("log_scored", number=change.hand_number, what=what, scored=scored)


def _reported(change: Change, names: Sequence[str]) -> str:
    """What the table reported: who went out, or blocked."""
    reported = change.after or {}
    seat = reported.get("went_out")
    if reported.get("ending") == rules.Ending.BLOCKED or seat is None or seat >= len(names):
        return gettext("blocked")
    return gettext("%(name)s went out") % {"name": names[seat]}


def _moved(change: Change, side_names: Sequence[str], before: Sequence[int]) -> list[str]:
    """How a correction moved each side's total: from `before`, the totals after the previous
    entry, to the totals after it (so the table sees what the correction changed)."""
    return [
        gettext("%(side)s %(before)s → %(after)s")
        % {"side": side_names[side], "before": earlier, "after": total}
        for side, (total, earlier) in enumerate(zip(change.totals, before, strict=False))
        if total != earlier and side < len(side_names)
    ]


def _steps(change: Change, side_names: Sequence[str], before: Sequence[int]) -> str:
    """What each side scored: the step of its total from `before`."""
    steps = [
        (side, total - earlier)
        for side, (total, earlier) in enumerate(zip(change.totals, before, strict=False))
        if total != earlier
    ]
    # Bonuses made during play (pase corrido, pase de salida) may pay the other side too.
    return "; ".join(
        gettext("%(points)s for %(side)s") % {"points": points, "side": side_names[side]}
        for side, points in steps
        if points > 0 and side < len(side_names)
    ) or gettext("nobody scores")
