"""Refusals in words: the rules' codes for a hand or a tile it will not take, and a
change another phone made first."""

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from scorekeeper import rules
from scorekeeper.words.units import UNITS

# A tile the rules will not count, by its code (its two numbers filled in).
TILE_MESSAGES = {
    rules.TileErrorCode.NOT_IN_SET: _("The %(high)s-%(low)s is not in this set."),
    rules.TileErrorCode.CLAIMED_TWICE: _(
        "The %(high)s-%(low)s is in two hands: a tile can only be in one."
    ),
    # Only a changed page names a seat the table does not have: the tile is not in its set.
    rules.TileErrorCode.UNKNOWN_SEAT: _("The %(high)s-%(low)s is not in this set."),
}


def tile_message(error: rules.TileError) -> str:
    high, low = error.tile
    return TILE_MESSAGES[error.code] % {"high": high, "low": low}


# Scoring games (All Fives, Bergen): refusals of a score during play or of a Bergen end.
SCORING_GAME_MESSAGES = {
    rules.ErrorCode.PLAY_NOT_FIVES: _("A score during play is a multiple of five."),
    rules.ErrorCode.PLAY_OUT_OF_RANGE: _("A score during play is from 5 to %(limit)s."),
    rules.ErrorCode.PLAY_NOT_HEADER: _("Tap a double-header or a triple-header."),
    rules.ErrorCode.NO_PLAY_SCORES: _("This game scores only at the end of a hand."),
    rules.ErrorCode.DOUBLES_NOT_ASKED: _("This table does not ask who holds a double."),
}


# The rules' refusals that read the same for any hand (a limit, where there is one, is filled in).
HAND_MESSAGES = {
    rules.ErrorCode.POOLED_TOO_MANY: _(
        "The hands that count can hold at most %(limit)s pips together."
    ),
    rules.ErrorCode.POOLED_ON_BLOCKED: _("A blocked hand needs the pips of each hand."),
    rules.ErrorCode.POOLED_WITH_PIPS: _("Give the pips per hand or as one total, not both."),
    rules.ErrorCode.NOT_WHOLE: _("Type a whole number of pips, like 12."),
    rules.ErrorCode.PAIRS_NOT_OFFERED: _("This table's blocked rule needs the pips of each hand."),
    rules.ErrorCode.PAIRS_NOT_BLOCKED: _("Only a blocked hand is given per pair."),
    rules.ErrorCode.PAIRS_WITH_PIPS: _("Give the pips per hand or per pair, not both."),
    rules.ErrorCode.PAIR_UNKNOWN_SIDE: _("A partnership table has two pairs."),
    rules.ErrorCode.PAIR_MISSING: _("How many pips did this pair hold together?"),
    rules.ErrorCode.PAIR_NOT_WHOLE: _("Type a whole number of pips, like 12."),
    rules.ErrorCode.PAIR_NEGATIVE: _("Pips can't be below 0."),
    rules.ErrorCode.PAIR_TOO_MANY: _("Two hands can hold at most %(limit)s pips together."),
    rules.ErrorCode.NEGATIVE_PIPS: _("Pips can't be below 0."),
    rules.ErrorCode.TOTAL_TOO_MANY: _(
        "Together the hands hold more pips than the whole set (%(limit)s)."
    ),
    rules.ErrorCode.CAPICU_ON_BLOCKED: _("A blocked hand can't be a capicú."),
    rules.ErrorCode.CAPICU_NOT_OFFERED: _("This table plays without a capicú bonus."),
    rules.ErrorCode.KEY_NOT_COUNTED: _("This table does not count a key."),
    rules.ErrorCode.KEY_ON_BLOCKED: _("A blocked hand can't be a key."),
    rules.ErrorCode.MATCH_OVER: _("This match is over. Start a rematch to play on."),
    # Only a changed page gets these wrong: the form's own question is the way back.
    rules.ErrorCode.NO_WINNER: _("Tap who went out, or Blocked."),
    rules.ErrorCode.UNKNOWN_SEAT: _("Tap who went out, or Blocked."),
    rules.ErrorCode.WINNER_ON_BLOCKED: _("Tap who went out, or Blocked."),
    rules.ErrorCode.POOLED_NOT_OFFERED: _("Tap who went out, or Blocked."),
    rules.ErrorCode.HAND_NOT_ENDED: _("Tap who went out, or Blocked."),
    # Mexican Train: the round and who holds the double blank.
    rules.ErrorCode.NOT_A_ROUND: _("This game has no such round."),
    rules.ErrorCode.TOO_FEW_PLAYERS: _("Too few players for this game."),
    rules.ErrorCode.TOO_MANY_PLAYERS: _("Too many players for this game."),
    rules.ErrorCode.DOUBLE_BLANK_NOT_ASKED: _("This table does not count the double blank."),
    rules.ErrorCode.DOUBLE_BLANK_UNKNOWN_SEAT: _("Tap who holds the double blank."),
    rules.ErrorCode.DOUBLE_BLANK_WENT_OUT: _("Who went out can't hold the double blank."),
    rules.ErrorCode.DOUBLE_BLANK_IS_ENGINE: _(
        "The double blank starts this round: nobody holds it."
    ),
    rules.ErrorCode.DOUBLE_BLANK_TWO_HOLDERS: _("Only one player can hold the double blank."),
    **SCORING_GAME_MESSAGES,
}


# The refusals about one player's hand, which name that player.
PLAYER_MESSAGES = {
    rules.ErrorCode.MISSING_PIPS: _("How many pips did %(name)s have left?"),
    rules.ErrorCode.PIPS_FOR_WINNER: _(
        "%(name)s went out, so their hand is empty: leave this count blank."
    ),
    rules.ErrorCode.DOUBLE_BLANK_WENT_OUT: _(
        "%(name)s went out: the double blank is not in their hand."
    ),
}


def hand_error_message(error: rules.HandError, names: list[str], game: rules.Game) -> str:
    """A plain sentence for one of the rules module's refusals."""
    code = error.code
    if code in PLAYER_MESSAGES:
        return PLAYER_MESSAGES[code] % {"name": seat_name(error.seat, names)}
    if code == rules.ErrorCode.TOO_MANY_PIPS:
        return too_many_pips_message(error.limit, game)
    if code in HAND_MESSAGES:
        return HAND_MESSAGES[code] % {"limit": error.limit}
    return regional_error_message(error)


def seat_name(seat: int | None, names: list[str]) -> str:
    """The name at a seat the rules point to, or "" where it points nowhere."""
    return names[seat] if seat is not None and seat < len(names) else ""


def too_many_pips_message(limit: int | None, game: rules.Game) -> str:
    """One hand holds more than it can: a drawing game's hand has no fixed number of tiles."""
    if game.draws:
        return _("No hand can hold more than %(limit)s pips.") % {"limit": limit}
    return ngettext(
        "No hand of %(tiles)s tile can hold more than %(limit)s pips.",
        "No hand of %(tiles)s tiles can hold more than %(limit)s pips.",
        game.tiles_each,
    ) % {"tiles": game.tiles_each, "limit": limit}


# The regional rules' refusals in plain words (a pase corrido's limit is filled in).
REGIONAL_MESSAGES = {
    rules.ErrorCode.LEADER_NEEDED: _("Who led this hand? The table's rules need it."),
    rules.ErrorCode.LEADER_UNKNOWN_SEAT: _("Tap who led this hand."),
    rules.ErrorCode.BLOCKER_NEEDED: _("Tap who played the tile that blocked."),
    rules.ErrorCode.BLOCKER_UNKNOWN_SEAT: _("Tap who played the tile that blocked."),
    rules.ErrorCode.BLOCKER_NOT_BLOCKED: _("Only a blocked hand has a blocker."),
    rules.ErrorCode.BLOCKER_NOT_ASKED: _("This table does not play blocker against the next hand."),
    rules.ErrorCode.CHUCHAZO_ON_BLOCKED: _("A blocked hand can't be a chuchazo."),
    rules.ErrorCode.CHUCHAZO_NOT_OFFERED: _("This table plays without a chuchazo bonus."),
    rules.ErrorCode.PASE_CORRIDO_NOT_OFFERED: _("This table plays without a pase corrido bonus."),
    rules.ErrorCode.PASE_CORRIDO_UNKNOWN_SIDE: _("Type how many times, like 1."),
    rules.ErrorCode.PASE_CORRIDO_NOT_WHOLE: _("Type how many times, like 1."),
    rules.ErrorCode.PASE_CORRIDO_TOO_MANY: _("At most %(limit)s times in one hand."),
    rules.ErrorCode.PASE_DE_SALIDA_NOT_OFFERED: _(
        "This table plays without a pase de salida bonus."
    ),
    rules.ErrorCode.PASE_DE_SALIDA_NOT_DOUBLE: _(
        "This table pays the pase de salida only when the lead was a double."
    ),
}


def regional_error_message(error: rules.HandError) -> str:
    """A plain sentence for a refusal of the regional rules (a pase corrido's limit filled in)."""
    message = REGIONAL_MESSAGES[error.code]
    if error.code is rules.ErrorCode.PASE_CORRIDO_TOO_MANY:
        return str(message) % {"limit": error.limit}
    return str(message)


# --- What another phone did first: each told once, here.


def changed_elsewhere() -> str:
    """Why a score made during play was refused: the match moved on under the page (a hand's
    or a round's save, correction or undo says it in its unit's words: words/units.py)."""
    return UNITS["hand"].say("changed_elsewhere")


def play_undone_elsewhere() -> str:
    """A score made during play, taken back on another phone, then sent again."""
    return _("That score was taken back on another phone, so it was not saved again.")


def corrected_past_end() -> str:
    """A correction that would have the match end before its last hand."""
    return _(
        "With this change the match would end before its last hand. Undo the later hands first."
    )


def played_on() -> str:
    """Why a finished match's last hand cannot be taken back once the next match has begun."""
    return _(
        "The next match has already started, so this one's last hand can no longer be taken "
        "back. To fix a hand, tap its number on the sheet and correct it."
    )


def too_many_tables() -> str:
    """A new table (or a restore of one, or of a tournament's) past the hour's limit."""
    return _("Too many new tables from here this hour. Try again later.")


def too_many_tournaments() -> str:
    """A new tournament (or a restore of one) past the hour's limit."""
    return _("Too many new tournaments from here this hour. Try again later.")


def too_large_message() -> str:
    megabytes = max(1, settings.IMPORT_MAX_BYTES // 1_000_000)
    return ngettext(
        "This file is too large for a backup (the limit is %(limit)s MB).",
        "This file is too large for a backup (the limit is %(limit)s MB).",
        megabytes,
    ) % {"limit": megabytes}


def backup_refused(problem: object) -> str:
    """A backup (of a table or a tournament) refused, and its first problem."""
    return _("Nothing was restored from this backup. %(problem)s") % {"problem": problem}


def refusal_words(refused: rules.InvalidHand, names: list[str], game: rules.Game) -> str:
    """The rules' refusal of a backup's hand, one clause a code, for the import's message."""
    return "; ".join(
        str(hand_error_message(error, names, game)).rstrip(".") for error in refused.errors
    )


def result_kept() -> str:
    """A correction or an undo refused: it would change who won a tournament match whose
    winner already plays on (a bracket's next match has begun: RULES.md, Knockouts)."""
    return _(
        "Not changed: this would change who won, and the winner's next match has already "
        "begun. The result stays as it was; ask the director."
    )


def seats_refused(preset: rules.Preset) -> str:
    """Why this way to play cannot seat the players named."""
    if not preset.kind.plays_in_pairs:
        # Each for themselves: as many as its set deals to.
        most = preset.most_players
        return _("Mexican Train with this set is for 2 to %(most)s players.") % {"most": most}
    if preset.partnership:
        return _("This game is for four players.")
    return _("This game is for two to four players.")
