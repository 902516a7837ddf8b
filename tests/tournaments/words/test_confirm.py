"""Every code of a confirmation has its words: the setting, the marks, the states, the refusals."""

import pytest
from django.utils import translation

from scorekeeper.tournaments.rules.tournament_confirm import (
    Entered,
    MarkKind,
    Refusal,
    ResultsNeed,
    ResultState,
)
from scorekeeper.tournaments.words import confirm


@pytest.mark.parametrize(
    ("words", "codes"),
    [
        (confirm.RESULTS_NEED, ResultsNeed),
        (confirm.MARK_KINDS, MarkKind),
        (confirm.STATES, ResultState),
        (confirm.REFUSALS, Refusal),
    ],
)
def test_every_code_has_its_words(words, codes):
    assert set(words) == set(codes)
    assert all(str(words[code]).strip() for code in codes)


def test_a_notice_for_every_mark():
    assert all(confirm.done_notice(kind) for kind in MarkKind)


def test_the_tables_a_draw_waits_for_are_named_one_by_one():
    assert confirm.results_waiting([(1, 2), (2, 4)]) == (
        "The next round waits for the results of round 1, table 2, round 2, table 4:"
        " confirm or accept them first."
    )


LOST = Entered((203, 150), winner=0)


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "Ben: confirm you lost 203\u2013150.", "Ben & Dee: confirm you lost 203\u2013150."),
        (
            "es",
            "Ben: confirma que perdiste 203\u2013150.",
            "Ben & Dee: confirmen que perdieron 203\u2013150.",
        ),
        (
            "sv",
            "Ben: bekräfta att du förlorade med 203\u2013150.",
            "Ben & Dee: bekräfta att ni förlorade med 203\u2013150.",
        ),
    ],
)
def test_the_scorers_phone_asks_one_player_as_one_and_a_pair_as_two(
    fresh_catalogues, language, one, two
):
    # It told one player of a side "confirmen que perdieron", as it tells a pair.
    with translation.override(language):
        assert confirm.confirm_ask("Ben", 1, LOST) == one
        assert confirm.confirm_ask("Ben & Dee", 2, LOST) == two


@pytest.mark.parametrize(
    ("language", "one", "two"),
    [
        ("en", "Confirm you lost 203\u2013150?", "Confirm you lost 203\u2013150?"),
        ("es", "¿Confirmas que perdiste 203\u2013150?", "¿Confirman que perdieron 203\u2013150?"),
        (
            "sv",
            "Bekräftar du att du förlorade med 203\u2013150?",
            "Bekräftar ni att ni förlorade med 203\u2013150?",
        ),
    ],
)
def test_a_sides_own_page_asks_one_player_as_one_and_a_pair_as_two(
    fresh_catalogues, language, one, two
):
    with translation.override(language):
        assert confirm.confirm_question(1, LOST) == one
        assert confirm.confirm_question(2, LOST) == two


@pytest.mark.parametrize(
    ("language", "notice"),
    [
        ("en", "The director is told: they accept or correct the result."),
        ("es", "Se avisa al director, que acepta o corrige el resultado."),
        ("sv", "Tävlingsledaren har fått veta: hen godkänner eller rättar resultatet."),
    ],
)
def test_a_disputed_result_tells_of_the_director_without_a_he(fresh_catalogues, language, notice):
    # The Spanish said "Se avisa al director: él acepta…", taking the director for a man.
    with translation.override(language):
        assert confirm.done_notice(MarkKind.DISPUTED) == notice
