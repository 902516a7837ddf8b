"""The pages' own words: the app's name, the notices a screen shows after an action, a match's
last words, and the headings a screen builds in Python."""

from django.utils.translation import gettext, ngettext, npgettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

# The app's name, as Django's admin and the phone's home screen show it.
APP_NAME = _("Domino scorekeeper")


def manifest_words() -> dict[str, str]:
    """What the web app manifest says of the app, in the page's language."""
    return {
        "name": gettext("Domino scorekeeper"),
        "short_name": gettext("Dominoes"),
        "description": gettext("Keep the score at your domino table."),
    }


def stats_groups() -> tuple[str, str]:
    """The statistics page's two groups: players alone, then pairs."""
    return gettext("Players"), gettext("Pairs")


# --- A table -------------------------------------------------------------------------------------


def tournament_table_only() -> str:
    return gettext("This table plays its tournament match only: here it is.")


def match_already_in_play() -> str:
    return gettext("A match is already in play at this table: here it is.")


def too_many_matches() -> str:
    return gettext("This table has started too many matches this hour. Try again later.")


def table_restored() -> str:
    return gettext("The table is restored from the backup.")


# --- A match -------------------------------------------------------------------------------------


def match_is_over() -> str:
    return gettext("This match is over. Start a rematch to play on.")


def hand_still_in_play() -> str:
    return gettext("This hand is still in play: end it on the score page.")


def reaches_and_wins(side: str, total: int, players: int) -> str:
    """A side reaches the target and wins (its verb agrees with how many play on it)."""
    return ngettext(
        "%(side)s reaches %(total)s and wins.", "%(side)s reach %(total)s and win.", players
    ) % {"side": side, "total": total}


def time_up_wins(side: str, total: int, players: int) -> str:
    """The clock ran out: the side ahead wins."""
    return ngettext(
        "Time is up: %(side)s leads with %(total)s and wins.",
        "Time is up: %(side)s lead with %(total)s and win.",
        players,
    ) % {"side": side, "total": total}


def last_round_won(name: str, total: int) -> str:
    return gettext("The last round: %(name)s wins with %(total)s.") % {"name": name, "total": total}


def last_round_shared(names: str, total: int) -> str:
    return gettext("The last round: %(names)s share the win with %(total)s.") % {
        "names": names,
        "total": total,
    }


def points_to_go(points: int) -> str:
    """What a side still needs to reach the line, under its total on the scoreboard."""
    return ngettext("%(points)s to go", "%(points)s to go", points) % {"points": points}


def side_won(players: int) -> str:
    """Under the total of the side that won the match, on the scoreboard: the word agrees with
    how many play on the side (one player each for themselves, two partners)."""
    return npgettext("under the total of the side that won", "Winner", "Winners", players)


def hand_numbered(number: int) -> str:
    """The hand to come, on the scoreboard's status line."""
    return gettext("Hand %(number)s") % {"number": number}


def to_target(target: int) -> str:
    """The line the match is played to, on the scoreboard's status line."""
    return gettext("to %(target)s") % {"target": target}


def typed_went_out(name: str) -> str:
    """What this phone had typed of a hand another phone saved first: who went out."""
    return gettext("%(name)s went out") % {"name": name}


def typed_blocked() -> str:
    """What this phone had typed of a hand another phone saved first: a blocked hand."""
    return gettext("blocked")


# The marks beside a hand's points on a score sheet of points, by what they mark: (the mark, what
# it means). The bonuses are each side's own; capicú and blocked mark the winning side's points.
SHEET_MARKS = {
    "chuchazo": (pgettext_lazy("chuchazo mark on the score sheet", "Ch"), _("Chuchazo")),
    "pase_corrido": (
        pgettext_lazy("pase corrido mark on the score sheet", "PC"),
        _("Pase corrido"),
    ),
    "pase_de_salida": (
        pgettext_lazy("pase de salida mark on the score sheet", "PS"),
        _("Pase de salida"),
    ),
    "first_hands": (
        pgettext_lazy("first-hands bonus mark on the score sheet", "1st"),
        _("First hands"),
    ),
    "capicu": (pgettext_lazy("capicú mark on the score sheet", "C"), _("Capicú")),
    "blocked": (pgettext_lazy("blocked-hand mark on the score sheet", "B"), _("Blocked")),
}


def blocked_tied() -> str:
    """What the blocked mark of a hand nobody won says when touched: it was tied."""
    return pgettext("blocked-hand mark of a tied hand on the score sheet", "Blocked, tied")


# --- Undo ----------------------------------------------------------------------------------------


def play_undone_before() -> str:
    return gettext("The take-back of that score had arrived before, and counts once.")


def play_taken_back(play: str) -> str:
    return gettext("Taken back: %(play)s") % {"play": play}


def hand_end_taken_back(number: int) -> str:
    return gettext("The end of hand %(number)s was taken back: it is in play again.") % {
        "number": number
    }


# --- A seat's own phone (Mexican Train) ----------------------------------------------------------


def round_scored() -> str:
    return gettext("Every count is in: the round is scored.")


def game_over_for_seat() -> str:
    return gettext("This game is over: nothing more can be posted.")


def round_closed_meanwhile() -> str:
    return gettext("This round was closed meanwhile. Here is the next one.")


def count_in() -> str:
    return gettext("Your count is in.")
