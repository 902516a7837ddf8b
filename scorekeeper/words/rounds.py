"""Mexican Train's rounds in words: who went out (or that it blocked), and what each scores."""

from django.utils.translation import gettext as _

from scorekeeper import rules


def explain_round(reason: rules.Reason, names: list[str], credits) -> str:
    """One round in a sentence or two. `credits`: rules.Credit or stored score entries."""
    counts = ", ".join(f"{names[seat]} {pips}" for seat, pips in reason.counted)
    if reason.code == rules.ReasonCode.ROUND_BLOCKED:
        text = _("Blocked: every player scores the pips left in their hand: %(counts)s.") % {
            "counts": counts
        }
    else:
        text = _(
            "%(name)s went out and scores 0; the others score the pips left in their hands: "
            "%(counts)s."
        ) % {"name": names[reason.winning_seat], "counts": counts}
    for credit in credits:
        if credit.kind == rules.PointKind.DOUBLE_BLANK:
            text += " " + _("%(name)s was left holding the double blank: +%(points)s.") % {
                "name": names[credit.side],
                "points": credit.points,
            }
    return text


def already_went_out(name: str) -> str:
    """A seat's "I went out" refused: another player said so first in this round."""
    return _(
        "%(name)s has already said they went out in this round. Only one player goes out: "
        "if that is wrong, tell the scorer."
    ) % {"name": name}


def counts_do_not_fit(out: list[str], problems: list[str]) -> str:
    """Every count of the round is in, but the round cannot be scored from them: why."""
    said = [_("The counts do not fit.")]
    if out:
        said.append(
            _("Only one player can go out, and these say they did: %(names)s.")
            % {"names": ", ".join(out)}
        )
    said.extend(problems)
    said.append(_("Settle it with the table and enter the round here."))
    return " ".join(str(part) for part in said)
