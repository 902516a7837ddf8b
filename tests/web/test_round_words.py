"""A round has one word a language: Swedish says "runda" for a round of Mexican Train and "rond"
for a tournament's round (never "omgång", its word for a hand); Spanish says "ronda" for both."""

import gettext
import re
from pathlib import Path

import pytest
from django.urls import reverse

LOCALE = Path(__file__).resolve().parents[2] / "scorekeeper" / "locale"
# "round" the noun: not rounding a count ("rounds down"), not a round robin.
A_ROUND = re.compile(r"\brounds?\b(?! (?:down|up|robin))", re.IGNORECASE)
# What a tournament says: its rounds are drawn, started, ended, timed, counted and listed in its
# backup; a message shared with Mexican Train's rounds has the context "tournament round".
TOURNAMENT = re.compile(
    r"tournament|director|draw|clock|entrant|Swiss|bye|table %\(|minutes|lasts|"
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
    for key, text in rounds_said(language):
        context, _mark, message = key.rpartition("\x04")
        word = "rond" if "tournament" in context or TOURNAMENT.search(message) else "rund"
        other = "rund" if word == "rond" else "rond"
        a_hand_too = re.search(r"\bhands?\b", message)  # "omgång" is Swedish for a hand
        said = text.lower()
        if word not in said or other in said or ("omgång" in said and not a_hand_too):
            wrong.append((key, text))
    assert wrong == []


def test_spanish_says_ronda():
    wrong = [(key, text) for key, text in rounds_said("es") if "ronda" not in text.lower()]
    assert wrong == []


@pytest.mark.django_db
def test_a_mexican_train_round_and_a_tournament_round_are_told_apart(client, settings):
    from scorekeeper.models import Board
    from scorekeeper.testing import make_tournament
    from tests.web.test_rounds import post_round, start, text

    match = start(client)
    post_round(client, match, "0", {1: 23, 2: 7, 3: 41})
    tournament = make_tournament(["A1 & B1", "A2 & B2"])
    client.post(tournament.draw_url())
    assert Board.objects.filter(kind="played").exists()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "sv"

    correction = text(client.get(match.hands.get().get_absolute_url()))
    cards = text(client.get(reverse("tournament_cards", args=[tournament.key, 1])))

    assert "Runda 1" in correction and "Rond 1" not in correction
    assert "Rond 1" in cards and "Runda 1" not in cards
