"""The club's ratings follow its tables on the write side: a match's result moving (the core's
result_changed), a table joining or leaving (or deleted with its membership) re-rates the club
once the transaction that did it commits. The club's pages only read what is kept."""

from functools import partial

from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from scorekeeper.clubs import rerating
from scorekeeper.clubs.models import Membership
from scorekeeper.models import Match
from scorekeeper.models.signals import result_changed


def after_commit(work) -> None:
    """Run `work` once the transaction commits (at once outside one). A failure there leaves
    the ratings behind, never the save undone: the next change, or recompute_ratings, rates
    them again from the history."""
    transaction.on_commit(work, robust=True)


@receiver(result_changed, sender=Match, dispatch_uid="clubs-result-changed")
def match_result_changed(sender, *, match: Match, ended: bool, **kwargs) -> None:
    ended_at = match.finished_at if ended else None
    after_commit(partial(rerating.follow_match, match.table_id, match.pk, ended_at))


@receiver(post_save, sender=Membership, dispatch_uid="clubs-table-joined")
@receiver(post_delete, sender=Membership, dispatch_uid="clubs-table-left")
def membership_changed(sender, *, instance: Membership, **kwargs) -> None:
    after_commit(partial(rerating.follow_club, instance.club_id))
