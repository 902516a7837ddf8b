"""The photo count's words: its button, its refusals, what its answer says."""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

APP_NAME = _("Photo count")
BUTTON = _("From a photo")
SEND = _("Count the pips")
NEEDS_SERVER = _("Counting from a photo needs the server: there is no signal now. Type the count.")
COUNTING = _("Counting the pips…")
NO_PHOTO = _("Choose a photo of the tiles.")
NOT_A_PHOTO = _("That file is not a photo this can read: take one with the camera (JPEG or PNG).")
NO_TILES = _(
    "No tiles found in this photo. Lay them face up, a little apart, on a darker surface, and "
    "take it from above."
)
TOO_MANY = _("Too many photos from here this hour. Type the count, or try again later.")
TITLE = _("The count from the photo")
CHECK = _("Check each half against the photo and tap a number to correct it.")
USE = _("Use this count")
PUT_IN = _("Put it in the hand")
BACK = _("Back without it")
CUT = _("Cut by the photo's edge: not counted. Take it again with the whole tile in.")
TOUCHING = _(
    "Some tiles seem to touch and were not counted: lay them a little apart and take it again."
)
UNSURE = _("More pips than a half can hold were seen here: check this tile.")


def bad_half(most: int) -> str:
    """A half confirmed as no count of the table's set (`most`: the most pips on its halves)."""
    return _("A half holds 0 to %(most)s pips in this set: choose each half marked ? first.") % {
        "most": most
    }


def over_most(most: int) -> str:
    """Halves read with more pips than the table's set has on a half: not counted until chosen."""
    return _(
        "Some halves read more than %(most)s pips, the most a half of this set holds: check the "
        "tiles marked ? against the photo and choose those halves."
    ) % {"most": most}


def too_large(megabytes: int) -> str:
    return _("That photo is larger than %(mb)s MB: send a smaller one.") % {"mb": megabytes}


FIRST_HALF = _("first half")
SECOND_HALF = _("second half")


def page_words() -> dict:
    """The words the photo count's templates show, by the names they use."""
    return {
        "title": TITLE,
        "check": CHECK,
        "cut": CUT,
        "touching": TOUCHING,
        "unsure": UNSURE,
        "use": USE,
        "put_in": PUT_IN,
        "back_word": BACK,
        "first_half": FIRST_HALF,
        "second_half": SECOND_HALF,
    }


def button_words() -> dict:
    """The camera button's words."""
    return {"button": BUTTON, "send": SEND, "needs_server": NEEDS_SERVER, "counting": COUNTING}


def total_line(pips: int, tiles: int) -> str:
    tiles_words = ngettext("%(tiles)s tile", "%(tiles)s tiles", tiles) % {"tiles": tiles}
    return ngettext(
        "Total: %(pips)s pip on %(tiles_words)s.", "Total: %(pips)s pips on %(tiles_words)s.", pips
    ) % {"pips": pips, "tiles_words": tiles_words}


def counted_line(pips: int) -> str:
    return ngettext("%(pips)s pip from the photo.", "%(pips)s pips from the photo.", pips) % {
        "pips": pips
    }
