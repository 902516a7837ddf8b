"""Names as the pages show them: sides of partners, and names written right to left."""

import unicodedata
from collections.abc import Callable, Sequence

from django.utils.translation import gettext, gettext_lazy, pgettext

from scorekeeper.inputs import FSI, PDI, needs_isolating

# A table's name when it was given none.
DEFAULT_TABLE_NAME = gettext_lazy("Domino table")


def numbered_table_name(number: int) -> str:
    """The name a new table takes when its setup left the name blank: numbered, so the tables
    set up from one place (a club's, a park's) are told apart on its lists."""
    return gettext("Domino table %(number)s") % {"number": number}


def name_order(name: str) -> tuple[str, str, str]:
    """Where a name sorts in a list of names, as a reader looks for it: its letters without
    their accents or case first (Ángel beside ana, before Bartolomé), then its accents, then
    its case."""
    folded = name.casefold()
    bare = "".join(
        char for char in unicodedata.normalize("NFKD", folded) if not unicodedata.combining(char)
    )
    return bare, folded, name


def within(name: str, limit: int, around: Callable[[str], str] = str) -> str:
    """`around(name)` (a name with words round it) at most `limit` characters: `name` cut
    short if it must be, at a word's end where one is near, with "…" for what was cut."""
    whole = around(name)
    if len(whole) <= limit:
        return whole
    room = max(1, len(name) - (len(whole) - limit) - 1)
    cut = name[:room]
    if " " in cut[room // 2 :] and not name[room : room + 1].isspace():
        cut = cut[: cut.rindex(" ")]
    return around(cut.rstrip(" ,.·-\N{EN DASH}") + "…")


def side_name(names: Sequence[str], *, spoken: bool = False) -> str:
    """A side as the sheet heads it: one name, or two partners joined as the language joins them.

    `spoken`: as the phone says it out loud, with a word for "&" and no isolating marks.
    """
    if not spoken:
        names = isolated_if_right_to_left(names)
    if len(names) != 2:
        return ", ".join(names)
    first, second = names
    if starts_with_i_sound(second.strip(FSI + PDI + LRM)):
        # Spanish writes "e" for "y" before an i-sound (Ana e Isabel); other languages
        # translate this the same as the plain pattern below.
        if spoken:
            pattern = pgettext(
                "two partners said out loud, the second name starting with an i-sound",
                "%(a)s and %(b)s",
            )
        else:
            pattern = pgettext(
                "two partners, the second name starting with an i-sound", "%(a)s & %(b)s"
            )
    elif spoken:
        pattern = pgettext("two partners said out loud", "%(a)s and %(b)s")
    else:
        pattern = pgettext("two partners", "%(a)s & %(b)s")
    return pattern % {"a": first, "b": second}


def listed(names: Sequence[str]) -> str:
    """Players named in a sentence, as the language lists them ("Ann, Bo and Cy share the
    win"): a shared win is theirs together, not a pair's."""
    if len(names) < 2:
        return "".join(names)
    names = isolated_if_right_to_left(names)
    head, last = ", ".join(names[:-1]), names[-1]
    if starts_with_i_sound(last.strip(FSI + PDI + LRM)):
        # Spanish writes "e" for "y" before an i-sound, as it joins partners.
        pattern = pgettext(
            "players listed, the last name starting with an i-sound", "%(names)s and %(last)s"
        )
    else:
        pattern = pgettext("players listed", "%(names)s and %(last)s")
    return pattern % {"names": head, "last": last}


LRM = "\u200e"


def isolated_if_right_to_left(names: Sequence[str]) -> list[str]:
    """Several names, each between isolates when any is written right to left.

    Otherwise an Arabic or Hebrew first name turns the whole pair right to left ("Ben y" and
    the name read backwards) wherever the pair is shown as one piece of text.
    """
    if len(names) > 1 and any(needs_isolating(name) for name in names):
        # A left-to-right mark first: a page's <bdi> then reads the pair as running left to
        # right (browsers look for the first strong letter, even inside an isolate).
        return [f"{LRM if index == 0 else ''}{FSI}{name}{PDI}" for index, name in enumerate(names)]
    return list(names)


def starts_with_i_sound(name: str) -> bool:
    """Whether a name starts with the vowel i (i-, í-, hi-), not the diphthong of Hielo or Ian."""
    letters = unicodedata.normalize("NFD", name.casefold())
    letters = "".join(char for char in letters if not unicodedata.combining(char))
    if letters.startswith("h"):
        letters = letters[1:]
    return len(letters) >= 2 and letters[0] == "i" and letters[1] not in "aeiouy"


def name_key(name: str) -> str:
    """What tells two players' names apart at a table: their letters, not their case ("Ana" and
    "ana" are one player), as the setup refuses them together and the table seats them."""
    return unicodedata.normalize("NFC", name).casefold()
