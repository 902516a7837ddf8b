"""Mexican Train's words: its rules in one line, and what a round scored (words/rounds.py)."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scorekeeper import rules
from scorekeeper.words.rounds import explain_round

# The setup's fieldset of its own switches (forms/switches.py): its title and what it is.
SETUP_LEGEND = gettext_lazy("Mexican Train")
SETUP_NOTE = gettext_lazy(
    "Each for themselves, 2 to 8 players (2 to 4 with double-nine). One round for each double, "
    "from the highest down to the double blank; the lowest total after the last round wins."
)

# What the statistics page says of its numbers when a table has finished games of it.
STATS_NOTE = gettext_lazy(
    "Mexican Train: a shared win counts as a win for each player who shares it. A lower count "
    "a round and a lower game are better."
)


def summary(house: rules.HouseRules, targets: tuple[int, int] | None = None) -> str:
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


def explain_result(
    game: rules.Game, result: rules.HandResult, names: list[str], side_names: list[str]
) -> str:
    """What a round just scored: who went out or that it blocked, and each count."""
    return explain_round(result.reason, names, result.credits)
