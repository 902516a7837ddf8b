"""The words of a game's unit of play in a template, instead of asking which game it is.

{% load units %}{% unit_words game as words %}
<button>{{ words.save }}</button> <h1>{{ words.numbered|with_number:hand.number }}</h1>
"""

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from scorekeeper.words.units import UnitWords, unit_words

register = template.Library()


@register.simple_tag(name="unit_words")
def unit_words_tag(game: object) -> UnitWords:
    """The phrases of the unit `game` plays (a table's Game or a game's kind)."""
    return unit_words(game)


@register.filter
def with_number(phrase: str, number: object) -> SafeString:
    """A phrase's `%(number)s` filled, as {% blocktranslate with number=... %} fills it."""
    return mark_safe(str(phrase) % {"number": conditional_escape(number)})
