"""Setting up Mexican Train: both sets, two to eight names, and its own house rules."""

import pytest
from django.test import Client

from scorekeeper.models import Match
from scorekeeper.testing import SETUP

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Bo", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]


def mexican_train(names, preset="mexican_train", **changes) -> dict:
    data = {**SETUP, "preset": preset, "rules_of": preset, "partnership": "on"}
    for index in range(8):
        data[f"player_{index + 1}"] = names[index] if index < len(names) else ""
    return {**data, **changes}


def test_the_setup_offers_both_sets_and_their_rules(client: Client):
    page = client.get("/new").content.decode()

    assert 'value="mexican_train"' in page
    assert 'value="mexican_train_nine"' in page
    assert "Mexican Train (double-twelve)" in page
    assert 'name="player_8"' in page
    assert 'name="double_blank_counts"' in page


def test_eight_players_start_a_double_twelve_game_each_for_themselves(client: Client):
    response = client.post("/new", mexican_train(NAMES))

    assert response.status_code == 302
    match = Match.objects.get()
    assert match.seat_names() == NAMES
    assert (match.scoring, match.partnership, match.tile_set) == ("mexican_train", False, 12)
    assert (match.tiles_each, match.draws) == (10, True)
    assert match.game().rounds == 13


def test_four_players_are_dealt_fifteen_and_never_partners(client: Client):
    client.post("/new", mexican_train(NAMES[:4]))

    match = Match.objects.get()
    assert (match.seat_count, match.tiles_each, match.partnership) == (4, 15, False)


def test_the_house_rules_are_kept_on_the_match(client: Client):
    client.post(
        "/new",
        mexican_train(
            NAMES[:3],
            preset="mexican_train_nine",
            first_engine="6",
            double_blank_counts="50",
            ties_to_most_outs="on",
        ),
    )

    match = Match.objects.get()
    assert (match.tile_set, match.tiles_each) == (9, 10)
    assert (match.first_engine, match.double_blank_counts, match.ties_to_most_outs) == (6, 50, True)
    assert match.game().rounds == 7
    assert match.table.double_blank_counts == 50


def test_double_nine_takes_four_players_at_most(client: Client):
    response = client.post("/new", mexican_train(NAMES[:5], preset="mexican_train_nine"))

    assert response.status_code == 422
    assert "Mexican Train with this set is for 2 to 4 players." in response.content.decode()
    assert not Match.objects.exists()


def test_only_mexican_train_takes_more_than_four_names(client: Client):
    data = {**SETUP, "player_5": "Eve"}

    response = client.post("/new", data)

    assert response.status_code == 422
    assert "only Mexican Train takes more" in response.content.decode()


def test_other_games_keep_their_default_round_rules(client: Client):
    client.post("/new", {**SETUP, "double_blank_counts": "50"})

    assert Match.objects.get().double_blank_counts == 0


def test_the_next_match_offers_the_tables_mexican_train_seats(client: Client):
    client.post("/new", mexican_train(NAMES[:6], double_blank_counts="25"))
    match = Match.objects.get()

    page = client.get(match.table.new_match_url()).content.decode()

    assert 'name="player_6" value="Fay"' in page
    assert 'value="25" id="id_double_blank_counts_1" checked' in page
