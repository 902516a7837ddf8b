"""A club, the tables that joined it, and (in ratings) what its matches made of its players."""

import re
from datetime import date, datetime, time, timedelta

from django.db import IntegrityError, connection, models, transaction
from django.urls import reverse
from django.utils import timezone

from scorekeeper.clubs.words import DEFAULT_CLUB_NAME, club_not_here
from scorekeeper.inputs import clean_text
from scorekeeper.models import (
    KEY_LENGTH,
    KEY_PATTERN,
    NAME_MAX,
    RateLimited,
    Table,
    lock_name,
    new_key,
)

CLUB_NAME_MAX = 60
# A club's link as a person pastes it: the whole address, or only its key.
_LINK = re.compile(rf"(?:/c/)?({KEY_PATTERN})/?(?:[?#].*)?$")


class AlreadyInAClub(Exception):
    """The table is in a club already: it leaves that one first."""


class ClubQuerySet(models.QuerySet):
    def create_limited(self, *, creator: str, per_hour: int, **fields) -> "Club":
        """A new club, unless this creator made per_hour of them in the last hour (RateLimited,
        nothing made)."""
        with transaction.atomic():
            lock_name(f"club-creator:{creator}")
            since = timezone.now() - timedelta(hours=1)
            if self.filter(creator=creator, created_at__gte=since).count() >= per_hour:
                raise RateLimited
            return self.create(creator=creator, **fields)


class Club(models.Model):
    """Tables that play under one name (a park, a bar, a league), opened by its own key."""

    key = models.CharField(max_length=KEY_LENGTH, unique=True, default=new_key, editable=False)
    name = models.CharField(max_length=CLUB_NAME_MAX)
    created_at = models.DateTimeField(default=timezone.now)
    # A keyed hash of the creating client's address, only to rate-limit club creation.
    creator = models.CharField(max_length=32, blank=True, db_index=True, editable=False)
    # The stamp of the history the kept ratings were rated from (rerating.up_to_date).
    rated_stamp = models.CharField(max_length=100, blank=True, editable=False)
    # Moves with every change its pages show (a re-rating, a season, a table in or out): a
    # kept page is keyed on it, so a read needs the club's row and nothing else.
    version = models.PositiveIntegerField(default=0, editable=False)

    objects = ClubQuerySet.as_manager()

    def __str__(self) -> str:
        return self.name or str(DEFAULT_CLUB_NAME)

    def get_absolute_url(self) -> str:
        return reverse("club", args=[self.key])

    def tables(self) -> "models.QuerySet[Table]":
        """The tables that joined this club: its pages read only these."""
        return Table.objects.filter(pk__in=self.memberships.values("table"))

    def moved(self) -> None:
        """Its pages show something new: the kept ones are drawn again."""
        Club.objects.filter(pk=self.pk).update(version=models.F("version") + 1)

    def families(self) -> list[str]:
        """The game families the club has rated, the one with the most players first."""
        rows = (
            self.ratings.values("family")
            .annotate(players=models.Count("pk"))
            .order_by("-players", "family")
        )
        return [row["family"] for row in rows]

    def join(self, table: Table) -> "Membership":
        """The table joins this club; AlreadyInAClub (nothing changed) if it is in one."""
        try:
            with transaction.atomic():
                return Membership.objects.create(club=self, table=table)
        except IntegrityError:
            raise AlreadyInAClub from None

    @classmethod
    def page_version(cls, key: str) -> tuple[int, int] | None:
        """(id, version) of the club this key opens, what its kept pages are keyed on: one
        indexed read in plain SQL, as the match page's, since building it with the ORM costs
        more than serving the kept page."""
        table = connection.ops.quote_name(cls._meta.db_table)
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT id, version FROM {table} WHERE key = %s", [key])
            return cursor.fetchone()

    @classmethod
    def from_link(cls, link: str) -> "Club | None":
        """The club a pasted link or key opens (None for anything else)."""
        found = _LINK.search(link.strip())
        if found is None:
            return None
        return cls.objects.filter(key=found.group(1)).first()


class Membership(models.Model):
    """A table in a club: at most one club a table, so its matches count once."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    # No reverse accessor: the scorekeeper's tables know nothing of clubs.
    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="+")
    joined_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.table_id} in {self.club_id}"

    @classmethod
    def of(cls, table: Table) -> "Membership | None":
        return cls.objects.select_related("club").filter(table=table).first()


class RatedMatch(models.Model):
    """A finished match of the club's tables as it was rated, in the order matches ended.

    The match is named by its id, not a key: a match deleted or left with its table is still
    seen here, so the ratings after it are rated again.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="rated")
    seq = models.PositiveIntegerField()
    match_id = models.BigIntegerField()
    version = models.PositiveIntegerField()
    ended_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "seq"], name="rated_match_unique_seq")
        ]

    def __str__(self) -> str:
        return f"{self.club_id} #{self.seq}"

    def place(self) -> tuple[datetime, int]:
        """Where it stands in the order matches ended."""
        return (self.ended_at, self.match_id)


class RatingStep(models.Model):
    """One player's rating in one family after one rated match."""

    rated = models.ForeignKey(RatedMatch, on_delete=models.CASCADE, related_name="steps")
    family = models.CharField(max_length=20)
    player = models.CharField(max_length=NAME_MAX)
    name = models.CharField(max_length=NAME_MAX)
    side = models.PositiveSmallIntegerField()  # partners share it; opponents do not
    mu = models.FloatField()
    sigma = models.FloatField()
    won = models.BooleanField()

    class Meta:
        indexes = [models.Index(fields=["player", "family"], name="rating_step_player")]

    def __str__(self) -> str:
        return f"{self.player} {self.family} after {self.rated_id}"

    @property
    def rating(self) -> float:
        return self.mu - 3 * self.sigma


class ClubRating(models.Model):
    """A player's rating now in one family, with what the leaderboard shows beside it: summed
    again from the steps whenever a match is rated, so the leaderboard reads one row a player."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="ratings")
    family = models.CharField(max_length=20)
    player = models.CharField(max_length=NAME_MAX)
    name = models.CharField(max_length=NAME_MAX)
    mu = models.FloatField()
    sigma = models.FloatField()
    rating = models.FloatField()  # the ordinal, mu - 3 sigma
    played = models.PositiveIntegerField()
    won = models.PositiveIntegerField()
    # The last results, newest first: "W" a win, "L" anything else.
    last = models.CharField(max_length=10)
    provisional = models.BooleanField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["club", "family", "player"], name="club_rating_unique_player"
            )
        ]
        indexes = [
            models.Index(
                fields=["club", "family", "provisional", "-rating"], name="club_rating_board"
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} {self.rating:.1f}"

    @property
    def win_rate(self) -> int:
        return (200 * self.won + self.played) // (2 * self.played) if self.played else 0


class Season(models.Model):
    """A date range of a club: its standings and ratings count the matches that ended inside
    it, from the first moment of its first day to the last of its last (the server's time)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=CLUB_NAME_MAX)
    starts_on = models.DateField()
    ends_on = models.DateField()  # its last day, counted whole

    class Meta:
        ordering = ["-starts_on", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(ends_on__gte=models.F("starts_on")),
                name="season_ends_after_it_starts",
            )
        ]

    def __str__(self) -> str:
        return self.name

    def bounds(self) -> tuple[datetime, datetime]:
        """From midnight starting its first day to midnight ending its last: a match that ends
        at that last midnight is the next day's."""
        zone = timezone.get_current_timezone()
        start = datetime.combine(self.starts_on, time.min, tzinfo=zone)
        end = datetime.combine(self.ends_on + timedelta(days=1), time.min, tzinfo=zone)
        return start, end

    def is_current(self, today: date) -> bool:
        return self.starts_on <= today <= self.ends_on


class SeededTournament(models.Model):
    """A tournament the club's setup made, seeded by the club's ratings (clubs.seeding)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tournaments")
    # No reverse accessor: the scorekeeper's tournaments know nothing of clubs.
    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="+"
    )

    def __str__(self) -> str:
        return f"{self.tournament_id} seeded by {self.club_id}"

    # The link in the tournament's backup (registered with tournaments.backup): the club's key
    # and, for a person reading the file, its name.
    @classmethod
    def backup_link(cls, tournament) -> dict | None:
        found = cls.objects.filter(tournament=tournament).select_related("club").first()
        return found and {"key": found.club.key, "name": found.club.name}

    @classmethod
    def restore_link(cls, tournament, raw) -> str | None:
        """Link a restored tournament to its club again, when the club is on this server (its
        key in the file, as the club's own setup is opened by it). Else the tournament stands
        alone, and the words returned tell the director why. ValueError: unreadable."""
        key = raw.get("key") if isinstance(raw, dict) else None
        if not isinstance(key, str):
            raise ValueError(raw)
        club = Club.objects.filter(key=key).first()
        if club is None:
            name = raw.get("name")
            return club_not_here(clean_text(name)[:CLUB_NAME_MAX] if isinstance(name, str) else "")
        cls.objects.create(club=club, tournament=tournament)
        return None
