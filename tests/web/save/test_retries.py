"""Requests sent again: a correction, an undo or a rematch sent again after its answer was lost
(or tapped on two phones at once), and a hand or play taken back on another phone then sent
again: done once, and the phone is told what happened."""

import uuid

import pytest
from django.test import Client

from scorekeeper.models import HandConflict, LogAction, Match
from tests.created import created
from tests.support.testing import post_data, reported, scoring_match, tap

CHANGED = "The match changed on another phone, so nothing was changed."


def hidden(page: str, name: str) -> str:
    return page.split(f'name="{name}" value="', 1)[1].split('"', 1)[0]


def played(make_match, add_hand, hands: int = 3) -> Match:
    match = make_match()
    for _ in range(hands):
        add_hand(match, 0, {1: 5, 2: 5, 3: 5})
    return match


def correction(client: Client, match: Match, number: int, pips: dict) -> dict:
    page = client.get(f"/t/{match.table.key}/m/{match.number}/h/{number}/?out=0").content.decode()
    data = {name: hidden(page, name) for name in ("out", "number", "token", "entry", "version")}
    data.update({f"pips_{seat}": str(value) for seat, value in pips.items()})
    return data


def corrected(client: Client, match: Match) -> tuple[str, dict]:
    """Hand 2 corrected to 10 in each other hand: its address and the form as it was sent."""
    url = f"/t/{match.table.key}/m/{match.number}/h/2/"
    data = correction(client, match, 2, {1: 10, 2: 10, 3: 10})
    client.post(url, data)
    return url, data


def test_a_correction_sent_again_after_its_answer_was_lost_says_it_was_corrected(
    client: Client, make_match, add_hand
):
    match = played(make_match, add_hand)
    url, data = corrected(client, match)

    again = client.post(url, data, follow=True)

    text = again.content.decode()
    assert "Hand 2 corrected." in text
    assert CHANGED not in text
    assert match.log.filter(action=LogAction.EDITED).count() == 1


def test_a_correction_from_a_stale_page_that_differs_is_still_refused(
    client: Client, make_match, add_hand
):
    match = played(make_match, add_hand)
    url, data = corrected(client, match)

    other = client.post(url, {**data, "pips_1": "20"})

    assert CHANGED in other.content.decode()
    assert created(Match).get(pk=match.pk).hands.get(number=2).pips() == {1: 10, 2: 10, 3: 10}


def test_an_undo_sent_again_after_its_answer_was_lost_takes_back_one_hand(
    client: Client, make_match, add_hand
):
    match = played(make_match, add_hand)
    url = f"/t/{match.table.key}/m/{match.number}/undo"
    version = hidden(client.get(url).content.decode(), "version")
    client.post(url, {"version": version})

    again = client.post(url, {"version": version}, follow=True)

    assert created(Match).get(pk=match.pk).hand_count == 2
    text = again.content.decode()
    assert "The undo of hand 3 had arrived before, and counts once." in text
    assert CHANGED not in text


def test_an_undo_from_a_page_two_changes_old_is_still_refused(client: Client, make_match, add_hand):
    match = played(make_match, add_hand)
    url = f"/t/{match.table.key}/m/{match.number}/undo"
    version = hidden(client.get(url).content.decode(), "version")
    add_hand(match, 0, {1: 5, 2: 5, 3: 5})
    client.post(url, {"version": version})

    assert CHANGED in client.post(url, {"version": version}, follow=True).content.decode()
    assert created(Match).get(pk=match.pk).hand_count == 4


def test_two_phones_tapping_rematch_at_once_start_one_match(make_match, add_hand):
    match = add_hand(make_match(target=10), 0, {1: 20, 2: 0, 3: 0})
    phones = [Client(), Client()]
    url = f"/t/{match.table.key}/m/{match.number}/"
    forms = [
        phone.get(url).content.decode().split(match.table.rematch_url(), 1)[1] for phone in phones
    ]

    answers = [
        phone.post(
            match.table.rematch_url(),
            {"token": hidden(form, "token"), "after": hidden(form, "after")},
        )
        for phone, form in zip(phones, forms, strict=True)
    ]

    assert [answer["Location"] for answer in answers] == [f"/t/{match.table.key}/m/2/"] * 2
    assert match.table.matches.count() == 2


def test_a_correction_of_a_hand_undone_meanwhile_changes_nothing(make_match, add_hand):
    match = played(make_match, add_hand)
    version = match.version
    created(Match).get(pk=match.pk).undo(version=version)

    with pytest.raises(HandConflict) as conflict:
        match.edit_hand(3, reported(0, {1: 9, 2: 9, 3: 9}), version=version)

    assert conflict.value.kind == HandConflict.STALE
    assert created(Match).get(pk=match.pk).hand_count == 2


UNDONE = "Hand 1 was undone on another phone, so it was not saved again."


PLAY_UNDONE = "That score was taken back on another phone, so it was not saved again."


def read_again(match: Match) -> Match:
    return created(Match).get(pk=match.pk)


def undo(client: Client, match: Match) -> None:
    client.post(
        f"/t/{match.table.key}/m/{match.number}/undo", {"version": read_again(match).version}
    )


def test_a_hand_undone_since_is_refused_when_its_token_comes_again(make_match):
    match = make_match()
    token = uuid.uuid4()
    match.add_hand(reported(0, {1: 10, 2: 5, 3: 7}), token=token, number=1)
    match.undo(version=match.version)

    with pytest.raises(HandConflict) as conflict:
        match.add_hand(reported(0, {1: 10, 2: 5, 3: 7}), token=token, number=1)

    assert (conflict.value.kind, conflict.value.number) == (HandConflict.UNDONE, 1)
    assert (read_again(match).hand_count, read_again(match).totals) == (0, [0, 0])


def test_an_undone_hand_sent_again_says_so_and_keeps_the_typed_hand(client: Client, make_match):
    match = make_match()
    url = f"/t/{match.table.key}/m/{match.number}/hand"
    data = post_data(0, 1, {1: 10, 2: 5, 3: 17})
    Client().post(url, data)  # saved, and its answer (with its cookies) lost
    undo(Client(), match)  # another phone

    again = client.post(url, data, headers={"HX-Request": "true"})

    text = again.content.decode()
    assert UNDONE in text
    assert "Hand 1 saved." not in text
    assert again["X-Hand"] == "undone"
    assert 'name="pips_3" value="17"' in text  # the hand as typed, for the player to decide
    assert f'value="{data["token"]}"' not in text  # saved again, it would be refused again
    assert read_again(match).hand_count == 0


def test_an_undone_hand_sent_again_without_javascript_shows_the_form(client: Client, make_match):
    match = make_match()
    url = f"/t/{match.table.key}/m/{match.number}/hand"
    data = post_data(0, 1, {1: 10, 2: 5, 3: 17})
    Client().post(url, data)
    undo(Client(), match)

    again = client.post(url, data)

    assert again.status_code == 422
    assert UNDONE in again.content.decode()
    assert 'name="pips_3" value="17"' in again.content.decode()


def test_a_play_taken_back_since_is_not_stored_again(client: Client, db):
    match = scoring_match()
    token = uuid.uuid4()
    tap(match, 0, 10, token=token)
    undo(Client(), match)

    again = client.post(
        f"/t/{match.table.key}/m/{match.number}/play",
        {"seat": "0", "points": "10", "number": "1", "token": str(token)},
        headers={"HX-Request": "true"},
    )

    assert PLAY_UNDONE in again.content.decode()
    assert read_again(match).totals == [0, 0]
    assert not read_again(match).hands.exists()


def test_only_the_latest_undone_tokens_are_kept(make_match):
    match = make_match()
    for _ in range(Match.UNDONE_KEPT + 5):
        match.add_hand(reported(0, {1: 1, 2: 1, 3: 1}), token=uuid.uuid4(), number=1)
        match.undo(version=match.version)

    assert len(read_again(match).undone_tokens) == Match.UNDONE_KEPT


def test_the_hand_that_won_sent_again_is_answered_as_saved(client: Client, make_match):
    match = make_match(names=("Ana", "Ben"), preset="standard", target=50)
    data = {**post_data(0, 1, {1: 60}), "confirm_end": "1"}
    client.post(f"/t/{match.table.key}/m/{match.number}/hand", data)

    retried = client.post(
        f"/t/{match.table.key}/m/{match.number}/hand", data, headers={"HX-Request": "true"}
    )

    assert retried.headers["X-Hand"] == "saved"
    assert "Hand 1 saved (it had arrived before, and counts once)." in retried.content.decode()
    match.refresh_from_db()
    assert (match.hand_count, match.winner_side) == (1, 0)


def test_the_score_that_won_sent_again_is_not_told_the_match_is_over(client: Client, db):
    match = scoring_match("bergen", names=("Ann", "Bo"), target=3)
    token = uuid.uuid4()
    data = {"seat": "0", "points": "3", "number": "1", "token": str(token)}
    client.post(f"/t/{match.table.key}/m/{match.number}/play", data)

    retried = client.post(f"/t/{match.table.key}/m/{match.number}/play", data)

    assert "This match is over" not in retried.content.decode()
    match.refresh_from_db()
    assert match.totals == [3, 0]
