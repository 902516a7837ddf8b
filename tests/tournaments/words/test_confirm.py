"""Every code of a confirmation has its words: the setting, the marks, the states, the refusals."""

import pytest

from scorekeeper.tournaments.rules.tournament_confirm import (
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
