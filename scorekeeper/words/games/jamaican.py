"""Jamaican's words: its rules in one line, its switches, what a hand is worth and does to the
set (bruk, one-all, tie, key), who poses, and the six-love."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy

from scorekeeper import rules
from scorekeeper.words.games.common import pips_text

# The setup's fieldset of its own switches (forms/switches.py): its title and what it is.
SETUP_LEGEND = gettext_lazy("Jamaican")
SETUP_NOTE = gettext_lazy(
    "Each hand is one game for the side that wins it; pips only decide a blocked hand. "
    "Partner: four players in two pairs. Cut-throat: two to four, each for themselves."
)

# What the statistics page says of its numbers where its own counts (keys, ties) are shown.
STATS_NOTE = gettext_lazy(
    "Jamaican: a set won is a match won, and its points are games won. Shutouts are six-loves: "
    "each side still on love when the set is won takes one, and the winner gives one. Keys are "
    "hands won going out on a key; hands tied are blocked hands nobody won, played again."
)

# Each switch of its own (GameKind.own_switches): its label, and the words of each choice (None
# for an on/off switch). forms/switches.py builds the setup's field from these.
SWITCHES = {
    "set_format": (
        gettext_lazy("The set"),
        {
            rules.SetFormat.SIX_LOVE: gettext_lazy("Six-love: a bruk back to love all"),
            rules.SetFormat.FIRST_TO_SIX: gettext_lazy("First to the target: no bruk"),
        },
    ),
    "tie_replay": (
        gettext_lazy("The replay after a tie is worth"),
        {
            rules.TieReplay.RISES: gettext_lazy("one more each time"),
            rules.TieReplay.FLAT_2: gettext_lazy("2"),
            rules.TieReplay.NO_PREMIUM: gettext_lazy("what the tied hand was worth"),
        },
    ),
    "one_all_play_two": (gettext_lazy("One-all, play two"), None),
    "partners_level": (
        gettext_lazy("Partners level on the lightest hand"),
        {
            rules.PartnersLevel.PAIR_WINS: gettext_lazy("the pair wins"),
            rules.PartnersLevel.REPLAY: gettext_lazy("a tie: play it again"),
        },
    ),
    "key_counts_two": (gettext_lazy("A key counts 2"), None),
    "double_six_every_hand": (gettext_lazy("The double six poses every hand"), None),
}

# The sheet's marks beside a hand's games, with what each means (the sheet's legend).
MARKS = {
    rules.HandMark.KEY: (
        pgettext_lazy("Jamaican key mark on the score sheet", "K"),
        gettext_lazy("Key"),
    ),
    rules.HandMark.BRUK: (
        pgettext_lazy("Jamaican bruk mark on the score sheet", "Bruk"),
        gettext_lazy("Bruk: back to love all"),
    ),
    rules.HandMark.ONE_ALL: (
        pgettext_lazy("Jamaican one-all mark on the score sheet", "1-1"),
        gettext_lazy("One-all: the next hand is played for two"),
    ),
    rules.HandMark.TIE: (
        pgettext_lazy("Jamaican tie mark on the score sheet", "Tie"),
        gettext_lazy("Tie: the hand is played again for more"),
    ),
}


def played_for_legend(worth: int) -> tuple[str, str]:
    """The sheet's mark beside a hand's games when it was played for more than one (a times
    sign and the worth), and what it means, for its legend."""
    return f"\u00d7{worth}", _("Played for %(worth)s") % {"worth": worth}


def summary(house: rules.HouseRules, targets: tuple[int, int] | None = None) -> str:
    """Jamaican in one line: the set and its target, the replay, one-all and the key."""
    games = {"target": house.target}
    if house.set_format is rules.SetFormat.SIX_LOVE:
        parts = [_("six-love to %(target)s games") % games]
    else:
        parts = [_("first to %(target)s games, no bruk") % games]
    parts.append(
        {
            rules.TieReplay.RISES: _("a tie's replay is worth one more"),
            rules.TieReplay.FLAT_2: _("a tie's replay is worth 2"),
            rules.TieReplay.NO_PREMIUM: _("a tie's replay is worth the same"),
        }[house.tie_replay]
    )
    if house.one_all_play_two and house.set_format is rules.SetFormat.SIX_LOVE:
        parts.append(_("one-all, play two"))
    if house.partners_level is rules.PartnersLevel.REPLAY:
        parts.append(_("level partners replay"))
    if house.key_counts_two:
        parts.append(_("a key counts 2"))
    if house.double_six_every_hand:
        parts.append(_("the double six poses every hand"))
    return " · ".join(parts)


def games_text(games: int) -> str:
    return ngettext("%(games)s game", "%(games)s games", games) % {"games": games}


def _why(reason: rules.Reason, names: list[str]) -> str:
    """How the hand was won: who went out (on a key), or who held the lightest hand."""
    who = {"name": names[reason.winning_seat], "pips": pips_text(reason.winning_pips or 0)}
    if reason.code is rules.ReasonCode.WENT_OUT:
        if rules.HandMark.KEY in reason.marks:
            return _("%(name)s went out on a key") % who
        return _("%(name)s went out") % who
    return _("Blocked: %(name)s held the lightest hand (%(pips)s)") % who


def explain(game: rules.Game, reason: rules.Reason, names: list[str], side_names: list[str]) -> str:
    """A settled hand in one sentence: why it was won, what it was worth, what it did."""
    if rules.HandMark.TIE in reason.marks:
        return _(
            "Blocked, and the lightest hands were level (%(pips)s): a tie. Nobody scores; "
            "the replay is worth %(worth)s and the double six poses."
        ) % {"pips": pips_text(reason.winning_pips or 0), "worth": reason.replay_for}
    return _("%(why)s. For %(worth)s: %(what)s.") % {
        "why": _why(reason, names),
        "worth": reason.played_for or 1,
        "what": _done(game, reason, side_names),
    }


def _done(game: rules.Game, reason: rules.Reason, side_names: list[str]) -> str:
    """What a won hand did to the set: a bruk, one-all, or its worth in games to its side."""
    if rules.HandMark.BRUK in reason.marks:
        return _("a bruk: love all, and the winner scores nothing")
    if rules.HandMark.ONE_ALL in reason.marks:
        return _("one-all: the next hand is played for 2")
    return _to_side(game, reason, side_names)


def _to_side(game: rules.Game, reason: rules.Reason, side_names: list[str]) -> str:
    """A won hand's worth in games to the side that won it."""
    side = side_names[game.side_of(reason.winning_seat)]
    return _("%(games)s to %(side)s") % {"games": games_text(reason.played_for or 1), "side": side}


def log_words(
    game: rules.Game, reason: rules.Reason, names: list[str], side_names: list[str]
) -> tuple[str, str]:
    """A hand in the change log, from its settled result: how it ended (who went out, on a
    key, or blocked) and what it did to the set (its worth in games, a bruk, one-all, a tie)."""
    ended = _why(reason, names) if reason.code is rules.ReasonCode.WENT_OUT else _("blocked")
    if rules.HandMark.TIE in reason.marks:
        return ended, _("a tie: the replay is worth %(worth)s") % {"worth": reason.replay_for}
    return ended, _done(game, reason, side_names)


def short_line(game: rules.Game, result: rules.HandResult, side_names: list[str]) -> str:
    """What a hand does to the set, in the few words the bar above Save has room for: a bruk is
    no score for anyone (its credits back to love are not "-2 for" a side)."""
    reason = result.reason
    if rules.HandMark.TIE in reason.marks:
        return _("Tie: replay for %(worth)s") % {"worth": reason.replay_for}
    if rules.HandMark.BRUK in reason.marks:
        return _("Bruk: love all")
    if rules.HandMark.ONE_ALL in reason.marks:
        return _("One-all: play for 2")
    return _to_side(game, reason, side_names)


def explain_result(
    game: rules.Game, result: rules.HandResult, names: list[str], side_names: list[str]
) -> str:
    """What a hand just scored does to the set (the hand form's preview)."""
    return explain(game, result.reason, names, side_names)


def outcome_line(result: rules.HandResult, names: list[str]) -> str:
    """How a hand ended, and no worth: the preview while hands wait on the phone before it,
    which move what it is worth (the phone does not keep the set's rules)."""
    reason = result.reason
    if rules.HandMark.TIE in reason.marks:
        return _(
            "Blocked, and the lightest hands were level (%(pips)s): a tie. What the replay is "
            "worth is said once the hands before it are sent."
        ) % {"pips": pips_text(reason.winning_pips or 0)}
    return _("%(why)s. What it is worth is said once the hands before it are sent.") % {
        "why": _why(reason, names)
    }


def sheet_marks(reason: rules.Reason) -> str:
    """A hand's marks as the sheet's CSV writes them, as the page draws them beside its games:
    "Key; played for 2", "Bruk: back to love all", "Tie: replay for 3"."""
    parts = [str(MARKS[mark][1]) for mark in reason.marks if mark is not rules.HandMark.TIE]
    if rules.HandMark.TIE in reason.marks:
        parts.append(_("Tie: replay for %(worth)s") % {"worth": reason.replay_for})
    elif (reason.played_for or 1) > 1:
        parts.append(_("played for %(worth)s") % {"worth": reason.played_for})
    return "; ".join(parts)


def poses_text(game: rules.Game, side_names: list[str], next_leader: int | None) -> str:
    """Who poses the next hand: the double six, or the side that won the last."""
    if next_leader is None:
        return _("Double six poses")
    side = game.side_of(next_leader)
    return ngettext("%(side)s poses", "%(side)s pose", len(game.sides[side])) % {
        "side": side_names[side]
    }


def next_hand_text(state: rules.MatchState) -> str:
    """What the next hand is worth, when it is more than one game ("" when one)."""
    carried = state.carried
    worth = getattr(carried, "worth", 1)
    if getattr(carried, "one_all", False):
        return _("One-all: this hand is played for %(worth)s") % {"worth": worth}
    if worth > 1:
        return _("This hand is played for %(worth)s") % {"worth": worth}
    return ""


def six_love_text(game: rules.Game, state: rules.MatchState, side_names: list[str]) -> str:
    """Who the set's winner gave six-love ("" when nobody was)."""
    given = game.kind.six_love_to(state)
    if not given:
        return ""
    names = ", ".join(side_names[side] for side in given)
    # The verb agrees with how many players were given it: one in a set of two, a pair, or more.
    players = sum(len(game.sides[side]) for side in given)
    given_to = ngettext("Six-love! Given to %(names)s.", "Six-love! Given to %(names)s.", players)
    return given_to % {"names": names}
