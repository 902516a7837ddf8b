"""How a match scores, as data for the phone (static/js/score.js) to score hands waiting there.

Without signal the server cannot score the hands the phone keeps, so the phone does, from
this description; the server stays the only writer and its sheet replaces the phone's numbers
when the hands arrive. Whatever score.js does not handle is marked `"offline": false`, and the
phone then shows the typed hand as "scored when sent", never a number of its own.
"""

from __future__ import annotations

import functools
import json

from scorekeeper import rules


def scores_offline(game: rules.Game) -> bool:
    """Whether score.js can score this table's hands: a block game with no regional rule but
    the lead rule, All Fives or Bergen (a round game such as Mexican Train is the server's)."""
    house = game.rules
    if not game.scored_on_the_phone:
        return False
    return not (
        house.ties_to_leaders
        or house.blocker_against_next
        or game.offers_chuchazo
        or game.offers_pase_corrido
        or game.offers_pase_de_salida
        or any(house.first_hands_bonus)
    )


def offline_game_json(game: rules.Game, state: rules.MatchState, next_number: int) -> str:
    """offline_game as JSON, for a data attribute of the play area (htmx drops scripts): the
    game's part written once a process, the sheet's part on each page and save."""
    sheet = json.dumps(sheet_as_it_stands(state, next_number))
    return f"{_game_json(game)[:-1]}, {sheet[1:]}"


@functools.lru_cache(maxsize=256)
def _game_json(game: rules.Game) -> str:
    return json.dumps(game_part(game))


def offline_game(game: rules.Game, state: rules.MatchState, next_number: int) -> dict:
    """The game, its house rules and the sheet as it stands."""
    return {**game_part(game), **sheet_as_it_stands(state, next_number)}


def sheet_as_it_stands(state: rules.MatchState, next_number: int) -> dict:
    return {
        "totals": list(state.totals),
        "finished": state.finished,
        "next_number": next_number,
        "next_leader": state.next_leader,
    }


def game_part(game: rules.Game) -> dict:
    """What the phone needs of the game and its house rules: the same all through a match."""
    house = game.rules
    return {
        "offline": scores_offline(game),
        # What the game does, asked of it, never which game it is (score.js branches on these):
        # points scored during play and a hand's end counted like All Fives' (else a block
        # game's count); a set number of points for a won hand (else the pips counted); a hand
        # holding a double that cannot win a blocked hand.
        "scores_plays": game.scores_plays,
        "won_hand_points": game.kind.won_hand_points(game),
        "doubles_lose_count": game.kind.doubles_can_lose_count and house.doubles_lose_count,
        "seats": game.seats,
        "sides": [list(seats) for seats in game.sides],
        # Whose hands the winner of a hand counts, seat by seat: the count rule, worked out here
        # once so that the phone does not repeat it.
        "counted_by_winner": [list(seats) for seats in game._counted_by_winner],
        "needed_by_winner": [list(seats) for seats in game._needed_by_winner],
        # What the hand form refuses, so that the phone shows no number for a hand it would.
        "max_pips_in_hand": game.max_pips_in_hand,
        "max_pips_in_hands": [game.max_pips_in_hands(hands) for hands in range(game.seats + 1)],
        "max_pips_in_set": game.tile_set.total_pips,
        "count_rule": str(house.count_rule),
        "blocked_rule": str(house.blocked_rule),
        "lead_rule": str(house.lead_rule),
        "capicu_bonus": house.capicu_bonus,
        "target": house.target,
        "rounding": str(house.rounding),
        "blocked_pays_difference": house.blocked_pays_difference,
    }
