"""What comes from outside, made safe: whole numbers and names. No Django import here."""

import re
import unicodedata

# Enough for any count, version or match number; longer strings never reach int().
MAX_DIGITS = 18
ASCII_DIGITS = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")
# Full-width digits (U+FF10 to U+FF19) come from East Asian keyboards; they mean what they show.
FULL_WIDTH = str.maketrans({chr(0xFF10 + digit): str(digit) for digit in range(10)})

# Characters that show nothing (or only steer the text around them) yet make two names
# differ: zero-width spaces and joiners, soft hyphen, Hangul fillers, direction marks,
# embeddings, overrides and isolates, the byte-order mark.
INVISIBLE = frozenset("\u00ad\u034f\u115f\u1160\u3164\uffa0\u180e\ufeff")


def whole_number(value: object) -> int | None:
    """A non-negative integer written in ASCII digits only, else None.

    str.isdigit() accepts '²' and '①', which int() then refuses; int() accepts '1_2', '+3'
    and ' 7'. Neither is what a URL or a hidden field written by this app contains.
    """
    if isinstance(value, str) and ASCII_DIGITS.fullmatch(value):
        return int(value)
    return None


def typed_number(value: object) -> int | None:
    """A number a person typed: surrounding spaces and full-width digits are forgiven."""
    if not isinstance(value, str):
        return None
    return whole_number(value.strip().translate(FULL_WIDTH))


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
