"""A value filled into a drawn fragment after it is kept, so that the fragment is kept once.

    {% slot form.number.value as round %}{% cache ... %}...{{ round }}...{% endcache %}{% endslot %}

Inside the block `round` is a mark (private-use characters, which no name can hold: clean_text
drops them); what the block draws, from the cache or afresh, has each mark replaced by the value,
escaped. The cache key can then leave the value out: the out taps, kept per match, were drawn
again for every hand because the hand's number sat in their links.
"""

from django import template
from django.template.base import FilterExpression
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


class SlotNode(template.Node):
    def __init__(self, nodelist: template.NodeList, value: FilterExpression, name: str):
        self.nodelist = nodelist
        self.value = value
        self.name = name
        self.mark = f"\ue000{name}\ue001"

    def render(self, context) -> SafeString:
        with context.push({self.name: self.mark}):
            drawn = self.nodelist.render(context)
        value = conditional_escape(self.value.resolve(context, ignore_failures=True) or "")
        return mark_safe(drawn.replace(self.mark, value))


@register.tag
def slot(parser, token) -> SlotNode:
    bits = token.split_contents()
    if len(bits) != 4 or bits[2] != "as":
        raise template.TemplateSyntaxError("usage: {% slot value as name %}...{% endslot %}")
    nodelist = parser.parse(("endslot",))
    parser.delete_first_token()
    return SlotNode(nodelist, parser.compile_filter(bits[1]), bits[3])
