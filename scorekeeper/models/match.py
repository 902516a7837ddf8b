"""Matches and their seats: one game to the line, its state and how it is read."""

import functools
import uuid
from collections.abc import Sequence
from datetime import timedelta

from django.db import connection, models, transaction
from django.db.models import OuterRef, Prefetch, Subquery
from django.urls import reverse
from django.utils import timezone

from scorekeeper import rules
from scorekeeper.models.hand import Hand, PlayEntry, saved_once
from scorekeeper.models.log import LogAction, LogEntry
from scorekeeper.models.rows import update_rows
from scorekeeper.models.saving import MatchWrites, StaleMatch
from scorekeeper.models.series import Series
from scorekeeper.models.sheet import load_hands
from scorekeeper.models.signals import result_changed
from scorekeeper.models.table import HouseRulesFields, Player, RateLimited, Table
from scorekeeper.statistics.records import record_match
from scorekeeper.words.names import listed, name_key, side_name
from scorekeeper.words.units import unit_words


def seats_prefetch() -> Prefetch:
    return Prefetch("seats", queryset=Seat.objects.select_related("player"))


def hands_prefetch(after: int = 0) -> Prefetch:
    """The hands (numbered above `after`) with their entries."""
    hands = Hand.objects.filter(number__gt=after) if after > 0 else Hand.objects.all()
    return Prefetch("hands", queryset=hands.prefetch_related("entries").order_by("number"))


def _seat_names_sql() -> str:
    return (
        f"SELECT p.name FROM {Seat._meta.db_table} s JOIN {Player._meta.db_table} p"
        " ON s.player_id = p.id WHERE s.match_id = %s ORDER BY s.position"
    )


class MatchQuerySet(models.QuerySet):
    def with_sheet(self) -> "MatchQuerySet":
        """Everything the score sheet shows, in a fixed number of queries."""
        return self.with_seats().prefetch_related(hands_prefetch())

    def with_seats(self) -> "MatchQuerySet":
        """The match, its table and its series: enough to check and score a new hand. Who sits
        where is read when first asked for, in one light query (Match.seat_names)."""
        return self.select_related("table__board", "table__bracket_board", "series")

    def for_listing(self) -> "MatchQuerySet":
        return self.select_related("series").prefetch_related(seats_prefetch())

    def latest_per_table(self) -> "MatchQuerySet":
        """Only each table's newest match."""
        newest = Match.objects.filter(table=OuterRef("table")).order_by("-number")
        return self.filter(number=Subquery(newest.values("number")[:1]))


class Match(MatchWrites, HouseRulesFields):
    """One game to the line, with a copy of the rules it was started with."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="matches")
    number = models.PositiveIntegerField()
    seat_count = models.PositiveSmallIntegerField()
    partnership = models.BooleanField()
    tile_set = models.PositiveSmallIntegerField()
    tiles_each = models.PositiveSmallIntegerField()
    draws = models.BooleanField(default=False)
    scoring = models.CharField(max_length=20, default=rules.DEFAULT_SCORING)
    series = models.ForeignKey(
        "Series", on_delete=models.SET_NULL, null=True, blank=True, related_name="matches"
    )
    # Which side of the series each side of this match is (the seats may change chairs).
    series_sides = models.JSONField(default=list, blank=True)
    # Kept up to date from the hands in the same transaction, so lists need no recount.
    totals = models.JSONField(default=list)
    winner_side = models.PositiveSmallIntegerField(null=True, blank=True)
    # A round game (Mexican Train): the sides sharing the win with winner_side (level lowest).
    co_winners = models.JSONField(default=list, blank=True)
    next_leader = models.PositiveSmallIntegerField(null=True, blank=True)
    hand_count = models.PositiveIntegerField(default=0)
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)
    # A tournament round's clock: a hand entered from this time on is the match's last, and
    # the side ahead wins (level sides play on). None: no clock.
    ends_at = models.DateTimeField(null=True, blank=True)
    # A token from the form that started this match: a double tap or a retry starts it once.
    token = models.UUIDField(null=True, blank=True, editable=False)
    # The tokens of the latest hands and plays taken back: a phone's late retry of one of them
    # (its answer lost before the undo) is refused, not stored again.
    undone_tokens = models.JSONField(default=list, blank=True)
    UNDONE_KEPT = 50

    objects = MatchQuerySet.as_manager()

    class Meta:
        constraints = saved_once("match", within="table")
        # A club's ratings read its tables' matches that ended after a moment (clubs.history).
        indexes = [models.Index(fields=["table", "finished_at"], name="match_table_finished")]
        ordering = ["-number"]

    def __str__(self) -> str:
        return f"{self.table} #{self.number}"

    def get_absolute_url(self) -> str:
        return self._url("match")

    def _url(self, name: str) -> str:
        # A page draws a match's addresses a dozen times: each is reversed once an object.
        urls = self.__dict__.setdefault("_urls", {})
        if name not in urls:
            urls[name] = reverse(name, args=[self.table.key, self.number])
        return urls[name]

    @functools.cached_property
    def hand_url_prefix(self) -> str:
        """Where this match's hands' pages start: a hand's page adds its number."""
        return reverse("hand", args=[self.table.key, self.number, 0])[: -len("0/")]

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

    @property
    def started(self) -> bool:  # scored in: a hand entered, or a score during play
        return self.finished or bool(self.hand_count) or any(self.totals)

    def time_is_up(self) -> bool:
        return self.ends_at is not None and timezone.now() >= self.ends_at

    @property
    def ended_by_clock(self) -> bool:
        return self.finished and self.ends_at is not None and max(self.totals) < self.target

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

    @classmethod
    @transaction.atomic
    def start(
        cls,
        table: Table,
        seat_names: Sequence[str],
        game: rules.Game,
        preset: str,
        series: rules.SeriesRules | None = None,
        *,
        token: uuid.UUID | None = None,
        per_hour: int | None = None,
        after: int | None = None,
        join_waiting: bool = False,
    ) -> "Match":
        """A new match at this table with these players in turn order, under these rules.

        A token already used at this table returns the match it started (a double tap or a
        retry starts one match); so does a match after match number `after` still being played
        (two phones tapped Rematch at once), and with `join_waiting` the table's newest match
        while it waits for its first hand with these seats, game and series (the next match
        sent again from another page or phone); more than per_hour matches in the last hour
        raise RateLimited.
        It continues the table's series while the sides and the series rules stay the same
        and the series is not yet won; otherwise it starts a new series.
        """
        # The table's row is the lock: two phones starting a match queue here, so the second
        # sees the first's number (a lock on the last match would not stop two inserts).
        list(type(table).objects.select_for_update().filter(pk=table.pk).values_list("pk"))
        series = table.series_rules() if series is None else series
        last = table.matches.select_related("series").order_by("-number").first()
        started = cls._started_already(table, last, token, after)
        if started is None and join_waiting and last is not None:
            started = last if last.waits_as(seat_names, game, preset, series) else None
        if started is not None:
            return started
        if per_hour is not None:
            since = timezone.now() - timedelta(hours=1)
            if table.matches.filter(created_at__gte=since).count() >= per_hour:
                raise RateLimited
        # A name typed in another case is the player who sat under it before: the match and its
        # series name them as the table does.
        players = {name_key(player.name): player for player in table.players.all()}
        seat_names = [
            players[name_key(name)].name if name_key(name) in players else name
            for name in seat_names
        ]
        in_series, series_sides = Series.for_match(table, last, seat_names, game, series)
        match = cls.for_game(
            game,
            preset,
            table=table,
            number=(last.number if last else 0) + 1,
            token=token,
            series=in_series,
            series_sides=series_sides,
        )
        match.save(force_insert=True)
        for name in seat_names:
            if name_key(name) not in players:
                players[name_key(name)] = Player.objects.create(table=table, name=name)
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
        table.take_rules(game, preset)
        table.series_first_to = series.first_to
        table.shutout_counts_double = series.shutout_counts_double
        table.updated_at = timezone.now()
        table.save()
        return match

    @classmethod
    def _started_already(
        cls, table: Table, last: "Match | None", token: uuid.UUID | None, after: int | None
    ) -> "Match | None":
        """The match this token started, or the newest (`last`) played after match `after`."""
        if token is not None and (repeat := table.matches.filter(token=token).first()):
            return repeat
        if after is not None and last is not None and last.number > after and not last.finished:
            return last
        return None

    def waits_as(
        self, seat_names: Sequence[str], game: rules.Game, preset: str, series: rules.SeriesRules
    ) -> bool:
        """Whether nobody has played in this match yet (no hand, not even one in play) and it is
        the one asked for: these players in these chairs, this game, and a series these rules go
        on with (a correction may have won it since: the next match starts a new one)."""
        return (
            not self.finished
            and (self.preset, self.game()) == (preset, game)
            and [name_key(name) for name in self.seat_names()] == list(map(name_key, seat_names))
            and self.series is not None
            and self.series.series_rules() == series
            and not self.hands.exists()
            and not self.series.state().finished
        )

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
        if "seats" in getattr(self, "_prefetched_objects_cache", {}):
            return tuple(seat.player.name for seat in self.ordered_seats())
        # The names alone, in plain SQL: no Seat or Player objects (a save asks only these).
        with connection.cursor() as cursor:
            cursor.execute(_seat_names_sql(), [self.pk])
            return tuple(name for (name,) in cursor.fetchall())

    def load_sheet(self, latest: int | None = None) -> "Match":
        """Fetch the hands and entries the sheet shows, unless they are already here; with
        `latest`, only that many of the last hands (running_totals starts before them)."""
        if "hands" not in getattr(self, "_prefetched_objects_cache", {}):  # else no new querysets
            load_hands(self, 0 if latest is None else self.hand_count - latest)
        return self

    def ordered_seats(self) -> list["Seat"]:
        return sorted(self.seats.all(), key=lambda seat: seat.position)

    def seat_names(self) -> list[str]:
        return list(self._seat_names)

    def side_names(self) -> list[str]:
        return list(self._side_names)

    @functools.cached_property
    def _side_names(self) -> tuple[str, ...]:
        names = self.seat_names()
        return tuple(side_name([names[seat] for seat in side]) for side in self.game().sides)

    def winner_name(self) -> str | None:
        """The side that won, or the players who share a round game's win, listed."""
        return listed([self.side_names()[side] for side in self.winner_sides()]) or None

    def ordered_hands(self) -> list["Hand"]:
        return sorted(self.hands.all(), key=lambda hand: hand.number)

    def recompute(self) -> rules.MatchState:
        """Score every hand again from what was entered (its plays and its end), and store it."""
        hands = list(self.hands.prefetch_related("counts", "plays").order_by("number"))
        results, state = rules.play_match(self.game(), [hand.as_played() for hand in hands])
        led_by: int | None = None
        for hand, result in zip(hands, results, strict=True):
            hand.store_result(result, led_by)
            led_by = result.next_leader
        self.store_state(state)
        return state

    def open_hand(self) -> "Hand | None":
        """A scoring game's hand in play (plays recorded, no end yet), from the prefetched sheet."""
        hands = self.ordered_hands()
        return hands[-1] if hands and hands[-1].in_play else None

    def sent_before(self, token: object) -> bool:
        """Whether a hand or a play of this match was saved with this form token (a retry)."""
        try:
            token = uuid.UUID(str(token))
        except ValueError:
            return False
        return (
            self.hands.filter(token=token).exists()
            or PlayEntry.objects.filter(hand__match=self, token=token).exists()
        )

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
            co_winners=tuple(self.co_winners),
            outs=self.round_outs() if self.game().kind.counts_outs else (),
            carried=self.carried(),
        )

    def carried(self) -> object:
        """What the game carries between hands (GameKind.start; most: None), played again."""
        game = self.game()
        if game.kind.start(game) is None:
            return None
        hands = self.hands.prefetch_related("counts", "plays").order_by("number")
        return rules.play_match(game, [hand.as_played() for hand in hands])[1].carried

    def round_outs(self) -> tuple[int, ...]:
        """A round game's rounds each player went out of (one query, whatever the rounds)."""
        outs = [0] * self.seat_count
        for seat in self.hands.exclude(went_out=None).values_list("went_out", flat=True):
            outs[seat] += 1
        return tuple(outs)

    def winner_sides(self) -> list[int]:
        """Every side that won: one, or in a round game all that share the lowest total."""
        return [self.winner_side, *self.co_winners] if self.finished else []

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
        was_begun = bool(self.hand_count)
        now = timezone.now()
        # Past the round's clock the hand just entered (or corrected) ends the match; a hand
        # taken back does not: the table enters it again.
        if self.time_is_up() and not getattr(self, "taking_back", False):
            state = self.game().kind.time_up(state)
        changes = {
            "totals": list(state.totals),
            "winner_side": state.winner_side,
            "co_winners": list(state.co_winners),
            "next_leader": state.next_leader,
            "hand_count": state.hands_played,
            "finished_at": (self.finished_at or now) if state.finished else None,
            "version": self.version + 1,
            "updated_at": now,
        }
        # Only the columns that change: the rules and the seats stay as the match began.
        if not update_rows(Match, changes, {"id": self.pk, "version": self.version}):
            raise StaleMatch
        for name, value in changes.items():
            setattr(self, name, value)
        if state.finished or was_finished:
            # A match ended or ended no more: the table's series, records and Rematch move, so
            # its kept pages are drawn again (page_version); a hand in play moves its own only.
            Table.objects.filter(pk=self.table_id).update(updated_at=now)
            self.refuse_if_kept()
            result_changed.send(Match, match=self, ended=state.finished and not was_finished)
        # The first hand entered or taken back: a bracket's earlier matches may now keep their
        # result, or move again; their board says so on their tables' pages.
        if was_begun != bool(self.hand_count) and (board := self.table.drawn_board) is not None:
            board.begun_moved()
        record_match(self, was_finished=was_finished)

    def log_lines(self, limit: int = 50) -> list[tuple["LogEntry", str]]:
        """The newest entries of the change log, each with its one line."""
        entries = list(self.log.all()[: limit + 1])
        names, side_names, game = self.seat_names(), self.side_names(), self.game()
        unit = unit_words(game)  # the log names the game's unit: hands or rounds
        zero = [0] * len(side_names)
        lines = []
        for index, entry in enumerate(entries[:limit]):
            before = entries[index + 1].totals if index + 1 < len(entries) else zero
            lines.append((entry, entry.line(names, side_names, before, unit, game)))
        return lines

    def running_totals(self) -> list[tuple["Hand", Sequence[int]]]:
        """Each hand with the side totals after it, for the sheet."""
        hands = self.ordered_hands()
        totals = [0] * len(self.game().sides)
        if hands and hands[0].number > 1:
            # Only the latest hands are loaded: before them stood the totals less their points.
            totals = list(self.totals)
            for hand in hands:
                for entry in hand.entry_list():
                    totals[entry.side] -= entry.points
        rows = []
        for hand in hands:
            for entry in hand.entry_list():
                totals[entry.side] += entry.points
            rows.append((hand, tuple(totals)))
        return rows


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
