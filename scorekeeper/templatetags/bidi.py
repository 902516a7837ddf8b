"""Filters that keep user-written text from reordering the page around it.

A name in Arabic or Hebrew, or one holding a right-to-left override, would otherwise carry
the text after it (a score, a dash, the next name) into its own direction.
"""

from collections.abc import Iterable

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

from scorekeeper.inputs import isolated

register = template.Library()


@register.filter
def isolate(value: object) -> SafeString:
    """The text escaped, in a <bdi> of its own."""
    return format_html("<bdi>{}</bdi>", value)


@register.filter
def isolate_each(values: Iterable[object], separator: str = " · ") -> SafeString:
    """Each text in its own <bdi>, joined by the separator."""
    return mark_safe(conditional_escape(separator).join(isolate(value) for value in values))


@register.filter
def isolate_text(value: object) -> str:
    """For places that take no tags (<title>, a chart's description): see inputs.isolated."""
    return isolated(str(value))
