"""Each game family has its own rating; a round game (no target) ranks the lowest total first,
each player for themselves a team of one."""

import dataclasses
import random

import pytest
from django.utils import translation
from openskill.models import PlackettLuce

from scorekeeper import rules
from scorekeeper.clubs.models import ClubRating
from scorekeeper.clubs.rerating import up_to_date
from scorekeeper.clubs.words import FAMILY_NAMES, family_name
from tests.clubs.factories import club_with, played
from tests.support.testing import add_hand, deal_hand

pytestmark = pytest.mark.django_db

NAMES = ("Ana", "Ben", "Cara")


def mexican_train(table, seed):
    """A short Mexican Train match of three, played to its end."""
    preset = rules.ALL_PRESETS["mexican_train"]
    house = dataclasses.replace(preset.default_rules(False), target=2, first_engine=1)
    game = rules.make_game("mexican_train", 3, rules=house)
    match = table.start_match(list(NAMES), game, "mexican_train")
    rng = random.Random(seed)
    while not match.finished:
        out = rng.randrange(3)
        add_hand(match, out, deal_hand(game, rng, out=out).pips)
    return match


def test_a_round_game_is_rated_lowest_first_each_for_themselves():
    club, (table,) = club_with("Train")
    matches = [mexican_train(table, seed) for seed in (1, 2, 3)]
    up_to_date(club)
    model = PlackettLuce()
    now = {name.lower(): model.rating() for name in NAMES}
    for match in matches:
        totals = list(match.totals)
        # Dense ranks by total, lowest first: the winners hold the lowest total.
        levels = sorted(set(totals))
        teams = [[now[name.lower()]] for name in NAMES]
        rated = model.rate(teams, ranks=[levels.index(total) + 1 for total in totals])
        now = {name.lower(): team[0] for name, team in zip(NAMES, rated, strict=True)}
    kept = ClubRating.objects.filter(club=club, family="mexican_train")
    got = {row.player: (row.mu, row.sigma) for row in kept}
    assert got.keys() == now.keys()
    for name, rating in now.items():
        assert got[name] == pytest.approx((rating.mu, rating.sigma), abs=1e-9)


def test_each_family_keeps_its_own_rating():
    club, (table,) = club_with("Mixed")
    played(table, ("Ana", "Ben", "Cara", "Dev"), 0)
    mexican_train(table, 4)
    up_to_date(club)
    families = set(
        ClubRating.objects.filter(club=club, player="ana").values_list("family", flat=True)
    )
    assert families == {"block", "mexican_train"}
    assert ClubRating.objects.get(club=club, player="ana", family="block").played == 1


def test_every_game_family_has_a_name_in_words():
    assert {game.kind.family for game in rules.GAMES} <= FAMILY_NAMES.keys()


def test_the_ratings_help_lists_every_game_rated_in_the_language(speaking, language):
    """The help listed "bloqueo, Cincos, Bergen, Tren mexicano" in a fixed sentence, leaving
    out Jamaican, which the same page rates: it names every game family of rules.GAMES now, so
    a new game is listed without touching the sentence."""
    club, (table,) = club_with("Mixed")
    played(table, ("Ana", "Ben", "Cara", "Dev"), 0)
    page = speaking.get(club.get_absolute_url()).content.decode()
    help_box = page[page.index('class="help-box"') :]
    help_box = help_box[: help_box.index("</details>")]
    with translation.override(language):
        names = [family_name(kind.family) for kind in rules.GAMES.values()]
    assert {"es": "Jamaiquino", "sv": "Jamaicanskt"}[language] in names
    for name in names:
        assert name in help_box
