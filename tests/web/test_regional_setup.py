"""Setting up a table with a way to play: presets fill every switch, each stays editable."""

import re

import pytest
from django.test import Client

from scorekeeper.models import Match, Table
from scorekeeper.testing import SETUP

pytestmark = pytest.mark.django_db

REGIONAL_DEFAULTS = {"lead_rule": "winner_leads", "pase_corrido_bonus": "0"}


def start(client: Client, **changes):
    return client.post("/new", {**SETUP, **changes})


# The setup form as the page fills it in for Puerto Rico 500, every switch shown.
PUERTO_RICO_500 = {
    "preset": "puerto_rico_500",
    "rules_of": "puerto_rico_500",
    "target": "500",
    "capicu_other": "100",
    "blocked_rule": "lighter_pair",
    "lead_rule": "winner_leads",
    "chuchazo_bonus": "100",
    "first_hands_bonus": "100 75 50 25",
}


def test_a_preset_posted_with_its_switches_keeps_them(client: Client):
    start(client, **PUERTO_RICO_500)

    match = Match.objects.get()
    assert (match.preset, match.target, match.capicu_bonus) == ("puerto_rico_500", 500, 100)
    assert (match.chuchazo_bonus, match.first_hands_bonus) == (100, [100, 75, 50, 25])
    assert match.blocked_rule == "lighter_pair"


def test_an_edited_switch_wins_over_the_preset(client: Client):
    start(
        client,
        preset="dominican",
        rules_of="dominican",
        pase_corrido_bonus="30",
        lead_rule="winner_leads",
        ties_to_leaders="on",
        blocked_rule="lighter_pair",
    )

    match = Match.objects.get()
    assert (match.pase_corrido_bonus, match.ties_to_leaders) == (30, True)


def test_a_page_without_the_switches_gets_the_presets_regional_rules(client: Client):
    start(client, preset="dominican")

    match = Match.objects.get()
    assert (match.ties_to_leaders, match.pase_corrido_bonus) == (True, 25)


def test_changing_the_game_without_javascript_shows_its_rules_first(client: Client):
    response = start(client, preset="spanish", rules_of="caribbean", **REGIONAL_DEFAULTS)

    assert response.status_code == 200
    assert not Table.objects.exists()
    form = response.context["form"]
    assert form["lead_rule"].value() == "turn_passes"
    assert form["count_rule"].value() == "every_hand"
    assert form["target_other"].value() == "300"


def test_the_shown_rules_start_the_game(client: Client):
    shown = start(client, preset="spanish", rules_of="caribbean", **REGIONAL_DEFAULTS)

    client.post("/new", shown.context["form"].data)

    match = Match.objects.get()
    assert (match.preset, match.lead_rule, match.target) == ("spanish", "turn_passes", 300)


def test_an_old_preset_key_means_its_new_preset(client: Client):
    start(client, preset="double_nine")

    match = Match.objects.get()
    assert (match.preset, match.tile_set) == ("cuban", 9)


def test_the_first_hands_bonus_takes_up_to_four_numbers(client: Client):
    response = start(
        client, rules_of="caribbean", first_hands_bonus="100 75 50 25 10", **REGIONAL_DEFAULTS
    )

    assert response.context["form"].errors["first_hands_bonus"]
    assert not Table.objects.exists()


def test_a_bonus_below_zero_is_refused_at_its_field(client: Client):
    response = start(client, rules_of="caribbean", chuchazo_bonus="-5", **REGIONAL_DEFAULTS)

    assert response.context["form"].errors["chuchazo_bonus"] == ["The bonus can't be below 0."]


def test_the_next_match_setup_shows_the_tables_switches(client: Client):
    start(client, preset="dominican")
    table = Table.objects.get()

    form = client.get(f"/t/{table.key}/new").context["form"]

    assert form["ties_to_leaders"].value() is True
    assert form["rules_of"].value() == "dominican"


def test_the_next_match_setup_maps_an_old_key(client: Client, make_match):
    match = make_match(preset="standard", names=("Ann", "Bo"))

    form = client.get(f"/t/{match.table.key}/new").context["form"]

    assert form["preset"].value() == "pub_block"


def test_no_capicu_choice_at_all_is_asked_for(client: Client):
    data = {key: value for key, value in SETUP.items() if key != "capicu_bonus"}

    response = client.post("/new", data)

    assert response.context["form"].errors["capicu_other"]
    assert not Table.objects.exists()


def test_the_scoring_game_switches_are_hidden_for_a_block_game(client: Client):
    page = client.get("/new").content.decode()

    assert '<fieldset class="scoring-games" data-for-presets="all_fives bergen" hidden>' in page


def test_changing_to_a_scoring_game_without_script_shows_its_switches(client: Client):
    response = start(client, preset="all_fives", rules_of="caribbean")

    page = response.content.decode()
    assert '<fieldset class="scoring-games" data-for-presets="all_fives bergen">' in page
    assert not Match.objects.exists()


def test_a_scoring_game_refilled_without_script_starts_at_its_usual_target(client: Client):
    refilled = start(client, preset="bergen", rules_of="caribbean").context["form"]
    data = {key: value for key, value in refilled.data.items() if value not in (None, "")}

    client.post("/new", data)

    match = Match.objects.get()
    assert (match.preset, match.target, match.capicu_bonus) == ("bergen", 15, 0)


# All Fives as the page posts it with the block games' switches turned on behind its back.
ALL_FIVES_WITH_BLOCK_SWITCHES = {
    "preset": "all_fives",
    "rules_of": "all_fives",
    "lead_rule": "winner_leads",
    "ties_to_leaders": "on",
    "blocker_against_next": "on",
    "chuchazo_bonus": "100",
    "pase_corrido_bonus": "25",
    "pase_de_salida_bonus": "20",
    "pase_de_salida_on_double_only": "on",
    "first_hands_bonus": "100 75",
}


def test_a_scoring_game_takes_none_of_the_block_games_switches_posted(client: Client):
    start(client, **ALL_FIVES_WITH_BLOCK_SWITCHES)

    for stored in (Match.objects.get(), Table.objects.get()):
        assert not stored.ties_to_leaders
        assert not stored.blocker_against_next
        assert not stored.pase_de_salida_on_double_only
        assert (stored.chuchazo_bonus, stored.pase_corrido_bonus) == (0, 0)
        assert (stored.pase_de_salida_bonus, list(stored.first_hands_bonus)) == (0, [])


def block_switches(html: str) -> str:
    """The opening tag of the group that holds the block games' regional switches."""
    return re.search(r"<div class=\"block-switches\"[^>]*>", html).group(0)


def test_the_setup_of_a_scoring_game_does_not_offer_the_block_games_switches(client: Client):
    start(client, preset="all_fives")
    table = Table.objects.get()

    html = client.get(f"/t/{table.key}/new").content.decode()

    assert " hidden" in block_switches(html)
    assert "all_fives" not in block_switches(html) and "caribbean" in block_switches(html)


def test_the_setup_of_a_block_game_offers_its_regional_switches(client: Client):
    html = client.get("/new").content.decode()

    assert " hidden" not in block_switches(html)
