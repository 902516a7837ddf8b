"""A hand's save: checked against the match as it is stored (another phone's write first),
counted once, validated and scored once, and a change made elsewhere told in one set of words."""

import uuid

import pytest
from django.test import Client

from scorekeeper import rules
from scorekeeper.models import HandConflict, Match
from tests.created import created
from tests.support.testing import add_hand, post_data, reported, scoring_match, tap

FIRST = reported(0, {1: 10, 2: 5, 3: 7})  # 22 for Alice & Cara


SECOND = reported(1, {0: 20, 2: 10, 3: 14})  # 44 for Ben & Dev


def read_again(match: Match) -> Match:
    return created(Match).get(pk=match.pk)


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


@pytest.fixture
def scorings(monkeypatch) -> list[int]:
    """Each call of rules.score_hand or rules.validate_hand, counted as it happens."""
    calls: list[int] = []
    score, validate = rules.score_hand, rules.validate_hand

    def counted_score(*args, **kwargs):
        calls.append(1)
        return score(*args, **kwargs)

    def counted_validate(*args, **kwargs):
        calls.append(1)
        return validate(*args, **kwargs)

    monkeypatch.setattr(rules, "score_hand", counted_score)
    monkeypatch.setattr(rules, "validate_hand", counted_validate)
    return calls


def save_url(match: Match) -> str:
    return f"/t/{match.table.key}/m/{match.number}/hand"


def test_an_ordinary_save_scores_the_hand_once(client: Client, make_match, scorings):
    match = make_match()

    response = client.post(save_url(match), post_data(0, 1, {1: 10, 2: 5, 3: 7}))

    assert response.headers["X-Hand"] == "saved"
    assert created(Match).get(pk=match.pk).totals == [22, 0]
    # score_hand validates inside: one call of it, and no validate_hand of its own.
    assert len(scorings) == 1


def test_a_save_that_ends_the_match_scores_once_for_the_question_and_once_for_the_save(
    client: Client, make_match, scorings
):
    match = make_match(target=100)
    big = post_data(0, 1, {1: 40, 2: 30, 3: 40})

    asked = client.post(save_url(match), big)
    asked_scorings = len(scorings)
    saved = client.post(save_url(match), {**big, "confirm_end": "1"})

    assert (asked.headers["X-Hand"], saved.headers["X-Hand"]) == ("confirm", "saved")
    assert asked_scorings == 1
    assert len(scorings) == 2
    assert created(Match).get(pk=match.pk).finished


def played_one_hand_and_moved(make_match) -> tuple[Match, Match]:
    """A match as a form read it, and the same match after another phone saved hand 1 twice
    and undid one: one hand on the sheet, its version moved on."""
    match = make_match(first_hands_bonus=(100, 50))
    moved = created(Match).get(pk=match.pk)
    add_hand(moved, 1, {0: 3, 2: 4, 3: 5})
    add_hand(moved, 1, {0: 3, 2: 4, 3: 5})
    moved.undo(version=moved.version)
    return match, created(Match).get(pk=match.pk)


def test_the_write_scores_again_when_the_match_moved_since_the_form_scored(make_match):
    read, fresh = played_one_hand_and_moved(make_match)
    _, control = played_one_hand_and_moved(make_match)
    hand = reported(0, {1: 10, 2: 5, 3: 7})
    # The form scored it as hand 1 (the first hand's bonus, 100); it is saved as hand 2 (50).
    stale = rules.score_hand(read.game(), hand, read.next_leader, number=1)

    as_hand_two = rules.score_hand(fresh.game(), hand, fresh.next_leader, number=2)
    assert stale.points != as_hand_two.points  # else this test could not tell them apart

    fresh.add_hand(hand, token=uuid.uuid4(), number=2, result=stale, version=read.version)
    control.add_hand(hand, token=uuid.uuid4(), number=2)

    assert fresh.totals == control.totals


CHANGED = "The match changed on another phone, so nothing was changed."


def test_a_play_for_a_hand_that_ended_meanwhile_says_the_match_changed(client: Client, db):
    match = scoring_match()
    # The play strip of hand 2, while the match is still on hand 1: another phone's page.
    data = {"seat": "0", "points": "10", "number": "2", "token": str(uuid.uuid4())}

    response = client.post(f"/t/{match.table.key}/m/{match.number}/play", data, follow=True)

    assert CHANGED in response.content.decode()
    assert match.hands.count() == 0
