"""Tables, players, matches, sides, seats, hands and their counts: the score sheet on disk."""

import copy
import dataclasses
import functools
import secrets
import unicodedata
import uuid
from collections.abc import Sequence
from datetime import timedelta

from django.db import IntegrityError, connection, models, transaction
from django.db.models import F, OuterRef, Prefetch, Subquery, prefetch_related_objects
from django.urls import reverse
from django.utils import timezone
from django.utils.timesince import timesince
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scorekeeper import rules, scoring_games
from scorekeeper.inputs import FSI, PDI, needs_isolating

NAME_MAX = 30
# What a table or watch key looks like: URL-safe base64. new_key makes 22 characters; a
# shorter one would be guessable, a longer one does not fit the column.
KEY_LENGTH = 32
KEY_PATTERN = f"[A-Za-z0-9_-]{{22,{KEY_LENGTH}}}"


def new_key() -> str:
    """An unguessable table key: 128 bits from secrets, URL-safe."""
    return secrets.token_urlsafe(16)


class CountRule(models.TextChoices):
    ALL_OTHER_HANDS = rules.CountRule.ALL_OTHER_HANDS, _("All other hands")
    OPPONENTS_ONLY = rules.CountRule.OPPONENTS_ONLY, _("Opponents only")
    EVERY_HAND = rules.CountRule.EVERY_HAND, _("Every hand")


class BlockedRule(models.TextChoices):
    LIGHTEST_HAND = rules.BlockedRule.LIGHTEST_HAND, _("Lightest hand")
    LIGHTER_PAIR = rules.BlockedRule.LIGHTER_PAIR, _("Lighter pair")


class LeadRule(models.TextChoices):
    WINNER_LEADS = rules.LeadRule.WINNER_LEADS, _("The winner leads")
    TURN_PASSES = rules.LeadRule.TURN_PASSES, _("The lead passes in turn")


# What each house rule means, in one place for the setup page and the help page. Our own
# catalogue text, shown as {% translate %} would show it (unescaped).
RULE_EXPLANATIONS = {
    CountRule.ALL_OTHER_HANDS: _(
        "The winners score every pip left in the other hands, partner's included."
    ),
    CountRule.OPPONENTS_ONLY: _("The winners score only the pips in the opponents' hands."),
    CountRule.EVERY_HAND: _("The winners score every pip left on the table, their own included."),
    BlockedRule.LIGHTEST_HAND: _(
        "The single lightest hand wins; level hands on different sides void the hand."
    ),
    BlockedRule.LIGHTER_PAIR: _(
        "The pair holding fewer pips together wins; level pairs score nothing."
    ),
    LeadRule.WINNER_LEADS: _("Whoever wins a hand leads the next one."),
    LeadRule.TURN_PASSES: _(
        "Each hand is led by the player after the one who led the last, whoever won."
    ),
    # Scoring games (All Fives, Bergen)
    rules.Rounding.NEAREST_FIVE: _(
        "The count is added up, then 1 or 2 over a five rounds down and 3 or 4 over rounds up."
    ),
    rules.Rounding.EACH_HAND: _("Each hand is rounded to the nearest five before adding."),
    rules.Rounding.EXACT: _("The count is paid as it is, not rounded."),
}


PRESET_LABELS = {
    # RULES.md's ways to play, in its order.
    "caribbean": _("Caribbean park"),
    "puerto_rico_500": _("Puerto Rico 500"),
    "dominican": _("Dominican"),
    "cuban": _("Cuban (double-nine)"),
    "spanish": _("Spanish / tournament"),
    "double_twelve": _("Double-twelve in pairs"),
    "pub_block": _("Pub block"),
    "all_fives": _("All Fives"),
    "bergen": _("Bergen"),
    # Old keys that stored matches may carry (rules.LEGACY_PRESETS says what each now means).
    "double_nine": _("Partnership, double-nine"),
    "standard": _("Each for themselves, double-six"),
}
# One choice per preset of the rules module, in its order, then the old keys: a new preset
# needs a label above.
Preset = models.TextChoices(
    "Preset",
    [(key.upper(), (key, PRESET_LABELS[key])) for key in [*rules.PRESETS, *rules.LEGACY_PRESETS]],
)


def offered_presets() -> list[tuple[str, str]]:
    """The presets the setup offers: every current one, no old key."""
    return [(key, PRESET_LABELS[key]) for key in rules.PRESETS]


class Rounding(models.TextChoices):
    NEAREST_FIVE = rules.Rounding.NEAREST_FIVE, _("Nearest five")
    EACH_HAND = rules.Rounding.EACH_HAND, _("Each hand to the nearest five")
    EXACT = rules.Rounding.EXACT, _("Exact")


class Ending(models.TextChoices):
    WENT_OUT = rules.Ending.WENT_OUT, pgettext_lazy("hand ending", "Went out")
    BLOCKED = rules.Ending.BLOCKED, pgettext_lazy("hand ending", "Blocked")


class EntryMode(models.TextChoices):
    EACH = "each", _("Per hand")
    TOTAL = "total", _("Total")


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
        self.target = game.rules.target
        self.capicu_bonus = game.rules.capicu_bonus
        self.count_rule = str(game.rules.count_rule)
        self.blocked_rule = str(game.rules.blocked_rule)
        self.take_regional_rules(game.rules)
        self.rounding = str(game.rules.rounding)
        self.blocked_pays_difference = game.rules.blocked_pays_difference
        self.won_hand_pays_two = game.rules.won_hand_pays_two
        self.doubles_lose_count = game.rules.doubles_lose_count

    def house_rules(self) -> rules.HouseRules:
        return rules.HouseRules(
            target=self.target,
            capicu_bonus=self.capicu_bonus,
            count_rule=rules.CountRule(self.count_rule),
            blocked_rule=rules.BlockedRule(self.blocked_rule),
            **{name: getattr(self, name) for name in REGIONAL_RULES},
            rounding=rules.Rounding(self.rounding),
            blocked_pays_difference=self.blocked_pays_difference,
            won_hand_pays_two=self.won_hand_pays_two,
            doubles_lose_count=self.doubles_lose_count,
        )

    def take_regional_rules(self, house: rules.HouseRules) -> None:
        """Copy the regional house rules onto these fields (a table or a match)."""
        for name, value in regional_rules_fields(house).items():
            setattr(self, name, value)


# The regional switches: the same names on rules.HouseRules and on the models.
REGIONAL_RULES = (
    "lead_rule",
    "ties_to_leaders",
    "blocker_against_next",
    "chuchazo_bonus",
    "pase_corrido_bonus",
    "pase_de_salida_bonus",
    "pase_de_salida_on_double_only",
    "first_hands_bonus",
)


def regional_rules_fields(house: rules.HouseRules) -> dict:
    """The regional house rules as model field values."""
    fields = {name: getattr(house, name) for name in REGIONAL_RULES}
    fields["lead_rule"] = str(house.lead_rule)
    fields["first_hands_bonus"] = list(house.first_hands_bonus)
    return fields


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
            return self.create(creator=creator, **fields)


class Table(HouseRulesFields):
    """A group that plays together: its players, its house rules, its matches."""

    key = models.CharField(max_length=KEY_LENGTH, unique=True, default=new_key, editable=False)
    watch_key = models.CharField(
        max_length=KEY_LENGTH, unique=True, default=new_key, editable=False
    )
    name = models.CharField(max_length=60, blank=True)
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
        return self.name or str(_("Domino table"))

    def get_absolute_url(self) -> str:
        return reverse("table", args=[self.key])

    def new_match_url(self) -> str:
        return reverse("new_match", args=[self.key])

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

    @property
    def scores_during_play(self) -> bool:
        """Whether the table's game is All Fives or Bergen."""
        return rules.preset_named(self.preset).scoring is not rules.Scoring.BLOCK

    def current_match(self) -> "Match | None":
        return self.matches.order_by("-number").first()

    def series_rules(self) -> rules.SeriesRules:
        return rules.SeriesRules(self.series_first_to, self.shutout_counts_double)

    @transaction.atomic
    def start_match(
        self,
        seat_names: Sequence[str],
        game: rules.Game,
        preset: str,
        series: rules.SeriesRules | None = None,
        *,
        token: uuid.UUID | None = None,
        per_hour: int | None = None,
        after: int | None = None,
    ) -> "Match":
        """A new match at this table with these players in turn order, under these rules.

        A token already used at this table returns the match it started (a double tap or a
        retry starts one match); so does a match after match number `after` still being played
        (two phones tapped Rematch at once); more than per_hour matches in the last hour raise
        RateLimited.
        It continues the table's series while the sides and the series rules stay the same
        and the series is not yet won; otherwise it starts a new series.
        """
        # The table's row is the lock: two phones starting a match queue here, so the second
        # sees the first's number (a lock on the last match would not stop two inserts).
        list(Table.objects.select_for_update().filter(pk=self.pk).values_list("pk"))
        if token is not None:
            repeat = self.matches.filter(token=token).first()
            if repeat is not None:
                return repeat
        if after is not None:
            newest = self.matches.order_by("-number").first()
            if newest is not None and newest.number > after and not newest.finished:
                return newest
        if per_hour is not None:
            since = timezone.now() - timedelta(hours=1)
            if self.matches.filter(created_at__gte=since).count() >= per_hour:
                raise RateLimited
        last = self.matches.select_related("series").order_by("-number").first()
        series = self.series_rules() if series is None else series
        in_series, series_sides = Series.for_match(self, last, seat_names, game, series)
        match = Match.for_game(
            game,
            preset,
            table=self,
            number=(last.number if last else 0) + 1,
            token=token,
            series=in_series,
            series_sides=series_sides,
        )
        match.save(force_insert=True)
        # A name typed in another case is the player who sat under it before.
        players = {name_key(player.name): player for player in self.players.all()}
        for name in seat_names:
            if name_key(name) not in players:
                players[name_key(name)] = Player.objects.create(table=self, name=name)
        Seat.objects.bulk_create(
            Seat(
                match=match,
                position=position,
                side=game.side_of(position),
                player=players[name_key(name)],
            )
            for position, name in enumerate(seat_names)
        )
        LogEntry.objects.create(match=match, action=LogAction.STARTED, totals=match.totals)
        # The table remembers the last game played as its default for the next one.
        self.take_rules(game, preset)
        self.series_first_to = series.first_to
        self.shutout_counts_double = series.shutout_counts_double
        self.updated_at = timezone.now()
        self.save()
        return match


def name_key(name: str) -> str:
    """What tells two players' names apart at a table: their letters, not their case ("Ana" and
    "ana" are one player), as the setup refuses them together and the table seats them."""
    return unicodedata.normalize("NFC", name).casefold()


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


def saved_once(name: str, *, within: str, place: str = "number") -> list[models.UniqueConstraint]:
    """One row per place in its parent, and one per form token: a double tap or a retry of the
    form that sent it saves it once."""
    return [
        models.UniqueConstraint(fields=[within, place], name=f"{name}_unique_{place}"),
        models.UniqueConstraint(fields=[within, "token"], name=f"{name}_unique_token"),
    ]


def seats_prefetch() -> Prefetch:
    return Prefetch("seats", queryset=Seat.objects.select_related("player"))


def hands_prefetch(after: int = 0) -> Prefetch:
    """The hands (numbered above `after`) with their entries."""
    hands = Hand.objects.filter(number__gt=after) if after > 0 else Hand.objects.all()
    return Prefetch("hands", queryset=hands.prefetch_related("entries").order_by("number"))


def _version_sql(where: str) -> str:
    return (
        f"SELECT m.id, m.version, t.updated_at FROM {Match._meta.db_table} m"
        f" JOIN {Table._meta.db_table} t ON m.table_id = t.id WHERE {where}"
        " ORDER BY m.number DESC LIMIT 1"
    )


def page_version(*, key: str = "", number: int = 0, watch_key: str = "") -> tuple | None:
    """(id, version, the table's last change) of the match this key and number open, or of the
    newest match of the table this watch key opens: what a kept page is keyed on. One indexed
    read in plain SQL, because building it with the ORM costs more than serving the kept page."""
    if watch_key:
        sql, params = _version_sql("t.watch_key = %s"), [watch_key]
    else:
        sql, params = _version_sql("t.key = %s AND m.number = %s"), [key, number]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()


class MatchQuerySet(models.QuerySet):
    def with_sheet(self) -> "MatchQuerySet":
        """Everything the score sheet shows, in a fixed number of queries."""
        return self.with_seats().prefetch_related(hands_prefetch())

    def with_seats(self) -> "MatchQuerySet":
        """The match, its table and who sits where: enough to check and score a new hand."""
        return self.select_related("table", "series").prefetch_related(seats_prefetch())

    def for_listing(self) -> "MatchQuerySet":
        return self.select_related("series").prefetch_related(seats_prefetch())

    def latest_per_table(self) -> "MatchQuerySet":
        """Only each table's newest match."""
        newest = Match.objects.filter(table=OuterRef("table")).order_by("-number")
        return self.filter(number=Subquery(newest.values("number")[:1]))


class Match(HouseRulesFields):
    """One game to the line, with a copy of the rules it was started with."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="matches")
    number = models.PositiveIntegerField()
    seat_count = models.PositiveSmallIntegerField()
    partnership = models.BooleanField()
    tile_set = models.PositiveSmallIntegerField()
    tiles_each = models.PositiveSmallIntegerField()
    draws = models.BooleanField(default=False)
    scoring = models.CharField(max_length=20, default=rules.Scoring.BLOCK)
    series = models.ForeignKey(
        "Series", on_delete=models.SET_NULL, null=True, blank=True, related_name="matches"
    )
    # Which side of the series each side of this match is (the seats may change chairs).
    series_sides = models.JSONField(default=list, blank=True)
    # Kept up to date from the hands in the same transaction, so lists need no recount.
    totals = models.JSONField(default=list)
    winner_side = models.PositiveSmallIntegerField(null=True, blank=True)
    next_leader = models.PositiveSmallIntegerField(null=True, blank=True)
    hand_count = models.PositiveIntegerField(default=0)
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    # A token from the form that started this match: a double tap or a retry starts it once.
    token = models.UUIDField(null=True, blank=True, editable=False)
    # The tokens of the latest hands and plays taken back: a phone's late retry of one of them
    # (its answer lost before the undo) is refused, not stored again.
    undone_tokens = models.JSONField(default=list, blank=True)
    UNDONE_KEPT = 50

    objects = MatchQuerySet.as_manager()

    class Meta:
        constraints = saved_once("match", within="table")
        ordering = ["-number"]

    def __str__(self) -> str:
        return f"{self.table} #{self.number}"

    def get_absolute_url(self) -> str:
        return self._url("match")

    def _url(self, name: str) -> str:
        return reverse(name, args=[self.table.key, self.number])

    def save_hand_url(self) -> str:
        return self._url("save_hand")

    def save_play_url(self) -> str:
        return self._url("save_play")

    def preview_url(self) -> str:
        return self._url("preview_hand")

    def undo_url(self) -> str:
        return self._url("undo_hand")

    def csv_url(self) -> str:
        return self._url("export_csv")

    @property
    def finished(self) -> bool:
        return self.winner_side is not None

    def pays_regional_bonuses(self) -> bool:
        """Whether the match pays any bonus beyond capicú."""
        return bool(
            self.chuchazo_bonus
            or self.pase_corrido_bonus
            or self.pase_de_salida_bonus
            or any(self.first_hands_bonus)
        )

    @property
    def shutout(self) -> bool:
        """Won while every other side still has 0 (zapatero)."""
        return rules.is_shutout(self.totals, self.winner_side)

    @property
    def scores_during_play(self) -> bool:
        """All Fives and Bergen: points are recorded during the hand too."""
        return self.scoring != rules.Scoring.BLOCK

    @classmethod
    def for_game(cls, game: rules.Game, preset: str, **fields) -> "Match":
        """An unsaved match with its own copy of the game and house rules."""
        match = cls(
            seat_count=game.seats,
            tile_set=int(game.tile_set),
            tiles_each=game.tiles_each,
            draws=game.draws,
            scoring=str(game.scoring),
            **{"totals": [0] * game.side_count, **fields},
        )
        match.take_rules(game, preset)
        return match

    def game(self) -> rules.Game:
        """The rules module's view of this match."""
        return self._game

    # A match's rules and seats are fixed when it starts: each object builds these once (a
    # save and its page ask for them a dozen times).
    @functools.cached_property
    def _game(self) -> rules.Game:
        return rules.Game(
            seats=self.seat_count,
            partnership=self.partnership,
            tile_set=rules.TileSet(self.tile_set),
            tiles_each=self.tiles_each,
            draws=self.draws,
            rules=self.house_rules(),
            scoring=rules.Scoring(self.scoring),
        )

    @functools.cached_property
    def _seat_names(self) -> tuple[str, ...]:
        return tuple(seat.player.name for seat in self.ordered_seats())

    def load_sheet(self, latest: int | None = None) -> "Match":
        """Fetch the hands and entries the sheet shows, unless they are already here; with
        `latest`, only that many of the last hands (running_totals starts before them)."""
        fetched = getattr(self, "_prefetched_objects_cache", {})
        if "seats" in fetched and "hands" in fetched:
            return self  # without building the lookups' querysets again
        after = 0 if latest is None else self.hand_count - latest
        prefetch_related_objects([self], seats_prefetch(), hands_prefetch(after))
        return self

    def ordered_seats(self) -> list["Seat"]:
        return sorted(self.seats.all(), key=lambda seat: seat.position)

    def seat_names(self) -> list[str]:
        return list(self._seat_names)

    def side_names(self) -> list[str]:
        names = self.seat_names()
        return [side_name([names[seat] for seat in side]) for side in self.game().sides]

    def winner_name(self) -> str | None:
        return self.side_names()[self.winner_side] if self.finished else None

    def ordered_hands(self) -> list["Hand"]:
        return sorted(self.hands.all(), key=lambda hand: hand.number)

    def recompute(self) -> rules.MatchState:
        """Score every hand again from what was entered, and store the results."""
        game = self.game()
        if game.scores_during_play:
            return self._recompute_scoring_game(game)
        hands = list(self.hands.prefetch_related("counts").order_by("number"))
        results, state = rules.play_match(game, [hand.as_rules_hand() for hand in hands])
        led_by: int | None = None
        for hand, result in zip(hands, results, strict=True):
            hand.store_result(result, led_by)
            led_by = result.next_leader
        self.store_state(state)
        return state

    def _recompute_scoring_game(self, game: rules.Game) -> rules.MatchState:
        hands = list(self.hands.prefetch_related("counts", "plays").order_by("number"))
        scored, state = scoring_games.play_scoring_match(
            game, [hand.as_scoring_hand() for hand in hands]
        )
        led_by: int | None = None
        for hand, result in zip(hands, scored, strict=True):
            hand.store_scored(result, led_by)
            if result.end is not None:
                led_by = result.end.next_leader
        self.store_state(state)
        return state

    def open_hand(self) -> "Hand | None":
        """A scoring game's hand in play (plays recorded, no end yet), from the prefetched sheet."""
        hands = self.ordered_hands()
        return hands[-1] if hands and hands[-1].in_play else None

    def add_play(self, play: scoring_games.Play, *, token: uuid.UUID, number: int) -> "PlayEntry":
        """Record a score made during play, once (a repeat token returns the first record)."""
        with transaction.atomic():
            match = Match.objects.select_for_update().get(pk=self.pk)
            repeat = PlayEntry.objects.filter(hand__match=match, token=token).first()
            if repeat is not None:
                return repeat
            if str(token) in match.undone_tokens:
                raise HandConflict(HandConflict.UNDONE, number)
            if match.finished:
                raise rules.InvalidHand((rules.HandError(rules.ErrorCode.MATCH_OVER),))
            if number != match.hand_count + 1:  # the hand was ended or undone meanwhile
                raise HandConflict(HandConflict.STALE, number)
            game = match.game()
            state = scoring_games.add_play(game, match.state(), play)
            # The match's row is locked: no other request adds this hand meanwhile.
            hand = Hand.objects.filter(match=match, number=number).first()
            if hand is None:
                hand = Hand.objects.create(
                    match=match, number=number, ending="", led_by=match.next_leader
                )
            entry = PlayEntry.objects.create(
                hand=hand,
                position=hand.plays.count() + 1,
                seat=play.seat,
                points=play.points,
                token=token,
            )
            side = game.side_of(play.seat)
            credited = ScoreEntry.objects.filter(hand=hand, side=side, kind=EntryKind.PLAY)
            if not credited.update(points=F("points") + play.points):
                ScoreEntry.objects.create(
                    hand=hand, side=side, kind=EntryKind.PLAY, points=play.points
                )
            match.store_state(state)
            LogEntry.objects.create(
                match=match,
                action=LogAction.PLAYED,
                hand_number=number,
                after=entry.summary(),
                totals=match.totals,
            )
        self.take_state_of(match)
        return entry

    def undo_last_entry(self, *, version: int) -> tuple[int, "PlayEntry | None"]:
        """A scoring game's undo: the last play of a hand in play, else the end of the last hand.

        Returns the hand's number and the play taken back (None when it was the hand's end).
        """
        with transaction.atomic():
            match, last = self._locked_for_undo(version)
            before = last.summary()
            play = last.plays.order_by("-position").first() if last.in_play else None
            if play is not None:
                play.delete()
                before = play.summary()
                match.remember_undone(play.token)
            else:
                last.reopen()
                match.remember_undone(last.token)
            if not last.plays.exists() and last.in_play:
                last.delete()
            match.recompute()
            LogEntry.objects.create(
                match=match,
                action=LogAction.UNPLAYED if play is not None else LogAction.UNDONE,
                hand_number=last.number,
                before=before,
                totals=match.totals,
            )
        self.refresh_from_db()
        return last.number, play

    def _locked_for_undo(self, version: int) -> tuple["Match", "Hand"]:
        """This match, locked (inside the caller's transaction), and the last hand to take back.

        Raises HandConflict when the page was stale, there is nothing to undo, or the match is
        over and the table has started another (that one is being played now: a hand of this
        one is corrected on its page instead).
        """
        match = Match.objects.select_for_update().get(pk=self.pk)
        if match.version != version:
            # The only change since the page was drawn is an undo: this one, sent again after a
            # lost answer (or tapped on two phones at once). It counts once.
            newest = match.log.first()
            undone = (LogAction.UNDONE, LogAction.UNPLAYED)
            if match.version == version + 1 and newest is not None and newest.action in undone:
                raise HandConflict(HandConflict.REPEAT, newest.hand_number)
            raise HandConflict(HandConflict.STALE, match.hand_count)
        if match.finished and match.superseded():
            raise HandConflict(HandConflict.SUPERSEDED, match.hand_count)
        last = match.hands.order_by("-number").first()
        if last is None:
            raise HandConflict(HandConflict.NOTHING_TO_UNDO, 0)
        return match, last

    def remember_undone(self, token: uuid.UUID) -> None:
        """Keep the token of a hand or play just taken back (inside the caller's transaction,
        the row locked), so that a retry of it is told so instead of stored again."""
        self.undone_tokens = [*self.undone_tokens, str(token)][-self.UNDONE_KEPT :]
        Match.objects.filter(pk=self.pk).update(undone_tokens=self.undone_tokens)

    def superseded(self) -> bool:
        """Whether the table has started a match after this one."""
        return Match.objects.filter(table_id=self.table_id, number__gt=self.number).exists()

    def state(self) -> rules.MatchState:
        """The match as the rules module sees it, from the stored totals (no hand is read)."""
        return rules.MatchState(
            totals=tuple(self.totals),
            winner_side=self.winner_side,
            ended_after=(self.hand_count - 1) if self.finished else None,
            next_leader=self.next_leader,
            hands_played=self.hand_count,
            target=self.target,
        )

    def add_hand(self, hand: rules.Hand, *, token: uuid.UUID, number: int) -> "Hand":
        """Record the next hand once (raises HandConflict for a repeat or a stale form).

        Usually without reading the match again: the hand is scored against the match as this
        object holds it, and the transaction writes the match's row only if its version is
        still the one read (every write moves it). If it moved, or the token was seen before
        (the hand's insert breaks its unique constraint), nothing is kept and the match is read
        again under a lock and the hand checked against it.
        """
        undone = str(token) in self.undone_tokens  # checked again below if the match moved
        if number == self.hand_count + 1 and not self.finished and not undone:
            match = copy.copy(self)  # this object stays as read if the write does not hold
            try:
                with transaction.atomic():
                    saved = match._write_hand(hand, token, number)
            except (StaleMatch, IntegrityError):
                pass
            else:
                self.take_state_of(match)
                return saved
        with transaction.atomic():
            match = Match.objects.select_for_update().get(pk=self.pk)
            if str(token) in match.undone_tokens:  # taken back since it was saved
                raise HandConflict(HandConflict.UNDONE, number)
            repeat = match.hands.filter(token=token).first()
            if repeat is not None:
                raise HandConflict(HandConflict.REPEAT, repeat.number)
            if match.finished:
                raise rules.InvalidHand((rules.HandError(rules.ErrorCode.MATCH_OVER),))
            if number <= match.hand_count:
                raise HandConflict(HandConflict.ALREADY_SAVED, number)
            if number != match.hand_count + 1:  # a hand was undone since the form was shown
                raise HandConflict(HandConflict.STALE, number)
            saved = match._write_hand(hand, token, number)
        self.take_state_of(match)
        return saved

    def _write_hand(self, hand: rules.Hand, token: uuid.UUID, number: int) -> "Hand":
        """Score the next hand against this match and write it, inside the caller's transaction
        (raises StaleMatch if the match's row is no longer as this object read it)."""
        game = self.game()
        result = rules.score_hand(game, hand, led_by=self.next_leader, number=number)
        state = rules.advance(game, self.state(), result)
        # A scoring game's hand already has a row once a play was recorded in it.
        saved = self.hands.filter(number=number).first() if game.scores_during_play else None
        if saved is not None and saved.token == token:
            raise StaleMatch  # ended before and reopened since: the locked path says so
        saved = saved or Hand(match=self, number=number)
        saved.token = token
        saved.store(hand, result, self.next_leader)
        self.store_state(state)
        LogEntry.objects.create(
            match=self,
            action=LogAction.SAVED,
            hand_number=number,
            after=saved.summary(pips=hand.pips),
            totals=self.totals,
        )
        return saved

    def edit_hand(self, number: int, hand: rules.Hand, *, version: int) -> None:
        """Change what was entered for a hand and score the match again."""
        with transaction.atomic():
            match = Match.objects.select_for_update().get(pk=self.pk)
            saved = match.hands.filter(number=number).first()
            if match.version != version or saved is None:
                # Sent again after a lost answer (or the same from another phone): the hand
                # already reads as this form has it, so it is corrected, once.
                if (
                    saved is not None
                    and not saved.in_play
                    and same_report(saved.as_rules_hand(), hand)
                ):
                    raise HandConflict(HandConflict.REPEAT, number)
                raise HandConflict(HandConflict.STALE, number)
            if saved.in_play:  # a hand in play is ended from the match page, with its token
                raise HandConflict(HandConflict.STALE, number)
            before = saved.summary()
            saved.updated_at = timezone.now()
            saved.store_reported(hand)
            match.recompute()
            LogEntry.objects.create(
                match=match,
                action=LogAction.EDITED,
                hand_number=number,
                before=before,
                after=saved.summary(pips=hand.pips),
                totals=match.totals,
            )
        self.refresh_from_db()

    def undo_last(self, *, version: int) -> int:
        """Take back the last hand (kept in the log); returns its number."""
        with transaction.atomic():
            match, last = self._locked_for_undo(version)
            before = last.summary()
            last.delete()
            match.remember_undone(last.token)
            match.recompute()
            LogEntry.objects.create(
                match=match,
                action=LogAction.UNDONE,
                hand_number=last.number,
                before=before,
                totals=match.totals,
            )
        self.refresh_from_db()
        return last.number

    def take_state_of(self, saved: "Match") -> None:
        """This object as the row `saved` was just written: refresh_from_db without a query."""
        for column in Match._meta.concrete_fields:
            setattr(self, column.attname, getattr(saved, column.attname))
        # A sheet read before the save is out of date (the seats and table are not).
        getattr(self, "_prefetched_objects_cache", {}).pop("hands", None)

    def store_state(self, state: rules.MatchState) -> None:
        """Write the match's new state, its table's time and its records; raises StaleMatch
        (writing nothing) when the row's version is no longer the one this object read."""
        was_finished = self.finished
        now = timezone.now()
        changes = {
            "totals": list(state.totals),
            "winner_side": state.winner_side,
            "next_leader": state.next_leader,
            "hand_count": state.hands_played,
            "finished_at": (self.finished_at or now) if state.finished else None,
            "version": self.version + 1,
            "updated_at": now,
        }
        # Only the columns that change: the rules and the seats stay as the match began.
        if not Match.objects.filter(pk=self.pk, version=self.version).update(**changes):
            raise StaleMatch
        for name, value in changes.items():
            setattr(self, name, value)
        Table.objects.filter(pk=self.table_id).update(updated_at=now)
        stats.record_match(self, was_finished=was_finished)

    def log_lines(self, limit: int = 50) -> list[tuple["LogEntry", str]]:
        """The newest entries of the change log, each with its one line."""
        entries = list(self.log.all()[: limit + 1])
        names, side_names = self.seat_names(), self.side_names()
        zero = [0] * len(side_names)
        lines = []
        for index, entry in enumerate(entries[:limit]):
            before = entries[index + 1].totals if index + 1 < len(entries) else zero
            lines.append((entry, entry.line(names, side_names, before)))
        return lines

    def running_totals(self) -> list[tuple["Hand", Sequence[int]]]:
        """Each hand with the side totals after it, for the sheet."""
        hands = self.ordered_hands()
        totals = [0] * len(self.game().sides)
        if hands and hands[0].number > 1:
            # Only the latest hands are loaded: before them stood the totals less their points.
            totals = list(self.totals)
            for hand in hands:
                for entry in hand.entries.all():
                    totals[entry.side] -= entry.points
        rows = []
        for hand in hands:
            for entry in hand.entries.all():
                totals[entry.side] += entry.points
            rows.append((hand, tuple(totals)))
        return rows


def same_report(stored: rules.Hand, posted: rules.Hand) -> bool:
    """Whether a posted hand is the one stored (a form sends a zero for a pase it did not see)."""
    kept = {side: times for side, times in posted.pases_corridos.items() if times}
    return stored == dataclasses.replace(posted, pases_corridos=kept)


class StaleMatch(Exception):
    """The match's row changed since this object read it: the transaction keeps nothing."""


class HandConflict(Exception):
    """A hand that cannot be written because the match moved on under the form."""

    ALREADY_SAVED = "already_saved"
    REPEAT = "repeat"  # this very hand (the same token) arrived before: it counts once
    STALE = "stale"
    NOTHING_TO_UNDO = "nothing_to_undo"
    SUPERSEDED = "superseded"  # an undo of a match the table has already played on from
    UNDONE = "undone"  # this very hand or play was saved, then taken back on another phone

    def __init__(self, kind: str, number: int) -> None:
        super().__init__(kind)
        self.kind = kind
        self.number = number


class Seat(models.Model):
    """A player's place in a match, in turn order; seats 0 and 2 are partners."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    side = models.PositiveSmallIntegerField()
    # RESTRICT: a player cannot be removed while seated, but a whole table can be deleted.
    player = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="seats")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "position"], name="seat_unique_position")
        ]
        ordering = ["position"]

    def __str__(self) -> str:
        return self.player.name


class Hand(models.Model):
    """One deal as the table reported it, and what the rules made of it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    # What was entered.
    # Blank while a scoring game's hand is in play (and for good if the match ended in it).
    ending = models.CharField(max_length=10, choices=Ending.choices, blank=True)
    went_out = models.PositiveSmallIntegerField(null=True, blank=True)
    capicu = models.BooleanField(default=False)
    # The pips of the hands that count, given as one number (then no SeatCount rows).
    pooled = models.PositiveIntegerField(null=True, blank=True)
    # A blocked hand given per pair, where that is enough: {"side": pips} (then no SeatCount).
    pair_pips = models.JSONField(default=dict, blank=True)
    # Regional inputs, asked only when the match's rules need them.
    leader_told = models.PositiveSmallIntegerField(null=True, blank=True)  # who led, if asked
    blocked_by = models.PositiveSmallIntegerField(null=True, blank=True)
    chuchazo = models.BooleanField(default=False)
    pases_corridos = models.JSONField(default=dict, blank=True)  # {"side": times}
    pase_de_salida = models.BooleanField(default=False)
    led_a_double = models.BooleanField(default=False)
    # Bergen under `doubles lose the count`: the seats whose hand held a double.
    holding_doubles = models.JSONField(default=list, blank=True)
    # A token from the form that rendered this hand: a double tap or a retry saves it once.
    token = models.UUIDField(default=uuid.uuid4)
    # What the rules made of it (recomputed whenever an earlier hand changes).
    # The points themselves are its ScoreEntry rows, one per side and kind.
    led_by = models.PositiveSmallIntegerField(null=True, blank=True)
    winning_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    reason = models.JSONField(default=dict, blank=True)  # empty while a hand is in play
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = saved_once("hand", within="match")
        ordering = ["number"]

    def __str__(self) -> str:
        return f"{self.match} hand {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("hand", args=[self.match.table.key, self.match.number, self.number])

    @property
    def blocked(self) -> bool:
        return self.ending == Ending.BLOCKED

    def side_points(self) -> dict[int, int]:
        """What each credited side scored in this hand (from its prefetched entries)."""
        points: dict[int, int] = {}
        for entry in self.entries.all():
            points[entry.side] = points.get(entry.side, 0) + entry.points
        return points

    @property
    def void(self) -> bool:
        """Whether nobody won the hand: a void or drawn blocked hand (a pase corrido or a pase
        de salida may still have scored during its play)."""
        return not self.in_play and self.winning_seat is None

    def pair_pips_by_side(self) -> dict[int, int]:
        return {int(side): pips for side, pips in sorted(self.pair_pips.items())}

    def pair_totals(self) -> list[tuple[str, int]]:
        """A blocked hand given per pair: (pair's name, pips together), for its page."""
        if not self.pair_pips:
            return []
        names = self.match.side_names()
        return [(names[side], pips) for side, pips in self.pair_pips_by_side().items()]

    def pases_corridos_by_side(self) -> dict[int, int]:
        return {int(side): times for side, times in self.pases_corridos.items()}

    def end_credit(self) -> tuple[int | None, int]:
        """A scoring game's end of hand: the side it credited and its points (None, 0: none)."""
        for entry in self.entries.all():
            if entry.kind != EntryKind.PLAY:
                return entry.side, entry.points
        return None, 0

    @property
    def in_play(self) -> bool:
        """A scoring game's hand with plays recorded and no end (yet)."""
        return not self.ending

    def ordered_plays(self) -> list["PlayEntry"]:
        return sorted(self.plays.all(), key=lambda play: play.position)

    def as_scoring_hand(self) -> scoring_games.ScoringHand:
        plays = tuple(scoring_games.Play(play.seat, play.points) for play in self.ordered_plays())
        return scoring_games.ScoringHand(plays, None if self.in_play else self.as_rules_hand())

    def store_scored(self, scored: scoring_games.ScoredHand, led_by: int | None) -> None:
        """Save a scoring game's hand as scored again: its plays by side and its end count."""
        if scored.end is not None:
            self.take_result(scored.end, led_by)
        else:
            self.led_by, self.winning_seat, self.reason = led_by, None, {}
        self.save(update_fields=["led_by", "winning_seat", "reason"])
        self.entries.all().delete()
        ScoreEntry.objects.bulk_create(
            ScoreEntry(hand=self, side=credit.side, kind=str(credit.kind), points=credit.points)
            for credit in scored.credits
        )

    def reopen(self) -> None:
        """Take back a scoring game's end of hand: it is in play again, its plays kept."""
        self.ending, self.went_out, self.capicu, self.holding_doubles = "", None, False, []
        self.save(update_fields=["ending", "went_out", "capicu", "holding_doubles"])
        self.counts.all().delete()

    def pips(self) -> dict[int, int]:
        return {count.position: count.pips for count in self.counts.all()}

    def as_rules_hand(self) -> rules.Hand:
        return rules.Hand(
            ending=rules.Ending(self.ending),
            went_out=self.went_out,
            pips=self.pips(),
            capicu=self.capicu,
            pooled=self.pooled,
            pair_pips=self.pair_pips_by_side(),
            led_by=self.leader_told,
            blocked_by=self.blocked_by,
            chuchazo=self.chuchazo,
            pases_corridos=self.pases_corridos_by_side(),
            pase_de_salida=self.pase_de_salida,
            led_a_double=self.led_a_double,
            holding_doubles=frozenset(self.holding_doubles),
        )

    def take_reported(self, hand: rules.Hand) -> list["SeatCount"]:
        """Set what the table reported; returns its pip counts, unsaved."""
        self.ending = str(hand.ending)
        self.went_out = hand.went_out
        self.capicu = hand.capicu
        self.pooled = hand.pooled
        self.pair_pips = {str(side): pips for side, pips in sorted(hand.pair_pips.items())}
        self.leader_told = hand.led_by
        self.blocked_by = hand.blocked_by
        self.chuchazo = hand.chuchazo
        self.pases_corridos = {
            str(side): times for side, times in sorted(hand.pases_corridos.items()) if times
        }
        self.pase_de_salida = hand.pase_de_salida
        self.led_a_double = hand.led_a_double
        self.holding_doubles = sorted(hand.holding_doubles)
        return [
            SeatCount(hand=self, position=seat, pips=pips)
            for seat, pips in sorted(hand.pips.items())
        ]

    def store(self, hand: rules.Hand, result: rules.HandResult, led_by: int | None) -> None:
        """Save what the table reported and the rules' verdict: a new hand in one insert with
        its counts and entries in bulk; a stored one (a scoring game's hand in play) replaces
        its counts and its end's entries."""
        if self.pk is not None:
            self.store_reported(hand)
            self.store_result(result, led_by)
            return
        counts = self.take_reported(hand)
        entries = self.take_result(result, led_by)
        self.save(force_insert=True)
        SeatCount.objects.bulk_create(counts)
        ScoreEntry.objects.bulk_create(entries)

    def store_reported(self, hand: rules.Hand) -> None:
        """Save what the table reported for this hand, replacing any earlier counts."""
        counts = self.take_reported(hand)
        self.save()
        self.counts.all().delete()
        SeatCount.objects.bulk_create(counts)

    def take_result(self, result: rules.HandResult, led_by: int | None) -> list["ScoreEntry"]:
        """Set the rules' verdict on this hand; returns its score entries, unsaved."""
        self.led_by = led_by if result.led_by is None else result.led_by
        self.winning_seat = result.winning_seat
        self.reason = reason_to_json(result.reason)
        return [
            ScoreEntry(hand=self, side=credit.side, kind=str(credit.kind), points=credit.points)
            for credit in result.credits
        ]

    def store_result(self, result: rules.HandResult, led_by: int | None) -> None:
        """Save the rules' verdict on this hand, replacing its score entries."""
        entries = self.take_result(result, led_by)
        self.save(update_fields=["led_by", "winning_seat", "reason"])
        # A scoring game's play entries are written as the plays happen, not from this result.
        self.entries.exclude(kind=EntryKind.PLAY).delete()
        ScoreEntry.objects.bulk_create(entries)

    def summary(self, pips: dict[int, int] | None = None) -> dict:
        """What was entered, for the change log."""
        pips = self.pips() if pips is None else pips
        return {
            "ending": self.ending,
            "went_out": self.went_out,
            "capicu": self.capicu,
            "pips": {str(seat): count for seat, count in sorted(pips.items())},
            **({"pooled": self.pooled} if self.pooled is not None else {}),
            **({"pair_pips": self.pair_pips} if self.pair_pips else {}),
            **{
                name: getattr(self, name)
                for name in REGIONAL_INPUTS
                if getattr(self, name) not in (None, False, {})
            },
            **({"holding_doubles": self.holding_doubles} if self.holding_doubles else {}),
        }


# What a hand's form may report beyond the ending, the pips and capicú.
REGIONAL_INPUTS = (
    "leader_told",
    "blocked_by",
    "chuchazo",
    "pases_corridos",
    "pase_de_salida",
    "led_a_double",
)


class PlayEntry(models.Model):
    """A score made during a scoring game's hand, recorded the moment the table tapped it."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="plays")
    position = models.PositiveSmallIntegerField()
    seat = models.PositiveSmallIntegerField()
    points = models.PositiveSmallIntegerField()
    # From the play strip that sent it: a double tap or a retry records it once.
    token = models.UUIDField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = saved_once("play", within="hand", place="position")
        ordering = ["position"]

    def __str__(self) -> str:
        return f"{self.hand} play {self.position}: seat {self.seat} {self.points}"

    def summary(self) -> dict:
        """What was tapped, for the change log."""
        return {"play": {"seat": self.seat, "points": self.points}}


class SeatCount(models.Model):
    """The pips one seat still held when the hand ended."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="counts")
    position = models.PositiveSmallIntegerField()
    pips = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["hand", "position"], name="count_unique_position")
        ]
        ordering = ["position"]

    def __str__(self) -> str:
        return f"seat {self.position}: {self.pips}"


class EntryKind(models.TextChoices):
    # One choice per rules.PointKind: a new kind of points needs a label here too.
    COUNT = rules.PointKind.COUNT, _("Count")
    CAPICU = rules.PointKind.CAPICU, _("Capicú")
    CHUCHAZO = rules.PointKind.CHUCHAZO, _("Chuchazo")
    PASE_CORRIDO = rules.PointKind.PASE_CORRIDO, _("Pase corrido")
    PASE_DE_SALIDA = rules.PointKind.PASE_DE_SALIDA, _("Pase de salida")
    FIRST_HANDS = rules.PointKind.FIRST_HANDS, _("First hands")
    PLAY = rules.PointKind.PLAY, _("During play")


class ScoreEntry(models.Model):
    """Points credited to a side in a hand; a side's total is the sum of its entries."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="entries")
    side = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=20, choices=EntryKind.choices)
    points = models.IntegerField()

    class Meta:
        ordering = ["side", "kind"]

    def __str__(self) -> str:
        return f"side {self.side} {self.kind} {self.points}"


class Series(models.Model):
    """Matches that count toward a longer game: first side to N match wins, or open."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="series")
    number = models.PositiveIntegerField()
    first_to = models.PositiveSmallIntegerField(null=True, blank=True)  # None: an open series
    shutout_counts_double = models.BooleanField(default=False)
    # Who plays whom: each side's player names, sorted, in the first match's side order.
    sides = models.JSONField(default=list)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="series_unique_number")
        ]
        ordering = ["-number"]
        verbose_name_plural = "series"

    def __str__(self) -> str:
        return f"{self.table} series {self.number}"

    def series_rules(self) -> rules.SeriesRules:
        return rules.SeriesRules(self.first_to, self.shutout_counts_double)

    @staticmethod
    def sides_of(seat_names: Sequence[str], game: rules.Game) -> list[list[str]]:
        return [sorted(seat_names[seat] for seat in side) for side in game.sides]

    @classmethod
    def for_match(
        cls,
        table: Table,
        last: "Match | None",
        seat_names: Sequence[str],
        game: rules.Game,
        series_rules: rules.SeriesRules,
    ) -> tuple["Series", list[int]]:
        """The series a new match belongs to (the last match's, or a new one), and which
        series side each of its sides is."""
        sides = cls.sides_of(seat_names, game)
        current = last.series if last is not None else None
        if (
            current is not None
            and current.series_rules() == series_rules
            and sorted(current.sides) == sorted(sides)
            and not current.state().finished
        ):
            return current, [current.sides.index(side) for side in sides]
        newest = table.series.order_by("-number").first()
        series = cls.objects.create(
            table=table,
            number=(newest.number + 1) if newest is not None else 1,
            first_to=series_rules.first_to,
            shutout_counts_double=series_rules.shutout_counts_double,
            sides=sides,
        )
        return series, list(range(len(sides)))

    def state(self) -> rules.SeriesState:
        """Match wins and shutouts so far, from the series' finished matches (one query).

        A correction can decide the series at an earlier match than the one that won it when
        played: the series stands as won there, and the matches played after it count as
        matches won but win nothing in the series (as the statistics count them).
        """
        finished = (
            Match.objects.filter(series=self, winner_side__isnull=False)
            .order_by("number")
            .values_list("winner_side", "totals", "series_sides")
        )
        state = rules.series_tally(self.series_rules(), len(self.sides), [])
        for winner, totals, sides in finished:
            if state.finished:
                break
            state = rules.series_advance(
                self.series_rules(), state, sides[winner], rules.is_shutout(totals, winner)
            )
        return state

    def score(self, match: "Match") -> list[tuple[str, int]]:
        """Each side of this match with its match wins in the series, in the match's order."""
        wins = self.state().wins
        return [
            (name, wins[match.series_sides[side]]) for side, name in enumerate(match.side_names())
        ]


class LogAction(models.TextChoices):
    STARTED = "started", _("Match started")
    SAVED = "saved", _("Hand saved")
    EDITED = "edited", _("Hand edited")
    UNDONE = "undone", _("Hand undone")
    PLAYED = "played", _("Score during play")
    UNPLAYED = "unplayed", _("Score during play taken back")


class LogEntry(models.Model):
    """Every change to a match, so nothing is silently overwritten or deleted."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="log")
    action = models.CharField(max_length=10, choices=LogAction.choices)
    hand_number = models.PositiveIntegerField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    totals = models.JSONField(default=list)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.action} {self.hand_number or ''}".strip()

    def ago(self) -> str:
        """How long ago the change was, for the log: "just now" within its first minute."""
        if timezone.now() - self.at < timedelta(minutes=1):
            return gettext("just now")
        return gettext("%(time)s ago") % {"time": timesince(self.at)}

    def line(self, names: Sequence[str], side_names: Sequence[str], before: Sequence[int]) -> str:
        """One line for the change log: which hand, what the table reported, what it scored.

        `before` is the totals after the previous entry: a saved hand's points are the step.
        """
        if self.action not in (LogAction.SAVED, LogAction.EDITED):
            return self.describe()
        reported = self.after or {}
        seat = reported.get("went_out")
        if reported.get("ending") == Ending.BLOCKED or seat is None or seat >= len(names):
            what = gettext("blocked")
        else:
            what = gettext("%(name)s went out") % {"name": names[seat]}
        if self.action == LogAction.EDITED:
            return gettext("Hand %(number)s corrected: %(what)s") % {
                "number": self.hand_number,
                "what": what,
            }
        steps = [
            (side, total - earlier)
            for side, (total, earlier) in enumerate(zip(self.totals, before, strict=False))
            if total != earlier
        ]
        # Bonuses made during play (pase corrido, pase de salida) may pay the other side too.
        scored = "; ".join(
            gettext("%(points)s for %(side)s") % {"points": points, "side": side_names[side]}
            for side, points in steps
            if points > 0 and side < len(side_names)
        ) or gettext("nobody scores")
        return gettext("Hand %(number)s: %(what)s, %(scored)s") % {
            "number": self.hand_number,
            "what": what,
            "scored": scored,
        }

    def describe(self) -> str:
        """One line for the change log on the match page."""
        number = {"number": self.hand_number}
        if self.action == LogAction.SAVED:
            return gettext("Hand %(number)s saved.") % number
        if self.action == LogAction.EDITED:
            return gettext("Hand %(number)s corrected.") % number
        if self.action == LogAction.UNDONE:
            return gettext("Hand %(number)s undone.") % number
        if self.action in (LogAction.PLAYED, LogAction.UNPLAYED):
            play = (self.after if self.action == LogAction.PLAYED else self.before) or {}
            number["points"] = play.get("play", {}).get("points", 0)
            if self.action == LogAction.PLAYED:
                return gettext("Hand %(number)s: %(points)s scored during play.") % number
            return gettext("Hand %(number)s: %(points)s during play taken back.") % number
        return gettext("Match started")


def side_name(names: Sequence[str], *, spoken: bool = False) -> str:
    """A side as the sheet heads it: one name, or two partners joined as the language joins them.

    `spoken`: as the phone says it out loud, with a word for "&" and no isolating marks.
    """
    if not spoken:
        names = isolated_if_right_to_left(names)
    if len(names) != 2:
        return ", ".join(names)
    first, second = names
    if starts_with_i_sound(second.strip(FSI + PDI + LRM)):
        # Spanish writes "e" for "y" before an i-sound (Ana e Isabel); other languages
        # translate this the same as the plain pattern below.
        if spoken:
            pattern = pgettext(
                "two partners said out loud, the second name starting with an i-sound",
                "%(a)s and %(b)s",
            )
        else:
            pattern = pgettext(
                "two partners, the second name starting with an i-sound", "%(a)s & %(b)s"
            )
    elif spoken:
        pattern = pgettext("two partners said out loud", "%(a)s and %(b)s")
    else:
        pattern = pgettext("two partners", "%(a)s & %(b)s")
    return pattern % {"a": first, "b": second}


LRM = "\u200e"


def isolated_if_right_to_left(names: Sequence[str]) -> list[str]:
    """Several names, each between isolates when any is written right to left.

    Otherwise an Arabic or Hebrew first name turns the whole pair right to left ("Ben y" and
    the name read backwards) wherever the pair is shown as one piece of text.
    """
    if len(names) > 1 and any(needs_isolating(name) for name in names):
        # A left-to-right mark first: a page's <bdi> then reads the pair as running left to
        # right (browsers look for the first strong letter, even inside an isolate).
        return [f"{LRM if index == 0 else ''}{FSI}{name}{PDI}" for index, name in enumerate(names)]
    return list(names)


def starts_with_i_sound(name: str) -> bool:
    """Whether a name starts with the vowel i (i-, í-, hi-), not the diphthong of Hielo or Ian."""
    letters = unicodedata.normalize("NFD", name.casefold())
    letters = "".join(char for char in letters if not unicodedata.combining(char))
    if letters.startswith("h"):
        letters = letters[1:]
    return len(letters) >= 2 and letters[0] == "i" and letters[1] not in "aeiouy"


def reason_to_json(reason: rules.Reason) -> dict:
    return {
        "code": str(reason.code),
        "count_rule": str(reason.count_rule),
        "winning_seat": reason.winning_seat,
        "winning_pips": reason.winning_pips,
        "counted": [list(pair) for pair in reason.counted],
        "capicu_bonus": reason.capicu_bonus,
        "tied_seats": list(reason.tied_seats),
        "pooled": reason.pooled,
        **({"pair_pips": list(reason.pair_pips)} if reason.pair_pips else {}),
        **({"counted_pairs": list(reason.counted_pairs)} if reason.counted_pairs else {}),
        "led_by": reason.led_by,
        "compared_seats": list(reason.compared_seats),
    }


def reason_from_json(data: dict) -> rules.Reason:
    return rules.Reason(
        code=rules.ReasonCode(data["code"]),
        count_rule=rules.CountRule(data["count_rule"]),
        winning_seat=data["winning_seat"],
        winning_pips=data["winning_pips"],
        counted=tuple(tuple(pair) for pair in data["counted"]),
        capicu_bonus=data["capicu_bonus"],
        tied_seats=tuple(data.get("tied_seats", ())),
        pooled=data.get("pooled"),
        pair_pips=tuple(data.get("pair_pips", ())),
        counted_pairs=tuple(data.get("counted_pairs", ())),
        led_by=data.get("led_by"),
        compared_seats=tuple(data.get("compared_seats", ())),
    )


# Last: the statistics module reads the models above and keeps its records from store_state.
from scorekeeper import stats  # noqa: E402
