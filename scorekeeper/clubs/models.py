"""A club, the tables that joined it, and (in ratings) what its matches made of its players."""

import re

from django.db import IntegrityError, models, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scorekeeper.models import KEY_LENGTH, KEY_PATTERN, Table, new_key

CLUB_NAME_MAX = 60
# A club's link as a person pastes it: the whole address, or only its key.
_LINK = re.compile(rf"(?:/c/)?({KEY_PATTERN})/?(?:[?#].*)?$")


class AlreadyInAClub(Exception):
    """The table is in a club already: it leaves that one first."""


class Club(models.Model):
    """Tables that play under one name (a park, a bar, a league), opened by its own key."""

    key = models.CharField(max_length=KEY_LENGTH, unique=True, default=new_key, editable=False)
    name = models.CharField(max_length=CLUB_NAME_MAX)
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return self.name or str(_("Club"))

    def get_absolute_url(self) -> str:
        return reverse("club", args=[self.key])

    def join(self, table: Table) -> "Membership":
        """The table joins this club; AlreadyInAClub (nothing changed) if it is in one."""
        try:
            with transaction.atomic():
                return Membership.objects.create(club=self, table=table)
        except IntegrityError:
            raise AlreadyInAClub from None

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
