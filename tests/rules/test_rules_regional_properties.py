"""Properties of the regional rules over random deals, switches and bonus taps."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import rules

MODEST = settings(max_examples=100, deadline=None)
DURING_PLAY = {rules.PointKind.PASE_CORRIDO, rules.PointKind.PASE_DE_SALIDA}
BONUS = st.sampled_from((0, 20, 25, 100))


@st.composite
def regional_games(draw):
    preset = draw(st.sampled_from(list(rules.PRESETS)))
    seats = draw(st.sampled_from(rules.PRESETS[preset].seat_options))
    house = rules.HouseRules(
        target=draw(st.integers(min_value=50, max_value=500)),
        capicu_bonus=draw(BONUS),
        count_rule=draw(st.sampled_from(rules.CountRule)),
        blocked_rule=draw(st.sampled_from(rules.BlockedRule)),
        lead_rule=draw(st.sampled_from(rules.LeadRule)),
        ties_to_leaders=draw(st.booleans()),
        blocker_against_next=draw(st.booleans()),
        chuchazo_bonus=draw(BONUS),
        pase_corrido_bonus=draw(BONUS),
        pase_de_salida_bonus=draw(BONUS),
        pase_de_salida_on_double_only=draw(st.booleans()),
        first_hands_bonus=draw(st.sampled_from(((), (100, 75, 50, 25), (10,)))),
    )
    partnership = draw(st.booleans()) if seats == 4 else False
    return rules.make_game(preset, seats, partnership=partnership, rules=house)


@st.composite
def regional_hands(draw, game: rules.Game, led_by: int | None):
    """A real deal partly played out, with the taps the table's rules offer."""
    rng = draw(st.randoms(use_true_random=False))
    tiles = list(game.tile_set.tiles)
    rng.shuffle(tiles)
    each = game.tiles_each
    ending = draw(st.sampled_from(rules.Ending))
    went_out = rng.randrange(game.seats) if ending is rules.Ending.WENT_OUT else None
    pips = {}
    for seat in range(game.seats):
        if seat != went_out:
            held = tiles[seat * each : (seat + 1) * each]
            left = rng.sample(held, rng.randint(1, len(held)))
            pips[seat] = sum(high + low for high, low in left)
    out = ending is rules.Ending.WENT_OUT
    told = draw(st.sampled_from(range(game.seats))) if led_by is None else None
    return rules.Hand(
        ending,
        went_out=went_out,
        pips=pips,
        capicu=out and game.offers_capicu and draw(st.booleans()),
        led_by=told,
        blocked_by=draw(st.sampled_from(range(game.seats)))
        if game.asks_blocker and not out
        else None,
        chuchazo=out and game.offers_chuchazo and draw(st.booleans()),
        pases_corridos={
            side: draw(st.integers(0, 3)) if game.offers_pase_corrido else 0
            for side in range(game.side_count)
        },
        pase_de_salida=game.offers_pase_de_salida and draw(st.booleans()),
        led_a_double=True,
    )


@st.composite
def regional_matches(draw):
    game = draw(regional_games())
    hands, results, led_by = [], [], None
    for number in range(1, draw(st.integers(1, 8)) + 1):
        hand = draw(regional_hands(game, led_by))
        result = rules.score_hand(game, hand, led_by, number=number)
        hands.append(hand)
        results.append(result)
        if rules.tally(game, results).finished:
            break
        led_by = result.next_leader
    return game, hands, results


@MODEST
@given(regional_matches())
def test_totals_are_the_sum_of_every_credit(match):
    game, _hands, results = match
    by_side = [0] * game.side_count
    for result in results:
        for credit in result.credits:
            by_side[credit.side] += credit.points

    assert rules.tally(game, results).totals == tuple(by_side)


@MODEST
@given(regional_matches())
def test_each_hands_side_points_are_its_credits(match):
    game, _hands, results = match
    for result in results:
        sums = [0] * game.side_count
        for credit in result.credits:
            sums[credit.side] += credit.points
        assert result.side_points == tuple(sums)


@MODEST
@given(regional_matches())
def test_a_void_hand_pays_only_pase_corrido_and_pase_de_salida(match):
    _game, _hands, results = match
    for result in results:
        if result.void:
            assert {credit.kind for credit in result.credits} <= DURING_PLAY


@MODEST
@given(regional_matches())
def test_the_lead_rule_decides_the_next_leader(match):
    game, _hands, results = match

    def expected(result: rules.HandResult) -> int | None:
        if game.rules.lead_rule is rules.LeadRule.TURN_PASSES:
            return (result.led_by + 1) % game.seats
        return result.led_by if result.void else result.winning_seat

    assert [result.next_leader for result in results] == [expected(r) for r in results]


@MODEST
@given(regional_matches())
def test_bonuses_go_to_the_side_rules_md_names(match):
    game, hands, results = match
    for hand, result in zip(hands, results, strict=False):
        for credit in result.credits:
            if credit.kind is rules.PointKind.PASE_DE_SALIDA:
                assert credit.side == game.side_of(result.led_by)
            elif credit.kind is rules.PointKind.PASE_CORRIDO:
                assert (
                    credit.points
                    == hand.pases_corridos[credit.side] * game.rules.pase_corrido_bonus
                )
            else:
                assert credit.side == result.side


@MODEST
@given(regional_matches())
def test_ties_to_the_leaders_leave_no_blocked_hand_void(match):
    game, _hands, results = match
    if game.rules.ties_to_leaders and game.partnership:
        assert not any(result.void for result in results)
