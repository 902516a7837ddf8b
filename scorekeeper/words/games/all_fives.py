"""All Fives' words: its rules in one line, and the sum its hand's end pays."""

from django.utils.translation import gettext as _

from scorekeeper import rules
from scorekeeper.rules import nearest_five
from scorekeeper.words.games.common import target_text
from scorekeeper.words.games.scoring_end import explainers


def summary(house: rules.HouseRules, targets: tuple[int, int] | None = None) -> str:
    """All Fives in one line: the capicú, count and blocked rules are not its own."""
    parts = [target_text(house, targets)]
    if house.rounding is rules.Rounding.EACH_HAND:
        parts.append(_("each hand rounded to the nearest five"))
    elif house.rounding is rules.Rounding.EXACT:
        parts.append(_("the exact count"))
    else:
        parts.append(_("rounded to the nearest five"))
    if house.blocked_pays_difference:
        parts.append(_("a blocked hand pays the difference"))
    return " · ".join(parts)


def end_count_text(game: rules.Game, reason: rules.Reason, points: int) -> str:
    """The sum an All Fives hand's end pays, with its rounding: "7 + 12 + 4 = 23, so 25"."""
    counted = [pips for _seat, pips in reason.counted]
    own = []
    if reason.code != rules.ReasonCode.WENT_OUT and game.rules.blocked_pays_difference:
        own = [reason.winning_pips or 0]
    rounding = game.rules.rounding
    if len(counted) == 1 and not own:
        # One hand counted (two players): nothing to add up, only perhaps to round.
        if counted[0] == points:
            return str(points)
        return _("%(raw)s, to the nearest five %(points)s") % {"raw": counted[0], "points": points}
    if rounding == rules.Rounding.EACH_HAND:
        counted = [nearest_five(pips) for pips in counted]
        if own and points == 0:
            # Their own hands, each rounded, weigh as much as the others' or more (3 and 3 are
            # 10, 7 and 0 are 5): the hand pays nothing, and how much more is not kept.
            return _(
                "each hand to the nearest five: %(sum)s less their own, as much or more = 0"
            ) % {"sum": " + ".join(str(pips) for pips in counted) or "0"}
        # Each of the winners' own hands is rounded before it is taken off: in pairs that is
        # two hands (3 and 3 take off 5 + 5), which the pair's total alone (6) cannot say.
        own = [sum(counted) - points] if own else []
    text = " + ".join(str(pips) for pips in counted) or "0"
    if own:
        text = _("%(sum)s less their own %(own)s") % {"sum": text, "own": own[0]}
    raw = sum(counted) - sum(own)
    if rounding == rules.Rounding.EACH_HAND:
        return _("each hand to the nearest five: %(sum)s = %(points)s") % {
            "sum": text,
            "points": points,
        }
    if rounding == rules.Rounding.NEAREST_FIVE and raw != points:
        return _("%(sum)s = %(raw)s, to the nearest five %(points)s") % {
            "sum": text,
            "raw": raw,
            "points": points,
        }
    return f"{text} = {raw}"


def end_sentence(game: rules.Game, reason: rules.Reason, points: int, who: dict) -> str:
    """All Fives' end pays the other sides' hands: the sentence shows the sum."""
    who["count"] = end_count_text(game, reason, points)
    return _("%(points)s for %(side)s: %(why)s; the other sides' hands: %(count)s.") % who


# Its end in words around its own sentence (scoring_end.explainers).
explain_end, explain_result = explainers(end_sentence)
