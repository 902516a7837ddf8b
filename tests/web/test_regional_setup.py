"""Setting up a table with a way to play: presets fill every switch, each stays editable."""

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
