"""Every phrase that names a game's unit of play ("Hand 3", "Save the round"), for its key.

A game says which unit it plays (`game.unit` / `game.kind.unit`: "hand" or "round"); the
pages and messages take their words from `unit_words(game)` and never ask which game it is.
Each unit has the same phrases (a test checks it); a phrase is translated when it is read,
in the request's language. Phrases with markup (the notes of the phone's queue) are our own
catalogue's words, as a template's {% blocktranslate %} would show them: marked safe.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

HAND = {
    # The change log (words/log.py).
    "log_saved": _("Hand %(number)s saved."),
    "log_edited": _("Hand %(number)s corrected."),
    "log_undone": _("Hand %(number)s undone."),
    "log_corrected": _("Hand %(number)s corrected: %(what)s"),
    "log_scored": _("Hand %(number)s: %(what)s, %(scored)s"),
    # Pages: the hand's page, the match page's entry, its notes and the undo page.
    "numbered": _("Hand %(number)s"),
    "correct": _("Correct this hand"),
    "enter": _("Enter a hand"),
    "save": _("Save hand"),
    "ends": _("This hand ends the match. Save it?"),
    "undo_button": _("Undo last hand"),
    "undo_title": _("Undo last hand"),
    "undo_one": _("Undo hand %(number)s?"),
    "say_each": _("Say each hand's score out loud"),
    "in_short": _("The match in short"),
    "column": _("Hand"),
    # The race chart (includes/race.html): a hand game races to its line.
    "race_heading": _("Race to the line"),
    "race_title": ngettext_lazy(
        "Running totals over %(hands)s hand", "Running totals over %(hands)s hands", "hands"
    ),
    "race_desc": _("The line is at %(target)s."),
    "race_note": _("Hands along the bottom; the dashed line is %(target)s."),
    "race_caption": _("Running totals after each hand"),
    # A tournament's printed score sheet, under its title.
    "sheet_end": _("Game to %(target)s."),
    # What the phone says of the hands it keeps while there is no signal (queue.js).
    "queued": _(
        "No signal. Hand <span data-hand-number></span> is kept on this phone and goes to the "
        "table as soon as the signal is back."
    ),
    "waiting_line": _(
        "Hand <span data-hand-number></span>: <span data-hand-who></span>, "
        "<span data-hand-pips></span> pips. Not sent yet."
    ),
    # A blocked hand waiting (who: the word Blocked), where it reads otherwise than one gone out.
    "waiting_blocked_line": _(
        "Hand <span data-hand-number></span>: <span data-hand-who></span>, "
        "<span data-hand-pips></span> pips. Not sent yet."
    ),
    "conflict": _(
        "The match changed on another phone while hands waited on this one. Nothing was saved "
        "over it. Send this phone's hands as the next ones, or discard them."
    ),
    "send_next": _("Send them as the next hands"),
    "over": _(
        "The match ended on another phone while hands waited on this one. They were not saved: "
        "note them down if they matter, then discard them."
    ),
    "sending": _("Sending hand <span data-hand-number></span>, kept on this phone…"),
    "restored": _("Hand <span data-hand-number></span> as you were typing it."),
    "fix_kept": _(
        "Your correction of hand <span data-fix-number></span> is kept on this phone, not "
        "saved yet."
    ),
    "refused": _(
        "The server did not take this hand. What you typed is still here: check it and tap "
        "Save again."
    ),
    "waiting_unscored": _(
        "The score leaves out the hands not sent yet that are scored when they are sent."
    ),
    # Messages after a save, a correction or an undo.
    "saved": _("Hand %(number)s saved."),
    "corrected": _("Hand %(number)s corrected."),
    "undone": _("Hand %(number)s undone."),
    "repeated": _("Hand %(number)s saved (it had arrived before, and counts once)."),
    "undo_repeated": _("The undo of hand %(number)s had arrived before, and counts once."),
    # What another phone did first.
    "changed_elsewhere": _(
        "The match changed on another phone, so nothing was changed. Check the score and try again."
    ),
    "undone_elsewhere": _(
        "Hand %(number)s was undone on another phone, so it was not saved again. "
        "This phone still has it as typed: save it again, or discard it."
    ),
    "entered_elsewhere": _(
        "Hand %(number)s was already entered, maybe from another phone. Here is the score. "
        "This phone had: %(typed)s, %(pips)s. If that is right, correct hand %(number)s "
        "from the sheet."
    ),
}

ROUND = {
    # The change log (words/log.py).
    "log_saved": _("Round %(number)s saved."),
    "log_edited": _("Round %(number)s corrected."),
    "log_undone": _("Round %(number)s undone."),
    "log_corrected": _("Round %(number)s corrected: %(what)s"),
    "log_scored": _("Round %(number)s: %(what)s, %(scored)s"),
    "numbered": _("Round %(number)s"),
    "correct": _("Correct this round"),
    "enter": _("Enter a round"),
    "save": _("Save the round"),
    "ends": _("This round ends the game. Save it?"),
    "undo_button": _("Undo the last round"),
    "undo_title": _("Undo the last round"),
    "undo_one": _("Undo round %(number)s?"),
    "say_each": _("Say each round's score out loud"),
    "in_short": _("The game in short"),
    "column": _("Round"),
    # A round game plays a set number of rounds: the lowest total wins, there is no line.
    "race_heading": _("Totals round by round"),
    "race_title": ngettext_lazy(
        "Running totals over %(rounds)s round", "Running totals over %(rounds)s rounds", "rounds"
    ),
    "race_desc": _("The lowest total wins."),
    "race_note": _("Rounds along the bottom; the lowest total wins."),
    "race_caption": _("Running totals after each round"),
    "sheet_end": _(
        "Each player keeps a total of their own. After the last round, the lowest total wins."
    ),
    "queued": _(
        "No signal. Round <span data-hand-number></span> is kept on this phone and goes to the "
        "table as soon as the signal is back."
    ),
    "waiting_line": _(
        "Round <span data-hand-number></span>: <span data-hand-who></span>, "
        "<span data-hand-pips></span> pips. Not sent yet."
    ),
    "waiting_blocked_line": _(
        "Round <span data-hand-number></span>: <span data-hand-who></span>, "
        "<span data-hand-pips></span> pips. Not sent yet."
    ),
    "conflict": _(
        "The game changed on another phone while rounds waited on this one. Nothing was saved "
        "over it. Send this phone's rounds as the next ones, or discard them."
    ),
    "send_next": _("Send them as the next rounds"),
    "over": _(
        "The game ended on another phone while rounds waited on this one. They were not saved: "
        "note them down if they matter, then discard them."
    ),
    "sending": _("Sending round <span data-hand-number></span>, kept on this phone…"),
    "restored": _("Round <span data-hand-number></span> as you were typing it."),
    "fix_kept": _(
        "Your correction of round <span data-fix-number></span> is kept on this phone, not "
        "saved yet."
    ),
    "refused": _(
        "The server did not take this round. What you typed is still here: check it and tap "
        "Save again."
    ),
    "waiting_unscored": _(
        "The score leaves out the rounds not sent yet that are scored when they are sent."
    ),
    "saved": _("Round %(number)s saved."),
    "corrected": _("Round %(number)s corrected."),
    "undone": _("Round %(number)s undone."),
    "repeated": _("Round %(number)s saved (it had arrived before, and counts once)."),
    "undo_repeated": _("The undo of round %(number)s had arrived before, and counts once."),
    "changed_elsewhere": _(
        "The game changed on another phone, so nothing was changed. Check the score and try again."
    ),
    "undone_elsewhere": _(
        "Round %(number)s was undone on another phone, so it was not saved again. "
        "This phone still has it as typed: save it again, or discard it."
    ),
    "entered_elsewhere": _(
        "Round %(number)s was already entered, maybe from another phone. Here is the score. "
        "This phone had: %(typed)s, %(pips)s. If that is right, correct round %(number)s "
        "from the sheet."
    ),
}

# A game that scores during play (a play strip) takes back its last entry, a score or a hand's
# end, rather than a whole hand.
HAND_WITH_PLAYS = {
    **HAND,
    "undo_button": _("Undo last entry"),
    "undo_one": _("Take back the end of hand %(number)s?"),
}

# A game whose pips do not score (Jamaican: each hand a game won) says a hand waiting on the
# phone, or one another phone entered first, without its pips: who went out (who wins it), or
# that it blocked (its counts decide it once it is sent).
HAND_IN_GAMES = {
    **HAND,
    "waiting_line": _(
        "Hand <span data-hand-number></span>: <span data-hand-who></span> went out. Not sent yet."
    ),
    "waiting_blocked_line": _(
        "Hand <span data-hand-number></span>: <span data-hand-who></span>. Not sent yet."
    ),
    "entered_elsewhere": _(
        "Hand %(number)s was already entered, maybe from another phone. Here is the score. "
        "This phone had: %(typed)s. If that is right, correct hand %(number)s from the sheet."
    ),
}


@dataclass(frozen=True)
class UnitWords:
    """The phrases of one unit of play: `words.save` in a template, `words.say("saved",
    number=3)` in Python."""

    unit: str
    phrases: Mapping[str, Promise]
    # Which of the units' words these are, one name each: a fragment drawn with them is kept
    # under it (a hand's words with pips and without are both a hand's).
    name: str

    def say(self, name: str, **values: object) -> str:
        """The phrase in the active language, its placeholders filled (a phrase that counts
        takes its number from the placeholder it names: `hands` or `rounds`)."""
        phrase = self.phrases[name]
        return str(phrase % values) if values else str(phrase)

    def __getattr__(self, name: str) -> SafeString:
        # A template reads `words.save`: the phrase as {% translate %} would show it.
        try:
            phrases = object.__getattribute__(self, "phrases")
            return mark_safe(str(phrases[name]))
        except KeyError:
            raise AttributeError(name) from None


# Every unit a game can play, by its key (a test checks that every game's unit has words).
UNITS = {
    "hand": UnitWords("hand", HAND, "hand"),
    "round": UnitWords("round", ROUND, "round"),
}

# The units of a game that scores during play, where their words differ.
UNITS_WITH_PLAYS = {"hand": UnitWords("hand", HAND_WITH_PLAYS, "hand_with_plays")}
# The units of a game counted in games won, whose pips do not score.
UNITS_IN_GAMES = {"hand": UnitWords("hand", HAND_IN_GAMES, "hand_in_games")}


def unit_words(game: object) -> UnitWords:
    """The words of the unit a game plays: `game` is a table's rules.Game or a game's kind,
    each of which says its `unit`, whether it `scores_plays` and whether its pips score."""
    if getattr(game, "scores_plays", False):
        return UNITS_WITH_PLAYS[game.unit]  # type: ignore[attr-defined]
    if not getattr(game, "pips_score", True):
        return UNITS_IN_GAMES[game.unit]  # type: ignore[attr-defined]
    return UNITS[game.unit]  # type: ignore[attr-defined]
