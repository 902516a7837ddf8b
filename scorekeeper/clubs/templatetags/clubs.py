"""The club a table joined, for the table page's club box (clubs/table_box.html): the core's
Python never asks; and the games a club rates, for the rating's help."""

from django import template

from scorekeeper.clubs import words
from scorekeeper.clubs.forms import ClubForm, JoinForm
from scorekeeper.clubs.models import Membership

register = template.Library()


@register.simple_tag
def club_box(table) -> dict:
    """The table's membership (None: in no club) and, when in none, the form to join one."""
    membership = Membership.of(table)
    return {"membership": membership, "join_form": None if membership else JoinForm(table=table)}


@register.simple_tag
def new_club_form() -> ClubForm:
    """The home page's small form for a new club."""
    return ClubForm()


@register.simple_tag
def rated_games() -> str:
    """The games a club rates, each its own rating, for the rating's help (rating_help.html)."""
    return words.rated_games()
