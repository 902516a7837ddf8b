"""A knockout's words: its brackets' and rounds' names, its tables' names, its refusals."""

from django.utils.translation import gettext, ngettext, pgettext
from django.utils.translation import gettext_lazy as _

from scorekeeper.tournaments.rules import tournament_bracket as knockout
from scorekeeper.tournaments.rules.tournament_confirm import ResultsNeed, ResultState
from scorekeeper.words.names import within

# Said under a bracket match once it is over, on its table's page: no round is drawn, the
# bracket moves on by itself once the result is settled; until then, what it waits for.
MATCH_OVER = _("This bracket match is over: its winner goes on in the bracket.")
_DISPUTED_OVER = _(
    "This bracket match is over: its winner goes on once the director accepts or corrects the "
    "result."
)
MATCH_OVER_WAITING = {
    (ResultState.UNCONFIRMED, ResultsNeed.OTHER_SIDE): _(
        "This bracket match is over: its winner goes on once the other side confirms the result."
    ),
    (ResultState.UNCONFIRMED, ResultsNeed.DIRECTOR): _(
        "This bracket match is over: its winner goes on once the director accepts the result."
    ),
    (ResultState.DISPUTED, ResultsNeed.OTHER_SIDE): _DISPUTED_OVER,
    (ResultState.DISPUTED, ResultsNeed.DIRECTOR): _DISPUTED_OVER,
}


def match_over(state: ResultState, need: ResultsNeed) -> str:
    """What a bracket match's table page says once it is over, as its result stands."""
    return str(MATCH_OVER_WAITING.get((state, need), MATCH_OVER))


SEEDINGS = {
    "drawn": _("Drawn"),
    "entry": _("In the order entered"),
    "standings": _("By the standings of the rounds played"),
    "rating": _("By club rating"),
}

# How many matches a bracket match is (a series at its table: the first to win most of them).
BEST_OF = {
    1: _("One match"),
    3: _("Best of 3 matches"),
    5: _("Best of 5 matches"),
}

ELIMINATIONS = {
    knockout.Elimination.SINGLE: _("Single elimination"),
    knockout.Elimination.DOUBLE: _("Double elimination"),
}

# Why a bracket cannot be drawn, by code (forms.bracket).
BRACKET_REFUSALS = {
    "drawn": _("The bracket is drawn already."),
    "too_few": _("A bracket needs at least 2 entrants."),
    "too_many": _("At most %(most)s entrants in a bracket."),
    "rounds_unfinished": _("Every round needs its results before the bracket is drawn."),
    "no_rounds": _("Play at least one round first: its standings seed the bracket."),
    "more_than_entrants": _("Only %(count)s entrants are in the standings."),
    "no_rating": _("This tournament has no club ratings to seed by: choose another seeding."),
    "late_entry": _("The bracket is drawn: a late entrant cannot join it."),
    "entrant_kept": _(
        "The bracket is drawn: its entrants stay in it, so nothing was changed. If this "
        "entrant cannot play, give their bracket match as a walkover."
    ),
    "walkover_kept": _("Not changed: its winner already plays its next match: the walkover stays."),
}

# A bracket match whose result is entered but waits: what its card says under the sides (an
# unconfirmed result waits for the other side, or for the director's accept).
PENDING = {
    (ResultState.UNCONFIRMED, ResultsNeed.OTHER_SIDE): _("entered, awaiting confirmation"),
    (ResultState.UNCONFIRMED, ResultsNeed.DIRECTOR): _("entered, awaiting the director"),
    (ResultState.DISPUTED, ResultsNeed.OTHER_SIDE): _("disputed: the director decides"),
    (ResultState.DISPUTED, ResultsNeed.DIRECTOR): _("disputed: the director decides"),
}


# Where a lot among entrants sharing a place put each one when the brackets' cut fell among them
# (forms.bracket): said after the standings' "Shared place" sentence. Keyed by the bracket's
# index (the championship 0), None: left out.
LOTS = {
    0: _("A lot drawn among them put it in the championship bracket."),
    1: _("A lot drawn among them put it in the consolation bracket."),
    None: _("A lot drawn among them left it out of the brackets."),
}


def drawn_by_lot(tie: str, bracket: int | None) -> str:
    """A shared place's sentence, and where the lot at the brackets' cut put this entrant."""
    return f"{tie} {LOTS[bracket]}" if tie else str(LOTS[bracket])


def pending_label(state: ResultState, need: ResultsNeed) -> str:
    return str(PENDING[state, need])


def bracket_refusal(code: str, **values) -> str:
    return str(BRACKET_REFUSALS[code]) % values if values else str(BRACKET_REFUSALS[code])


def left_after_qualifiers(count: int) -> str:
    """Why a consolation bracket of more than are left below the qualifiers is refused."""
    return ngettext(
        "Only %(count)s entrant is left after the qualifiers.",
        "Only %(count)s entrants are left after the qualifiers.",
        count,
    ) % {"count": count}


def bracket_name(number: int, knockout_event: bool) -> str:
    if knockout_event:
        return gettext("Bracket")
    if number == 1:
        return gettext("Championship bracket")
    return gettext("Consolation bracket")


def round_name(part: str, round: int, winners_rounds: int, elimination: str) -> str:
    """A column of the bracket: the final, the semi-finals, a round of the losers' side."""
    if part == "F":
        return gettext("Grand final")
    if part == "R":
        return gettext("Deciding final")
    if part == "T":
        return gettext("Third place")
    if part == "L":
        return gettext("Losers' round %(number)s") % {"number": round}
    left = winners_rounds - round
    double = elimination == knockout.Elimination.DOUBLE
    if left == 0:
        return gettext("Winners' final") if double else gettext("Final")
    if left == 1:
        return gettext("Semi-finals")
    if left == 2:
        return gettext("Quarter-finals")
    return pgettext("bracket round", "Round %(number)s") % {"number": round}


def bracket_match_title(title: str, number: int | None) -> str:
    """A bracket match by its round's title and its number in the round (None: the round's
    only match): "Semi-finals, match 2"; "Final"."""
    if number is None:
        return title
    return gettext("%(title)s, match %(number)s") % {"title": title, "number": number}


def bracket_table_name(event: str, title: str, number: int | None) -> str:
    """The table a bracket match is played at, named for the event and the match's title, at
    most 60 characters, the event's name cut short first ("Cup · Semi-finals, match 2")."""
    tail = bracket_match_title(title, number)
    return within(event, 60, lambda name: f"{name} · {tail}")


def bracket_drawn() -> str:
    return gettext("The bracket is drawn: its first matches have their tables.")
