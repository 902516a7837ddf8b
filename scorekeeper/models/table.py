"""Tables and their players, and the house rules a table (or a match) plays by.

The match module imports this one: a match is named here by its base class, and reached
through the table's `matches` relation.
"""

import secrets
from collections.abc import Sequence
from datetime import timedelta

from django.core.exceptions import ObjectDoesNotExist
from django.db import connection, models, transaction
from django.urls import reverse
from django.utils import timezone

from scorekeeper import rules
from scorekeeper.models.choices import BlockedRule, CountRule, EntryMode, LeadRule, Preset, Rounding
from scorekeeper.models.rules_fields import (
    house_rules_fields,
    house_rules_of,
    regional_rules_fields,
)
from scorekeeper.words.labels import RULE_EXPLANATIONS
from scorekeeper.words.names import DEFAULT_TABLE_NAME, numbered_table_name

NAME_MAX = 30
# What a table or watch key looks like: URL-safe base64. new_key makes 22 characters; a
# shorter one would be guessable, a longer one does not fit the column.
KEY_LENGTH = 32
KEY_PATTERN = f"[A-Za-z0-9_-]{{22,{KEY_LENGTH}}}"
# How a table made today counts a hand, from the home page or a tournament's draw: as most
# tables do, the hands left pooled in one total. The field's default stays "each": a backup
# written before the field existed brings a table that counted each hand.
NEW_TABLE_ENTRY_MODE = EntryMode.TOTAL


def new_key() -> str:
    """An unguessable table key: 128 bits from secrets, URL-safe."""
    return secrets.token_urlsafe(16)


class HouseRulesFields(models.Model):
    """The house rules a table plays by; a match keeps its own copy."""

    preset = models.CharField(max_length=20, choices=Preset.choices, default=Preset.CARIBBEAN)
    target = models.PositiveIntegerField(default=200)
    capicu_bonus = models.PositiveIntegerField(default=25)
    count_rule = models.CharField(
        max_length=20, choices=CountRule.choices, default=CountRule.ALL_OTHER_HANDS
    )
    blocked_rule = models.CharField(
        max_length=20, choices=BlockedRule.choices, default=BlockedRule.LIGHTEST_HAND
    )
    # Regional rules (lead, blocked additions, bonuses)
    lead_rule = models.CharField(
        max_length=20, choices=LeadRule.choices, default=LeadRule.WINNER_LEADS
    )
    ties_to_leaders = models.BooleanField(default=False)
    blocker_against_next = models.BooleanField(default=False)
    chuchazo_bonus = models.PositiveIntegerField(default=0)
    pase_corrido_bonus = models.PositiveIntegerField(default=0)
    pase_de_salida_bonus = models.PositiveIntegerField(default=0)
    pase_de_salida_on_double_only = models.BooleanField(default=False)
    first_hands_bonus = models.JSONField(default=list, blank=True)
    # Scoring games (All Fives, Bergen)
    rounding = models.CharField(
        max_length=20, choices=Rounding.choices, default=Rounding.NEAREST_FIVE
    )
    blocked_pays_difference = models.BooleanField(default=False)
    won_hand_pays_two = models.BooleanField(default=False)
    doubles_lose_count = models.BooleanField(default=False)
    # Mexican Train: the round of the first engine (None: the set's highest double), what the
    # double blank costs the player left holding it, and who wins level lowest totals.
    first_engine = models.PositiveSmallIntegerField(null=True, blank=True)
    double_blank_counts = models.PositiveSmallIntegerField(default=0)
    ties_to_most_outs = models.BooleanField(default=False)
    # Jamaican (a set counted in games won): how the set counts, what a replay after a tie is
    # worth, one-all play two, level partners, a key worth two, the double six every hand.
    set_format = models.CharField(max_length=20, default=str(rules.SetFormat.SIX_LOVE))
    tie_replay = models.CharField(max_length=20, default=str(rules.TieReplay.RISES))
    one_all_play_two = models.BooleanField(default=True)
    partners_level = models.CharField(max_length=20, default=str(rules.PartnersLevel.PAIR_WINS))
    key_counts_two = models.BooleanField(default=False)
    double_six_every_hand = models.BooleanField(default=False)

    class Meta:
        abstract = True

    def count_rule_explanation(self) -> str:
        return RULE_EXPLANATIONS[self.count_rule]

    def blocked_rule_explanation(self) -> str:
        return RULE_EXPLANATIONS[self.blocked_rule]

    def lead_rule_explanation(self) -> str:
        return RULE_EXPLANATIONS[self.lead_rule]

    def rounding_explanation(self) -> str:
        return RULE_EXPLANATIONS[self.rounding]

    def take_rules(self, game: rules.Game, preset: str) -> None:
        """Copy a game's preset and house rules onto these fields (a table or a match)."""
        self.preset = preset
        self.partnership = game.partnership
        for name, value in house_rules_fields(game.rules).items():
            setattr(self, name, value)

    def house_rules(self) -> rules.HouseRules:
        return house_rules_of(self)

    def take_regional_rules(self, house: rules.HouseRules) -> None:
        """Copy the regional house rules onto these fields (a table or a match)."""
        for name, value in regional_rules_fields(house).items():
            setattr(self, name, value)


class RateLimited(Exception):
    """Too many of something in the last hour: nothing was created."""


def lock_name(name: str) -> None:
    """Hold a lock on this name until the transaction ends, on every app server.

    SQLite needs none: its transactions here are IMMEDIATE and queue for one write lock. On
    PostgreSQL two requests could both count and both insert; an advisory lock queues them.
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [name])


class TableQuerySet(models.QuerySet):
    def created_recently_by(self, creator: str, within: timedelta) -> "TableQuerySet":
        # By when this server made them: a restored table keeps the date its file gives.
        return self.filter(creator=creator, arrived_at__gte=timezone.now() - within)

    def check_rate(self, creator: str, per_hour: int) -> None:
        """Raise RateLimited if this creator made per_hour tables in the last hour.

        Call it inside the transaction that creates the table: the lock it takes holds a second
        request from the same creator until that transaction ends, so the count stays true.
        """
        lock_name(f"table-creator:{creator}")
        if self.created_recently_by(creator, timedelta(hours=1)).count() >= per_hour:
            raise RateLimited

    def create_limited(self, *, creator: str, per_hour: int, **fields) -> "Table":
        """A new table, unless this creator made per_hour of them in the last hour."""
        with transaction.atomic():
            self.check_rate(creator, per_hour)
            if not fields.get("name"):
                fields["default_number"] = self.free_number(creator)
            return self.create(creator=creator, **fields)

    def free_number(self, creator: str) -> int:
        """The first N of "Domino table N" none of this creator's tables has (from one more
        than it made): the tables one phone, or one park's Wi-Fi, sets up without a name each
        get their own. check_rate's lock holds a second request of the same creator meanwhile."""
        made = list(self.filter(creator=creator).values_list("name", "default_number"))
        names = {name for name, _ in made}
        numbers = {number for _, number in made}
        number = len(made) + 1
        while number in numbers or numbered_table_name(number) in names:
            number += 1
        return number


class Table(HouseRulesFields):
    """A group that plays together: its players, its house rules, its matches."""

    key = models.CharField(max_length=KEY_LENGTH, unique=True, default=new_key, editable=False)
    watch_key = models.CharField(
        max_length=KEY_LENGTH, unique=True, default=new_key, editable=False
    )
    name = models.CharField(max_length=60, blank=True)
    # A table set up without a name: its number, shown as "Domino table N" in the reader's
    # language (the name stays blank, so a phone in another language reads its own words).
    default_number = models.PositiveIntegerField(null=True, blank=True, editable=False)
    partnership = models.BooleanField(default=True)
    # How this table gives the pips of a hand somebody went out of: each hand, or all together.
    # Kept on the table, not the phone: it is the table's way of counting, and it follows the
    # scoring when another phone takes it over.
    entry_mode = models.CharField(max_length=10, choices=EntryMode.choices, default="each")
    # The series the table plays: first to this many match wins (None: an open series).
    series_first_to = models.PositiveSmallIntegerField(null=True, blank=True, default=2)
    shutout_counts_double = models.BooleanField(default=False)
    # A keyed hash of the creating client's address, only to rate-limit table creation.
    creator = models.CharField(max_length=32, blank=True, db_index=True, editable=False)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    updated_at = models.DateTimeField(default=timezone.now)
    # When this server made the table, new or restored from a backup (created_at is the
    # table's own date, which a backup brings with it): only to rate-limit table creation.
    arrived_at = models.DateTimeField(default=timezone.now, db_index=True, editable=False)

    objects = TableQuerySet.as_manager()

    def __str__(self) -> str:
        if self.name:
            return self.name
        if self.default_number:
            return numbered_table_name(self.default_number)
        return str(DEFAULT_TABLE_NAME)

    def get_absolute_url(self) -> str:
        return reverse("table", args=[self.key])

    @property
    def written_name(self) -> str:
        """The name as a file writes it: typed, or an unnamed table's number in the language in
        use ("" for a table with neither)."""
        return str(self) if self.name or self.default_number else ""

    def new_match_url(self) -> str:
        return reverse("new_match", args=[self.key])

    @property
    def drawn_board(self):
        """The tournament board that drew this table, a round's or a bracket's (None: an
        ordinary table). Both answer `refuses_change()` and `result_moved()`: what the score
        sheet asks when a finished match's result moves, without knowing which it is; and
        `begun_moved()` (its match's first hand entered or taken back), `result_kept()`
        (whether an undo would only be refused) and `plays_one_match` (no series to show)."""
        for name in ("board", "bracket_board"):
            try:
                return getattr(self, name)
            except ObjectDoesNotExist:
                continue
        return None

    @property
    def tournament_board(self):
        """The drawn board, while its table plays its drawn match only: no new match, no
        rematch (a bracket match played as a series: its next match until the series is won)."""
        board = self.drawn_board
        return None if getattr(board, "series_open", False) else board

    def rematch_url(self) -> str:
        return reverse("rematch", args=[self.key])

    def export_url(self) -> str:
        return reverse("export_json", args=[self.key])

    def watch_url(self) -> str:
        return reverse("watch", args=[self.watch_key])

    def help_url(self) -> str:
        return f"{reverse('help')}?t={self.key}"

    def keep_entry_mode(self, mode: str) -> None:
        """The way the last hand was entered becomes the table's (no write when it already is)."""
        if mode in EntryMode.values and mode != self.entry_mode:
            self.entry_mode = mode
            # The table's time moves too: kept pages show the next hand's form in this mode.
            self.updated_at = timezone.now()
            Table.objects.filter(pk=self.pk).update(entry_mode=mode, updated_at=self.updated_at)

    def stats_url(self) -> str:
        return reverse("stats", args=[self.key])

    def versus_url(self) -> str:
        return reverse("versus", args=[self.key])

    def current_match(self) -> models.Model | None:
        return self.matches.order_by("-number").first()

    def series_rules(self) -> rules.SeriesRules:
        return rules.SeriesRules(self.series_first_to, self.shutout_counts_double)

    def start_match(
        self, seat_names: Sequence[str], game: rules.Game, preset: str, *args, **options
    ) -> models.Model:
        """A new match at this table: Match.start with this table (its docstring says how a
        repeat, a rematch and a series are told)."""
        # The match model through the relation: the match module imports this one.
        return self.matches.model.start(self, seat_names, game, preset, *args, **options)


class Player(models.Model):
    """Somebody who sits at a table; remembered and offered again."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=NAME_MAX)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "name"], name="player_unique_name_per_table")
        ]
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name
