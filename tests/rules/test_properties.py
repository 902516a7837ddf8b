"""Properties of scoring over random legal hands, regional switches, and scoring-game matches."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import rules
from scorekeeper.rules import (
    PRESETS,
    BlockedRule,
    CountRule,
    Ending,
    ErrorCode,
    Game,
    Hand,
    HouseRules,
    InvalidHand,
    Play,
    PlayedHand,
    Rounding,
    Scoring,
    advance,
    make_game,
    nearest_five,
    needed_seats,
    play_amounts,
    play_match,
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


REGIONAL_MODEST = settings(max_examples=100, deadline=None)
DURING_PLAY = {rules.PointKind.PASE_CORRIDO, rules.PointKind.PASE_DE_SALIDA}
BONUS = st.sampled_from((0, 20, 25, 100))


@st.composite
def regional_games(draw):
    # The games whose pips score (Jamaican, counted in games won, has property tests of its own
    # in tests/rules/games/).
    preset = draw(st.sampled_from([key for key, p in rules.PRESETS.items() if p.kind.pips_score]))
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


@REGIONAL_MODEST
@given(regional_matches())
def test_totals_are_the_sum_of_every_credit(match):
    game, _hands, results = match
    by_side = [0] * game.side_count
    for result in results:
        for credit in result.credits:
            by_side[credit.side] += credit.points

    assert rules.tally(game, results).totals == tuple(by_side)


@REGIONAL_MODEST
@given(regional_matches())
def test_each_hands_side_points_are_its_credits(match):
    game, _hands, results = match
    for result in results:
        sums = [0] * game.side_count
        for credit in result.credits:
            sums[credit.side] += credit.points
        assert result.side_points == tuple(sums)


@REGIONAL_MODEST
@given(regional_matches())
def test_a_void_hand_pays_only_pase_corrido_and_pase_de_salida(match):
    _game, _hands, results = match
    for result in results:
        if result.void:
            assert {credit.kind for credit in result.credits} <= DURING_PLAY


@REGIONAL_MODEST
@given(regional_matches())
def test_the_lead_rule_decides_the_next_leader(match):
    game, _hands, results = match

    def expected(result: rules.HandResult) -> int | None:
        if game.rules.lead_rule is rules.LeadRule.TURN_PASSES:
            return (result.led_by + 1) % game.seats
        return result.led_by if result.void else result.winning_seat

    assert [result.next_leader for result in results] == [expected(r) for r in results]


@REGIONAL_MODEST
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


@REGIONAL_MODEST
@given(regional_matches())
def test_ties_to_the_leaders_leave_no_blocked_hand_void(match):
    game, _hands, results = match
    if game.rules.ties_to_leaders and game.partnership:
        assert not any(result.void for result in results)


SCORING_MODEST = settings(max_examples=150, deadline=None)


@st.composite
def scoring_games(draw):
    preset = draw(st.sampled_from(("all_fives", "bergen")))
    seats = draw(st.integers(min_value=2, max_value=4))
    top = 120 if preset == "all_fives" else 12
    rules = HouseRules(
        target=draw(st.integers(min_value=1, max_value=top)),
        capicu_bonus=0,
        rounding=draw(st.sampled_from(Rounding)),
        blocked_pays_difference=draw(st.booleans()),
        won_hand_pays_two=draw(st.booleans()),
    )
    partnership = draw(st.booleans()) if seats == 4 else False
    return make_game(preset, seats, partnership=partnership, rules=rules)


@st.composite
def ends(draw, game):
    pips = {seat: draw(st.integers(min_value=0, max_value=30)) for seat in range(game.seats)}
    if draw(st.booleans()):
        return Hand(Ending.BLOCKED, pips=pips)
    went_out = draw(st.integers(min_value=0, max_value=game.seats - 1))
    return Hand(Ending.WENT_OUT, went_out=went_out, pips={**pips, went_out: 0})


@st.composite
def matches(draw):
    """A game and a stream of entries: ("play", Play) or ("end", Hand), in the order made."""
    game = draw(scoring_games())
    plays = st.builds(
        Play,
        st.integers(min_value=0, max_value=game.seats - 1),
        st.sampled_from(play_amounts(game)),
    )
    entries = []
    for _ in range(draw(st.integers(min_value=1, max_value=8))):
        entries += [("play", play) for play in draw(st.lists(plays, max_size=5))]
        entries.append(("end", draw(ends(game))))
    return game, entries


def run(game, entries):
    """Feed entries until the match ends: the state, the (side, points) credited, the rest."""
    state = tally(game, ())
    credited = []
    for index, (kind, entry) in enumerate(entries):
        if state.finished:
            return state, credited, entries[index:]
        if kind == "play":
            state = advance(game, state, entry)
            credited.append((game.side_of(entry.seat), entry.points))
        else:
            result = score_hand(game, entry, led_by=state.next_leader)
            state = advance(game, state, result)
            if result.side is not None:
                credited.append((result.side, result.points))
    return state, credited, []


def running_totals(game, credited) -> list[tuple[int, ...]]:
    """Each side's total before the first credited entry and after each one."""
    totals = [(0,) * game.side_count]
    for side, points in credited:
        after = list(totals[-1])
        after[side] += points
        totals.append(tuple(after))
    return totals


@SCORING_MODEST
@given(matches())
def test_totals_equal_the_sum_of_every_credited_entry(match):
    game, entries = match
    state, credited, _ = run(game, entries)

    assert state.totals == running_totals(game, credited)[-1]


@SCORING_MODEST
@given(matches())
def test_the_match_ends_on_the_first_entry_that_reaches_the_target(match):
    game, entries = match
    state, credited, _ = run(game, entries)

    totals = running_totals(game, credited)
    reaching = [
        (index, side)
        for index, (side, _points) in enumerate(credited)
        if totals[index + 1][side] >= game.rules.target
    ]
    if not reaching:
        assert not state.finished
    else:
        reached_at, reached_by = reaching[0]
        assert reached_at == len(credited) - 1
        assert state.winner_side == reached_by


@SCORING_MODEST
@given(matches())
def test_nothing_is_accepted_after_the_match_has_ended(match):
    game, entries = match
    state, _, rest = run(game, entries)

    for kind, entry in rest:
        try:
            if kind == "play":
                advance(game, state, entry)
            else:
                advance(game, state, score_hand(game, entry))
        except InvalidHand as refused:
            assert [error.code for error in refused.errors] == [ErrorCode.MATCH_OVER]
        else:
            raise AssertionError("an entry was accepted after the match ended")


@SCORING_MODEST
@given(matches())
def test_a_whole_match_scores_as_its_entries_one_by_one(match):
    game, entries = match
    state, _, rest = run(game, entries)
    taken = entries[: len(entries) - len(rest)]
    hands, plays = [], []
    for kind, entry in taken:
        if kind == "play":
            plays.append(entry)
        else:
            hands.append(PlayedHand(tuple(plays), entry))
            plays = []
    if plays:
        hands.append(PlayedHand(tuple(plays)))

    _, whole = play_match(game, hands)

    assert (whole.totals, whole.winner_side) == (state.totals, state.winner_side)


@SCORING_MODEST
@given(
    st.lists(st.integers(min_value=0, max_value=8).map(lambda n: n * 5), min_size=4, max_size=4),
    st.integers(min_value=0, max_value=3),
    st.booleans(),
)
def test_rounding_rules_agree_when_every_hand_is_a_multiple_of_five(fives, out, blocked):
    pips = dict(enumerate(fives))
    if blocked:
        hand = Hand(Ending.BLOCKED, pips=pips)
    else:
        hand = Hand(Ending.WENT_OUT, went_out=out, pips={**pips, out: 0})
    points = set()
    for rounding in Rounding:
        for difference in (False, True):
            house = HouseRules(rounding=rounding, blocked_pays_difference=difference)
            game = make_game("all_fives", 4, partnership=False, rules=house)
            points.add((difference, score_hand(game, hand).points))

    assert len({p for d, p in points if d}) == 1 and len({p for d, p in points if not d}) == 1


@SCORING_MODEST
@given(st.integers(min_value=0, max_value=1000))
def test_nearest_five_is_a_multiple_of_five_within_two_of_the_count(pips):
    rounded = nearest_five(pips)

    assert rounded % 5 == 0 and abs(rounded - pips) <= 2
