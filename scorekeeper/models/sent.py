"""What a form's one-time token made: a double tap, a reload or a second post of the same form
(new table, club or tournament) goes to the thing the first one made instead of a second."""

import uuid
from collections.abc import Callable
from datetime import timedelta

from django.db import models, transaction
from django.utils import timezone

from scorekeeper.models.table import lock_name

# How long a token answers with what it made; older rows are dropped as new ones come.
SENT_WINDOW = timedelta(hours=1)


class SentFormQuerySet(models.QuerySet):
    def made_once(
        self,
        token: uuid.UUID | None,
        creator: str,
        make: Callable[[], models.Model],
        sent: str = "",
    ) -> str:
        """The address of what this creator's form with this token and these answers (`sent`,
        a digest of what was posted) made within the window; else make() is called (in this
        transaction, so its refusal keeps nothing), and the address of what it made is kept for
        the token. No token (a page from before tokens): make() each time. The same token with
        other answers (the back button, a name put right, Start again) makes a new one."""
        with transaction.atomic():
            if token is None:
                return make().get_absolute_url()
            # A second request with this token waits here until the first one's row is kept.
            lock_name(f"sent-form:{token}")
            since = timezone.now() - SENT_WINDOW
            url = (
                self.filter(token=token, creator=creator, sent=sent, sent_at__gte=since)
                .values_list("url", flat=True)
                .first()
            )
            if url is not None:
                return url
            self.filter(sent_at__lt=since).delete()
            url = make().get_absolute_url()
            self.update_or_create(
                token=token,
                defaults={"creator": creator, "sent": sent, "url": url, "sent_at": timezone.now()},
            )
            return url


class SentForm(models.Model):
    """A form's one-time token, who sent it, what they answered and the address of what it
    made."""

    token = models.UUIDField(unique=True)
    creator = models.CharField(max_length=64)
    sent = models.CharField(max_length=64, default="")  # a digest of the answers posted
    url = models.CharField(max_length=300)
    sent_at = models.DateTimeField(default=timezone.now, db_index=True)

    objects = SentFormQuerySet.as_manager()

    def __str__(self) -> str:
        return self.url
