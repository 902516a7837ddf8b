"""What every game's words share: a count of pips, a scoring game's target."""

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorekeeper import rules


def pips_text(pips: int) -> str:
    return ngettext("%(pips)s pip", "%(pips)s pips", pips) % {"pips": pips}


def target_text(house: rules.HouseRules, targets: tuple[int, int] | None) -> str:
    """A scoring game's target: the table's, or its usual ones both ways."""
    if targets is None:
        return _("to %(target)s") % {"target": house.target}
    return _("to %(alone)s, %(pairs)s in pairs") % {"alone": targets[0], "pairs": targets[1]}
