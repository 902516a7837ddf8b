"""Properties of Mexican Train over random house rules, tables and games (played through the
one path, play_match, as every game)."""

from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    DOUBLE_BLANK_VALUES,
    ErrorCode,
    MexicanTrainRules,
    TileSet,
    score_hand,
    validate_hand,
)

from .hands import a_round, play_rounds, table_for

MODEST = settings(max_examples=150, deadline=None)
SETS = (TileSet.DOUBLE_NINE, TileSet.DOUBLE_TWELVE)


@st.composite
def house_rules(draw, full_length=False):
    tile_set = draw(st.sampled_from(SETS))
    first = tile_set.value if full_length else draw(st.integers(0, tile_set.value))
    return MexicanTrainRules(
        tile_set,
        first_engine=first,
        double_blank_counts=draw(st.sampled_from(DOUBLE_BLANK_VALUES)),
        ties_to_most_outs=draw(st.booleans()),
    )


@st.composite
def tables(draw):
    rules = draw(house_rules())
    return rules, draw(st.sampled_from(rules.player_options))


@st.composite
def rounds(draw, rules, players, number):
    """A round the table could report: small counts, somebody out or blocked."""
    went_out = draw(st.one_of(st.none(), st.integers(0, players - 1)))
    pips = {seat: draw(st.integers(0, 60)) for seat in range(players) if seat != went_out}
    others = [seat for seat in range(players) if seat != went_out]
    double_blank = None
    if rules.asks_double_blank and rules.engine(number) != 0:
        double_blank = draw(st.one_of(st.none(), st.sampled_from(others)))
    return a_round(went_out=went_out, pips=pips, double_blank=double_blank)


@st.composite
def games(draw):
    """House rules, players, and a whole game's rounds (or the first few of them)."""
    rules, players = draw(tables())
    # Often the whole game, so that there are winners to check.
    played = draw(st.one_of(st.just(rules.rounds), st.integers(0, rules.rounds)))
    entries = [draw(rounds(rules, players, number)) for number in range(1, played + 1)]
    return rules, players, entries


def leaders(totals):
    """The players with the lowest total, in seat order."""
    return tuple(seat for seat, total in enumerate(totals) if total == min(totals))


@MODEST
@given(games())
def test_totals_are_the_sums_of_the_round_points(game):
    rules, players, entries = game

    results, state = play_rounds(rules, players, entries)

    assert state.totals == tuple(
        sum(result.side_points[seat] for result in results) for seat in range(players)
    )
    assert state.hands_played == len(entries)


@MODEST
@given(games())
def test_outs_count_the_rounds_each_player_went_out_of(game):
    rules, players, entries = game

    _, state = play_rounds(rules, players, entries)

    assert state.outs == tuple(
        sum(entry.went_out == seat for entry in entries) for seat in range(players)
    )


@MODEST
@given(games())
def test_the_winners_have_the_lowest_total_once_the_last_round_is_in(game):
    rules, players, entries = game

    _, state = play_rounds(rules, players, entries)

    if len(entries) < rules.rounds:
        assert not state.finished and state.winners == ()
        return
    assert state.finished and state.winners
    assert all(state.totals[seat] == min(state.totals) for seat in state.winners)


@MODEST
@given(games())
def test_without_ties_to_most_outs_every_lowest_total_shares_the_win(game):
    rules, players, entries = game
    if rules.ties_to_most_outs or len(entries) < rules.rounds:
        return

    _, state = play_rounds(rules, players, entries)

    assert state.winners == leaders(state.totals)


@MODEST
@given(games())
def test_under_ties_to_most_outs_no_level_player_went_out_more_than_a_winner(game):
    rules, players, entries = game
    if not rules.ties_to_most_outs or len(entries) < rules.rounds:
        return

    _, state = play_rounds(rules, players, entries)

    level = leaders(state.totals)
    most = max(state.outs[seat] for seat in level)
    assert state.winners == tuple(seat for seat in level if state.outs[seat] == most)


@MODEST
@given(games())
def test_the_player_who_went_out_scores_0_that_round(game):
    rules, players, entries = game

    results, _ = play_rounds(rules, players, entries)

    for entry, result in zip(entries, results, strict=True):
        if entry.went_out is not None:
            assert result.side_points[entry.went_out] == 0
            assert result.winning_seat == entry.went_out


@MODEST
@given(games())
def test_each_player_scores_their_pips_plus_the_double_blanks_value(game):
    rules, players, entries = game

    results, _ = play_rounds(rules, players, entries)

    for entry, result in zip(entries, results, strict=True):
        for seat in range(players):
            bonus = rules.double_blank_counts if seat in entry.holding_doubles else 0
            assert result.side_points[seat] == entry.pips.get(seat, 0) + bonus


@given(house_rules(full_length=True))
def test_a_full_game_is_13_rounds_with_double_twelve_and_10_with_double_nine(rules):
    expected = {TileSet.DOUBLE_TWELVE: 13, TileSet.DOUBLE_NINE: 10}[rules.tile_set]

    assert rules.rounds == expected
    assert rules.engines == tuple(range(rules.tile_set.value, -1, -1))


@given(house_rules())
def test_each_round_starts_one_double_lower_ending_at_the_double_blank(rules):
    engines = [rules.engine(number) for number in range(1, rules.rounds + 1)]

    assert engines[0] == rules.first_engine
    assert engines[-1] == 0
    assert all(later == earlier - 1 for earlier, later in pairwise(engines))


@given(tables())
def test_the_deal_fits_in_the_set(table):
    rules, players = table

    assert rules.tiles_each(players) * players <= rules.tile_set.tile_count


@MODEST
@given(tables(), st.data())
def test_validation_accepts_every_count_in_range(table, data):
    rules, players = table
    number = data.draw(st.integers(1, rules.rounds))
    limit = rules.max_pips(number)
    count = data.draw(st.integers(0, limit))
    seat = data.draw(st.integers(0, players - 1))
    pips = {other: 0 for other in range(players)} | {seat: count}

    assert validate_hand(table_for(rules, players), a_round(pips=pips), number=number) == ()


@MODEST
@given(tables(), st.data())
def test_validation_refuses_every_count_out_of_range(table, data):
    rules, players = table
    number = data.draw(st.integers(1, rules.rounds))
    limit = rules.max_pips(number)
    count = data.draw(st.one_of(st.integers(max_value=-1), st.integers(min_value=limit + 1)))
    seat = data.draw(st.integers(0, players - 1))
    pips = {other: 0 for other in range(players)} | {seat: count}

    errors = validate_hand(table_for(rules, players), a_round(pips=pips), number=number)

    expected = ErrorCode.NEGATIVE_PIPS if count < 0 else ErrorCode.TOO_MANY_PIPS
    assert [(error.code, error.seat) for error in errors] == [(expected, seat)]


@MODEST
@given(tables(), st.data())
def test_the_one_who_went_out_is_refused_any_count_but_0(table, data):
    rules, players = table
    count = data.draw(st.integers(1, rules.max_pips(1)))
    pips = {seat: 0 for seat in range(players)} | {0: count}

    errors = validate_hand(table_for(rules, players), a_round(went_out=0, pips=pips), number=1)

    assert [error.code for error in errors] == [ErrorCode.PIPS_FOR_WINNER]


@MODEST
@given(tables(), st.integers(min_value=1, max_value=30))
def test_every_round_after_the_last_is_refused(table, beyond):
    rules, players = table
    entry = a_round(pips=dict.fromkeys(range(players), 0))

    errors = validate_hand(table_for(rules, players), entry, number=rules.rounds + beyond)

    assert [error.code for error in errors] == [ErrorCode.MATCH_OVER]


@MODEST
@given(st.data())
def test_a_scored_round_is_never_refused_and_counts_each_player_left_holding_tiles(data):
    rules, players = data.draw(tables())
    number = data.draw(st.integers(1, rules.rounds))
    entry = data.draw(rounds(rules, players, number))

    result = score_hand(table_for(rules, players), entry, number=number)

    assert result.reason.counted == tuple(
        (seat, entry.pips.get(seat, 0)) for seat in range(players) if seat != entry.went_out
    )
