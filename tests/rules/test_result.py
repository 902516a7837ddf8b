"""What a hand credits each side, by kind: the rows the score sheet adds up."""

from scorekeeper.rules import Credit, Ending, Hand, PointKind, make_game, score_hand

GAME = make_game("caribbean", 4)


def test_a_capicu_credits_the_bonus_and_the_count_apart():
    hand = Hand(Ending.WENT_OUT, went_out=3, pips={0: 10, 1: 12, 2: 9}, capicu=True)

    credits = score_hand(GAME, hand).credits

    assert credits == (Credit(1, PointKind.CAPICU, 25), Credit(1, PointKind.COUNT, 31))


def test_credits_add_up_to_what_each_side_scored():
    hand = Hand(Ending.BLOCKED, pips={0: 9, 1: 15, 2: 3, 3: 9})
    result = score_hand(GAME, hand)

    scored = [sum(c.points for c in result.credits if c.side == side) for side in (0, 1)]

    assert tuple(scored) == result.side_points


def test_a_void_hand_credits_nobody():
    hand = Hand(Ending.BLOCKED, pips={0: 4, 1: 4, 2: 9, 3: 9})

    assert score_hand(GAME, hand).credits == ()
