"""The time left on a tournament round's clock, drawn by the server and kept current by
static/js/clock.js."""

from django import template
from django.template.defaultfilters import timeuntil
from django.utils.html import format_html
from django.utils.safestring import SafeString

register = template.Library()


@register.filter
def clock_left(ends_at) -> SafeString:
    """The time left until `ends_at`, as at this request, marked for clock.js to count down."""
    return format_html(
        '<time data-ends-at="{}" aria-live="off">{}</time>', ends_at.isoformat(), timeuntil(ends_at)
    )
