"""Confirming a result (RULES.md, "Confirming a result"): its states, who confirms, what is
refused and what the next draw waits for."""

import pytest

from scorekeeper.rules import Format
from scorekeeper.tournaments.rules.tournament_confirm import (
    Entered,
    Mark,
    MarkKind,
    Refusal,
    ResultsNeed,
    ResultState,
    refuse_accept,
    refuse_confirm,
    refuse_dispute,
    result_state,
    waiting,
)

WON = Entered((203, 150), 0)  # side 0 won: side 1 confirms
CORRECTED = Entered((203, 170), 0)
OTHER, DIRECTOR, NOTHING = ResultsNeed.OTHER_SIDE, ResultsNeed.DIRECTOR, ResultsNeed.NOTHING


def test_no_result_is_in_play_whatever_the_setting():
    assert {result_state(need, None, None) for need in ResultsNeed} == {ResultState.IN_PLAY}


def test_a_result_needing_nothing_stands_as_entered():
    state = result_state(NOTHING, WON, None)
    assert state is ResultState.STANDS
    assert state.settled


@pytest.mark.parametrize("need", [OTHER, DIRECTOR])
def test_a_result_needing_someone_is_unconfirmed_and_does_not_settle(need):
    state = result_state(need, WON, None)
    assert state is ResultState.UNCONFIRMED
    assert not state.settled and state.open


@pytest.mark.parametrize(
    ("kind", "state"),
    [
        (MarkKind.CONFIRMED, ResultState.CONFIRMED),
        (MarkKind.ACCEPTED, ResultState.ACCEPTED),
        (MarkKind.DISPUTED, ResultState.DISPUTED),
    ],
)
def test_a_mark_for_this_result_gives_its_state(kind, state):
    assert result_state(OTHER, WON, Mark(kind, WON, 1)) is state


@pytest.mark.parametrize("kind", list(MarkKind))
def test_a_correction_after_the_mark_returns_the_result_to_unconfirmed(kind):
    assert result_state(OTHER, CORRECTED, Mark(kind, WON, 1)) is ResultState.UNCONFIRMED


def test_the_side_that_lost_confirms():
    assert WON.confirmer == 1
    assert Entered((90, 205), 1).confirmer == 0


def test_a_result_goes_to_a_page_and_back():
    assert Entered.from_shown(WON.shown()) == WON
    assert WON.shown() == "203-150/0"


@pytest.mark.parametrize("text", [None, "", "203-150", "203-150/2", "a-b/0", "203/0", 7, "-1-2/0"])
def test_nothing_a_page_could_show_reads_as_no_result(text):
    assert Entered.from_shown(text) is None


def test_the_other_side_confirms():
    assert refuse_confirm(OTHER, WON, WON, 1, None) is None


def test_a_side_cannot_confirm_its_own_result():
    assert refuse_confirm(OTHER, WON, WON, 0, None) is Refusal.OWN_RESULT


def test_confirming_twice_is_refused():
    assert refuse_confirm(OTHER, WON, WON, 1, Mark(MarkKind.CONFIRMED, WON, 1)) is Refusal.ALREADY


def test_a_result_that_changed_since_the_page_is_not_confirmed():
    assert refuse_confirm(OTHER, CORRECTED, WON, 1, None) is Refusal.CHANGED
    assert refuse_confirm(OTHER, WON, None, 1, None) is Refusal.CHANGED


def test_a_match_in_play_has_nothing_to_confirm():
    assert refuse_confirm(OTHER, None, WON, 1, None) is Refusal.IN_PLAY


def test_no_side_confirms_when_the_director_accepts_or_nothing_is_needed():
    assert refuse_confirm(DIRECTOR, WON, WON, 1, None) is Refusal.DIRECTOR_ONLY
    assert refuse_confirm(NOTHING, WON, WON, 1, None) is Refusal.NOT_ASKED


def test_a_disputed_result_waits_for_the_director():
    disputed = Mark(MarkKind.DISPUTED, WON, 1)
    assert refuse_confirm(OTHER, WON, WON, 1, disputed) is Refusal.DISPUTED
    assert refuse_dispute(OTHER, WON, WON, disputed) is Refusal.DISPUTED
    assert refuse_accept(OTHER, WON, WON, disputed) is None


def test_either_side_disputes_an_unconfirmed_result_but_not_a_confirmed_one():
    assert refuse_dispute(OTHER, WON, WON, None) is None
    assert refuse_dispute(DIRECTOR, WON, WON, None) is None
    assert refuse_dispute(OTHER, WON, WON, Mark(MarkKind.CONFIRMED, WON, 1)) is Refusal.ALREADY
    assert refuse_dispute(NOTHING, WON, WON, None) is Refusal.NOT_ASKED


def test_the_director_accepts_any_result_once():
    for need in ResultsNeed:
        assert refuse_accept(need, WON, WON, None) is None
    assert refuse_accept(OTHER, WON, WON, Mark(MarkKind.CONFIRMED, WON, 1)) is None
    assert refuse_accept(OTHER, WON, WON, Mark(MarkKind.ACCEPTED, WON)) is Refusal.ALREADY
    assert refuse_accept(OTHER, CORRECTED, WON, None) is Refusal.CHANGED
    # A correction after the director accepted: accepted again, as corrected.
    assert refuse_accept(OTHER, CORRECTED, CORRECTED, Mark(MarkKind.ACCEPTED, WON)) is None


def test_the_draw_waits_for_unconfirmed_and_disputed_results_only():
    states = [
        ("r1t1", ResultState.CONFIRMED),
        ("r1t2", ResultState.UNCONFIRMED),
        ("r1t3", ResultState.ACCEPTED),
        ("r1t4", ResultState.DISPUTED),
        ("r1t5", ResultState.STANDS),
    ]
    assert waiting(Format.SWISS, states) == ["r1t2", "r1t4"]
    assert waiting(Format.ROTATING_PARTNERS, states) == ["r1t2", "r1t4"]


def test_a_round_robin_draw_reads_no_result_and_waits_for_none():
    assert waiting(Format.ROUND_ROBIN, [("r1t1", ResultState.UNCONFIRMED)]) == []


def test_players_each_for_themselves_have_no_other_side_to_confirm():
    assert ResultsNeed.OTHER_SIDE not in ResultsNeed.offered(Format.ROUND_GAME)
    assert ResultsNeed.offered(Format.SWISS) == tuple(ResultsNeed)
