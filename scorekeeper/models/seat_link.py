"""Each player their own count (Mexican Train): a link per seat, and the counts posted through it.

A seat's link opens a page where that player types only their own count for the open round;
the round is scored and saved as a Hand when every count is in. The keys are as unguessable
as table keys, and a link reaches only its own seat of its own match.
"""

import uuid

from django.db import IntegrityError, models, transaction
from django.urls import reverse
from django.utils import timezone

from scorekeeper import rules
from scorekeeper.models.saving import HandConflict
from scorekeeper.models.table import KEY_LENGTH, new_key


class SeatLink(models.Model):
    """The key of one seat's page: that player's phone posts their count through it."""

    seat = models.OneToOneField("scorekeeper.Seat", on_delete=models.CASCADE, related_name="link")
    key = models.CharField(max_length=KEY_LENGTH, unique=True, default=new_key, editable=False)

    def __str__(self) -> str:
        return f"link of {self.seat}"

    def get_absolute_url(self) -> str:
        return reverse("seat", args=[self.key])

    @classmethod
    def for_match(cls, match) -> list["SeatLink"]:
        """Each seat's link in seat order, made the first time they are asked for."""
        seats = match.ordered_seats()
        links = {link.seat_id: link for link in cls.objects.filter(seat__match=match)}
        missing = [cls(seat=seat) for seat in seats if seat.pk not in links]
        if missing:
            cls.objects.bulk_create(missing, ignore_conflicts=True)
            links = {link.seat_id: link for link in cls.objects.filter(seat__match=match)}
        return [links[seat.pk] for seat in seats]


class RoundCount(models.Model):
    """One player's count for a round not yet closed: their pips, or that they went out."""

    match = models.ForeignKey(
        "scorekeeper.Match", on_delete=models.CASCADE, related_name="round_counts"
    )
    number = models.PositiveIntegerField()  # the round (the hand's number it will close as)
    position = models.PositiveSmallIntegerField()
    went_out = models.BooleanField(default=False)
    pips = models.PositiveIntegerField(default=0)
    double_blank = models.BooleanField(default=False)  # left holding it (asked under 25/50)
    updated_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["match", "number", "position"], name="round_count_unique_seat"
            )
        ]
        ordering = ["position"]

    def __str__(self) -> str:
        return f"{self.match} round {self.number} seat {self.position}"


def open_round_counts(match) -> dict[int, RoundCount]:
    """The counts posted for the match's open round, by seat (one query)."""
    number = match.hand_count + 1
    return {count.position: count for count in match.round_counts.filter(number=number)}


def round_from_counts(match, counts: dict[int, RoundCount]) -> rules.Hand | None:
    """The round as a Hand once every seat's count is in (None while one is missing, or while
    more than one says they went out: the scorer's phone settles that)."""
    if len(counts) < match.seat_count or len(went_out_seats(counts)) > 1:
        return None
    return posted_round(counts)


def posted_round(counts: dict[int, RoundCount]) -> rules.Hand:
    """The round as the counts posted so far tell it: who went out (when one seat alone says
    so), each other seat's pips, and who holds the double blank."""
    out = went_out_seats(counts)
    went_out = out[0] if len(out) == 1 else None
    ending = rules.Ending.WENT_OUT if went_out is not None else rules.Ending.BLOCKED
    pips = {seat: count.pips for seat, count in counts.items() if seat not in out}
    holding = frozenset(seat for seat, count in counts.items() if count.double_blank)
    return rules.Hand(ending=ending, went_out=went_out, pips=pips, holding_doubles=holding)


def went_out_seats(counts: dict[int, RoundCount]) -> list[int]:
    return sorted(seat for seat, count in counts.items() if count.went_out)


def counts_conflict(match, counts: dict[int, RoundCount]) -> tuple[list[int], tuple]:
    """Why a round whose every count is in stays open: the seats that each say they went out
    (when more than one does), and the rules' refusals of the counts (rules.HandError)."""
    if len(counts) < match.seat_count:
        return [], ()
    out = went_out_seats(counts)
    if len(out) > 1:
        return out, ()
    hand = round_from_counts(match, counts)
    return [], tuple(rules.validate_hand(match.game(), hand, number=match.hand_count + 1))


class CountRefused(Exception):
    """A seat's count the open round cannot take: nothing was kept."""

    ALREADY_OUT = "already_out"  # another seat has said it went out in this round
    STALE = "stale"  # the round closed (or was undone) since the seat's page was drawn

    def __init__(self, kind: str, seat: int | None = None) -> None:
        super().__init__(kind)
        self.kind = kind
        self.seat = seat


def post_count(match, position: int, *, went_out: bool, pips: int, double_blank: bool) -> bool:
    """Keep one seat's count for the open round, and close the round if it was the last one
    missing. Returns whether the round closed (was scored and saved as a Hand).

    Raises CountRefused for a second seat saying it went out, or a round no longer open.
    """
    number = match.hand_count + 1
    with transaction.atomic():
        # The match's row is the lock: two phones posting at once queue here, so the second
        # "I went out" sees the first.
        locked = type(match).objects.select_for_update().filter(pk=match.pk)
        if list(locked.values_list("hand_count", flat=True)) != [match.hand_count]:
            raise CountRefused(CountRefused.STALE)
        if went_out:
            other = (
                RoundCount.objects.filter(match=match, number=number, went_out=True)
                .exclude(position=position)
                .first()
            )
            if other is not None:
                raise CountRefused(CountRefused.ALREADY_OUT, other.position)
        RoundCount.objects.update_or_create(
            match=match,
            number=number,
            position=position,
            defaults={
                "went_out": went_out,
                "pips": 0 if went_out else pips,
                "double_blank": double_blank and not went_out,
                "updated_at": timezone.now(),
            },
        )
        # The scorer's kept page is keyed on the table's time: it shows who is missing afresh.
        type(match.table).objects.filter(pk=match.table_id).update(updated_at=timezone.now())
    return close_round(match)


def stored_as_posted(match, position: int, number: int | None, *, went_out: bool, pips) -> bool:
    """Whether the stored round `number` already holds this seat's count as posted (a retry
    of the count that closed it, whose answer was lost)."""
    hand = match.hands.filter(number=number).first() if number else None
    if hand is None:
        return False
    if went_out:
        return hand.went_out == position
    return hand.went_out != position and hand.pips().get(position) == pips


def close_round(match) -> bool:
    """Score and save the open round once every count is in (once, whoever is last)."""
    counts = open_round_counts(match)
    hand = round_from_counts(match, counts)
    if hand is None:
        return False
    number = match.hand_count + 1
    if rules.validate_hand(match.game(), hand, number=number):
        return False  # the scorer's phone sees the counts and corrects them
    try:
        with transaction.atomic():
            match.add_hand(hand, token=uuid.uuid4(), number=number)  # the counts go with it
    except (HandConflict, IntegrityError, rules.InvalidHand):
        return False  # another phone closed it first, or the game moved on
    return True
