"""Labels: the words for each choice a page offers, and what each house rule means.

Keyed by the rules' codes (and the few codes only the models have, by their value); the
models' choices take their labels from here. Every string is lazy: it is put into the
request's language when a page shows it.
"""

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scorekeeper import rules

COUNT_RULES = {
    rules.CountRule.ALL_OTHER_HANDS: _("All other hands"),
    rules.CountRule.OPPONENTS_ONLY: _("Opponents only"),
    rules.CountRule.EVERY_HAND: _("Every hand"),
}

BLOCKED_RULES = {
    rules.BlockedRule.LIGHTEST_HAND: _("Lightest hand"),
    rules.BlockedRule.LIGHTER_PAIR: _("Lighter pair"),
}

LEAD_RULES = {
    rules.LeadRule.WINNER_LEADS: _("The winner leads"),
    rules.LeadRule.TURN_PASSES: _("The lead passes in turn"),
}

ROUNDINGS = {
    rules.Rounding.NEAREST_FIVE: _("Nearest five"),
    rules.Rounding.EACH_HAND: _("Each hand to the nearest five"),
    rules.Rounding.EXACT: _("Exact"),
}

ENDINGS = {
    rules.Ending.WENT_OUT: pgettext_lazy("hand ending", "Went out"),
    rules.Ending.BLOCKED: pgettext_lazy("hand ending", "Blocked"),
}

# One label per rules.PointKind: a new kind of points needs words here.
POINT_KINDS = {
    rules.PointKind.COUNT: _("Count"),
    rules.PointKind.CAPICU: _("Capicú"),
    rules.PointKind.CHUCHAZO: _("Chuchazo"),
    rules.PointKind.PASE_CORRIDO: _("Pase corrido"),
    rules.PointKind.PASE_DE_SALIDA: _("Pase de salida"),
    rules.PointKind.FIRST_HANDS: _("First hands"),
    rules.PointKind.PLAY: _("During play"),
    rules.PointKind.DOUBLE_BLANK: _("Double blank"),
}

# How a table gives the pips of a hand somebody went out of (models.EntryMode's values).
ENTRY_MODES = {
    "each": _("Per hand"),
    "total": _("Total"),
}

PRESET_LABELS = {
    # RULES.md's ways to play, in its order.
    "caribbean": _("Caribbean park"),
    "puerto_rico_500": _("Puerto Rico"),
    "dominican": _("Dominican"),
    "cuban": _("Cuban (double-nine)"),
    "spanish": _("Spanish / tournament"),
    "double_twelve": _("Double-twelve in pairs"),
    "pub_block": _("Pub block"),
    "all_fives": _("All Fives"),
    "bergen": _("Bergen"),
    "mexican_train": _("Mexican Train (double-twelve)"),
    "mexican_train_nine": _("Mexican Train (double-nine)"),
    "jamaican_partner": _("Jamaican partner"),
    "jamaican_cut_throat": _("Jamaican cut-throat"),
    "straight_six": _("Straight six (Jamaican)"),
    # Old keys that stored matches may carry (rules.LEGACY_PRESETS says what each now means).
    "double_nine": _("Partnership, double-nine"),
    "standard": _("Each for themselves, double-six"),
}

# What each house rule means, in one place for the setup page and the help page. Our own
# catalogue text, shown as {% translate %} would show it (unescaped).
RULE_EXPLANATIONS = {
    rules.CountRule.ALL_OTHER_HANDS: _(
        "The winners score every pip left in the other hands, partner's included."
    ),
    rules.CountRule.OPPONENTS_ONLY: _("The winners score only the pips in the opponents' hands."),
    rules.CountRule.EVERY_HAND: _(
        "The winners score every pip left on the table, their own included."
    ),
    rules.BlockedRule.LIGHTEST_HAND: _(
        "The single lightest hand wins; level hands on different sides void the hand."
    ),
    rules.BlockedRule.LIGHTER_PAIR: _(
        "The pair holding fewer pips together wins; level pairs score nothing."
    ),
    rules.LeadRule.WINNER_LEADS: _("Whoever wins a hand leads the next one."),
    rules.LeadRule.TURN_PASSES: _(
        "Each hand is led by the player after the one who led the last, whoever won."
    ),
    # Scoring games (All Fives, Bergen)
    rules.Rounding.NEAREST_FIVE: _(
        "The count is added up, then 1 or 2 over a five rounds down and 3 or 4 over rounds up."
    ),
    rules.Rounding.EACH_HAND: _("Each hand is rounded to the nearest five before adding."),
    rules.Rounding.EXACT: _("The count is paid as it is, not rounded."),
}


def offered_presets() -> list[tuple[str, str]]:
    """The presets the setup offers: every current one, no old key."""
    return [(key, PRESET_LABELS[key]) for key in [*rules.PRESETS, *rules.ROUND_PRESETS]]
