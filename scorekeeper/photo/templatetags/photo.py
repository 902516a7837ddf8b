"""The camera button beside a count (photo/button.html), for the core's templates: the hand
form's counts and a Mexican Train player's own count. The core's Python never asks."""

from django import template
from django.urls import reverse

from scorekeeper.photo.reading import MOST_PIPS
from scorekeeper.photo.words import button_words

register = template.Library()


@register.inclusion_tag("photo/button.html", takes_context=True)
def photo_button(context, field, back: str = "", most: int = MOST_PIPS) -> dict:
    """`field`: the count's bound field; `back`: where its form posts (else the page itself);
    `most`: the most pips a half of the match's set holds (its tile set: 6, 9 or 12)."""
    request = context.get("request")
    page = request.path if request else ""
    return button_words() | {
        "field_id": field.id_for_label,
        "field_name": field.html_name,
        "url": reverse("photo_count"),
        "back": back or page,
        "page": page,
        "most": int(most),
    }
