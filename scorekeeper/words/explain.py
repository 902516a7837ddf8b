"""Words for the rules module's verdicts: why a hand scored what it did, in any language."""

from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from scorekeeper import rules
from scorekeeper.rules import nearest_five
from scorekeeper.words.rounds import explain_round


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


def explain(reason: rules.Reason, names: list[str], side_names: list[str], side, points) -> str:
    """One sentence: who scores, how much, and why."""
    code = reason.code
    if code == rules.ReasonCode.VOID_TIE:
        level = [names[seat] for seat in reason.tied_seats]
        return _(
            "Nobody wins the hand: %(names)s tied for the lightest hand (%(pips)s) on different "
            "sides. Shuffle and play the hand again."
        ) % {"names": _(" and ").join(level), "pips": pips_text(reason.winning_pips or 0)}
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


def rules_summary(
    house: rules.HouseRules,
    scoring: rules.Scoring = rules.DEFAULT_SCORING,
    targets: tuple[int, int] | None = None,
) -> str:
    """A table's rules in one line, for the setup, the table page and the help page.

    `targets`: a scoring game's usual targets (each for themselves, in pairs), when the number
    of seats is not known yet.
    """
    return SUMMARIES[scoring](house, targets)


def block_rules_summary(house: rules.HouseRules, targets: tuple[int, int] | None = None) -> str:
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


def round_rules_summary(house: rules.HouseRules, targets: tuple[int, int] | None = None) -> str:
    """Mexican Train in one line: the lowest total wins, and its house rules."""
    parts = [_("a round for each double, the lowest total wins")]
    if house.first_engine is not None:
        parts.append(_("from the double %(number)s") % {"number": house.first_engine})
    if house.double_blank_counts:
        points = house.double_blank_counts
        parts.append(_("the double blank counts %(points)s") % {"points": points})
    if house.ties_to_most_outs:
        parts.append(_("level totals go to who went out most"))
    return " · ".join(parts)


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


def target_text(house: rules.HouseRules, targets: tuple[int, int] | None) -> str:
    """A scoring game's target: the table's, or its usual ones both ways."""
    if targets is None:
        return _("to %(target)s") % {"target": house.target}
    return _("to %(alone)s, %(pairs)s in pairs") % {"alone": targets[0], "pairs": targets[1]}


def all_fives_summary(house: rules.HouseRules, targets: tuple[int, int] | None = None) -> str:
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


def bergen_summary(house: rules.HouseRules, targets: tuple[int, int] | None = None) -> str:
    """Bergen in one line: what a won hand pays, and whether a double loses the count."""
    points = 2 if house.won_hand_pays_two else 1
    parts = [target_text(house, targets), _("a won hand pays %(points)s") % {"points": points}]
    if house.doubles_lose_count:
        parts.append(_("a hand holding a double loses the count"))
    return " · ".join(parts)


# Each kind of game's rules in one line (a test checks that every kind has its words).
SUMMARIES = {
    rules.Scoring.BLOCK: block_rules_summary,
    rules.Scoring.ALL_FIVES: all_fives_summary,
    rules.Scoring.BERGEN: bergen_summary,
    rules.Scoring.MEXICAN_TRAIN: round_rules_summary,
}


def series_text(first_to: int | None) -> str:
    if first_to is None:
        return _("an open series")
    if first_to == 2:
        return _("best of three")
    if first_to == 3:
        return _("best of five")
    return ngettext("first to %(wins)s match win", "first to %(wins)s match wins", first_to) % {
        "wins": first_to
    }


def lead_text(
    game: rules.Game, names: list[str], next_leader: int | None, *, first_hand: bool = True
) -> str:
    """Who leads the next hand: the winner of the last one, or the highest double."""
    if next_leader is not None:
        # The name in its own <bdi>, as the templates isolate every name a person typed.
        name = format_html("<bdi>{}</bdi>", names[next_leader])
        return mark_safe(escape(_("%(name)s leads")) % {"name": name})
    if not first_hand and game.rules.lead_rule is rules.LeadRule.TURN_PASSES:
        # Nobody said who led before, so the app cannot name the next one (the form asks).
        return _("The lead passes in turn")
    if game.tile_set is rules.TileSet.DOUBLE_NINE:
        return _("Double nine leads")
    if game.tile_set is rules.TileSet.DOUBLE_TWELVE:
        return _("Double twelve leads")
    return _("Double six leads")


# --- Scoring games (All Fives, Bergen) ---------------------------------------------------------


def play_text(game: rules.Game, names: list[str], side_names: list[str], seat: int, points) -> str:
    """One score during play: who made it, what it was, for which side."""
    who = {"name": names[seat], "points": points, "side": side_names[game.side_of(seat)]}
    if game.play_headers:
        if points == 3:
            return _("%(name)s made a triple-header: %(points)s for %(side)s.") % who
        return _("%(name)s made a double-header: %(points)s for %(side)s.") % who
    return _("%(name)s made the ends count %(points)s: %(points)s for %(side)s.") % who


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


def explain_scoring_end(
    game: rules.Game, reason: rules.Reason, names: list[str], side_names: list[str], side, points
) -> str:
    """The end of an All Fives or Bergen hand in one sentence."""
    code = reason.code
    if code in (rules.ReasonCode.VOID_TIE, rules.ReasonCode.DRAW_PAIRS):
        return _("Blocked, and the lightest hands were level: nobody scores at the end.")
    who = {
        "side": side_names[side],
        "points": points,
        "name": names[reason.winning_seat],
        "pips": pips_text(reason.winning_pips or 0),
    }
    if code == rules.ReasonCode.WENT_OUT:
        why = _("%(name)s went out") % who
    elif code == rules.ReasonCode.LIGHTER_PAIR:
        why = _("blocked, their hands held the fewest pips together (%(pips)s)") % who
    elif code == rules.ReasonCode.LIGHTEST_WITHOUT_DOUBLE and game.partnership:
        why = _("blocked, the pair without a double held the fewest pips together (%(pips)s)") % who
    elif code == rules.ReasonCode.LIGHTEST_WITHOUT_DOUBLE:
        why = _("blocked, %(name)s had the lightest hand without a double (%(pips)s)") % who
    elif code == rules.ReasonCode.TIE_TO_LEADERS:
        why = _("blocked and level at %(pips)s, so the side that led wins the tie") % who
    else:
        why = _("blocked, %(name)s had the lightest hand (%(pips)s)") % who
    who["why"] = why
    return END_SENTENCES[game.scoring](game, reason, points, who)


def all_fives_end(game: rules.Game, reason: rules.Reason, points: int, who: dict) -> str:
    """All Fives' end pays the other sides' hands: the sentence shows the sum."""
    who["count"] = end_count_text(game, reason, points)
    return _("%(points)s for %(side)s: %(why)s; the other sides' hands: %(count)s.") % who


def bergen_end(game: rules.Game, reason: rules.Reason, points: int, who: dict) -> str:
    """Bergen's end pays a set number of points: no sum to show."""
    return _("%(points)s for %(side)s: %(why)s.") % who


# How each game that takes plays says its end (a test checks that every such kind has one).
END_SENTENCES = {
    rules.Scoring.ALL_FIVES: all_fives_end,
    rules.Scoring.BERGEN: bergen_end,
}


def explain_result(
    game: rules.Game, result: rules.HandResult, names: list[str], side_names: list[str]
) -> str:
    """Why a hand just scored pays what it does (the preview): a scoring game explains its
    end (its plays are on the strip), a block game the hand and its bonuses."""
    if not game.kind.has_target:
        return explain_round(result.reason, names, result.credits)
    if game.scores_plays:
        return explain_scoring_end(
            game, result.reason, names, side_names, result.side, result.points
        )
    return explain_hand(
        result.reason, names, side_names, result.side, result.points, result.credits
    )


def score_line(paid: dict[int, int], side_names: list[str]) -> str:
    """Who scores what, in one short line: "29 for Alice & Cara" (each side paid, in order)."""
    scored = [(side, points) for side, points in sorted(paid.items()) if points]
    if not scored:
        return _("Nobody scores.")
    return "; ".join(
        _("%(points)s for %(side)s") % {"points": points, "side": side_names[side]}
        for side, points in scored
    )


def preset_rules(key: str) -> rules.HouseRules:
    """The rules a preset starts from, as the setup fills them (a scoring game's own target)."""
    preset = rules.preset_named(key)
    return preset.default_rules(preset.partnership)


def preset_summary(key: str) -> str:
    """A preset's rules in one line (a scoring game's usual targets both ways)."""
    preset = rules.preset_named(key)
    return rules_summary(preset_rules(key), preset.scoring, preset.targets)
