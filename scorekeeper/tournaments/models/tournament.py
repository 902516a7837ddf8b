"""Tournaments: a director's event, its entrants, its rounds and the boards each round draws.

Every board of a round is an ordinary table with one ordinary match: the board's link is that
table's key, so it reaches its own match and nothing else. A board's result is read from its
match's stored totals (or the forfeit or bye the director set), never by replaying hands.
"""

import secrets
from collections.abc import Iterable, Sequence
from datetime import timedelta

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models, transaction
from django.urls import reverse
from django.utils import timezone

from scorekeeper import rules
from scorekeeper.models.match import Match
from scorekeeper.models.table import (
    KEY_LENGTH,
    NAME_MAX,
    NEW_TABLE_ENTRY_MODE,
    HouseRulesFields,
    Player,
    RateLimited,
    Table,
    lock_name,
    new_key,
)
from scorekeeper.tournaments import rules as event_rules
from scorekeeper.tournaments.models.board import Board
from scorekeeper.tournaments.models.confirmation import ResultsNeedChoice, SideLink, check_settled
from scorekeeper.tournaments.seeding import seeded_order
from scorekeeper.tournaments.words.tournament import FORMATS, board_table_name


class Format(models.TextChoices):
    SWISS = rules.Format.SWISS, FORMATS[rules.Format.SWISS]
    ROUND_ROBIN = rules.Format.ROUND_ROBIN, FORMATS[rules.Format.ROUND_ROBIN]
    ROTATING_PARTNERS = rules.Format.ROTATING_PARTNERS, FORMATS[rules.Format.ROTATING_PARTNERS]
    ROUND_GAME = rules.Format.ROUND_GAME, FORMATS[rules.Format.ROUND_GAME]
    SINGLE_ELIMINATION = (
        rules.Format.SINGLE_ELIMINATION,
        FORMATS[rules.Format.SINGLE_ELIMINATION],
    )
    DOUBLE_ELIMINATION = (
        rules.Format.DOUBLE_ELIMINATION,
        FORMATS[rules.Format.DOUBLE_ELIMINATION],
    )


class DrawRefused(Exception):
    """The round cannot be drawn (again): `code` says why."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def new_seed() -> str:
    return secrets.token_hex(8)


class TournamentQuerySet(models.QuerySet):
    def check_rate(self, creator: str, per_hour: int) -> None:
        """Raise RateLimited if this creator made (or restored) per_hour tournaments in the last
        hour; as Table.objects.check_rate, inside the transaction that makes the tournament."""
        lock_name(f"tournament-creator:{creator}")
        since = timezone.now() - timedelta(hours=1)
        if self.filter(creator=creator, arrived_at__gte=since).count() >= per_hour:
            raise RateLimited


class Tournament(HouseRulesFields):
    """An event that many tables play under one game, reached by its director's key."""

    key = models.CharField(max_length=KEY_LENGTH, unique=True, default=new_key, editable=False)
    watch_key = models.CharField(
        max_length=KEY_LENGTH, unique=True, default=new_key, editable=False
    )
    name = models.CharField(max_length=60)
    format = models.CharField(max_length=20, choices=Format.choices, default=Format.SWISS)
    # A round game's event (Mexican Train): the most players the draw seats at a table.
    table_size = models.PositiveSmallIntegerField(
        default=event_rules.DEFAULT_TABLE_SIZE,
        validators=[
            MinValueValidator(event_rules.MIN_TABLE_SIZE),
            MaxValueValidator(event_rules.MAX_TABLE_SIZE),
        ],
    )
    # Minutes a round lasts before the hand in play is the last (None: no clock).
    time_cap = models.PositiveSmallIntegerField(null=True, blank=True)
    # What a forfeit and a bye score for the side given them (None: half the target).
    forfeit_for = models.PositiveIntegerField(null=True, blank=True)
    forfeit_against = models.PositiveIntegerField(default=0)
    bye_for = models.PositiveIntegerField(null=True, blank=True)
    bye_against = models.PositiveIntegerField(default=0)
    # How many rounds the event has (None: as many as the director draws; a round robin
    # stops once every entrant has met every other).
    round_count = models.PositiveSmallIntegerField(null=True, blank=True)
    # Who must confirm a result before the next round counts on it (models.confirmation).
    results_need = models.CharField(
        max_length=12, choices=ResultsNeedChoice.choices, default=ResultsNeedChoice.NOTHING
    )
    creator = models.CharField(max_length=32, blank=True, db_index=True, editable=False)
    created_at = models.DateTimeField(default=timezone.now)
    # When this server made the tournament, new or restored (created_at comes with a backup):
    # only to rate-limit making them.
    arrived_at = models.DateTimeField(default=timezone.now, db_index=True, editable=False)

    objects = TournamentQuerySet.as_manager()

    class Meta:
        db_table = "scorekeeper_tournament"  # the table the core made, kept as it is

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournament", args=[self.key])

    def watch_url(self) -> str:
        return reverse("tournament_watch", args=[self.watch_key])

    def _url(self, name: str) -> str:
        return reverse(name, args=[self.key])

    def entrants_url(self) -> str:
        return self._url("tournament_entrants")

    def draw_url(self) -> str:
        return self._url("tournament_draw")

    def page_version(self) -> tuple:
        """What a kept watch page or big screen is keyed on: this event and the current slice
        of settings.TOURNAMENT_KEEP_SECONDS. However many phones refresh, each page is drawn
        at most once a slice (and shows every change at most that late); no read is needed to
        tell, whatever the event's size."""
        seconds = settings.TOURNAMENT_KEEP_SECONDS
        now = timezone.now().timestamp()
        return (self.pk, int(now // seconds) if seconds else now)

    @property
    def individual(self) -> bool:
        return rules.Format(self.format).individual

    @property
    def seats_tables(self) -> bool:
        """Whether each table seats several players each for themselves (a round game's event)."""
        return rules.Format(self.format).seats_tables

    def tournament_rules(self) -> event_rules.TournamentRules:
        forfeit = bye = None
        if self.forfeit_for is not None:
            forfeit = event_rules.Award(self.forfeit_for, self.forfeit_against)
        if self.bye_for is not None:
            bye = event_rules.Award(self.bye_for, self.bye_against)
        return event_rules.TournamentRules(rules.Format(self.format), self.target, forfeit, bye)

    def take_preset(self, preset: str) -> None:
        """Take a preset's game and house rules for every table: four seats in pairs, or in a
        round game's event the table size each for themselves."""
        seats_tables = self.seats_tables
        seats = self.table_size if seats_tables else 4
        self.take_rules(rules.make_game(preset, seats, partnership=not seats_tables), preset)

    def game(self, seats: int | None = None) -> rules.Game:
        """The game every table plays: four seats, partners opposite; in a round game's event
        `seats` players (default: the table size) each for themselves."""
        if self.seats_tables:
            seats = self.table_size if seats is None else seats
            return rules.make_game(self.preset, seats, partnership=False, rules=self.house_rules())
        return rules.make_game(self.preset, 4, partnership=True, rules=self.house_rules())

    @property
    def to_a_target(self) -> bool:
        """Whether its game ends at a target (not after a fixed number of rounds)."""
        return rules.plays_to_a_target(self.preset)

    def table_results(self, rounds: Iterable["Round"]) -> list[list[event_rules.TableResult]]:
        """An event at tables of players: each round's table results. A round game's counts a
        round once every table is in (until then nobody's missed round can be counted); a
        game to a target's counts each table as it finishes, as pairs' standings do."""
        return [
            [board.table_result() for board in round.boards.all() if board.done]
            for round in rounds
            if self.to_a_target or round.complete()
        ]

    def drawn_rounds(self) -> list["Round"]:
        """The rounds with their boards, seats and matches, in a fixed number of queries."""
        boards = Board.objects.select_related("match", "table").prefetch_related("places")
        return list(
            self.rounds.order_by("number").prefetch_related(models.Prefetch("boards", boards))
        )

    def results(self, rounds: Iterable["Round"]) -> list[event_rules.Result]:
        settings = self.tournament_rules()
        return [
            result
            for round in rounds
            for board in round.boards.all()
            if (result := board.result(settings)) is not None
        ]

    def standings(
        self, rounds: Sequence["Round"] | None = None, order: Sequence[int] | None = None
    ) -> list[event_rules.Standing] | list[event_rules.GameStanding]:
        """The standings after `rounds` (default: every round drawn) of the entrants in `order`
        (default: all, as entered): a round game's event ranks the lowest sum first."""
        rounds = self.drawn_rounds() if rounds is None else rounds
        order = [entrant.pk for entrant in self.entrants.all()] if order is None else order
        if self.seats_tables:
            return event_rules.table_standings(order, self.table_results(rounds), self.to_a_target)
        return event_rules.standings(order, self.results(rounds))

    def last_round(self) -> int | None:
        """The number of the event's last round (None: open, the director stops drawing)."""
        last = self.round_count
        if rules.Format(self.format).knockout:
            return 0  # one bracket, no rounds (models.bracket)
        if self.format == Format.ROUND_ROBIN:
            drawn = sum(entrant.drawn for entrant in self.entrants.all())
            full = event_rules.round_robin_rounds(drawn)
            last = full if last is None else min(last, full)
        return last

    def all_drawn(self, rounds: Sequence["Round"]) -> bool:
        """Whether every round of the event has been drawn (rounds as drawn_rounds() reads)."""
        last = self.last_round()
        return last is not None and len(rounds) >= last

    def finished(self, rounds: Sequence["Round"]) -> bool:
        """Whether the event is over: its last round drawn and every table's result in."""
        return bool(rounds) and self.all_drawn(rounds) and rounds[-1].complete()

    def lock(self) -> None:
        """Hold the tournament's row until the transaction ends: what draws a round or the
        brackets draws once however many phones tap at once."""
        list(Tournament.objects.select_for_update().filter(pk=self.pk).values_list("pk"))

    @transaction.atomic
    def draw_next_round(self) -> "Round":
        """Draw the next round: its seed kept, a table and a match for each board."""
        # The tournament's row is the lock: two taps on Draw draw one round.
        self.lock()
        rounds = self.drawn_rounds()
        if rounds and not rounds[-1].complete():
            raise DrawRefused("round_unfinished")
        if self.all_drawn(rounds):
            raise DrawRefused("all_drawn")
        check_settled(self, rounds)
        round = Round.objects.create(tournament=self, number=len(rounds) + 1, seed=new_seed())
        round.fill(rounds)
        return round

    @transaction.atomic
    def redraw_last_round(self) -> "Round":
        """Draw the newest round again from its kept seed, before any of its tables has a hand."""
        self.lock()
        rounds = self.drawn_rounds()
        if not rounds:
            raise DrawRefused("no_round")
        last = rounds[-1]
        if last.begun():
            raise DrawRefused("round_in_play")
        Table.objects.filter(board__round=last).delete()
        last.boards.all().delete()
        last.fill(rounds[:-1])
        return last


class Entrant(models.Model):
    """A fixed pair, or in an individual event one player."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    name = models.CharField(max_length=NAME_MAX)
    # A pair's second player (empty for a player in an individual event).
    partner = models.CharField(max_length=NAME_MAX, blank=True)
    checked_in = models.BooleanField(default=True)
    withdrawn = models.BooleanField(default=False)

    class Meta:
        db_table = "scorekeeper_entrant"  # the table the core made, kept as it is
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.name} & {self.partner}" if self.partner else self.name

    @property
    def drawn(self) -> bool:
        """Whether the next draw seats this entrant."""
        return self.checked_in and not self.withdrawn

    @transaction.atomic
    def rename(self, name: str, partner: str) -> None:
        """Correct the entrant's name, keeping its results: its places stay, and the players
        at the tables it was drawn to take the new names."""
        old = [self.name, self.partner]
        renames = {
            before: after for before, after in zip(old, (name, partner), strict=True) if before
        }
        self.name, self.partner = name, partner
        self.save(update_fields=["name", "partner"])
        # The tables of its rounds and of its bracket matches.
        tables = Table.objects.filter(
            models.Q(board__places__entrant=self)
            | models.Q(bracket_board__first=self)
            | models.Q(bracket_board__second=self)
        ).distinct()
        players = list(Player.objects.filter(table__in=tables, name__in=list(renames)))
        new_names = [renames[player.name] for player in players]
        # Two steps, so that a pair whose players swap places never holds one name twice. The
        # stand-in starts with a private-use character, which no name keeps (clean_text drops
        # it) and PostgreSQL stores (it refuses the NUL byte this used).
        for player in players:
            player.name = f"\ue000{player.pk}"
        Player.objects.bulk_update(players, ["name"])
        for player, new_name in zip(players, new_names, strict=True):
            player.name = new_name
        Player.objects.bulk_update(players, ["name"])
        tables.update(updated_at=timezone.now())

    def seat_names(self) -> tuple[str, str]:
        """The two players of a pair, as they sit (a pair named once: its name and a number)."""
        if self.partner:
            return (self.name, self.partner)
        return (f"{self.name} 1", f"{self.name} 2")


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    # The only chance in a draw: the same seed and the same state draw the same round.
    seed = models.CharField(max_length=32)
    started_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "scorekeeper_round"  # the table the core made, kept as it is
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number")
        ]
        ordering = ["number"]

    def __str__(self) -> str:
        return f"{self.tournament} · {self.number}"

    def ends_at(self):
        """When the round's time is up: its clock runs out or the director ended it (None: not
        started, or no clock and not ended)."""
        cap = self.tournament.time_cap
        runs_out = (
            None if self.started_at is None or not cap else self.started_at + timedelta(minutes=cap)
        )
        if self.ended_at is not None:
            return min(self.ended_at, runs_out or self.ended_at)
        return runs_out

    def clock_running(self) -> bool:
        ends_at = self.ends_at()
        return ends_at is not None and timezone.now() < ends_at

    def matches(self):
        return Match.objects.filter(board__round=self)

    @transaction.atomic
    def start(self) -> None:
        """Start the round's clock: every match of the round shows its time left."""
        if self.started_at is not None:
            return
        self.started_at = timezone.now()
        self.save(update_fields=["started_at"])
        ends_at = self.ends_at()
        if ends_at is not None:
            self.matches().filter(winner_side__isnull=True).update(ends_at=ends_at)
        # Kept match pages are drawn again: they now show the clock.
        Table.objects.filter(board__round=self).update(updated_at=self.started_at)

    @transaction.atomic
    def end(self) -> None:
        """Time is up now: each table finishes the hand in play and enters it, and that hand
        ends its match with the side ahead (level: one more hand), as when the clock runs out."""
        if self.ended_at is not None:
            return
        now = timezone.now()
        self.ended_at = now
        self.save(update_fields=["ended_at"])
        in_play = self.matches().filter(winner_side__isnull=True)
        in_play.filter(models.Q(ends_at__isnull=True) | models.Q(ends_at__gt=now)).update(
            ends_at=now
        )
        # Kept match pages are drawn again: they now say that time is up.
        Table.objects.filter(board__round=self).update(updated_at=now)

    def begun(self) -> bool:
        """Whether the round can no longer be drawn again: started, a hand entered at one of
        its tables, or a forfeit given (boards prefetched)."""
        boards = self.boards.all()
        return (
            self.started_at is not None
            or any(board.match is not None and board.match.hand_count for board in boards)
            or any(board.kind == Board.Kind.FORFEIT for board in boards)
        )

    def complete(self) -> bool:
        """Every board has a result (boards prefetched)."""
        return all(board.done for board in self.boards.all())

    def as_draw(self) -> event_rules.Draw:
        tables, byes = [], []
        for board in self.boards.all():
            sides = board.sides()
            if board.kind == Board.Kind.BYE:
                byes.extend(sides[0])
            else:
                tables.append(sides)
        return event_rules.Draw(tuple(tables), tuple(byes))

    def fill(self, previous: Sequence["Round"]) -> None:
        """Draw this round after `previous` and give each board its table and match."""
        tournament = self.tournament
        entrants = {entrant.pk: entrant for entrant in tournament.entrants.all()}
        active = [pk for pk, entrant in entrants.items() if entrant.drawn]
        if tournament.seats_tables:
            draw = self.draw_tables(active, previous)
        else:
            # Round 1 asks the registered seeders (a club's ratings); later rounds never do.
            drawn = [entrants[pk] for pk in active]
            seeded = None if previous else seeded_order(tournament, drawn, self.seed)
            draw = event_rules.draw_round(
                rules.Format(tournament.format),
                active,
                tournament.results(previous),
                [round.as_draw() for round in previous],
                self.seed,
                seeded,
            )
        made = []
        for number, sides in enumerate(draw.tables, start=1):
            table = Table.objects.create(
                name=board_table_name(tournament.name, self.number, number),
                entry_mode=NEW_TABLE_ENTRY_MODE,
            )
            board = Board.objects.create(round=self, number=number, table=table)
            board.seat(sides)
            seat_names = board.seat_names(sides, entrants)
            board.match = table.start_match(
                seat_names,
                tournament.game(len(seat_names)),
                tournament.preset,
                rules.SeriesRules(first_to=None),
            )
            board.save(update_fields=["match"])
            made.append(board)
        if tournament.results_need == ResultsNeedChoice.OTHER_SIDE:
            # Each side's own link made with the draw: the table cards showing them only read.
            SideLink.for_boards(made)
        for offset, entrant in enumerate(draw.byes, start=len(draw.tables) + 1):
            board = Board.objects.create(round=self, number=offset, kind=Board.Kind.BYE)
            board.seat(((entrant,), ()))

    def draw_tables(self, active: list[int], previous: Sequence["Round"]) -> event_rules.Draw:
        """An event at tables of players: its players at tables of the director's size that the game
        seats (DrawRefused when these players cannot be; ValueError: fewer than 3)."""
        tournament = self.tournament
        most = rules.preset_named(tournament.preset).most_players
        if len(active) >= event_rules.MIN_TABLE_SIZE:
            try:
                event_rules.table_sizes(len(active), tournament.table_size, most)
            except ValueError:
                raise DrawRefused("table_too_large") from None
        return event_rules.draw_tables(
            active,
            tournament.table_results(previous),
            [round.as_draw() for round in previous],
            self.seed,
            tournament.table_size,
            most,
            to_a_target=tournament.to_a_target,
        )
