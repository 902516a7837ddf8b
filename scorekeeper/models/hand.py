"""Hands as the table reported them, their plays, their pip counts and their points."""

import uuid

from django.db import models
from django.utils import timezone

from scorekeeper import rules
from scorekeeper.models.choices import Ending, EntryKind
from scorekeeper.models.rows import insert_rows
from scorekeeper.models.rules_fields import hand_fields, hand_of, hand_summary, reason_to_json


def saved_once(name: str, *, within: str, place: str = "number") -> list[models.UniqueConstraint]:
    """One row per place in its parent, and one per form token: a double tap or a retry of the
    form that sent it saves it once."""
    return [
        models.UniqueConstraint(fields=[within, place], name=f"{name}_unique_{place}"),
        models.UniqueConstraint(fields=[within, "token"], name=f"{name}_unique_token"),
    ]


class Hand(models.Model):
    """One deal as the table reported it, and what the rules made of it."""

    match = models.ForeignKey("scorekeeper.Match", on_delete=models.CASCADE, related_name="hands")
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
    # Jamaican under `key counts 2`: the seat that went out did so on a key.
    on_a_key = models.BooleanField(default=False)
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
        # The match's address plus the hand's (a sheet asks for each row's: one reverse a match).
        return f"{self.match.hand_url_prefix}{self.number}/"

    def entry_list(self) -> list["ScoreEntry"]:
        """The hand's score entries; the prefetched ones without a queryset built for them."""
        kept = getattr(self, "_prefetched_objects_cache", {}).get("entries")
        if kept is not None and kept._result_cache is not None:
            return kept._result_cache
        if "written_entries" in self.__dict__:
            return self.written_entries  # just inserted by store(): not read back
        return list(self.entries.all())

    @property
    def blocked(self) -> bool:
        return self.ending == Ending.BLOCKED

    def side_points(self) -> dict[int, int]:
        """What each credited side scored in this hand (from its prefetched entries)."""
        points: dict[int, int] = {}
        for entry in self.entry_list():
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

    def as_played(self) -> rules.PlayedHand:
        """What the table entered for this hand: its plays (none in a block game) and its end
        (none while in play)."""
        plays = tuple(rules.Play(play.seat, play.points) for play in self.ordered_plays())
        return rules.PlayedHand(plays, None if self.in_play else self.as_rules_hand())

    def reopen(self) -> None:
        """Take back a scoring game's end of hand: it is in play again, its plays kept."""
        self.ending, self.went_out, self.capicu, self.holding_doubles = "", None, False, []
        self.save(update_fields=["ending", "went_out", "capicu", "holding_doubles"])
        self.counts.all().delete()

    def pips(self) -> dict[int, int]:
        return {count.position: count.pips for count in self.counts.all()}

    def as_rules_hand(self) -> rules.Hand:
        return hand_of(self, self.pips())

    def take_reported(self, hand: rules.Hand) -> list["SeatCount"]:
        """Set what the table reported; returns its pip counts, unsaved."""
        for name, value in hand_fields(hand).items():
            setattr(self, name, value)
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
        insert_rows([self], returning=True)  # its id: the counts and entries point to it
        for written in (*counts, *entries):
            written.hand_id = self.pk
        insert_rows(counts)
        insert_rows(entries)
        self.written_entries = entries

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
        self.reason = {} if result.reason is None else reason_to_json(result.reason)
        return [
            ScoreEntry(hand=self, side=credit.side, kind=str(credit.kind), points=credit.points)
            for credit in result.credits
        ]

    def store_result(self, result: rules.HandResult, led_by: int | None) -> None:
        """Save the rules' verdict on this hand, replacing the score entries it speaks for.

        A result that carries the hand's plays (a match scored again) replaces every entry; an
        end scored on its own (a hand in play being ended) keeps the entries of its plays,
        written as they were tapped.
        """
        entries = self.take_result(result, led_by)
        self.save(update_fields=["led_by", "winning_seat", "reason"])
        stale = self.entries.all() if result.plays else self.entries.exclude(kind=EntryKind.PLAY)
        stale.delete()
        ScoreEntry.objects.bulk_create(entries)

    def summary(self, pips: dict[int, int] | None = None) -> dict:
        """What was entered, for the change log (rules_fields.HAND says what it keeps)."""
        return hand_summary(self, self.pips() if pips is None else pips)


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
