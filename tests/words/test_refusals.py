"""Every refusal the rules can give has words of its own (scorekeeper/words/refusals.py)."""

from django.utils import translation

from scorekeeper import rules
from scorekeeper.words import refusals


def test_every_hand_error_code_has_words():
    worded = (
        set(refusals.HAND_MESSAGES)
        | set(refusals.PLAYER_MESSAGES)
        | set(refusals.REGIONAL_MESSAGES)
        | {rules.ErrorCode.TOO_MANY_PIPS}  # its words depend on the game (too_many_pips_message)
    )

    assert worded == set(rules.ErrorCode)


def test_every_tile_error_code_has_words():
    assert set(refusals.TILE_MESSAGES) == set(rules.TileErrorCode)


def test_the_words_are_read_in_the_language_of_the_request():
    error = rules.HandError(rules.ErrorCode.CAPICU_ON_BLOCKED)
    game = rules.make_game("dominican", 4)

    with translation.override("es"):
        spanish = refusals.hand_error_message(error, ["A", "B", "C", "D"], game)
    english = refusals.hand_error_message(error, ["A", "B", "C", "D"], game)

    assert spanish != english
