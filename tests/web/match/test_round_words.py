"""A round is called a round: Swedish says "runda" for a round of Mexican Train and "rond" for a
tournament's round (never "omgång", its word for a hand), Spanish "ronda" for both; and a
Mexican Train table is told of rounds and the game, never hands, when a round meets another
phone's change, waits on the phone, or is logged."""

import gettext
import re
import uuid
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from tests.created import created
from tests.web.match.test_rounds import post_round, start, text

pytestmark = pytest.mark.django_db

LOCALE = Path(__file__).resolve().parents[3] / "scorekeeper" / "locale"
# "round" the noun: not rounding a count ("rounds down"), not a round robin.
A_ROUND = re.compile(r"\brounds?\b(?! (?:down|up|robin))", re.IGNORECASE)
# What a tournament says: its rounds are drawn, started, ended, timed, counted and listed in its
# backup; a message shared with Mexican Train's rounds has the context "tournament round".
TOURNAMENT = re.compile(
    r"tournament|director|draw|clock|entrant|Swiss|bye|table %\(|minutes|lasts|"
    r"confirm or accept|bracket|standings|Losers' round|"
    r"^(a round|the rounds|Start the round|End the round now)$|Invalid backup: round|"
    r"^After %\(rounds\)s",
    re.IGNORECASE,
)


def catalogue(language: str) -> dict[str, str]:
    path = LOCALE / language / "LC_MESSAGES" / "django.mo"
    with path.open("rb") as file:
        entries = gettext.GNUTranslations(file)._catalog  # the whole catalogue
    return {
        (key[0] if isinstance(key, tuple) else key): text
        for key, text in entries.items()
        if key and (key[0] if isinstance(key, tuple) else key)
    }


def rounds_said(language: str) -> list[tuple[str, str]]:
    return [(key, text) for key, text in catalogue(language).items() if A_ROUND.search(key)]


def test_there_are_rounds_to_check():
    assert len(rounds_said("sv")) > 30


@pytest.mark.parametrize("language", ["sv"])
def test_swedish_says_rond_in_a_tournament_and_runda_in_mexican_train(language):
    wrong = []
    for key, translated in rounds_said(language):
        context, _mark, message = key.rpartition("\x04")
        tournament = "tournament" in context or "bracket" in context
        word = "rond" if tournament or TOURNAMENT.search(message) else "rund"
        other = "rund" if word == "rond" else "rond"
        a_hand_too = re.search(r"\bhands?\b", message)  # "omgång" is Swedish for a hand
        said = translated.lower()
        if word not in said or other in said or ("omgång" in said and not a_hand_too):
            wrong.append((key, translated))
    assert wrong == []


def test_spanish_says_ronda():
    wrong = [(key, said) for key, said in rounds_said("es") if "ronda" not in said.lower()]
    assert wrong == []


def test_a_mexican_train_round_and_a_tournament_round_are_told_apart(client, settings):
    from scorekeeper.tournaments.models import Board
    from tests.support.testing import make_tournament

    match = start(client)
    post_round(client, match, "0", {1: 23, 2: 7, 3: 41})
    tournament = make_tournament(["A1 & B1", "A2 & B2"])
    client.post(tournament.draw_url())
    assert created(Board).filter(kind="played").exists()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "sv"

    correction = text(client.get(match.hands.get().get_absolute_url()))
    cards = text(client.get(reverse("tournament_cards", args=[tournament.key, 1])))

    assert "Runda 1" in correction and "Rond 1" not in correction
    assert "Rond 1" in cards and "Runda 1" not in cards


# --- What a Mexican Train table is told: rounds and the game, never hands ---
COUNTS = {"pips_1": "23", "pips_2": "7", "pips_3": "41"}


def round_data(match, token, **changes) -> dict:
    data = {"out": "0", "number": "1", "token": str(token), "entry": "each", **COUNTS}
    return data | {"version": str(match.version), **changes}


def said(response) -> str:
    """The page's words after the answer (its message included), without the markup."""
    return " ".join(text(response).split())


def test_a_round_sent_twice_is_told_as_a_round(client: Client):
    match = start(client)
    token = uuid.uuid4()
    client.post(match.save_hand_url(), round_data(match, token))

    again = said(client.post(match.save_hand_url(), round_data(match, token), follow=True))

    assert "Round 1 saved (it had arrived before, and counts once)." in again
    assert "Hand 1" not in again


def test_a_round_another_phone_saved_first_is_told_as_a_round(client: Client):
    match = start(client)
    client.post(match.save_hand_url(), round_data(match, uuid.uuid4()))

    taken = said(client.post(match.save_hand_url(), round_data(match, uuid.uuid4()), follow=True))

    assert "Round 1 was already entered, maybe from another phone." in taken
    assert "correct round 1 from the sheet" in taken
    assert "hand 1" not in taken.lower()


def test_a_round_undone_since_it_was_sent_is_told_as_a_round(client: Client):
    match = start(client)
    token = uuid.uuid4()
    client.post(match.save_hand_url(), round_data(match, token))
    match.refresh_from_db()
    client.post(match.undo_url(), {"version": str(match.version)})

    undone = said(client.post(match.save_hand_url(), round_data(match, token), follow=True))

    assert "Round 1 was undone on another phone, so it was not saved again." in undone
    assert "Hand 1" not in undone


def test_an_undo_sent_twice_is_told_as_a_round(client: Client):
    match = start(client)
    client.post(match.save_hand_url(), round_data(match, uuid.uuid4()))
    match.refresh_from_db()
    client.post(match.undo_url(), {"version": str(match.version)})

    again = said(client.post(match.undo_url(), {"version": str(match.version)}, follow=True))

    assert "The undo of round 1 had arrived before, and counts once." in again


def test_a_round_sent_after_the_one_before_was_undone_says_the_game_changed(client: Client):
    match = start(client)
    client.post(match.save_hand_url(), round_data(match, uuid.uuid4()))
    match.refresh_from_db()
    client.post(match.undo_url(), {"version": str(match.version)})
    match.refresh_from_db()
    stale = round_data(match, uuid.uuid4(), number="2")  # typed while round 1 was there

    answer = said(client.post(match.save_hand_url(), stale, follow=True))

    assert "The game changed on another phone, so nothing was changed." in answer
    assert "The match changed" not in answer


def test_an_undo_from_a_stale_page_says_the_game_changed(client: Client):
    match = start(client)
    stale = str(match.version)
    client.post(match.save_hand_url(), round_data(match, uuid.uuid4()))

    answer = said(client.post(match.undo_url(), {"version": stale}, follow=True))

    assert "The game changed on another phone, so nothing was changed." in answer


def test_the_notes_about_rounds_kept_on_the_phone_say_round(client: Client):
    page = client.get(start(client).get_absolute_url()).content.decode()

    for words in (
        "The game changed on another phone while rounds waited on this one.",
        "Send them as the next rounds",
        "Sending round <span data-hand-number></span>, kept on this phone…",
        "Round <span data-hand-number></span> as you were typing it.",
        "Your correction of round <span data-fix-number></span> is kept on this phone",
        "The server did not take this round.",
        "The score leaves out the rounds not sent yet that are scored when they are sent.",
    ):
        assert words in page
    assert "Sending hand" not in page and "correction of hand" not in page


def test_the_change_log_names_rounds(client: Client):
    match = start(client)
    client.post(match.save_hand_url(), round_data(match, uuid.uuid4()))
    match.refresh_from_db()
    hand = match.hands.get()
    correction = round_data(match, hand.token, pips_1="20")
    client.post(hand.get_absolute_url(), correction)
    match.refresh_from_db()
    client.post(match.undo_url(), {"version": str(match.version)})
    match.refresh_from_db()

    lines = [line for _entry, line in match.log_lines()]

    assert lines[:3] == [
        "Round 1 undone.",
        "Round 1 corrected: Ann went out; Bo 23 → 20",
        "Round 1: Ann went out, 23 for Bo; 7 for Cy; 41 for Dee",
    ]


def test_the_match_and_correction_pages_say_round(client: Client):
    match = start(client)
    client.post(match.save_hand_url(), round_data(match, uuid.uuid4()))

    page = client.get(match.get_absolute_url()).content.decode()
    correction = client.get(match.hands.get().get_absolute_url()).content.decode()

    assert 'aria-label="Enter a round"' in page and "Enter a hand" not in page
    assert "Say each round's score out loud" in page.replace("&#x27;", "'")
    assert "Correct this round" in correction and "Correct this hand" not in correction
