"""Knockout brackets: seeding order, byes, who advances, the reset and corrections."""

import random
from collections import Counter
from dataclasses import dataclass

import pytest

from scorekeeper.tournaments.rules.tournament_bracket import (
    BYE,
    Elimination,
    by_lot,
    champion,
    correction_allowed,
    drawn_seeds,
    make_bracket,
    resolve,
    seed_order,
    split_by_lot,
)


def test_seed_order_is_the_standard_one():
    assert seed_order(2) == [1, 2]
    assert seed_order(4) == [1, 4, 2, 3]
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_order(16)[:4] == [1, 16, 8, 9]


def test_the_worked_example_six_pairs():
    # A-F seeded 1-6: byes to A and B; C v F, D v E; A v (D/E), B v (C/F).
    bracket = make_bracket(6)
    first = resolve(bracket, {})
    ready = {key: o.sides for key, o in first.items() if o.state == "ready"}
    assert sorted(ready.values()) == [(3, 6), (4, 5)]
    walkovers = sorted(o.winner for o in first.values() if o.state == "walkover")
    assert walkovers == [1, 2]
    d_e = next(key for key, sides in ready.items() if sides == (4, 5))
    c_f = next(key for key, sides in ready.items() if sides == (3, 6))
    after = resolve(bracket, {d_e: 1, c_f: 0})  # E beats D, C beats F
    semis = sorted(o.sides for o in after.values() if o.state == "ready")
    assert semis == [(1, 5), (2, 3)]


def play_out(bracket, pick):
    """Play every ready match, the winner chosen by pick(outcome), until none is ready."""
    winners, played = {}, []
    while True:
        outcomes = resolve(bracket, winners)
        ready = [o for o in outcomes.values() if o.state == "ready"]
        if not ready:
            return outcomes, winners, played
        for outcome in ready:
            winners[outcome.key] = pick(outcome)
            played.append(outcome)


SIZES = range(2, 34)


@pytest.mark.parametrize("entrants", SIZES)
@pytest.mark.parametrize("third", [False, True])
def test_single_elimination_plays_down_to_one(entrants, third):
    bracket = make_bracket(entrants, third_place=third)
    rng = random.Random(entrants)
    outcomes, winners, played = play_out(bracket, lambda o: rng.randrange(2))
    first_round = [o for key, o in outcomes.items() if key.startswith("W1-")]
    seated = [side for o in first_round for side in o.sides if side != BYE]
    # Every entrant is placed once; byes only ever meet a real entrant, and the top seeds.
    assert sorted(seated) == list(range(1, entrants + 1))
    byes = bracket.size - entrants
    got_bye = sorted(o.winner for o in first_round if o.state == "walkover")
    assert got_bye == list(range(1, byes + 1))
    losses = Counter(o.sides[1 - winners[o.key]] for o in played)
    winner = champion(bracket, outcomes)
    assert winner is not None and winner not in losses
    third_played = third and entrants >= 4  # three: a semi-final loser is a bye
    assert len(played) == entrants - 1 + third_played
    assert all(count <= (2 if third_played else 1) for count in losses.values())
    assert set(losses) | {winner} == set(range(1, entrants + 1))


@pytest.mark.parametrize("entrants", SIZES)
def test_every_winner_plays_on(entrants):
    bracket = make_bracket(entrants, Elimination.DOUBLE)
    rng = random.Random(entrants * 7)
    outcomes, _winners, _played = play_out(bracket, lambda o: rng.randrange(2))
    for match in bracket.matches:
        done = outcomes[match.key]
        for later in bracket.matches:
            for position, source in enumerate(later.sources):
                if source.value == match.key and done.state in ("decided", "walkover"):
                    wanted = done.winner if source.kind == "winner" else done.loser
                    if outcomes[later.key].state != "void":
                        assert outcomes[later.key].sides[position] == wanted


def rounds_of(bracket, outcomes):
    groups = {}
    for match in bracket.matches:
        groups.setdefault((match.part, match.round), []).append(outcomes[match.key])
    return groups


@pytest.mark.parametrize("entrants", SIZES)
@pytest.mark.parametrize("favour", [0, 1])
def test_double_elimination_out_after_two_losses(entrants, favour):
    bracket = make_bracket(entrants, Elimination.DOUBLE)
    rng = random.Random(entrants + favour)

    def pick(outcome):
        # The grand final goes to `favour`; the rest are drawn.
        return favour if outcome.key == "F1-1" else rng.randrange(2)

    outcomes, winners, played = play_out(bracket, pick)
    for group in rounds_of(bracket, outcomes).values():
        seen = [side for o in group for side in o.sides if side not in (BYE, None)]
        assert len(seen) == len(set(seen)), "no entrant twice in one round"
    losses = Counter(o.sides[1 - winners[o.key]] for o in played)
    winner = champion(bracket, outcomes)
    assert winner is not None
    assert losses[winner] <= 1
    everyone = set(range(1, entrants + 1))
    assert {e for e in everyone if e != winner} == {e for e, n in losses.items() if n == 2}
    reset = outcomes["R1-1"]
    assert reset.state == ("decided" if favour == 1 else "void")


def test_the_reset_is_played_only_when_the_losers_champion_wins():
    bracket = make_bracket(2, Elimination.DOUBLE)
    # 1 beats 2, drops 2 to the losers' side: the grand final is the two again.
    outcomes = resolve(bracket, {"W1-1": 0})
    assert outcomes["F1-1"].sides == (1, 2) and outcomes["F1-1"].state == "ready"
    outcomes = resolve(bracket, {"W1-1": 0, "F1-1": 1})
    assert outcomes["R1-1"].state == "ready" and champion(bracket, outcomes) is None
    outcomes = resolve(bracket, {"W1-1": 0, "F1-1": 1, "R1-1": 1})
    assert champion(bracket, outcomes) == 2
    no_reset = make_bracket(2, Elimination.DOUBLE, reset=False)
    outcomes = resolve(no_reset, {"W1-1": 0, "F1-1": 1})
    assert champion(no_reset, outcomes) == 2


def test_a_corrected_winner_moves_until_the_next_match_begins():
    bracket = make_bracket(4)
    before = resolve(bracket, {"W1-1": 0, "W1-2": 0})
    assert before["W2-1"].sides == (1, 2)
    moved = resolve(bracket, {"W1-1": 1, "W1-2": 0})
    assert moved["W2-1"].sides == (4, 2)
    # A result played by others than the sides now in the match no longer counts.
    stale = resolve(bracket, {"W1-1": 1, "W1-2": 0, "W2-1": 0}, {"W2-1": (1, 2)})
    assert stale["W2-1"].state == "ready"
    assert correction_allowed(bracket, set(), "W1-1")
    assert not correction_allowed(bracket, {"W2-1"}, "W1-1")
    double = make_bracket(4, Elimination.DOUBLE)
    # The loser's next match counts too.
    assert not correction_allowed(double, {"L1-1"}, "W1-1")


def test_drawn_seeds_keep_their_seed():
    assert drawn_seeds([1, 2, 3, 4, 5], "abc") == drawn_seeds([1, 2, 3, 4, 5], "abc")
    assert sorted(drawn_seeds(range(10), "x")) == list(range(10))


def test_too_few_entrants_refused():
    with pytest.raises(ValueError):
        make_bracket(1)


@dataclass(frozen=True)
class Line:
    entrant: str
    place: int


# A standings: A alone first, B C D sharing 2nd, E 5th, F G sharing 6th.
STANDINGS = [Line("A", 1), Line("B", 2), Line("C", 2), Line("D", 2), Line("E", 5)]
STANDINGS += [Line("F", 6), Line("G", 6)]


def test_a_shared_place_is_put_in_order_by_lot_and_the_rest_stay():
    orders = {tuple(by_lot(STANDINGS, seed)) for seed in range(40)}
    for order in orders:
        assert order[0] == "A" and set(order[1:4]) == {"B", "C", "D"} and order[4] == "E"
        assert set(order[5:]) == {"F", "G"}
    # Every order of the three drawn by some seed: the lot, never the order entered.
    assert {order[1:4] for order in orders} == {
        ("B", "C", "D"), ("B", "D", "C"), ("C", "B", "D"),
        ("C", "D", "B"), ("D", "B", "C"), ("D", "C", "B"),
    }  # fmt: skip


def test_the_same_seed_draws_the_same_lot():
    assert by_lot(STANDINGS, "key:qualifiers") == by_lot(STANDINGS, "key:qualifiers")


def test_the_places_a_cut_split_say_where_each_went():
    ranked = by_lot(STANDINGS, 3)
    championship, consolation = ranked[:3], ranked[3:6]
    split = split_by_lot(STANDINGS, [championship, consolation])
    # The cut after 3 splits B C D; the one after 6 splits F G; A and E stand alone.
    assert set(split) == {"B", "C", "D", "F", "G"}
    assert sorted(split[e] for e in "BCD") == [0, 0, 1]
    assert Counter(split[e] for e in "FG") == Counter([1, None])
    assert split_by_lot(STANDINGS, [ranked[:4]]) == {}
