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


def unit_is_round(match) -> bool:
    """Whether the match's entries are rounds (Mexican Train), not hands, in what it says."""
    return not match.game().kind.has_target


def entry_saved(match, number: int) -> str:
    """Said after a hand (a round of Mexican Train) is saved."""
    if unit_is_round(match):
        return _("Round %(number)s saved.") % {"number": number}
    return _("Hand %(number)s saved.") % {"number": number}


def entry_corrected(match, number: int) -> str:
    """Said after a hand (a round) is corrected."""
    if unit_is_round(match):
        return _("Round %(number)s corrected.") % {"number": number}
    return _("Hand %(number)s corrected.") % {"number": number}


def entry_undone(match, number: int) -> str:
    """Said after a hand (a round) is undone."""
    if unit_is_round(match):
        return _("Round %(number)s undone.") % {"number": number}
    return _("Hand %(number)s undone.") % {"number": number}


def entry_repeated(match, number: int) -> str:
    """A hand (a round) sent again after a lost answer or from the phone's queue: it counts once."""
    if unit_is_round(match):
        return _("Round %(number)s saved (it had arrived before, and counts once).") % {
            "number": number
        }
    return _("Hand %(number)s saved (it had arrived before, and counts once).") % {"number": number}


def undo_repeated(match, number: int) -> str:
    """An undo of a hand (a round) sent again after a lost answer: it counts once."""
    if unit_is_round(match):
        return _("The undo of round %(number)s had arrived before, and counts once.") % {
            "number": number
        }
    return _("The undo of hand %(number)s had arrived before, and counts once.") % {
        "number": number
    }


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
