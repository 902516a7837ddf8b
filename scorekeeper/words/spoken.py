"""What the page says aloud (its data-say): a saved hand as a table calls it."""

from collections.abc import Sequence

from django.utils.translation import gettext as _

from scorekeeper.words.names import side_name


def hand_called(credited: dict[int, int], sides: Sequence[Sequence[str]]) -> str:
    """A hand's points as a table calls them: "31 for Ben and Dev"; `sides`: each side's
    players' names, `credited`: the points each side scored in the hand."""
    if not credited:
        return _("Blocked, tied: nobody scores")
    # The partners as the page writes them ("Ike e Isa" in Spanish), in words to be said.
    return " ".join(
        _("%(points)s for %(players)s")
        % {"points": points, "players": side_name(sides[side], spoken=True)}
        for side, points in sorted(credited.items())
    )
