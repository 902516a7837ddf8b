"""Confirming a tournament result in words: the setting, each state, what a confirmation
refuses, and the tables a draw waits for."""

from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from scorekeeper.tournaments.rules.tournament_confirm import (
    Entered,
    MarkKind,
    Refusal,
    ResultsNeed,
    ResultState,
)

# The tournament setting `results need` (its choices in the form).
RESULTS_NEED = {
    ResultsNeed.NOTHING: _("Nothing: results count as entered"),
    ResultsNeed.OTHER_SIDE: _("The other side's confirmation"),
    ResultsNeed.DIRECTOR: _("The director's approval"),
}

RESULTS_NEED_LABEL = _("Results need")
# Refused by the tournament form: a table of players each for themselves has no other side.
NO_OTHER_SIDE = _(
    "Choose one of the answers listed: players each for themselves have no other side to confirm."
)

MARK_KINDS = {
    MarkKind.CONFIRMED: _("Confirmed"),
    MarkKind.ACCEPTED: _("Accepted"),
    MarkKind.DISPUTED: _("Disputed"),
}

# A result's state, as the director's page, the table cards and the standings mark it.
STATES = {
    ResultState.IN_PLAY: _("in play"),
    ResultState.STANDS: _("entered"),
    ResultState.UNCONFIRMED: _("unconfirmed"),
    ResultState.DISPUTED: _("disputed"),
    ResultState.CONFIRMED: _("confirmed"),
    ResultState.ACCEPTED: _("accepted by the director"),
}

REFUSALS = {
    Refusal.NOT_ASKED: _("This tournament's results need no confirmation: nothing was changed."),
    Refusal.DIRECTOR_ONLY: _(
        "In this tournament the director accepts each result: nothing was changed."
    ),
    Refusal.IN_PLAY: _("This match is not over: there is no result to confirm yet."),
    Refusal.CHANGED: _(
        "The result changed since this page was drawn: check it as it is now, then confirm."
    ),
    Refusal.OWN_RESULT: _(
        "A side cannot confirm a result in its own favour: the other side confirms it."
    ),
    Refusal.ALREADY: _("This result is confirmed already: nothing was changed."),
    Refusal.DISPUTED: _("This result is disputed: the director accepts or corrects it."),
}


def state_label(state: ResultState) -> str:
    return str(STATES[state])


def refusal(code: Refusal) -> str:
    return str(REFUSALS[code])


def score_said(result: Entered) -> str:
    """A result as the players say it, the winner's total first: "203\u2013150"."""
    return f"{result.totals[result.winner]}\u2013{result.totals[result.confirmer]}"


def confirm_ask(side: str, players: int, result: Entered) -> str:
    """The confirm step on the scorer's phone: "Ben & Dee: confirm you lost 203\u2013150", told
    to the `players` of the side that lost (Spanish tells one "confirma que perdiste")."""
    return ngettext(
        "%(side)s: confirm you lost %(score)s.",
        "%(side)s: confirm you lost %(score)s.",
        players,
    ) % {"side": side, "score": score_said(result)}


def confirm_question(players: int, result: Entered) -> str:
    """What the losing side's own page asks its `players`: "Confirm you lost 203\u2013150?"."""
    return ngettext(
        "Confirm you lost %(score)s?",
        "Confirm you lost %(score)s?",
        players,
    ) % {"score": score_said(result)}


def done_notice(kind: MarkKind) -> str:
    """What the page says once a result is confirmed, accepted or disputed."""
    notices = {
        MarkKind.CONFIRMED: gettext("Result confirmed. Thank you."),
        MarkKind.ACCEPTED: gettext("Result accepted."),
        MarkKind.DISPUTED: gettext("The director is told: they accept or correct the result."),
    }
    return notices[kind]


def table_name(round: int, table: int) -> str:
    return gettext("round %(round)s, table %(table)s") % {"round": round, "table": table}


def results_waiting(tables: list[tuple[int, int]]) -> str:
    """Why the next round is not drawn: the tables whose result waits, named."""
    names = ", ".join(table_name(round, table) for round, table in tables)
    return ngettext(
        "The next round waits for the result of %(tables)s: confirm or accept it first.",
        "The next round waits for the results of %(tables)s: confirm or accept them first.",
        len(tables),
    ) % {"tables": names}


def unconfirmed_in_standings(count: int) -> str:
    return ngettext(
        "includes %(count)s unconfirmed result",
        "includes %(count)s unconfirmed results",
        count,
    ) % {"count": count}
