"""What comes from outside, made safe: whole numbers and names. No Django import here."""

import re
import unicodedata

# Enough for any count, version or match number; longer strings never reach int().
MAX_DIGITS = 18
ASCII_DIGITS = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")

# Characters that show nothing (or only steer the text around them) yet make two names
# differ: zero-width spaces and joiners, soft hyphen, Hangul fillers, direction marks,
# embeddings, overrides and isolates, the byte-order mark.
INVISIBLE = frozenset("\u00ad\u034f\u115f\u1160\u3164\uffa0\u180e\ufeff")
# The joiners and tags that belong to the grapheme around them are kept (see joined()): the
# zero-width joiner inside an emoji (a skin tone and hair, a family), both joiners between the
# letters of scripts that use them (Persian's ZWNJ, Devanagari's and Malayalam's ZWJ), and the
# tag characters that make a flag (Scotland: the black flag, g b s c t, cancel tag).
ZWNJ, ZWJ = "\u200c", "\u200d"
TAG_SEQUENCE = re.compile("[\U000e0020-\U000e007e]+\U000e007f")
EMOJI_MODIFIERS = range(0x1F3FB, 0x1F400)  # the five skin tones
EMOJI_PRESENTATION = "\ufe0f"
# Scripts whose letters join or part by a joiner (the first word of their characters' names).
JOINING_SCRIPTS = frozenset(
    (
        *("ARABIC", "SYRIAC", "NKO", "MONGOLIAN", "DEVANAGARI", "BENGALI", "GURMUKHI"),
        *("GUJARATI", "ORIYA", "TAMIL", "TELUGU", "KANNADA", "MALAYALAM", "SINHALA"),
        *("KHMER", "MYANMAR", "TIBETAN"),
    )
)
# First-strong isolate and pop directional isolate: text between them keeps its own direction.
FSI, PDI = "\u2068", "\u2069"
# Bidirectional classes of the characters that can reorder the text after them.
TURNING = frozenset(("R", "AL", "RLE", "RLO", "LRE", "LRO", "RLI", "LRI", "FSI", "PDF", "PDI"))


def whole_number(value: object) -> int | None:
    """A non-negative integer written in ASCII digits only, else None.

    str.isdigit() accepts '²' and '①', which int() then refuses; int() accepts '1_2', '+3'
    and ' 7'. Neither is what a URL or a hidden field written by this app contains.
    """
    if isinstance(value, str) and ASCII_DIGITS.fullmatch(value):
        return int(value)
    return None


def typed_number(value: object) -> int | None:
    """A number a person typed: surrounding spaces are forgiven, and any script's decimal
    digits (full-width, Arabic-Indic...) mean what they show."""
    if not isinstance(value, str) or len(value) > 4 * MAX_DIGITS:
        return None
    return whole_number(ascii_digits(value.strip()))


def all_digits(value: str) -> bool:
    """Whether the text, spaces around it forgiven, is decimal digits of any script alone (a
    number, however long: typed_number leaves out one past MAX_DIGITS)."""
    text = value.strip()
    return bool(text) and all(unicodedata.decimal(char, None) is not None for char in text)


def ascii_digits(value: str) -> str:
    """The text with any script's decimal digits written as ASCII ones (a date typed in
    Arabic-Indic or full-width digits reads as it shows); every other character kept."""
    return "".join(_ascii_digit(char) for char in value)


def _ascii_digit(char: str) -> str:
    digit = unicodedata.decimal(char, None)
    return char if digit is None else str(digit)


def isolated(text: str) -> str:
    """For places that take no tags (a <title>, a message, a CSV cell): the text between
    isolates where it could turn what stands around it, else as it is (invisible marks show
    as boxes in some tab bars and stay in a spreadsheet's cells)."""
    return f"{FSI}{text}{PDI}" if needs_isolating(text) else text


def needs_isolating(text: str) -> bool:
    """Whether the text could turn what stands around it: a right-to-left letter (Arabic,
    Hebrew...) or a direction control (clean_text drops those, but older rows may hold them)."""
    return any(unicodedata.bidirectional(char) in TURNING for char in text)


def clean_text(value: str) -> str:
    """A name as it should be stored: NFC, no invisible or control characters but the joiners
    and tags inside a grapheme (see joined()), single spaces."""
    value = unicodedata.normalize("NFC", value)
    inside = joined(value)
    kept = []
    for at, char in enumerate(value):
        category = unicodedata.category(char)
        if at in inside:
            kept.append(char)
        elif category.startswith("Z") or char.isspace():
            kept.append(" ")
        elif category in ("Cc", "Cf", "Cs", "Co", "Cn") or char in INVISIBLE:
            continue
        else:
            kept.append(char)
    return " ".join("".join(kept).split())


def joined(value: str) -> set[int]:
    """Where `value` holds a joiner or tag that is part of what it shows: a ZWJ between emoji,
    a ZWJ or ZWNJ after a letter of a joining script and before another (or, ending a Malayalam
    chillu, after its virama), and the tags of a flag. Never a direction control."""
    inside = set()
    for at, char in enumerate(value):
        if char not in (ZWJ, ZWNJ) or at == 0:
            continue
        before, after = value[at - 1], value[at + 1 : at + 2]
        between_emoji = char == ZWJ and _emoji(before) and _category(after) == "So"
        if between_emoji or _joins_letters(before, after):
            inside.add(at)
    for tags in TAG_SEQUENCE.finditer(value):
        if tags.start() and unicodedata.category(value[tags.start() - 1]) == "So":
            inside.update(range(tags.start(), tags.end()))
    return inside


def _joins_letters(before: str, after: str) -> bool:
    """Between two letters of a joining script, or at a word's end after its virama."""
    if not _joining(before):
        return False
    return _joining(after) if after else unicodedata.category(before) == "Mn"


def _emoji(char: str) -> bool:
    return (
        unicodedata.category(char) == "So"
        or ord(char) in EMOJI_MODIFIERS
        or char == EMOJI_PRESENTATION
    )


def _joining(char: str) -> bool:
    if not char or unicodedata.category(char)[0] not in "LM":
        return False
    return unicodedata.name(char, "").partition(" ")[0] in JOINING_SCRIPTS


def _category(char: str) -> str:
    return unicodedata.category(char) if char else ""
