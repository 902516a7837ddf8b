"""The block game's words (its regional ways too): its rules in one line, and why a hand scored
what it did, the count, capicú and regional bonuses included."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper import rules
from scorekeeper.words.games.common import pips_text
from scorekeeper.words.names import listed


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


# Blocked hands whose sentence needs nothing but the winner and the count.
BLOCKED_SENTENCES = {
    rules.ReasonCode.TIE_TO_LEADERS: gettext_lazy(
        "%(points)s for %(side)s: blocked and level at %(pips)s, so the side that led "
        "wins the tie with %(name)s's hand; %(counts)s: %(sum)s."
    ),
    rules.ReasonCode.LIGHTEST_HAND: gettext_lazy(
        "%(points)s for %(side)s: blocked, %(name)s had the lightest hand (%(pips)s); "
        "%(counts)s: %(sum)s."
    ),
    rules.ReasonCode.LIGHTER_PAIR: gettext_lazy(
        "%(points)s for %(side)s: blocked, their hands held the fewest pips together "
        "(%(pips)s); %(counts)s: %(sum)s."
    ),
}


def _void_tie(reason: rules.Reason, level: list[str], partners: bool) -> str:
    """Nobody wins a blocked hand: the lightest hands level, on different sides (each for
    themselves, no sides to speak of)."""
    words = {"names": listed(level), "pips": pips_text(reason.winning_pips or 0)}
    if not partners:
        return (
            _(
                "Nobody wins the hand: %(names)s tied for the lightest hand (%(pips)s). "
                "Shuffle and play the hand again."
            )
            % words
        )
    return (
        _(
            "Nobody wins the hand: %(names)s tied for the lightest hand (%(pips)s) on "
            "different sides. Shuffle and play the hand again."
        )
        % words
    )


def explain(reason: rules.Reason, names: list[str], side_names: list[str], side, points) -> str:
    """One sentence: who scores, how much, and why."""
    code = reason.code
    if code == rules.ReasonCode.VOID_TIE:
        level = [names[seat] for seat in reason.tied_seats]
        return _void_tie(reason, level, partners=len(side_names) < len(names))
    if code == rules.ReasonCode.DRAW_PAIRS:
        return _(
            "Nobody wins the hand: both pairs held %(pips)s. Shuffle and play the hand again."
        ) % {"pips": pips_text(reason.winning_pips or 0)}
    winner = names[reason.winning_seat]
    # The sentence adds up the count and capicú; other bonuses have a sentence of their own.
    # A pooled count was given as one number, a blocked hand perhaps per pair: the sum shows
    # it as the table counted it.
    counted = reason.counted
    if reason.pooled is not None:
        counted = ((None, reason.pooled),)
    elif reason.pair_pips:
        counted = tuple((None, reason.pair_pips[pair]) for pair in reason.counted_pairs)
    count = sum(pips for _seat, pips in counted)
    points = count + reason.capicu_bonus
    who = {
        "side": side_names[side],
        "points": points,
        "name": winner,
        "sum": sum_text(counted, reason.capicu_bonus),
        "counts": count_rule_text(reason.count_rule),
        "pips": pips_text(reason.winning_pips or 0),
    }
    if code == rules.ReasonCode.BLOCKER_VS_NEXT:
        blocker, following = reason.compared_seats
        return _(
            "%(points)s for %(side)s: blocked by %(blocker)s, whose hand was set against "
            "%(next)s's; %(name)s held fewer pips (%(pips)s; a tie goes to the blocker); "
            "%(counts)s: %(sum)s."
        ) % {**who, "blocker": names[blocker], "next": names[following]}
    if code in BLOCKED_SENTENCES:
        return BLOCKED_SENTENCES[code] % who
    if reason.capicu_bonus:
        return (
            _("%(points)s for %(side)s: %(name)s went out with a capicú; %(counts)s: %(sum)s.")
            % who
        )
    return _("%(points)s for %(side)s: %(name)s went out; %(counts)s: %(sum)s.") % who


# The regional bonuses' names, in the order a hand's explanation lists them.
BONUS_NAMES = {
    rules.PointKind.CHUCHAZO: gettext_lazy("chuchazo"),
    rules.PointKind.FIRST_HANDS: gettext_lazy("first hands bonus"),
    rules.PointKind.PASE_CORRIDO: gettext_lazy("pase corrido"),
    rules.PointKind.PASE_DE_SALIDA: gettext_lazy("pase de salida"),
}


def bonuses(credits, side_names: list[str]) -> str:
    """One sentence for the regional bonuses of a hand (empty when it paid none).

    `credits` are (side, kind, points) rows: rules.Credit or stored score entries.
    """
    parts = [
        _("%(bonus)s %(points)s for %(side)s")
        % {
            "bonus": name,
            "points": credit.points,
            "side": side_names[credit.side],
        }
        for kind, name in BONUS_NAMES.items()
        for credit in credits
        if credit.kind == kind
    ]
    if not parts:
        return ""
    return _("Bonuses: %(list)s.") % {"list": "; ".join(parts)}


def explain_hand(reason, names, side_names, side, points, credits) -> str:
    """Why a hand scored what it did, its bonuses included."""
    text = explain(reason, names, side_names, side, points)
    extra = bonuses(credits, side_names)
    if not extra:
        return text
    # The first sentence adds up the count and capicú only: say what each side got in all,
    # the number the score sheet shows.
    paid: dict[int, int] = {}
    for credit in credits:
        paid[credit.side] = paid.get(credit.side, 0) + credit.points
    in_all = _("In all: %(list)s.") % {
        "list": "; ".join(
            _("%(points)s for %(side)s") % {"points": points, "side": side_names[paid_side]}
            for paid_side, points in sorted(paid.items())
            if points
        )
    }
    return f"{text} {extra} {in_all}"


def lead_rule_text(rule: rules.LeadRule) -> str:
    if rule == rules.LeadRule.TURN_PASSES:
        return _("the lead passes in turn")
    return _("the winner leads")


def blocked_texts(house: rules.HouseRules) -> list[str]:
    """Who wins a blocked hand, and how its ties go, as the one-line summary says them."""
    if house.blocker_against_next:
        return [_("blocked: the blocker against the next hand")]
    if house.blocked_rule == rules.BlockedRule.LIGHTER_PAIR:
        parts = [_("blocked: the lighter pair wins")]
    else:
        parts = [_("blocked: the lightest hand wins")]
    if house.ties_to_leaders:
        parts.append(_("ties go to the leaders"))
    return parts


def summary(house: rules.HouseRules, targets: tuple[int, int] | None = None) -> str:
    """A block game in one line: its target, capicú, count, blocked and lead rules, bonuses."""
    parts = [_("to %(target)s") % {"target": house.target}]
    if house.capicu_bonus:
        parts.append(_("capicú %(bonus)s") % {"bonus": house.capicu_bonus})
    else:
        parts.append(_("no capicú"))
    parts.append(count_rule_text(house.count_rule))
    parts.extend(blocked_texts(house))
    parts.append(lead_rule_text(house.lead_rule))
    if house.chuchazo_bonus:
        parts.append(_("chuchazo %(bonus)s") % {"bonus": house.chuchazo_bonus})
    if house.pase_corrido_bonus:
        parts.append(_("pase corrido %(bonus)s") % {"bonus": house.pase_corrido_bonus})
    if house.pase_de_salida_bonus and house.pase_de_salida_on_double_only:
        parts.append(
            _("pase de salida %(bonus)s on a double lead") % {"bonus": house.pase_de_salida_bonus}
        )
    elif house.pase_de_salida_bonus:
        parts.append(_("pase de salida %(bonus)s") % {"bonus": house.pase_de_salida_bonus})
    if any(house.first_hands_bonus):
        values = "/".join(str(value) for value in house.first_hands_bonus)
        parts.append(_("first hands %(values)s") % {"values": values})
    return " · ".join(parts)


def explain_result(
    game: rules.Game, result: rules.HandResult, names: list[str], side_names: list[str]
) -> str:
    """Why a hand just scored pays what it does: the hand and its bonuses."""
    return explain_hand(
        result.reason, names, side_names, result.side, result.points, result.credits
    )
