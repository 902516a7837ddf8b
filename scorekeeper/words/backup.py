"""A backup's words: why a file is refused (its shape, a value, a replay that does not add up),
the parts of a backup a refusal names, and the headings of a match's score sheet as CSV.

A refusal is said by its key, with its values filled in: say("bad_seats", match=3)."""

from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

# What is wrong with a backup file or a value in it, by its key.
MESSAGES = {
    "not_utf8": _("The file is not UTF-8 text."),
    "too_deep": _("The file is nested too deeply to be a backup."),
    "not_json": _("The file is not JSON: it stops being JSON at line %(line)s, column %(column)s."),
    "not_a_number": _("The file holds %(value)s, which is not a number a backup contains."),
    "number_too_large_at": _("The file holds a number too large for a backup: %(value)s..."),
    "number_too_large": _("The file holds a number too large for a backup."),
    "not_whole_number": _("The file holds %(value)s: every number in a backup is a whole number."),
    "unknown_format": _(
        "Unknown backup format %(format)s version %(version)s: expected %(expected)s version "
        "%(expected_version)s."
    ),
    "bad_token": _("Invalid backup: bad token %(token)s."),
    "name_unseen": _("Invalid backup: %(what)s %(name)s has no letters you can see."),
    "not_whole": _("Invalid backup: %(where)s: %(field)s %(value)s is not a whole number."),
    "not_yes_no": _("Invalid backup: %(where)s: %(field)s %(value)s is not true or false."),
    "twice": _("Invalid backup: %(where)s: %(field)s %(value)s is there twice."),
    "not_object": _("Invalid backup: %(what)s should be an object."),
    "not_list": _("Invalid backup: %(field)s should be a list."),
    "not_kind": _("Invalid backup: %(field)s should be %(kind)s."),
    "not_table_key": _("Invalid backup: the table's %(field)s is missing or not a table key."),
    "not_datetime": _("Invalid backup: %(field)s %(value)s is not a date and time."),
    "no_time_zone": _("Invalid backup: %(field)s %(value)s has no time zone."),
    "time_out_of_range": _("Invalid backup: %(field)s %(value)s is not a time a backup holds."),
    "invalid": _("Invalid backup: %(problem)s"),
    # A field's value past its model's bounds, said as the app says it, not Django's usted.
    "field_too_long": _("at most %(limit_value)s characters (it has %(show_value)s)."),
    "field_too_small": _("at least %(limit_value)s (it is %(show_value)s)."),
    "field_too_large": _("at most %(limit_value)s (it is %(show_value)s)."),
    "database_refuses": _("Invalid backup: the database refuses it (%(problem)s)."),
    "table_keys_same": _("Invalid backup: the table's key and watch key are the same."),
    "watch_key_taken": _("A table with this watch key already exists; nothing was imported."),
    "table_key_taken": _("A table with the key %(key)s already exists; nothing was imported."),
    "bad_player_name": _("Invalid backup: bad or repeated player name %(name)s."),
    "players_same_name": _("Invalid backup: two players are both named %(name)s."),
    "unknown_player": _("Invalid backup: unknown player %(name)s."),
    "series_sides": _("Invalid backup: a series names its sides badly."),
    "bad_seats": _("Invalid backup: match %(match)s has bad seats."),
    "unknown_series": _("Invalid backup: match %(match)s names an unknown series."),
    "bad_totals": _("Invalid backup: match %(match)s has bad totals."),
    "bad_totals_or_winner": _("Invalid backup: match %(match)s has bad totals or winner."),
    "seat_not_there": _(
        "Invalid backup: match %(match)s, hand %(hand)s names a seat or side not there."
    ),
    "bad_reason": _("Invalid backup: %(where)s has a bad reason."),
    "bad_pair_totals": _("Invalid backup: %(where)s: bad pair totals %(value)s."),
    "co_winners_differ": _(
        "Invalid backup: match %(match)s: the file has co_winners %(value)s, but its rounds "
        "make the shared win %(made)s."
    ),
    "rules_checked": _("%(seats)s seats, %(tiles)s tiles each, to %(target)s, capicú %(capicu)s"),
    "not_in_series": _("Invalid backup: match %(match)s does not fit its series."),
    "hand_missing": _(
        "Invalid backup: match %(match)s, hand %(expected)s is missing (the next one is "
        "numbered %(hand)s)."
    ),
    "hand_differs": _(
        "Invalid backup: match %(match)s, hand %(hand)s: the file has %(field)s %(value)s, "
        "the rules make it %(made)s."
    ),
    "match_differs": _(
        "Invalid backup: match %(match)s: the file has %(field)s %(value)s, the hands make "
        "it %(made)s."
    ),
    "plays_refused": _(
        "Invalid backup: match %(match)s: the rules refuse its plays or ends (%(codes)s)."
    ),
    "credit_differs": _(
        "Invalid backup: match %(match)s, hand %(hand)s: the file credits %(credited)s, its "
        "plays and end make %(made)s."
    ),
    "log_differs": _(
        "Invalid backup: match %(match)s, the change log: %(action)s has %(field)s "
        "%(value)s, which no save writes there."
    ),
    "rules_unplayable": _(
        "Invalid backup: match %(match)s has rules this app cannot play (%(problem)s)."
    ),
    "series_decided": _(
        "Invalid backup: series %(series)s has %(finished)s matches won, and one first to "
        "%(first_to)s between these sides is decided after %(most)s."
    ),
    "entries_differ": _(
        "Invalid backup: %(where)s: the file has %(field)s %(value)s, the entries make it %(made)s."
    ),
    "hand_refused": _(
        "Invalid backup: match %(match)s, hand %(hand)s: the rules refuse this hand (%(codes)s)."
    ),
    "tournament_keys_bad": _("Invalid backup: the tournament's keys are not keys."),
    "tournament_keys_same": _("Invalid backup: the tournament's key and watch key are the same."),
    "tournament_key_taken": _("A tournament with this key already exists; nothing was imported."),
    "tournament_field_missing": _("Invalid backup: the tournament has no %(field)s."),
    "entrant_numbered": _("Invalid backup: entrant %(id)s is not numbered once."),
    "round_missing": _("Invalid backup: round %(number)s is missing."),
    "board_sides": _("Invalid backup: round %(round)s, table %(board)s has not two sides."),
    "board_seats_unknown": _(
        "Invalid backup: round %(round)s, table %(board)s seats %(id)s, who is not an "
        "entrant or is seated twice in the round."
    ),
    "bye_not_one": _("Invalid backup: round %(round)s, the bye %(board)s is not one entrant's."),
    "links_bad": _("Invalid backup: what the tournament belongs to (its club) cannot be read."),
    "bracket_bad": _("Invalid backup: bracket %(bracket)s is not one this app writes."),
    "board_no_table": _("Invalid backup: round %(round)s, table %(board)s has no table."),
    "board_not_one_match": _("Invalid backup: round %(round)s, table %(board)s has not one match."),
    "board_confirmation": _(
        "Invalid backup: round %(round)s, table %(board)s: its side links or its confirmation"
        " cannot be read."
    ),
    "board_seats_differ": _(
        "Invalid backup: round %(round)s, table %(board)s: its match seats %(seated)s, the "
        "draw %(wanted)s."
    ),
}

# The parts of a backup a refusal names, and the kinds of value a field takes.
PARTS = {
    "kind_text": pgettext_lazy("backup value", "text"),
    "kind_yes_no": pgettext_lazy("backup value", "true or false"),
    "the_file": pgettext_lazy("backup part", "the file"),
    "the_table": pgettext_lazy("backup part", "the table"),
    "the_table_name": pgettext_lazy("backup part", "the table name"),
    "the_player_name": pgettext_lazy("backup part", "the player name"),
    "a_series": pgettext_lazy("backup part", "a series"),
    "a_match": pgettext_lazy("backup part", "a match"),
    "a_log_entry": pgettext_lazy("backup part", "a change log entry"),
    "a_seat": pgettext_lazy("backup part", "a seat"),
    "a_hand": pgettext_lazy("backup part", "a hand"),
    "a_count": pgettext_lazy("backup part", "a count"),
    "a_score_entry": pgettext_lazy("backup part", "a score entry"),
    "a_play": pgettext_lazy("backup part", "a play"),
    "match": _("match %(number)s"),
    "match_hand": _("match %(number)s, hand %(hand)s"),
    "match_seat": _("match %(number)s, a seat"),
    "match_log": _("match %(number)s, the change log"),
    "the_tournament": _("the tournament"),
    "the_entrants": _("the entrants"),
    "an_entrant": _("an entrant"),
    "the_rounds": _("the rounds"),
    "a_round": _("a round"),
    "the_boards": _("the boards"),
    "a_board": _("a board"),
    "a_boards_sides": _("a board's sides"),
    "the_brackets": _("the brackets"),
    "a_bracket": _("a bracket"),
}

# The headings of a match's score sheet (CSV).
SHEET = {
    "hand": _("Hand"),
    "round": _("Round"),
    "engine": _("Engine"),
    "went_out_or_winner": _("Went out / winner"),
    "went_out": _("Went out"),
    "ending": _("Ending"),
    "capicu": _("Capicú"),
    "bonuses": _("Bonuses"),
    "during_play": _("During play"),
    "marks": _("Marks"),
    "winner": _("Winner"),
    # A set of games won: the row after the winner's names each side given six-love.
    "six_love_to": _("Six-love to"),
    "yes": _("yes"),
}


def say(key: str, /, **values: object) -> str:
    """The refusal `key` in the page's language, its values filled in."""
    return str(MESSAGES[key]) % values if values else str(MESSAGES[key])


def part(key: str, /, **values: object) -> str:
    """The part of a backup `key` names, in the page's language (its numbers filled in)."""
    return str(PARTS[key]) % values if values else str(PARTS[key])


def sheet(key: str) -> str:
    """A heading (or a mark) of a match's score sheet."""
    return str(SHEET[key])


def side_points(side: str) -> str:
    return gettext("%(side)s points") % {"side": side}


def side_games(side: str) -> str:
    """A side's games won (or lost to a bruk) in a hand, in a game counted in games won."""
    return gettext("%(side)s games") % {"side": side}


def side_total(side: str) -> str:
    return gettext("%(side)s total") % {"side": side}


def file_too_large(limit: int) -> str:
    return ngettext(
        "The file is larger than %(limit)s byte.",
        "The file is larger than %(limit)s bytes.",
        limit,
    ) % {"limit": limit}
