"""Words for the rules module's verdicts: why a hand scored what it did, in any language.

What differs between games is in each game's own words (words/games/); this module asks the
game's words and keeps what every game says alike.
"""

from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorekeeper import rules
from scorekeeper.words.games import words_of
from scorekeeper.words.games.block import explain_hand as explain_hand
from scorekeeper.words.games.common import pips_text as pips_text


def rules_summary(
    house: rules.HouseRules,
    scoring: rules.Scoring = rules.DEFAULT_SCORING,
    targets: tuple[int, int] | None = None,
) -> str:
    """A table's rules in one line, for the setup, the table page and the help page.

    `targets`: a scoring game's usual targets (each for themselves, in pairs), when the number
    of seats is not known yet.
    """
    return words_of(scoring).summary(house, targets)


def series_text(first_to: int | None) -> str:
    if first_to is None:
        return _("an open series")
    if first_to == 2:
        return _("best of three")
    if first_to == 3:
        return _("best of five")
    return ngettext("first to %(wins)s match win", "first to %(wins)s match wins", first_to) % {
        "wins": first_to
    }


def lead_text(
    game: rules.Game, names: list[str], next_leader: int | None, *, first_hand: bool = True
) -> str:
    """Who leads the next hand: the winner of the last one, or the highest double."""
    if next_leader is not None:
        # The name in its own <bdi>, as the templates isolate every name a person typed.
        name = format_html("<bdi>{}</bdi>", names[next_leader])
        return mark_safe(escape(_("%(name)s leads")) % {"name": name})
    if not first_hand and game.rules.lead_rule is rules.LeadRule.TURN_PASSES:
        # Nobody said who led before, so the app cannot name the next one (the form asks).
        return _("The lead passes in turn")
    if game.tile_set is rules.TileSet.DOUBLE_NINE:
        return _("Double nine leads")
    if game.tile_set is rules.TileSet.DOUBLE_TWELVE:
        return _("Double twelve leads")
    return _("Double six leads")


def leads_after_a_hand(game: rules.Game, names: list[str]) -> list[str]:
    """Who leads the next hand once one more is played, as lead_text says it: for each seat in
    order, then for no seat known. The phone says one while hands wait on it (waiting.js)."""
    seats = [lead_text(game, names, seat) for seat in range(game.seats)]
    return [*seats, lead_text(game, names, None, first_hand=False)]


# --- Scoring games (All Fives, Bergen) ---------------------------------------------------------


def play_text(game: rules.Game, names: list[str], side_names: list[str], seat: int, points) -> str:
    """One score during play: who made it, what it was, for which side."""
    who = {"name": names[seat], "points": points, "side": side_names[game.side_of(seat)]}
    if game.play_headers:
        if points == 3:
            return _("%(name)s made a triple-header: %(points)s for %(side)s.") % who
        return _("%(name)s made a double-header: %(points)s for %(side)s.") % who
    return _("%(name)s made the ends count %(points)s: %(points)s for %(side)s.") % who


def explain_scoring_end(
    game: rules.Game, reason: rules.Reason, names: list[str], side_names: list[str], side, points
) -> str:
    """The end of a hand of a game that scores during play (All Fives, Bergen), in one
    sentence, in that game's words."""
    return words_of(game).explain_end(game, reason, names, side_names, side, points)


def explain_result(
    game: rules.Game, result: rules.HandResult, names: list[str], side_names: list[str]
) -> str:
    """Why a hand just scored pays what it does (the preview), in the game's own words: a game
    that scores during play explains its end (its plays are on the strip), a block game the
    hand and its bonuses, a round game each count."""
    return words_of(game).explain_result(game, result, names, side_names)


def outcome_line(game: rules.Game, result: rules.HandResult, names: list[str]) -> str:
    """How a hand ended, without its worth, for a game whose worth the hands waiting on the
    phone move and the phone cannot tell (its `outcome_line`); "" for the others."""
    own = getattr(words_of(game), "outcome_line", None)
    return own(result, names) if own is not None else ""


def score_line(game: rules.Game, result: rules.HandResult, side_names: list[str]) -> str:
    """Who scores what, in one short line: "29 for Alice & Cara" (each side paid, in order);
    a game whose hands are not points says it in its own words (its `short_line`)."""
    own = getattr(words_of(game), "short_line", None)
    if own is not None:
        return own(game, result, side_names)
    paid = dict(enumerate(result.side_points))
    scored = [(side, points) for side, points in sorted(paid.items()) if points]
    if not scored:
        return _("Nobody scores.")
    return "; ".join(
        _("%(points)s for %(side)s") % {"points": points, "side": side_names[side]}
        for side, points in scored
    )


def preset_rules(key: str) -> rules.HouseRules:
    """The rules a preset starts from, as the setup fills them (a scoring game's own target)."""
    preset = rules.preset_named(key)
    return preset.default_rules(preset.partnership)


def preset_summary(key: str) -> str:
    """A preset's rules in one line (a scoring game's usual targets both ways)."""
    preset = rules.preset_named(key)
    return rules_summary(preset_rules(key), preset.scoring, preset.targets)


def scoring_hand_in_play(match_ended: bool) -> str:
    """Why a scoring game's hand in play has no end yet: still played, or the match ended in it."""
    if match_ended:
        return _("The match ended during this hand: the rest of it is not scored.")
    return _("This hand is in play: scores are added as they are made.")
