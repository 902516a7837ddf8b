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
    return whole_number("".join(_ascii_digit(char) for char in value.strip()))


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
    """A name as it should be stored: NFC, no invisible or control characters, single spaces."""
    value = unicodedata.normalize("NFC", value)
    kept = []
    for char in value:
        category = unicodedata.category(char)
        if category.startswith("Z") or char.isspace():
            kept.append(" ")
        elif category in ("Cc", "Cf", "Cs", "Co", "Cn") or char in INVISIBLE:
            continue
        else:
            kept.append(char)
    return " ".join("".join(kept).split())
