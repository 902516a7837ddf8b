"""Words for the rules module's verdicts: why a hand scored what it did, in any language."""

from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorekeeper import rules


def pips_text(pips: int) -> str:
    return ngettext("%(pips)s pip", "%(pips)s pips", pips) % {"pips": pips}


def count_rule_text(rule: rules.CountRule) -> str:
    if rule == rules.CountRule.OPPONENTS_ONLY:
        return _("the opponents' hands count")
    if rule == rules.CountRule.EVERY_HAND:
        return _("every hand on the table counts")
    return _("all other hands count")


def sum_text(counted, capicu_bonus: int) -> str:
    parts = [str(pips) for _seat, pips in counted] or ["0"]
    text = " + ".join(parts)
    if capicu_bonus:
        text += " + " + _("%(bonus)s capicú") % {"bonus": capicu_bonus}
    return text


def explain(reason: rules.Reason, names: list[str], side_names: list[str], side, points) -> str:
    """One sentence: who scores, how much, and why."""
    code = reason.code
    if code == rules.ReasonCode.VOID_TIE:
        level = [names[seat] for seat in reason.tied_seats]
        return _(
            "Nobody scores: %(names)s tied for the lightest hand (%(pips)s) on different sides. "
            "Shuffle and play the hand again."
        ) % {"names": _(" and ").join(level), "pips": pips_text(reason.winning_pips or 0)}
    if code == rules.ReasonCode.DRAW_PAIRS:
        return _("Nobody scores: both pairs held %(pips)s. Shuffle and play the hand again.") % {
            "pips": pips_text(reason.winning_pips or 0)
        }
    winner = names[reason.winning_seat]
    who = {
        "side": side_names[side],
        "points": points,
        "name": winner,
        "sum": sum_text(reason.counted, reason.capicu_bonus),
        "counts": count_rule_text(reason.count_rule),
        "pips": pips_text(reason.winning_pips or 0),
    }
    if code == rules.ReasonCode.LIGHTEST_HAND:
        return (
            _(
                "%(points)s for %(side)s: blocked, %(name)s had the lightest hand (%(pips)s); "
                "%(counts)s: %(sum)s."
            )
            % who
        )
    if code == rules.ReasonCode.LIGHTER_PAIR:
        return (
            _(
                "%(points)s for %(side)s: blocked, their hands held the fewest pips together "
                "(%(pips)s); %(counts)s: %(sum)s."
            )
            % who
        )
    if reason.capicu_bonus:
        return (
            _("%(points)s for %(side)s: %(name)s went out with a capicú; %(counts)s: %(sum)s.")
            % who
        )
    return _("%(points)s for %(side)s: %(name)s went out; %(counts)s: %(sum)s.") % who


def lead_text(game: rules.Game, names: list[str], next_leader: int | None) -> str:
    """Who leads the next hand: the winner of the last one, or the highest double."""
    if next_leader is not None:
        # The name in its own <bdi>, as the templates isolate every name a person typed.
        name = format_html("<bdi>{}</bdi>", names[next_leader])
        return mark_safe(escape(_("%(name)s leads")) % {"name": name})
    if game.tile_set is rules.TileSet.DOUBLE_NINE:
        return _("Double nine leads")
    if game.tile_set is rules.TileSet.DOUBLE_TWELVE:
        return _("Double twelve leads")
    return _("Double six leads")
