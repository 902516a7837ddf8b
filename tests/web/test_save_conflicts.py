"""A hand saved from a match read before another phone's write: checked against the match as it
is stored, and counted once."""

import uuid

import pytest

from scorekeeper.models import HandConflict, Match
from scorekeeper.testing import reported, scoring_match, tap

FIRST = reported(0, {1: 10, 2: 5, 3: 7})  # 22 for Alice & Cara
SECOND = reported(1, {0: 20, 2: 10, 3: 14})  # 44 for Ben & Dev


def read_again(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


def test_a_hand_sent_again_from_a_page_read_before_it_was_saved_counts_once(make_match):
    match = make_match()
    token = uuid.uuid4()
    before = read_again(match)
    match.add_hand(FIRST, token=token, number=1)

    with pytest.raises(HandConflict) as conflict:
        before.add_hand(FIRST, token=token, number=1)

    assert (conflict.value.kind, conflict.value.number) == (HandConflict.REPEAT, 1)
    assert (match.hands.count(), read_again(match).totals) == (1, [22, 0])


def test_a_hand_another_phone_saved_first_is_not_saved_again(make_match):
    match = make_match()
    before = read_again(match)
    match.add_hand(FIRST, token=uuid.uuid4(), number=1)

    with pytest.raises(HandConflict) as conflict:
        before.add_hand(SECOND, token=uuid.uuid4(), number=1)

    assert conflict.value.kind == HandConflict.ALREADY_SAVED
    assert (match.hands.count(), read_again(match).totals) == (1, [22, 0])


def test_the_object_that_lost_to_another_phone_keeps_what_it_read(make_match):
    match = make_match()
    before = read_again(match)
    match.add_hand(FIRST, token=uuid.uuid4(), number=1)

    with pytest.raises(HandConflict):
        before.add_hand(SECOND, token=uuid.uuid4(), number=1)

    assert (before.hand_count, before.totals) == (0, [0, 0])


def test_a_hand_saved_after_the_match_moved_is_scored_on_the_match_as_stored(make_match):
    match = make_match()
    match.add_hand(FIRST, token=uuid.uuid4(), number=1)
    before = read_again(match)
    match.undo(version=match.version)
    match.add_hand(SECOND, token=uuid.uuid4(), number=1)  # hand 1 is now Ben's

    before.add_hand(FIRST, token=uuid.uuid4(), number=2)

    stored = read_again(match)
    assert (stored.hand_count, stored.totals) == (2, [22, 44])
    assert (before.version, before.totals) == (stored.version, [22, 44])


def test_an_ended_hand_taken_back_and_sent_again_with_its_token_is_not_ended_again(db):
    match = scoring_match(names=("Ann", "Bo"))
    tap(match, 0, 10)
    token = uuid.uuid4()
    match.add_hand(reported(0, {1: 10}), token=token, number=1)
    match.undo(version=match.version)  # the hand is in play again

    with pytest.raises(HandConflict) as conflict:
        match.add_hand(reported(0, {1: 10}), token=token, number=1)

    assert conflict.value.kind == HandConflict.UNDONE  # the phone is told it was taken back
    assert read_again(match).totals == [10, 0]
