"""What the games that score during play (All Fives, Bergen) say of a hand's end alike."""

from collections.abc import Callable

from django.utils.translation import gettext as _

from scorekeeper import rules
from scorekeeper.words.games.common import pips_text


def explain_any_end(
    game: rules.Game,
    reason: rules.Reason,
    names: list[str],
    side_names: list[str],
    side,
    points,
    sentence: Callable[[rules.Game, rules.Reason, int, dict], str],
) -> str:
    """The end of a hand of a game that scores during play, in one sentence: why it was won,
    said by the game's own `sentence` (which adds what that game's end pays)."""
    code = reason.code
    if code in (rules.ReasonCode.VOID_TIE, rules.ReasonCode.DRAW_PAIRS):
        return _("Blocked, and the lightest hands were level: nobody scores at the end.")
    who = {
        "side": side_names[side],
        "points": points,
        "name": names[reason.winning_seat],
        "pips": pips_text(reason.winning_pips or 0),
    }
    if code == rules.ReasonCode.WENT_OUT:
        why = _("%(name)s went out") % who
    elif code == rules.ReasonCode.LIGHTER_PAIR:
        why = _("blocked, their hands held the fewest pips together (%(pips)s)") % who
    elif code == rules.ReasonCode.LIGHTEST_WITHOUT_DOUBLE and game.partnership:
        why = _("blocked, the pair without a double held the fewest pips together (%(pips)s)") % who
    elif code == rules.ReasonCode.LIGHTEST_WITHOUT_DOUBLE:
        why = _("blocked, %(name)s had the lightest hand without a double (%(pips)s)") % who
    elif code == rules.ReasonCode.TIE_TO_LEADERS:
        why = _("blocked and level at %(pips)s, so the side that led wins the tie") % who
    else:
        why = _("blocked, %(name)s had the lightest hand (%(pips)s)") % who
    who["why"] = why
    return sentence(game, reason, points, who)


def explainers(sentence: Callable[[rules.Game, rules.Reason, int, dict], str]):
    """A scoring game's explain_end and explain_result around its own end `sentence`."""

    def explain_end(
        game: rules.Game,
        reason: rules.Reason,
        names: list[str],
        side_names: list[str],
        side,
        points,
    ) -> str:
        """The end of a hand in one sentence (its plays are listed on their own)."""
        return explain_any_end(game, reason, names, side_names, side, points, sentence)

    def explain_result(
        game: rules.Game, result: rules.HandResult, names: list[str], side_names: list[str]
    ) -> str:
        """Why a hand's end just scored pays what it does (its plays are on the strip)."""
        return explain_end(game, result.reason, names, side_names, result.side, result.points)

    return explain_end, explain_result
