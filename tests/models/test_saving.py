"""Scoring games' plays stored (models.saving): recorded as they happen, the end of a hand, undo,
the end of the match."""

import uuid

import pytest

from scorekeeper import rules
from scorekeeper.models import EntryKind, HandConflict, Match
from scorekeeper.rules import Play
from tests.support.testing import add_hand, scoring_match, tap

pytestmark = pytest.mark.django_db


def entries(match: Match) -> list[tuple[int, int, str, int]]:
    return sorted(
        (hand.number, entry.side, entry.kind, entry.points)
        for hand in match.hands.all()
        for entry in hand.entries.all()
    )


def test_a_play_is_credited_to_the_side_of_its_seat(db):
    match = scoring_match(partnership=True)
    tap(match, 1, 15)
    tap(match, 3, 10)

    assert match.totals == [0, 25]
    assert entries(match) == [(1, 1, EntryKind.PLAY, 25)]


def test_a_repeated_tap_is_recorded_once(db):
    match = scoring_match(names=("Ann", "Bo"))
    token = uuid.uuid4()
    first = tap(match, 0, 10, token=token)
    again = tap(match, 0, 10, token=token)

    assert first.pk == again.pk
    assert match.totals == [10, 0]


def test_a_hand_in_play_is_there_for_another_phone(db):
    match = scoring_match(names=("Ann", "Bo", "Cy"))
    tap(match, 2, 20)

    fresh = Match.objects.with_sheet().get(pk=match.pk)
    hand = fresh.open_hand()

    assert hand is not None and hand.number == 1
    assert [(play.seat, play.points) for play in hand.ordered_plays()] == [(2, 20)]


def test_ending_the_hand_keeps_its_plays_and_adds_the_end_count(db):
    match = scoring_match(partnership=False)
    for seat, points in ((0, 10), (1, 15), (0, 5), (2, 20)):
        tap(match, seat, points)
    add_hand(match, 3, {0: 7, 1: 12, 2: 4})

    assert match.totals == [15, 15, 20, 25]
    assert match.hands.get().plays.count() == 4
    assert (match.hand_count, match.next_leader) == (1, 3)


def test_a_hand_in_play_knows_who_led_it(db):
    # Dee went out of hand 1, so Dee leads hand 2: a match that ends during hand 2 keeps that.
    match = scoring_match(partnership=False)
    add_hand(match, 3, {0: 7, 1: 12, 2: 4})
    tap(match, 0, 10)

    assert match.hands.get(number=2).led_by == 3


def test_a_play_in_a_block_game_is_refused(db, make_match):
    match = make_match()

    with pytest.raises(rules.InvalidHand) as refused:
        tap(match, 0, 5)

    assert refused.value.errors[0].code == rules.ErrorCode.NO_PLAY_SCORES
    assert not match.hands.exists()


def test_a_refused_play_changes_nothing(db):
    match = scoring_match(names=("Ann", "Bo"))
    version = match.version

    with pytest.raises(rules.InvalidHand):
        tap(match, 0, 12)

    match.refresh_from_db()
    assert (match.totals, match.hands.count(), match.version) == ([0, 0], 0, version)


def test_a_play_reaching_the_target_ends_the_match_in_the_middle_of_the_hand(db):
    match = scoring_match("bergen", names=("Ann", "Bo"), target=4)
    tap(match, 1, 2)
    tap(match, 1, 2)

    assert (match.winner_side, match.finished_at is not None) == (1, True)
    assert match.hands.get().in_play


def test_nothing_is_accepted_once_a_play_ended_the_match(db):
    match = scoring_match("bergen", names=("Ann", "Bo"), target=3)
    tap(match, 0, 3)

    with pytest.raises(rules.InvalidHand):
        tap(match, 1, 2)
    with pytest.raises(rules.InvalidHand):
        add_hand(match, 1, {})
    assert match.totals == [3, 0]


def test_a_play_from_a_form_for_an_earlier_hand_is_refused_as_stale(db):
    match = scoring_match(names=("Ann", "Bo"))
    add_hand(match, 0, {1: 10})

    with pytest.raises(HandConflict):
        match.add_play(Play(1, 5), token=uuid.uuid4(), number=1)


def test_undo_takes_back_the_last_play_of_the_hand_in_play(db):
    match = scoring_match(names=("Ann", "Bo"))
    tap(match, 0, 10)
    tap(match, 1, 5)

    number, play = match.undo(version=match.version)

    assert (number, play.points, match.totals) == (1, 5, [10, 0])


def test_undoing_the_only_play_leaves_no_hand(db):
    match = scoring_match(names=("Ann", "Bo"))
    tap(match, 0, 10)
    match.undo(version=match.version)

    assert (match.hands.count(), match.totals) == (0, [0, 0])


def test_undoing_the_winning_play_reopens_the_match(db):
    match = scoring_match("bergen", names=("Ann", "Bo"), target=3)
    tap(match, 0, 3)
    match.undo(version=match.version)

    assert (match.finished, match.totals, match.hand_count) == (False, [0, 0], 0)


def test_undo_after_an_ended_hand_reopens_it_with_its_plays(db):
    match = scoring_match(names=("Ann", "Bo"))
    tap(match, 0, 10)
    add_hand(match, 0, {1: 10})

    number, play = match.undo(version=match.version)

    hand = match.hands.get()
    assert (number, play, hand.in_play, match.totals) == (1, None, True, [10, 0])


def test_undo_with_a_stale_version_changes_nothing(db):
    match = scoring_match(names=("Ann", "Bo"))
    tap(match, 0, 10)

    with pytest.raises(HandConflict):
        match.undo(version=match.version - 1)
    assert match.totals == [10, 0]


def test_correcting_an_earlier_end_rescores_the_match_with_its_plays(db):
    match = scoring_match(names=("Ann", "Bo"))
    tap(match, 1, 5)
    add_hand(match, 0, {1: 10})
    tap(match, 0, 15)
    hand = rules.Hand(rules.Ending.WENT_OUT, went_out=0, pips={1: 20})

    match.edit_hand(1, hand, version=match.version)

    assert match.totals == [35, 5]
    assert entries(match)[-1] == (2, 0, EntryKind.PLAY, 15)
