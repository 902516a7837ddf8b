"""A tournament's words: its formats and result kinds, the director's refusals and notices,
the standings' column labels and the name of a round's table."""

from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scorekeeper import rules
from scorekeeper.tournaments import rules as event_rules
from scorekeeper.words.names import within

# The app's name (its AppConfig.verbose_name).
APP_NAME = _("Tournaments")

# Said under a round's finished match, on its table's page.
MATCH_OVER = _("This tournament match is over. The director draws the next round.")

# The formats a tournament is played in (models.Format's labels).
FORMATS = {
    rules.Format.SWISS: _("Swiss (pairs)"),
    rules.Format.ROUND_ROBIN: _("Round robin (pairs)"),
    rules.Format.ROTATING_PARTNERS: _("Individuals, partners rotate"),
    rules.Format.ROUND_GAME: _(
        "Each for themselves, tables of 3 or more (Mexican Train, Jamaican)"
    ),
    rules.Format.SINGLE_ELIMINATION: _("Single elimination (pairs)"),
    rules.Format.DOUBLE_ELIMINATION: _("Double elimination (pairs)"),
}

# How a board's result came about (models.Board.Kind's labels).
RESULT_KINDS = {
    event_rules.ResultKind.PLAYED: _("Played"),
    event_rules.ResultKind.FORFEIT: _("Forfeit"),
    event_rules.ResultKind.BYE: _("Bye"),
}

# Why a round cannot be drawn (models.DrawRefused's codes).
DRAW_REFUSALS = {
    "round_unfinished": _("Every table of the round needs a result before the next draw."),
    "round_in_play": _("This round is in play: it can no longer be drawn again."),
    "no_round": _("No round has been drawn yet."),
    "too_few": _("Too few entrants to fill a table."),
    "table_too_large": _(
        "These entrants cannot all be seated at tables this game allows: add or withdraw one."
    ),
    "all_drawn": _("Every round of the tournament has been drawn."),
}

# The numbers of a standings line, by the key of its column.
STANDING_LABELS = {
    "total": _("Total"),
    "games-won": _("Games won"),
    "best": _("Lowest game"),
    "wins": _("Wins"),
    "difference": _("Points difference"),
    "points-for": _("Points for"),
    "played": _("Played"),
    "points-against": _("Points against"),
}


# A ranking key inside a tie-break's sentence ("Level on wins; ahead on head-to-head").
TIE_KEYS = {
    event_rules.TieKey.WINS: pgettext_lazy("tie-break", "wins"),
    event_rules.TieKey.DIFFERENCE: pgettext_lazy("tie-break", "points difference"),
    event_rules.TieKey.HEAD_TO_HEAD: pgettext_lazy("tie-break", "head-to-head"),
    event_rules.TieKey.POINTS_FOR: pgettext_lazy("tie-break", "points for"),
    event_rules.TieKey.TOTAL: pgettext_lazy("tie-break", "total"),
    event_rules.TieKey.GAMES_WON: pgettext_lazy("tie-break", "games won"),
    event_rules.TieKey.BEST: pgettext_lazy("tie-break", "lowest single game"),
}


TIE_KEYS_IN_GAMES = {
    event_rules.TieKey.DIFFERENCE: pgettext_lazy("tie-break", "games difference"),
    event_rules.TieKey.POINTS_FOR: pgettext_lazy("tie-break", "games for"),
}


def tie_break(tie: event_rules.TieBreak | None, in_games: bool = False) -> str:
    """Why a line level with another on the first key stands where it does ("" alone);
    `in_games`: the game counts games won, not points."""
    if tie is None:
        return ""
    keys = {**TIE_KEYS, **TIE_KEYS_IN_GAMES} if in_games else TIE_KEYS
    level = keys[tie.level_on]
    if tie.decided_by is None:
        return gettext("Shared place: level on %(level)s and every tie-break.") % {"level": level}
    words = {"level": level, "key": keys[tie.decided_by]}
    if tie.ahead:
        return gettext("Level on %(level)s; ahead on %(key)s.") % words
    return gettext("Level on %(level)s; behind on %(key)s.") % words


def draw_refusal(code: str) -> str:
    return str(DRAW_REFUSALS[code])


# The same numbers in a game counted in games won (Jamaican): a total is games, not points.
STANDING_LABELS_IN_GAMES = {
    "difference": _("Games difference"),
    "points-for": _("Games for"),
    "points-against": _("Games against"),
}


def standing_label(key: str, in_games: bool = False) -> str:
    """A standings column's label; `in_games`: the game counts games won, not points."""
    if in_games and key in STANDING_LABELS_IN_GAMES:
        return str(STANDING_LABELS_IN_GAMES[key])
    return str(STANDING_LABELS[key])


def standings_heading() -> list[str]:
    """The first two columns of the standings as a spreadsheet."""
    return [gettext("Place"), gettext("Entrant")]


def unknown_change() -> str:
    return gettext("The page asked for a change it does not offer: nothing was changed.")


def clock_not_started() -> str:
    return gettext("The clock of this round has not started: start the round first.")


def board_match_over() -> str:
    return gettext("The match at this table is over: its result stands.")


def tournament_restored() -> str:
    return gettext("The tournament is restored from the backup.")


def board_table_name(event: str, round: int, table: int) -> str:
    """The name of a round's table, as the table's own pages show it (at most 60 characters,
    the event's name cut short first: the round and the table tell the tables apart)."""
    pattern = gettext("%(event)s, round %(round)s, table %(table)s")
    return within(event, 60, lambda name: pattern % {"event": name, "round": round, "table": table})


# A number of the setup out of its range, said at its field (not Django's "Ensure this value
# is greater than or equal to"); the target in the table setup's own words.
NUMBER_TOO_SMALL = _("Type a number of at least %(limit_value)s.")
NUMBER_TOO_BIG = _("Type a number of at most %(limit_value)s.")
TARGET_RANGE = {
    "min_value": _("The target must be at least 1."),
    "max_value": _("The target can be at most %(limit_value)s."),
}
