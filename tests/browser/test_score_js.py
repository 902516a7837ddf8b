"""The phone's scoring of waiting hands (static/js/score.js) agrees with the server's rules on
random hands of every game and house-rule combination it is offered for."""

import itertools
import json
import random

import pytest
from playwright.sync_api import Page

from scorekeeper import rules
from scorekeeper.offline_game import offline_game, scores_offline

pytestmark = pytest.mark.browser

HANDS = 300


def block_games():
    tables = [(4, True, 7, False), (2, False, 7, False), (3, False, 5, False), (4, False, 5, True)]
    for (seats, pairs, each, draws), count, blocked, capicu, lead in itertools.product(
        tables, rules.CountRule, rules.BlockedRule, (0, 25), rules.LeadRule
    ):
        house = rules.HouseRules(
            target=150, capicu_bonus=capicu, count_rule=count, blocked_rule=blocked, lead_rule=lead
        )
        yield rules.Game(seats, pairs, tiles_each=each, draws=draws, rules=house)


def scoring_games():
    tables = [(4, True), (2, False), (3, False), (4, False)]
    for (seats, pairs), rounding, difference in itertools.product(
        tables, rules.Rounding, (False, True)
    ):
        house = rules.HouseRules(target=250, rounding=rounding, blocked_pays_difference=difference)
        yield rules.Game(
            seats, pairs, tiles_each=5, draws=True, rules=house, scoring=rules.Scoring.ALL_FIVES
        )
    for (seats, pairs), two, doubles in itertools.product(tables, (False, True), (False, True)):
        house = rules.HouseRules(target=15, won_hand_pays_two=two, doubles_lose_count=doubles)
        yield rules.Game(
            seats, pairs, tiles_each=5, draws=True, rules=house, scoring=rules.Scoring.BERGEN
        )


def random_hand(game: rules.Game, rng: random.Random, led_by: int | None) -> rules.Hand:
    """A hand the form could send: small counts, so that blocked hands often tie."""
    while True:
        blocked = rng.random() < 0.4
        went_out = None if blocked else rng.randrange(game.seats)
        ending = rules.Ending.BLOCKED if blocked else rules.Ending.WENT_OUT
        needed = rules.needed_seats(game, ending, went_out)
        top = rng.choice((6, 12, game.max_pips_in_hand))
        pips = {seat: rng.randint(0, top) for seat in needed if seat != went_out}
        fields: dict = {"pips": pips}
        if not blocked and game.scoring is rules.Scoring.BLOCK and rng.random() < 0.2:
            fields = {"pooled": rng.randint(0, 40)}
        if blocked and game.counts_blocked_by_pair and rng.random() < 0.4:
            fields = {"pair_pips": {side: rng.randint(0, 15) for side in range(game.side_count)}}
        if game.scoring is rules.Scoring.BERGEN and game.rules.doubles_lose_count:
            fields["holding_doubles"] = {s for s in range(game.seats) if rng.random() < 0.3}
        capicu = not blocked and game.offers_capicu and rng.random() < 0.3
        told = rng.randrange(game.seats) if game.asks_leader(led_by) else None
        hand = rules.Hand(ending, went_out, capicu=capicu, led_by=told, **fields)
        if not rules.validate_hand(game, hand, led_by):
            return hand


def as_json(hand: rules.Hand) -> dict:
    return {
        "ending": str(hand.ending),
        "went_out": hand.went_out,
        "pips": hand.pips,
        "capicu": hand.capicu,
        "pooled": hand.pooled,
        "pair_pips": [hand.pair_pips[s] for s in sorted(hand.pair_pips)] or None,
        "holding_doubles": sorted(hand.holding_doubles),
        "led_by": hand.led_by,
    }


def start(game: rules.Game) -> dict:
    return offline_game(game, rules.tally(game, ()), 1)


SCORE_IN_PAGE = """async ([game, cases]) => {
  const { scoreHand } = await import("/static/js/score.js");
  return cases.map(([hand, leader]) => scoreHand(game, hand, leader));
}"""

MATCH_IN_PAGE = """async ([game, hands]) => {
  const { advance, startOf } = await import("/static/js/score.js");
  let state = startOf(game);
  return hands.map((hand) => { state = advance(game, state, hand).state; return state; });
}"""


@pytest.fixture
def blank(live_server, phone: Page) -> Page:
    phone.goto(f"{live_server.url}/")
    return phone


def check_hands(page: Page, game: rules.Game, rng: random.Random) -> None:
    cases, expected = [], []
    for _ in range(HANDS):
        leader = rng.choice((None, rng.randrange(game.seats)))
        hand = random_hand(game, rng, leader)
        result = rules.score_hand(game, hand, leader, number=1)
        cases.append((as_json(hand), leader))
        expected.append(
            {
                "sidePoints": list(result.side_points),
                "side": result.side,
                "leadsNext": result.next_leader,
            }
        )
    got = page.evaluate(SCORE_IN_PAGE, [start(game), cases])
    for case, mine, theirs in zip(cases, got, expected, strict=True):
        assert mine == theirs, (game, case)


def test_the_phone_scores_block_hands_as_the_server_does(blank: Page):
    rng = random.Random(22)
    games = list(block_games())
    assert all(scores_offline(game) for game in games)
    for game in games:
        check_hands(blank, game, rng)


def test_the_phone_scores_all_fives_and_bergen_hands_as_the_server_does(blank: Page):
    rng = random.Random(23)
    for game in scoring_games():
        assert scores_offline(game)
        check_hands(blank, game, rng)


def test_the_phone_keeps_a_block_match_as_the_server_does(blank: Page):
    rng = random.Random(24)
    for game in block_games():
        hands, results = [], []
        state = rules.tally(game, ())
        while not state.finished:
            hand = random_hand(game, rng, state.next_leader)
            result = rules.score_hand(game, hand, state.next_leader, number=len(hands) + 1)
            state = rules.advance(game, state, result)
            hands.append(hand)
            results.append(state)
        got = page_states(blank, game, [as_json(hand) for hand in hands])
        assert got == [expect_state(state) for state in results], game


def test_the_phone_keeps_a_scoring_match_with_its_plays_as_the_server_does(blank: Page):
    rng = random.Random(25)
    for game in scoring_games():
        sent, states = [], []
        state = rules.tally(game, ())
        while not state.finished:
            plays = [
                rules.Play(rng.randrange(game.seats), rng.choice(rules.play_amounts(game)))
                for _ in range(rng.randint(0, 3))
            ]
            end = random_hand(game, rng, state.next_leader)
            for play in plays:
                state = rules.advance(game, state, play)
                if state.finished:
                    break
            else:
                result = rules.score_hand(game, end, state.next_leader)
                state = rules.advance(game, state, result)
            plays_json = [{"seat": play.seat, "points": play.points} for play in plays]
            sent.append({**as_json(end), "plays": plays_json})
            states.append(expect_state(state))
        assert page_states(blank, game, sent) == states, game


def page_states(page: Page, game: rules.Game, hands: list[dict]) -> list[dict]:
    states = page.evaluate(MATCH_IN_PAGE, [json.loads(json.dumps(start(game))), hands])
    return [
        {"totals": s["totals"], "finished": s["finished"], "winner": s["winner"]} for s in states
    ]


def expect_state(state: rules.MatchState) -> dict:
    return {"totals": list(state.totals), "finished": state.finished, "winner": state.winner_side}
