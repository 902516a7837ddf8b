"""Bergen's words: its rules in one line, and the set points its hand's end pays."""

from django.utils.translation import gettext as _

from scorekeeper import rules
from scorekeeper.words.games.common import target_text
from scorekeeper.words.games.scoring_end import explainers


def summary(house: rules.HouseRules, targets: tuple[int, int] | None = None) -> str:
    """Bergen in one line: what a won hand pays, and whether a double loses the count."""
    points = 2 if house.won_hand_pays_two else 1
    parts = [target_text(house, targets), _("a won hand pays %(points)s") % {"points": points}]
    if house.doubles_lose_count:
        parts.append(_("a hand holding a double loses the count"))
    return " · ".join(parts)


def end_sentence(game: rules.Game, reason: rules.Reason, points: int, who: dict) -> str:
    """Bergen's end pays a set number of points: no sum to show."""
    return _("%(points)s for %(side)s: %(why)s.") % who


# Its end in words around its own sentence (scoring_end.explainers).
explain_end, explain_result = explainers(end_sentence)
