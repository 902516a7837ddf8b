"""What the photo count keeps: when a client counted, only to rate-limit it (never the photo,
never what it showed)."""

from datetime import timedelta

from django.db import models, transaction
from django.utils import timezone

from scorekeeper.models import RateLimited, lock_name


class PhotoCountQuerySet(models.QuerySet):
    def count_limited(self, *, creator: str, per_hour: int) -> None:
        """One more photo counted for this client, unless it counted per_hour in the last hour
        (RateLimited, nothing kept); its rows older than the hour go."""
        since = timezone.now() - timedelta(hours=1)
        with transaction.atomic():
            lock_name(f"photo-creator:{creator}")
            self.filter(creator=creator, created_at__lt=since).delete()
            if self.filter(creator=creator).count() >= per_hour:
                raise RateLimited
            self.create(creator=creator)


class PhotoCount(models.Model):
    """One photo counted: the keyed hash of the client's address (as a new table's) and when."""

    creator = models.CharField(max_length=32, db_index=True)
    created_at = models.DateTimeField(default=timezone.now)

    objects = PhotoCountQuerySet.as_manager()

    def __str__(self) -> str:
        return f"{self.creator} {self.created_at:%Y-%m-%d %H:%M}"
