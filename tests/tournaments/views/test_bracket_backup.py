"""A knockout's brackets in the tournament's backup: they come back exactly, or are refused."""

import json

import pytest
from django.urls import reverse

from scorekeeper.models import Table
from scorekeeper.tournaments.backup import export_tournament, import_tournament
from scorekeeper.tournaments.models import Bracket, BracketBoard, Tournament
from tests.created import created
from tests.support.testing import make_tournament, play_out

pytestmark = pytest.mark.django_db

SIX = ["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo", "Ines & Juan", "Kim & Leo"]


@pytest.fixture
def knockout(client) -> Tournament:
    """Six pairs in double elimination: one first-round match played, the next one drawn."""
    tournament = make_tournament(SIX, format="double_elimination")
    client.post(reverse("bracket_draw", args=[tournament.key]), {"seeding": "entry"})
    play_out(BracketBoard.objects.get(bracket__tournament=tournament, key="W1-2").match, 1)
    client.get(tournament.get_absolute_url())  # the winner advances
    return tournament


def forget(tournament: Tournament) -> None:
    Table.objects.filter(bracket_board__bracket__tournament=tournament).delete()
    tournament.delete()


def test_the_brackets_come_back_exactly(client, knockout):
    data = export_tournament(knockout)
    assert len(data["brackets"]) == 1 and len(data["brackets"][0]["boards"]) == 3
    forget(knockout)
    restored = import_tournament(json.loads(json.dumps(data)))
    assert export_tournament(restored) == data
    page = client.get(restored.get_absolute_url()).content.decode()
    assert "Ines &amp; Juan" in page and 'data-match="W2-1"' in page


@pytest.mark.parametrize(
    "change",
    [
        lambda b: b.update(seeds=[1, 1, 2, 3, 4, 5]),
        lambda b: b.update(seeds=[1, 2, 99]),
        lambda b: b.update(best_of=4),
        lambda b: b["boards"][0].update(key="Z9-9"),
        lambda b: b["boards"][0].update(seeds=[1, 7]),
        # A list or a mapping where a number belongs was a TypeError (unhashable): a 500.
        lambda b: b.update(seeds=[[1], 2, 3, 4, 5, 6]),
        lambda b: b.update(seeds=[{"a": 1}, 2, 3, 4, 5, 6]),
        lambda b: b["boards"][0].update(key=["W1-1"]),
    ],
    ids=["twice", "unknown", "best_of", "key", "seed", "seed_list", "seed_mapping", "key_list"],
)
def test_a_bad_bracket_is_refused_with_nothing_stored(knockout, change):
    data = export_tournament(knockout)
    change(data["brackets"][0])
    before = (created(Tournament).count(), created(Bracket).count(), created(Table).count())
    with pytest.raises(ValueError):
        import_tournament(data, new_keys=True)
    after = (created(Tournament).count(), created(Bracket).count(), created(Table).count())
    assert after == before
