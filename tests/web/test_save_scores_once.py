"""A hand's save validates and scores it once: the form scores it, the end-of-match question
and the write use that result, and the write scores again only if the match moved since."""

import uuid

import pytest
from django.test import Client

from scorekeeper import rules
from scorekeeper.models import Match
from scorekeeper.testing import add_hand, post_data, reported


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
    assert Match.objects.get(pk=match.pk).totals == [22, 0]
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
    assert Match.objects.get(pk=match.pk).finished


def played_one_hand_and_moved(make_match) -> tuple[Match, Match]:
    """A match as a form read it, and the same match after another phone saved hand 1 twice
    and undid one: one hand on the sheet, its version moved on."""
    match = make_match(first_hands_bonus=(100, 50))
    moved = Match.objects.get(pk=match.pk)
    add_hand(moved, 1, {0: 3, 2: 4, 3: 5})
    add_hand(moved, 1, {0: 3, 2: 4, 3: 5})
    moved.undo(version=moved.version)
    return match, Match.objects.get(pk=match.pk)


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
