"""The ways to play that the setup offers: every switch of RULES.md's table."""

import pytest

from scorekeeper.rules import (
    LEGACY_PRESETS,
    PRESETS,
    BlockedRule,
    CountRule,
    HouseRules,
    LeadRule,
    TileSet,
    make_game,
    preset_named,
)


def test_caribbean_park_is_todays_default_rules():
    assert PRESETS["caribbean"].rules == HouseRules()


def test_puerto_rico_500():
    assert PRESETS["puerto_rico_500"].rules == HouseRules(
        target=500,
        capicu_bonus=100,
        blocked_rule=BlockedRule.LIGHTER_PAIR,
        chuchazo_bonus=100,
        first_hands_bonus=(100, 75, 50, 25),
    )


def test_dominican():
    assert PRESETS["dominican"].rules == HouseRules(
        blocked_rule=BlockedRule.LIGHTER_PAIR, ties_to_leaders=True, pase_corrido_bonus=25
    )


def test_cuban_plays_double_nine_to_100_with_pase_de_salida_on_a_double():
    preset = PRESETS["cuban"]

    assert (preset.tile_set, preset.deal_for(4).tiles_each) == (TileSet.DOUBLE_NINE, 10)
    assert preset.rules == HouseRules(
        target=100,
        capicu_bonus=0,
        ties_to_leaders=True,
        pase_de_salida_bonus=20,
        pase_de_salida_on_double_only=True,
    )


def test_spanish_tournament_passes_the_lead_and_counts_every_hand():
    assert PRESETS["spanish"].rules == HouseRules(
        target=300,
        capicu_bonus=0,
        count_rule=CountRule.EVERY_HAND,
        blocked_rule=BlockedRule.LIGHTER_PAIR,
        lead_rule=LeadRule.TURN_PASSES,
    )


def test_double_twelve_in_pairs():
    preset = PRESETS["double_twelve"]

    assert (preset.tile_set, preset.deal_for(4).tiles_each) == (TileSet.DOUBLE_TWELVE, 15)
    assert preset.rules == HouseRules()


def test_pub_block_is_each_for_themselves_to_100_without_capicu():
    preset = PRESETS["pub_block"]

    assert not preset.partnership
    assert preset.seat_options == (2, 3, 4)
    assert preset.rules == HouseRules(target=100, capicu_bonus=0)


def test_a_game_from_a_preset_takes_its_rules():
    assert make_game("puerto_rico_500", 4).rules.target == 500


@pytest.mark.parametrize(("old", "new"), [("double_nine", "cuban"), ("standard", "pub_block")])
def test_old_keys_still_open_a_preset(old, new):
    assert LEGACY_PRESETS[old] == new
    assert preset_named(old) is PRESETS[new]


def test_standard_still_deals_as_before():
    assert make_game("standard", 4).draws


def test_an_unknown_preset_key_is_refused():
    with pytest.raises(ValueError):
        preset_named("chinchon")
