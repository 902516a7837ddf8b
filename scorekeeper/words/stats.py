"""The statistics' words: the label of each column of the statistics table, by its key."""

from django.utils.translation import gettext_lazy as _

COLUMN_LABELS = {
    "played": _("Played"),
    "won": _("Won"),
    "win_rate": _("Win %"),
    "hands_won": _("Hands won"),
    "points_per_hand": _("Points a hand"),
    "capicus": _("Capicús"),
    "bonuses": _("Other bonuses"),
    "blocked_won": _("Blocked hands won"),
    "shutouts_given": _("Shutouts given"),
    "shutouts_taken": _("Shutouts taken"),
    "keys": _("Keys"),
    "ties": _("Hands tied"),
    "rounds": _("Rounds played"),
    "count_per_round": _("Count a round"),
    "rounds_out": _("Rounds gone out"),
    "lowest_game": _("Lowest game"),
    "best_streak": _("Longest winning streak"),
    "series_won": _("Series won"),
}
