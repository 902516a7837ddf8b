"""A Swiss round 1 seeded by rating: the top half against the bottom half, the unrated last."""

from scorekeeper.rules import Format
from scorekeeper.tournaments.rules import draw_round, seed_order


def test_seed_order_puts_the_highest_rating_first_and_the_unrated_last_as_drawn():
    ratings = {"C": 40.0, "A": 55.5, "E": 12.0}
    order = seed_order("ABCDEF", ratings, seed=7)
    assert order[:3] == ["A", "C", "E"]
    assert sorted(order[3:]) == ["B", "D", "F"]
    assert order == seed_order("ABCDEF", ratings, seed=7)


def test_the_unrated_keep_the_order_their_seed_draws():
    orders = {tuple(seed_order("ABCDEFGH", {"A": 1.0}, seed=s)[1:]) for s in range(6)}
    assert len(orders) > 1  # drawn, not alphabetical


def test_a_seeded_swiss_round_1_sets_the_top_half_against_the_bottom_half():
    draw = draw_round(Format.SWISS, "ABCDEFGH", [], [], seed=3, seeded=list("HGFEDCBA"))
    assert draw.tables == (
        (("H",), ("D",)),
        (("G",), ("C",)),
        (("F",), ("B",)),
        (("E",), ("A",)),
    )
    assert draw.byes == ()


def test_the_lowest_seed_has_the_bye_of_an_odd_field():
    draw = draw_round(Format.SWISS, "ABCDE", [], [], seed=3, seeded=list("ABCDE"))
    assert draw.byes == ("E",)
    assert draw.tables == ((("A",), ("C",)), (("B",), ("D",)))


def test_a_seeded_order_leaves_out_whoever_is_not_drawn_this_round():
    draw = draw_round(Format.SWISS, "ABCD", [], [], seed=3, seeded=list("ZABCD"))
    assert draw.tables == ((("A",), ("C",)), (("B",), ("D",)))


def test_later_rounds_ignore_the_seeding():
    first = draw_round(Format.SWISS, "ABCD", [], [], seed=3, seeded=list("ABCD"))
    later = draw_round(Format.SWISS, "ABCD", [], [first], seed=3)
    assert later == draw_round(Format.SWISS, "ABCD", [], [first], seed=3, seeded=list("DCBA"))
