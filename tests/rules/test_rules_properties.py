"""Properties of scoring over random legal hands: real deals, partly played out."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    PRESETS,
    BlockedRule,
    CountRule,
    Ending,
    Game,
    Hand,
    HouseRules,
    InvalidHand,
    Scoring,
    make_game,
    needed_seats,
    score_hand,
    tally,
    validate_hand,
)

MODEST = settings(max_examples=200, deadline=None)
TARGETS = st.integers(min_value=1, max_value=500)
LOW_TARGETS = st.integers(min_value=1, max_value=150)  # so that random matches do end
ENDINGS = st.sampled_from(Ending)
BLOCK_PRESETS = [key for key, preset in PRESETS.items() if preset.scoring is Scoring.BLOCK]


@st.composite
def games(draw, target=TARGETS):
    preset = draw(st.sampled_from(BLOCK_PRESETS))
    seats = draw(st.sampled_from(PRESETS[preset].seat_options))
    rules = HouseRules(
        target=draw(target),
        capicu_bonus=draw(st.sampled_from((0, 25, 30))),
        count_rule=draw(st.sampled_from(CountRule)),
        blocked_rule=draw(st.sampled_from(BlockedRule)),
    )
    partnership = draw(st.booleans()) if seats == 4 else False
    return make_game(preset, seats, partnership=partnership, rules=rules)


@st.composite
def real_hands(draw, game: Game, endings=ENDINGS):
    """Shuffle and deal the set, let seats draw, and leave each seat some of what it held."""
    rng = draw(st.randoms(use_true_random=False))
    tiles = list(game.tile_set.tiles)
    rng.shuffle(tiles)
    each = game.tiles_each
    holding = [tiles[seat * each : (seat + 1) * each] for seat in range(game.seats)]
    if game.draws:
        for tile in tiles[game.seats * each :]:
            seat = rng.randrange(game.seats + 1)  # the last "seat" is the tile left undrawn
            if seat < game.seats:
                holding[seat].append(tile)
    ending = draw(endings)
    winner = rng.randrange(game.seats) if ending is Ending.WENT_OUT else None
    pips = {}
    for seat, held in enumerate(holding):
        if seat != winner:
            # A blocked hand leaves every seat holding something.
            left = rng.sample(held, rng.randint(int(winner is None), len(held)))
            pips[seat] = sum(high + low for high, low in left)
    if draw(st.booleans()):
        needed = needed_seats(game, ending, winner)
        pips = {seat: count for seat, count in pips.items() if seat in needed}
    capicu = winner is not None and game.offers_capicu and draw(st.booleans())
    return Hand(ending, went_out=winner, pips=pips, capicu=capicu)


@st.composite
def games_and_hands(draw):
    game = draw(games())
    return game, draw(real_hands(game))


def expected_points(game: Game, hand: Hand, winning_seat: int) -> int:
    """The count rule's sum plus the bonus, worked out the long way."""
    rule = game.rules.count_rule
    if rule is CountRule.EVERY_HAND:
        counted = hand.pips.values()
    elif rule is CountRule.OPPONENTS_ONLY:
        side = game.side_of(winning_seat)
        counted = [pips for seat, pips in hand.pips.items() if game.side_of(seat) != side]
    else:
        counted = [pips for seat, pips in hand.pips.items() if seat != winning_seat]
    return sum(counted) + (game.rules.capicu_bonus if hand.capicu else 0)


def swap_partners(hand: Hand) -> Hand:
    """The same hand with partners 0 and 2 (and 1 and 3) changing chairs."""
    moved = {0: 2, 1: 3, 2: 0, 3: 1}
    winner = None if hand.went_out is None else moved[hand.went_out]
    pips = {moved[seat]: count for seat, count in hand.pips.items()}
    return Hand(hand.ending, went_out=winner, pips=pips, capicu=hand.capicu)


@MODEST
@given(games_and_hands())
def test_a_real_deal_is_always_valid(game_and_hand):
    game, hand = game_and_hand

    assert validate_hand(game, hand) == ()


@MODEST
@given(games_and_hands())
def test_at_most_one_side_scores(game_and_hand):
    game, hand = game_and_hand

    result = score_hand(game, hand)

    assert len(result.side_points) == game.side_count
    assert sum(1 for points in result.side_points if points) <= 1
    assert sum(result.side_points) == result.points


@MODEST
@given(games_and_hands())
def test_points_are_the_count_rules_sum_plus_the_bonus(game_and_hand):
    game, hand = game_and_hand

    result = score_hand(game, hand)

    assert result.points >= 0
    if not result.void:
        assert result.points == expected_points(game, hand, result.winning_seat)
        assert result.side == game.side_of(result.winning_seat)


@MODEST
@given(st.data())
def test_blocked_count_goes_to_the_lightest_hand_or_pair(data):
    game = data.draw(games())
    hand = data.draw(real_hands(game, endings=st.just(Ending.BLOCKED)))

    result = score_hand(game, hand)

    if game.partnership and game.rules.blocked_rule is BlockedRule.LIGHTER_PAIR:
        totals = [sum(hand.pips[seat] for seat in side) for side in game.sides]
        assert result.void == (totals.count(min(totals)) > 1)
        if not result.void:
            assert totals[result.side] == min(totals)
    elif not result.void:
        assert hand.pips[result.winning_seat] == min(hand.pips.values())


@MODEST
@given(st.data())
def test_partners_changing_chairs_never_change_the_score(data):
    game = data.draw(games().filter(lambda game: game.partnership))
    hand = data.draw(real_hands(game))

    assert score_hand(game, swap_partners(hand)).side_points == score_hand(game, hand).side_points


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_match_ends_at_the_first_hand_that_reaches_the_target(data):
    game = data.draw(games(target=LOW_TARGETS))
    hands = data.draw(st.lists(real_hands(game), min_size=1, max_size=12))
    results = []
    for hand in hands:
        results.append(score_hand(game, hand, results[-1].next_leader if results else None))
        if tally(game, results).finished:
            break

    state = tally(game, results)

    running = [tally(game, results[: n + 1]).totals for n in range(len(results))]
    reached = [i for i, totals in enumerate(running) if max(totals) >= game.rules.target]
    assert state.ended_after == (reached[0] if reached else None)
    assert all(not tally(game, results[:n]).finished for n in range(len(results)))
    if state.finished:
        assert state.totals[state.winner_side] >= game.rules.target
        try:
            tally(game, [*results, results[-1]])
        except InvalidHand:
            pass
        else:
            raise AssertionError("a hand after the end was tallied")
