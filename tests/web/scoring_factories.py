"""Small factories for the scoring games' tests: a match, a tap, a hand's end."""

import uuid

from scorekeeper import rules
from scorekeeper.models import Match, Table
from scorekeeper.scoring_games import Play

ANN_BO_CY_DEE = ("Ann", "Bo", "Cy", "Dee")


def scoring_match(preset="all_fives", names=ANN_BO_CY_DEE, partnership=None, **house) -> Match:
    table = Table.objects.create(name="Scoring")
    partnership = len(names) == 4 if partnership is None else partnership
    default = rules.PRESETS[preset].default_rules(partnership)
    house = {"target": default.target, "capicu_bonus": 0, **house}
    game = rules.make_game(
        preset, len(names), partnership=partnership, rules=rules.HouseRules(**house)
    )
    return table.start_match(list(names), game, preset)


def tap(match: Match, seat: int, points: int, token=None):
    """Record one score during play, as the play strip does."""
    return match.add_play(
        Play(seat, points), token=token or uuid.uuid4(), number=match.hand_count + 1
    )


def end(match: Match, out, pips=None, **extra) -> Match:
    """End the hand in play: out is a seat or "blocked"."""
    ending = rules.Ending.BLOCKED if out == "blocked" else rules.Ending.WENT_OUT
    hand = rules.Hand(
        ending=ending, went_out=None if out == "blocked" else out, pips=pips or {}, **extra
    )
    match.add_hand(hand, token=uuid.uuid4(), number=match.hand_count + 1)
    return match
