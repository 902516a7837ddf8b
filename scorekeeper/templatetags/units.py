"""The words of a game's unit of play in a template, instead of asking which game it is.

{% load units %}{% unit_words game as words %}
<button>{{ words.save }}</button> <h1>{% unit_say words "numbered" number=hand.number %}</h1>
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


@register.simple_tag
def unit_say(words: UnitWords, name: str, **values: object) -> SafeString:
    """A phrase with its placeholders filled, as {% blocktranslate with ... %} fills them:
    text escaped, our catalogue's words as they are. A number stays a number: a phrase that
    counts chooses its plural by it."""
    escaped = {
        key: conditional_escape(value) if isinstance(value, str) else value
        for key, value in values.items()
    }
    return mark_safe(words.say(name, **escaped))
