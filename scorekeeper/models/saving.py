"""A match's write transactions: hands and plays added, corrected and taken back."""

import copy
import dataclasses
import uuid
from typing import Self

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from scorekeeper import rules
from scorekeeper.models.hand import EntryKind, Hand, PlayEntry, ScoreEntry
from scorekeeper.models.log import LogAction, LogEntry
from scorekeeper.models.rows import insert_rows


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
    # A finished match's result may no longer move: a tournament built on it (a bracket's next
    # match of either side has a hand entered: RULES.md, Knockouts).
    RESULT_KEPT = "result_kept"

    def __init__(self, kind: str, number: int) -> None:
        super().__init__(kind)
        self.kind = kind
        self.number = number


class MatchWrites:
    """The transactions that change a match (mixed into Match, which holds its fields)."""

    def add_play(self, play: rules.Play, *, token: uuid.UUID, number: int) -> "PlayEntry":
        """Record a score made during play, once (a repeat token returns the first record)."""
        with transaction.atomic():
            match = type(self).objects.select_for_update().get(pk=self.pk)
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
            state = rules.advance(game, match.state(), play)
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

    def undo(self, *, version: int) -> tuple[int, "PlayEntry | None"]:
        """Take back the last thing entered (kept in the log): the last play of a hand in play,
        else the last hand's end; a hand left with no plays and no end goes with it.

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
                match.remember_undone(last.token)
            if last.plays.exists():
                if play is None:
                    last.reopen()  # in play again, its plays kept
            else:
                last.delete()
            match.taking_back = True  # a round's clock waits for what is entered again
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

    def _locked_for_undo(self, version: int) -> tuple[Self, Hand]:
        """This match, locked (inside the caller's transaction), and the last hand to take back.

        Raises HandConflict when the page was stale, there is nothing to undo, or the match is
        over and the table has started another (that one is being played now: a hand of this
        one is corrected on its page instead).
        """
        match = type(self).objects.select_for_update().get(pk=self.pk)
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

    def refuse_if_kept(self) -> None:
        """Raise HandConflict (RESULT_KEPT) when the result just written (inside the caller's
        transaction, which then keeps nothing) may no longer move: the tournament board that
        drew the table built on it (a bracket's next match has begun). Asked through the
        table's board (Table.drawn_board), so the score sheet never imports a tournament's."""
        board = self.table.drawn_board
        if board is not None and board.refuses_change():
            raise HandConflict(HandConflict.RESULT_KEPT, self.hand_count)

    def remember_undone(self, token: uuid.UUID) -> None:
        """Keep the token of a hand or play just taken back (inside the caller's transaction,
        the row locked), so that a retry of it is told so instead of stored again."""
        self.undone_tokens = [*self.undone_tokens, str(token)][-self.UNDONE_KEPT :]
        type(self).objects.filter(pk=self.pk).update(undone_tokens=self.undone_tokens)

    def add_hand(
        self,
        hand: rules.Hand,
        *,
        token: uuid.UUID,
        number: int,
        result: rules.HandResult | None = None,
        version: int | None = None,
    ) -> "Hand":
        """Record the next hand once (raises HandConflict for a repeat or a stale form).

        `result`: the hand as the rules scored it (the hand form does) against this match at
        `version`; used as it is while the match has not moved since, else scored again.

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
                    saved = match._write_hand(hand, token, number, (result, version))
            except (StaleMatch, IntegrityError):
                pass
            else:
                self.take_state_of(match)
                return saved
        with transaction.atomic():
            match = type(self).objects.select_for_update().get(pk=self.pk)
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
            saved = match._write_hand(hand, token, number, (result, version))
        self.take_state_of(match)
        return saved

    def _write_hand(
        self,
        hand: rules.Hand,
        token: uuid.UUID,
        number: int,
        scored: tuple[rules.HandResult | None, int | None] = (None, None),
    ) -> "Hand":
        """Score the next hand against this match and write it, inside the caller's transaction
        (raises StaleMatch if the match's row is no longer as this object read it). `scored`:
        a result and the version it was scored at, kept if this match is still at it."""
        game = self.game()
        result, version = scored
        if result is None or version != self.version:
            result = rules.score_hand(game, hand, led_by=self.next_leader, number=number)
        before = self.state()
        # Kept as the game settles it against the match (a set's worth and marks), as
        # rules.play_match does; the same result for a game that carries nothing.
        result = game.kind.settle(game, before, result)[0]
        state = rules.advance(game, before, result)
        # Where plays score (a scoring game), the hand already has a row once one was recorded.
        saved = self.hands.filter(number=number).first() if rules.play_amounts(game) else None
        if saved is not None and saved.token == token:
            raise StaleMatch  # ended before and reopened since: the locked path says so
        saved = saved or Hand(match=self, number=number)
        saved.token = token
        saved.store(hand, result, self.next_leader)
        if game.kind.counts_from_seats:
            # The counts the players' phones posted for this round are spent, whoever saved it:
            # an undo opens the round again empty, not with counts the scorer overruled.
            self.round_counts.filter(number=number).delete()
        self.store_state(state)
        logged = LogEntry(
            match=self,
            action=LogAction.SAVED,
            hand_number=number,
            after=saved.summary(pips=hand.pips),
            totals=self.totals,
            result=saved.reason or None,  # as the game settled it: the log's words for it
        )
        insert_rows([logged])  # its id is not read back: nothing uses it
        return saved

    def edit_hand(self, number: int, hand: rules.Hand, *, version: int) -> None:
        """Change what was entered for a hand and score the match again."""
        with transaction.atomic():
            match = type(self).objects.select_for_update().get(pk=self.pk)
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
            saved.refresh_from_db(fields=["reason"])  # as the match scored again settled it
            LogEntry.objects.create(
                match=match,
                action=LogAction.EDITED,
                hand_number=number,
                before=before,
                after=saved.summary(pips=hand.pips),
                totals=match.totals,
                result=saved.reason or None,
            )
        self.refresh_from_db()
