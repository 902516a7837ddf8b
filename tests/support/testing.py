"""Small factories over the real model API, shared by the tests, the load tests and the bench."""

import dataclasses
import json
import os
import random
import secrets
import subprocess
import sys
import uuid
from pathlib import Path

from scorekeeper import rules
from scorekeeper.models import Match, Table
from scorekeeper.tournaments.models import Bracket, Entrant, Tournament

ROOT = Path(__file__).resolve().parents[2]


def run_in_production(script: str, tmp_path: Path, **env: str):
    """Run a Python script under the production settings (DEBUG=0, HTTPS, a fresh SQLite
    database and static root in tmp_path) and return the JSON it printed last."""
    result = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={
            **{k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")},
            "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(50),
            "ALLOWED_HOSTS": "scores.example.org",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
            "STATIC_ROOT": str(tmp_path / "static"),
            **env,
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


# What a person fills in on the setup page for four players in partnership.
SETUP = {
    "player_1": "Alice",
    "player_2": "Ben",
    "player_3": "Cara",
    "player_4": "Dev",
    "partnership": "on",
    "pairing": "13",
    "preset": "caribbean",
    "target": "200",
    "capicu_bonus": "25",
    "count_rule": "all_other_hands",
    "blocked_rule": "lightest_hand",
}

# make_match's arguments for a Spanish table: every hand counts, the lighter pair wins a
# blocked hand, the lead passes in turn, to 300.
SPANISH = {
    "preset": "spanish",
    "count_rule": "every_hand",
    "blocked_rule": "lighter_pair",
    "lead_rule": "turn_passes",
    "target": 300,
}

# SQL queries per request that the tests hold the views to and the bench reports against.
QUERY_BUDGETS = {
    "scoreboard": 8,
    "hand_save": 12,  # an ordinary save writes the match, not its table (the table: when it ends)
    # A score tapped during an All Fives or Bergen hand (its transaction reads the match again).
    "tap": 19,
    # The table, its matches, their seats, the filter's players and pairs, the series, and the
    # club it joined (the clubs app's box, drawn by its template tag).
    "history": 7,
    "watch_unchanged": 1,
    "watch_changed": 9,
    "statistics": 3,
    "head_to_head": 8,
    "history_filtered": 6,  # as "history", its filter shown: the club box reads its club too
}

# The hands of RULES.md's worked match: Alice 0, Ben 1, Cara 2, Dev 3.
EXAMPLE_HANDS = [
    {"out": 3, "pips": {0: 10, 1: 12, 2: 9}, "capicu": True},
    {"out": 0, "pips": {1: 20, 2: 10, 3: 14}},
    {"out": "blocked", "pips": {0: 9, 1: 15, 2: 3, 3: 9}},
    {"out": 2, "pips": {0: 8, 1: 17, 3: 13}},
]


def make_match(names=("Alice", "Ben", "Cara", "Dev"), preset="caribbean", **house) -> Match:
    """A table and its first match: Alice and Cara against Ben and Dev unless told otherwise."""
    table = Table.objects.create(name="Park")
    game = rules.make_game(preset, len(names), rules=rules.HouseRules(**house))
    return table.start_match(list(names), game, preset)


def reported(out, pips: dict[int, int], capicu: bool = False) -> rules.Hand:
    """A hand as the table reports it: `out` is the seat that went out, or "blocked"."""
    if out == "blocked":
        return rules.Hand(ending=rules.Ending.BLOCKED, pips=pips, capicu=capicu)
    return rules.Hand(ending=rules.Ending.WENT_OUT, went_out=out, pips=pips, capicu=capicu)


def add_hand(match: Match, out, pips: dict[int, int], capicu: bool = False) -> Match:
    """Record the next hand through the model, as the hand form would."""
    match.add_hand(reported(out, pips, capicu), token=uuid.uuid4(), number=match.hand_count + 1)
    return match


def post_data(out, number: int, pips: dict, capicu: bool = False, token=None) -> dict[str, str]:
    """The hand form's POST data: `out` is a seat, "blocked" or anything a phone might send."""
    data = {"out": str(out), "number": str(number), "token": str(token or uuid.uuid4())}
    data.update({f"pips_{seat}": str(value) for seat, value in pips.items()})
    if capicu:
        data["capicu"] = "on"
    return data


def hand_fields(hand: rules.Hand, number: int, token=None) -> dict[str, str]:
    """The hand form's POST data for this hand as hand `number`."""
    out = "blocked" if hand.ending is rules.Ending.BLOCKED else hand.went_out
    return post_data(out, number, hand.pips, hand.capicu, token)


def hand_post(match: Match, out, pips: dict, capicu: bool = False, **extra) -> dict:
    """The POST data of the match's next hand; `extra` adds or overrides fields."""
    return {**post_data(out, match.hand_count + 1, pips, capicu), **extra}


def deal_hand(
    game: rules.Game,
    rng: random.Random,
    *,
    blocked_share: float = 0.12,
    capicu_share: float = 0.06,
    out: int | str | None = None,
) -> rules.Hand:
    """A hand as a table would report it: real tiles dealt, some played, the rest counted.

    `out` picks how it ended (a seat, or "blocked"); by default it is drawn."""
    tiles = list(game.tile_set.tiles)
    rng.shuffle(tiles)
    each = game.tiles_each
    dealt = [tiles[seat * each : (seat + 1) * each] for seat in range(game.seats)]
    if out is None:
        out = "blocked" if rng.random() < blocked_share else rng.randrange(game.seats)
    if out == "blocked":
        ending, winner = rules.Ending.BLOCKED, None
    else:
        ending, winner = rules.Ending.WENT_OUT, int(out)
    pips = {}
    for seat in rules.needed_seats(game, ending, winner):
        # Whoever did not go out still holds one to a few of the tiles they were dealt.
        held = rng.sample(dealt[seat], rng.randint(1, min(4, game.tiles_each)))
        pips[seat] = sum(rules.tile_pips(tile) for tile in held)
    capicu = ending is rules.Ending.WENT_OUT and game.offers_capicu and rng.random() < capicu_share
    return rules.Hand(ending=ending, went_out=winner, pips=pips, capicu=capicu)


# --- Scoring games (All Fives, Bergen) ----------------------------------------------------------


def scoring_match(
    preset="all_fives", names=("Ann", "Bo", "Cy", "Dee"), partnership=None, **house
) -> Match:
    """A match of All Fives or Bergen, to the game's usual target unless told otherwise."""
    table = Table.objects.create(name="Scoring")
    partnership = len(names) == 4 if partnership is None else partnership
    usual = rules.PRESETS[preset].default_rules(partnership)
    house = {"target": usual.target, "capicu_bonus": 0, **house}
    game = rules.make_game(
        preset, len(names), partnership=partnership, rules=rules.HouseRules(**house)
    )
    return table.start_match(list(names), game, preset)


def tap(match: Match, seat: int, points: int, token=None):
    """Record one score during play, as the play strip does; ends the hand with add_hand."""
    play = rules.Play(seat, points)
    return match.add_play(play, token=token or uuid.uuid4(), number=match.hand_count + 1)


def make_tournament(
    entrants, format="swiss", target=200, preset="caribbean", **fields
) -> Tournament:
    """A tournament of these entrants ("Ana & Ben" a pair, or one player's name)."""
    tournament = Tournament(name="Park open", format=format, **fields)
    tournament.take_preset(preset)
    tournament.target = target
    tournament.save()
    for line in entrants:
        name, _, partner = (part.strip() for part in line.partition("&"))
        Entrant.objects.create(tournament=tournament, name=name, partner=partner)
    return tournament


def win_hand(match: Match, side: int, pips: int = 30) -> Match:
    """The next hand: seat `side` goes out (its side wins it), every other seat holding `pips`."""
    return add_hand(match, side, {seat: pips for seat in range(4) if seat != side})


def play_out(match: Match, side: int, pips: int = 30) -> Match:
    """Hands won by `side` until the match is over."""
    while not match.finished:
        win_hand(match, side, pips)
    return match


# --- Other tables: what a real database holds beside the table a test is about -----------------

# Names no test's own table uses, in the case and spacing a park types them.
OTHER_NAMES = ("zoe", "YURI", "Xavi", "wanda", "Vera", "ULF", "tess", "Sam")


def other_tables(seed: int = 20261205) -> list:
    """Tables of every game the setup offers at every size it is played with, and a tournament:
    each table has a finished match and one in play, with hands in which every seat has gone out
    and one that blocked (a game not yet offered can have no table).

    The shared test fixture puts these in the database before each test, so a query that forgets
    its match, table or tournament reads them and fails the test (as it would fail a park).
    """
    rng = random.Random(seed)
    tables: list = []
    for key, preset in rules.ALL_PRESETS.items():
        if not preset.kind.offered:
            continue
        for seats in preset.seat_options:
            table = Table.objects.create(name=f"Other {key} {seats}")
            tables.append(table)
            usual = preset.default_rules(preset.partnership and seats == 4)
            # A short match that ends (a low line; a round game: two rounds), then one in play.
            short = dataclasses.replace(usual, target=max(1, usual.target // 20), first_engine=1)
            for house in (short, usual):
                game = rules.make_game(key, seats, rules=house)
                match = table.start_match(OTHER_NAMES[:seats], game, key)
                for out in [*range(seats), "blocked"]:
                    if not match.finished:
                        add_hand(match, out, deal_hand(game, rng, out=out).pips)
    tables.append(other_tournament())
    tables.append(other_knockout())
    return tables


def other_tournament() -> Tournament:
    """A Swiss of four pairs: round 1 played out, round 2 drawn with one table's hand in."""
    tournament = make_tournament(["zoe & YURI", "Xavi & wanda", "Vera & ULF", "tess & Sam"])
    for side, board in enumerate(tournament.draw_next_round().boards.all()):
        play_out(board.match, side)
    win_hand(tournament.draw_next_round().boards.first().match, 1)
    return tournament


def other_knockout() -> Tournament:
    """Three pairs in double elimination: its first match played, the next one drawn."""
    tournament = make_tournament(
        ["zoe & Sam", "YURI & tess", "Xavi & ULF"], format="double_elimination"
    )
    bracket = Bracket.objects.create(
        tournament=tournament, elimination="double", seeds=[e.pk for e in tournament.entrants.all()]
    )
    bracket.advance()
    play_out(bracket.boards.get().match, 0)
    bracket.advance()
    return tournament
