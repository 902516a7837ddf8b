"""Bergen's words: its rules in one line, and the set points its hand's end pays."""

from django.utils.translation import gettext as _

from scorekeeper import rules
from scorekeeper.words.games.common import target_text
from scorekeeper.words.games.scoring_end import explain_end as explain_any_end


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


def explain_end(
    game: rules.Game, reason: rules.Reason, names: list[str], side_names: list[str], side, points
) -> str:
    """The end of a hand in one sentence (its plays are listed on their own)."""
    return explain_any_end(game, reason, names, side_names, side, points, end_sentence)


def explain_result(
    game: rules.Game, result: rules.HandResult, names: list[str], side_names: list[str]
) -> str:
    """Why a hand's end just scored pays what it does (its plays are on the strip)."""
    return explain_end(game, result.reason, names, side_names, result.side, result.points)
