"""The clubs' words built from a code: each game family's name."""

from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from scorekeeper import rules
from scorekeeper.clubs.ratings import Level
from scorekeeper.inputs import isolated

# The app's name, as Django's admin shows it, and a club's when it was given none.
APP_NAME = _("Clubs")
DEFAULT_CLUB_NAME = _("Club")

# Keyed by GameKind.family; a family missing here is shown by its key.
FAMILY_NAMES = {
    "block": _("Block games"),
    "all_fives": _("All Fives"),
    "bergen": _("Bergen"),
    "jamaican": _("Jamaican"),
    "mexican_train": _("Mexican Train"),
}


def family_name(family: str) -> str:
    return str(FAMILY_NAMES.get(family, family))


def rated_games() -> str:
    """Every game family a club rates, each its own rating, named in the page's language in the
    order of the games (rules.GAMES): a new game is listed as soon as it is one of them."""
    families = dict.fromkeys(kind.family for kind in rules.GAMES.values())
    return ", ".join(family_name(family) for family in families)


# A template's {% translate %} would look for "Win %%": the statistics' own words, from here.
WIN_RATE = _("Win %")


def already_in_this_club() -> str:
    """A table joining the club it is in already: nothing changes."""
    return _("This table is already in this club.")


def club_not_here(name: str) -> str:
    """A club tournament's backup restored where its club is not: the tournament is restored,
    its club link is not, and it no longer seeds by that club's ratings."""
    if not name:
        return gettext(
            "The tournament's club is not on this server, so the tournament was restored "
            "without it: it is not linked to a club and does not seed by club ratings."
        )
    return gettext(
        "The club “%(club)s” is not on this server, so the tournament was restored without "
        "it: it is not linked to a club and does not seed by club ratings."
    ) % {"club": isolated(name)}


def too_many_clubs() -> str:
    """A new club past the hour's limit."""
    return _("Too many new clubs from here this hour. Try again later.")


def leaderboard_columns() -> list:
    """The leaderboard's CSV header, in the request's language."""
    return [
        _("Place"),
        _("Name"),
        _("Rating"),
        _("Rated matches"),
        _("Wins"),
        WIN_RATE,
        _("Last results"),
    ]


def last_results(last: str) -> str:
    """A line's last results ("WWL", newest first, as kept) in the letters the page shows."""
    win = pgettext("a win, in a row of results", "W")
    loss = pgettext("a loss, in a row of results", "L")
    return "".join(win if result == "W" else loss for result in last)


# Why a ranked line stands where it does beside a neighbour showing the same rating.
LEVELS = {
    Level.SHARED: _("Shared place: level on rating."),
    Level.AHEAD: _("Level on rating as shown; ahead by less than a tenth."),
    Level.BEHIND: _("Level on rating as shown; behind by less than a tenth."),
}


def rating_level(level: Level | None) -> str:
    return "" if level is None else str(LEVELS[level])
