"""The setup page: names, then Start; presets fill every switch, each stays editable; the page
drawn again by the server as it is filled in; Mexican Train's names and rules."""

import dataclasses
import html
import re

import pytest
from django.conf import settings as django_settings
from django.test import Client

from scorekeeper import rules
from scorekeeper.forms.fields import USUAL_TARGET
from scorekeeper.forms.switches import OWN_SWITCH_FIELDS
from scorekeeper.inputs import FSI, PDI
from scorekeeper.models import Match, Table
from tests.created import created
from tests.support.testing import SETUP

pytestmark = pytest.mark.django_db


REGIONAL_DEFAULTS = {"lead_rule": "winner_leads", "pase_corrido_bonus": "0"}


HTMX = {"HX-Request": "true"}


def start(client: Client, **changes):
    return client.post("/new", {**SETUP, **changes})


# The setup form as the page fills it in for Puerto Rico, every switch shown.
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

    match = created(Match).get()
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

    match = created(Match).get()
    assert (match.pase_corrido_bonus, match.ties_to_leaders) == (30, True)


def test_a_page_without_the_switches_gets_the_presets_regional_rules(client: Client):
    start(client, preset="dominican")

    match = created(Match).get()
    assert (match.ties_to_leaders, match.pase_corrido_bonus) == (True, 25)


def test_changing_the_game_without_javascript_shows_its_rules_first(client: Client):
    response = start(client, preset="spanish", rules_of="caribbean", **REGIONAL_DEFAULTS)

    assert response.status_code == 200
    assert not created(Table).exists()
    form = response.context["form"]
    assert form["lead_rule"].value() == "turn_passes"
    assert form["count_rule"].value() == "every_hand"
    assert form["target_other"].value() == "300"


def test_the_shown_rules_start_the_game(client: Client):
    shown = start(client, preset="spanish", rules_of="caribbean", **REGIONAL_DEFAULTS)

    client.post("/new", shown.context["form"].data)

    match = created(Match).get()
    assert (match.preset, match.lead_rule, match.target) == ("spanish", "turn_passes", 300)


def test_an_old_preset_key_means_its_new_preset(client: Client):
    start(client, preset="double_nine")

    match = created(Match).get()
    assert (match.preset, match.tile_set) == ("cuban", 9)


def test_the_first_hands_bonus_takes_up_to_four_numbers(client: Client):
    response = start(
        client, rules_of="caribbean", first_hands_bonus="100 75 50 25 10", **REGIONAL_DEFAULTS
    )

    assert response.context["form"].errors["first_hands_bonus"]
    assert not created(Table).exists()


def test_a_bonus_below_zero_is_refused_at_its_field(client: Client):
    response = start(client, rules_of="caribbean", chuchazo_bonus="-5", **REGIONAL_DEFAULTS)

    assert response.context["form"].errors["chuchazo_bonus"] == ["The bonus can't be below 0."]


def test_the_next_match_setup_shows_the_tables_switches(client: Client):
    start(client, preset="dominican")
    table = created(Table).get()

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
    assert not created(Table).exists()


def test_the_scoring_game_switches_are_hidden_for_a_block_game(client: Client):
    page = client.get("/new").content.decode()

    assert '<fieldset class="scoring-games" data-for-presets="all_fives bergen" hidden>' in page


def test_changing_to_a_scoring_game_without_script_shows_its_switches(client: Client):
    response = start(client, preset="all_fives", rules_of="caribbean")

    page = response.content.decode()
    assert '<fieldset class="scoring-games" data-for-presets="all_fives bergen">' in page
    assert not created(Match).exists()


def test_a_scoring_game_refilled_without_script_starts_at_its_usual_target(client: Client):
    refilled = start(client, preset="bergen", rules_of="caribbean").context["form"]
    data = {key: value for key, value in refilled.data.items() if value not in (None, "")}

    client.post("/new", data)

    match = created(Match).get()
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

    for stored in (created(Match).get(), created(Table).get()):
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
    table = created(Table).get()

    html = client.get(f"/t/{table.key}/new").content.decode()

    assert " hidden" in block_switches(html)
    assert "all_fives" not in block_switches(html) and "caribbean" in block_switches(html)


def test_the_setup_of_a_block_game_offers_its_regional_switches(client: Client):
    html = client.get("/new").content.decode()

    assert " hidden" not in block_switches(html)


def fold(html: str) -> str:
    return re.search(r'<details class="rules-fold"[^>]*>', html).group(0)


def fold_line(html: str) -> str:
    return re.search(r'<span class="fold-line"[^>]*>(.*?)</span>', html, re.S).group(1)


def test_start_comes_before_the_folded_rules(client: Client):
    html = client.get("/new").content.decode()
    assert html.index("Start the match") < html.index('<details class="rules-fold"')


def test_every_rule_sits_once_inside_the_one_fold(client: Client):
    html = client.get("/new").content.decode()
    inside = html[html.index('<details class="rules-fold"') : html.index("</details>")]
    assert html.count("<details") == 1
    for name in (
        "preset",
        "target",
        "count_rule",
        "lead_rule",
        "chuchazo_bonus",
        "series_first_to",
    ):
        assert f'name="{name}"' in inside
        assert html.count(f'name="{name}"') == inside.count(f'name="{name}"')


def test_the_fold_line_names_the_chosen_game_and_its_rules(client: Client):
    line = fold_line(client.get("/new").content.decode())
    assert line.startswith("Caribbean")
    assert "to 200" in line and "capicú 25" in line


def test_a_next_match_fold_line_shows_the_tables_own_rules(client: Client):
    client.post("/new", {**SETUP, "target": "", "target_other": "150"})
    table = created(Table).get()
    assert "to 150" in fold_line(client.get(f"/t/{table.key}/new").content.decode())


def test_a_rule_with_an_error_opens_the_fold(client: Client):
    html = client.post("/new", {**SETUP, "chuchazo_bonus": "-5"}).content.decode()
    assert " open" in fold(html)


def test_a_name_twice_leaves_the_rules_folded(client: Client):
    html = client.post("/new", {**SETUP, "player_2": "Alice"}).content.decode()
    assert "field-error" in html
    assert " open" not in fold(html)


@pytest.mark.parametrize(
    ("preset", "line"),
    [
        ("all_fives", "All Fives · to 200, 250 in pairs · "),
        ("bergen", "Bergen · to 10, 15 in pairs · "),
    ],
)
def test_a_scoring_games_line_shows_its_own_target_and_no_capicu(client: Client, preset, line):
    data = {**SETUP, "preset": preset, "rules_of": "caribbean", "refresh": "1"}
    html = client.post("/new", data, headers={"HX-Request": "true"}).content.decode()
    assert fold_line(html).startswith(line)
    assert "capicú" not in fold_line(html)


def test_a_game_named_with_its_target_is_not_followed_by_it_again(client: Client):
    """Puerto Rico's line read "Puerto Rico 500 · to 500": the name now leaves the target to
    the rules."""
    data = {**SETUP, **PUERTO_RICO_500, "refresh": "1"}
    line = fold_line(client.post("/new", data, headers=HTMX).content.decode())
    assert line.startswith("Puerto Rico · to 500 · capicú 100 · ")
    assert line.count("500") == 1


TYPED = {"player_1": "Ana", "player_2": "Ana", "player_3": "Íñigo", "player_4": "Dev"}


@pytest.mark.parametrize("new_table", [True, False])
def test_a_refused_setup_comes_back_with_every_typed_name(client: Client, make_match, new_table):
    # Two players of one name: refused, and nothing typed is lost.
    url = "/new" if new_table else f"/t/{make_match().table.key}/new"
    data = {**SETUP, **TYPED, "name": "Park", "target": "", "target_other": "150"}
    html = client.post(url, data).content.decode()
    assert "Two players can&#x27;t have the same name." in html
    for field, value in TYPED.items():
        assert re.search(rf'name="{field}" value="{value}"', html), field
    assert re.search(r'name="target_other" value="150"', html)
    if new_table:
        assert re.search(r'name="name" value="Park"', html)


def refresh(client: Client, url: str = "/new", htmx: bool = True, **changes):
    data = {**SETUP, "rules_of": "caribbean", "refresh": "1", **changes}
    return client.post(url, data, headers=HTMX if htmx else {})


def pairing_labels(html: str) -> list[str]:
    return re.findall(r'<span data-pairing="\d+">(.*?)</span>', html, re.S)


@pytest.mark.parametrize("htmx", [True, False])
@pytest.mark.parametrize("new_table", [True, False])
def test_a_refresh_saves_nothing(client: Client, make_match, new_table, htmx):
    url = "/new" if new_table else f"/t/{make_match().table.key}/new"
    tables, matches = created(Table).count(), created(Match).count()
    response = refresh(client, url, htmx=htmx)
    assert response.status_code == 200
    assert (created(Table).count(), created(Match).count()) == (tables, matches)


def test_a_refresh_answers_htmx_with_the_parts_that_hang_on_the_game(client: Client):
    html = refresh(client).content.decode()
    assert "<html" not in html
    for part in ('id="partners"', 'id="more-players"', 'id="rules-line"', 'id="rules"'):
        assert part in html
    assert 'id="id_player_1"' not in html  # the names being typed are left alone


def test_a_new_game_fills_in_its_rules_and_shows_its_switches(client: Client):
    response = refresh(client, preset="all_fives", target="300")
    form = response.context["form"]
    assert form["rules_of"].value() == "all_fives"
    assert form["target"].value() == str(USUAL_TARGET)
    html = response.content.decode()
    assert '<fieldset class="scoring-games" data-for-presets="all_fives bergen">' in html
    assert 'class="block-switches" data-for-presets="caribbean' in html
    assert re.search(r'<div class="block-switches"[^>]* hidden>', html)
    assert "field-error" not in html


def test_the_same_game_keeps_the_switches_as_posted(client: Client):
    form = refresh(client, target="300", capicu_bonus="50").context["form"]
    assert form["target"].value() == "300"
    assert form["capicu_bonus"].value() == "50"


def test_a_page_without_script_keeps_every_typed_name(client: Client):
    names = {"player_1": "Ana", "player_2": "Ana", "player_3": "", "player_4": "Dev"}
    html = refresh(client, htmx=False, preset="bergen", **names).content.decode()
    assert "<html" in html
    assert "Check the rules" not in html and "field-error" not in html
    for field, name in names.items():
        assert re.search(rf'name="{field}" value="{name}"' if name else rf'name="{field}"', html)
    assert 'value="bergen"' in html and 'name="rules_of" value="bergen"' in html


def test_the_partners_are_named_as_the_sheet_names_them(client: Client):
    html = refresh(client).content.decode()
    assert pairing_labels(html) == [
        "Alice &amp; Cara  ·  Ben &amp; Dev",
        "Alice &amp; Ben  ·  Cara &amp; Dev",
        "Alice &amp; Dev  ·  Ben &amp; Cara",
    ]


def test_fewer_than_four_names_leave_the_partners_named_by_seat(client: Client):
    html = refresh(client, player_4="").content.decode()
    assert pairing_labels(html)[0] == "1 &amp; 3 against 2 &amp; 4"


def test_spanish_joins_partners_with_e_before_an_i_sound(client: Client, fresh_catalogues):
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = "es"
    html = refresh(client, player_1="Ana", player_2="Ben", player_3="Isa").content.decode()
    assert pairing_labels(html)[0] == "Ana e Isa  ·  Ben y Dev"


def test_a_right_to_left_name_is_isolated_in_the_partners_label(client: Client):
    html = refresh(client, player_1="سارا").content.decode()
    assert f"{FSI}سارا{PDI} &amp; {FSI}Cara{PDI}" in pairing_labels(html)[0]


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
    match = created(Match).get()
    assert match.seat_names() == NAMES
    assert (match.scoring, match.partnership, match.tile_set) == ("mexican_train", False, 12)
    assert (match.tiles_each, match.draws) == (10, True)
    assert match.game().rounds == 13


def test_a_ninth_name_is_refused(client: Client):
    response = client.post("/new", {**mexican_train(NAMES), "player_9": "Ivy"})

    assert response.status_code == 422
    assert "Eight players at most: nobody sits ninth." in html.unescape(response.content.decode())


def test_four_players_are_dealt_fifteen_and_never_partners(client: Client):
    client.post("/new", mexican_train(NAMES[:4]))

    match = created(Match).get()
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

    match = created(Match).get()
    assert (match.tile_set, match.tiles_each) == (9, 10)
    assert (match.first_engine, match.double_blank_counts, match.ties_to_most_outs) == (6, 50, True)
    assert match.game().rounds == 7
    assert match.table.double_blank_counts == 50


def test_double_nine_takes_four_players_at_most(client: Client):
    response = client.post("/new", mexican_train(NAMES[:5], preset="mexican_train_nine"))

    assert response.status_code == 422
    assert "Mexican Train with this set is for 2 to 4 players." in response.content.decode()
    assert not created(Match).exists()


@pytest.mark.parametrize("game", [game for game in rules.GAMES.values() if game.offered], ids=str)
def test_every_offered_games_own_switches_have_their_form_field(game):
    # A game the setup offers is set up from these: a switch without its field could not be set.
    assert set(game.own_switches) <= set(OWN_SWITCH_FIELDS)


def test_every_setup_switch_field_is_a_house_rule():
    house_rules = {field.name for field in dataclasses.fields(rules.HouseRules)}
    assert set(OWN_SWITCH_FIELDS) <= house_rules


def test_a_fifth_name_for_a_four_seat_game_says_how_many_it_takes(client: Client):
    data = {**SETUP, "player_5": "Eve"}

    response = client.post("/new", data)

    assert response.status_code == 422
    assert response.context["form"].errors["player_5"] == ["This game takes 4 players at most."]
    assert not created(Match).exists()


def test_a_mexican_train_preset_shows_its_switches_and_names_five_to_eight(client: Client):
    html = refresh(client, preset="mexican_train").content.decode()

    switches = re.search(
        r'<fieldset class="game-switches" data-for-presets="mexican_train[^>]*>', html
    ).group(0)
    assert 'data-for-presets="mexican_train mexican_train_nine"' in switches
    assert "hidden" not in switches
    more = re.search(r'<div class="more-players"[^>]*>', html).group(0)
    assert "hidden" not in more
    assert 'name="first_engine"' in html


def test_the_first_rounds_double_says_its_help_once(client: Client):
    """The field's own template came to show its help text, and the switches' template still
    added it again: the same note twice, under one id, on the setup page in every language."""
    html = client.get("/new").content.decode()

    assert html.count('id="id_first_engine_helptext"') == 1
    assert html.count("Start lower for a shorter game") == 1


def test_a_block_preset_hides_mexican_trains_switches_and_names_five_to_eight(client: Client):
    html = refresh(client, preset="dominican").content.decode()

    assert re.search(r'<fieldset class="game-switches"[^>]*hidden>', html)
    assert re.search(r'<div class="more-players"[^>]*hidden>', html)


# The series' note on a rematch: who must sit again for the series to go on.
PAIRS_NOTE = "A rematch with the same pairs goes on with the series; other pairs start a new one."
PLAYERS_NOTE = (
    "A rematch with the same players goes on with the series; other players start a new one."
)


def shutout_switch(html: str) -> str:
    """The opening tag of the label that holds the series' "a shutout counts double" box."""
    return re.search(
        r'<label class="switch"[^>]*>(?=<input type="checkbox" name="shutout_counts_double")', html
    ).group(0)


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "without-script"])
def test_mexican_train_offers_no_double_shutout_and_a_rematch_note_of_players(client, htmx):
    # Nobody plays in pairs and the lowest total wins: no pair, no shutout.
    html = refresh(client, htmx=htmx, preset="mexican_train").content.decode()

    assert "hidden" in shutout_switch(html)
    assert PAIRS_NOTE not in html
    assert PLAYERS_NOTE in html


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "without-script"])
def test_a_game_of_partners_offers_the_double_shutout_and_the_rematch_note_of_pairs(client, htmx):
    html = refresh(client, htmx=htmx, preset="caribbean").content.decode()

    assert "hidden" not in shutout_switch(html)
    assert PAIRS_NOTE in html
    assert PLAYERS_NOTE not in html


# A block game for two to four, each for themselves unless four play as partners.
PUB = {"preset": "pub_block", "rules_of": "pub_block"}


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "without-script"])
@pytest.mark.parametrize(
    "changes",
    [{"player_3": "", "player_4": ""}, {"player_4": ""}, {"partnership": ""}],
    ids=["two", "three", "four each for themselves"],
)
def test_players_each_for_themselves_read_the_rematch_note_of_players(client, htmx, changes):
    # Before, two or three players of a block game read "the same sides" ("las mismas parejas").
    html = refresh(client, htmx=htmx, **PUB, **changes).content.decode()

    assert PLAYERS_NOTE in html
    assert PAIRS_NOTE not in html


def test_a_cut_throat_set_of_four_reads_the_rematch_note_of_players(client: Client):
    preset = "jamaican_cut_throat"
    html = refresh(client, preset=preset, rules_of=preset).content.decode()

    assert PLAYERS_NOTE in html


TWO = {"player_3": "", "player_4": ""}


@pytest.mark.parametrize(
    ("language", "changes", "note"),
    [
        ("es", TWO, "Una revancha con los mismos jugadores sigue la serie"),
        ("es", {"player_4": ""}, "Una revancha con los mismos jugadores sigue la serie"),
        ("es", {}, "Una revancha con las mismas parejas sigue la serie"),
        ("sv", TWO, "En returmatch med samma spelare fortsätter serien"),
        ("sv", {}, "En returmatch med samma lag fortsätter serien"),
    ],
    ids=["es-two", "es-three", "es-four-partners", "sv-two", "sv-four-partners"],
)
def test_spanish_and_swedish_say_players_or_pairs_as_the_table_plays(
    client, fresh_catalogues, language, changes, note
):
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = language

    html = refresh(client, **PUB, **changes).content.decode()

    assert note in html


def test_names_typed_and_partners_changed_redraw_the_rematch_note(client: Client):
    # The names and the partners swap in only their own parts: the note goes with them.
    html = client.get("/new").content.decode()

    for part in ('<fieldset class="players"', '<fieldset class="partners"'):
        tag = html.split(part, 1)[1].split(">", 1)[0]
        assert re.search(r'hx-select-oob="[^"]*#series-note', tag), part
    assert re.search(r'<p class="note" id="series-note">', html)


def test_the_next_match_of_a_two_player_table_reads_the_rematch_note_of_players(client: Client):
    client.post("/new", {**SETUP, **PUB, "player_3": "", "player_4": ""})

    page = client.get(created(Match).get().table.new_match_url()).content.decode()

    assert PLAYERS_NOTE in page


def test_the_next_match_of_a_mexican_train_table_offers_no_double_shutout(client: Client):
    client.post("/new", mexican_train(NAMES[:5]))

    page = client.get(created(Match).get().table.new_match_url()).content.decode()

    assert "hidden" in shutout_switch(page)
    assert PAIRS_NOTE not in page


def test_a_double_shutout_posted_for_mexican_train_is_ignored(client: Client):
    # A page changed by hand, or one that showed the switch for the game chosen before.
    response = client.post("/new", mexican_train(NAMES[:4], shutout_counts_double="on"))

    assert response.status_code == 302
    match = created(Match).get()
    assert not match.series.shutout_counts_double
    assert not match.table.shutout_counts_double


def test_other_games_keep_their_default_round_rules(client: Client):
    client.post("/new", {**SETUP, "double_blank_counts": "50"})

    assert created(Match).get().double_blank_counts == 0


def test_the_next_match_offers_the_tables_mexican_train_seats(client: Client):
    client.post("/new", mexican_train(NAMES[:6], double_blank_counts="25"))
    match = created(Match).get()

    page = client.get(match.table.new_match_url()).content.decode()

    assert 'name="player_6" value="Fay"' in page
    assert 'value="25" id="id_double_blank_counts_1" checked' in page


def test_a_first_engine_the_set_has_not_is_refused_at_its_field(client: Client):
    response = client.post(
        "/new", mexican_train(NAMES[:3], preset="mexican_train_nine", first_engine="10")
    )

    assert "A double-nine set starts from the double nine or lower." in response.content.decode()
    assert not created(Match).exists()


def first_engine_options(html: str) -> list[str]:
    select = re.search(r'<select name="first_engine".*?</select>', html, re.S).group(0)
    return re.findall(r'<option value="(\d*)"', select)


def test_the_first_engine_of_double_nine_offers_only_its_own_doubles(client: Client):
    html = refresh(client, preset="mexican_train_nine").content.decode()

    assert first_engine_options(html) == ["", *(str(n) for n in range(8, -1, -1))]


def test_the_first_engine_of_double_twelve_offers_the_doubles_below_twelve(client: Client):
    html = refresh(client, preset="mexican_train").content.decode()

    assert first_engine_options(html) == ["", *(str(n) for n in range(11, -1, -1))]


def test_a_game_switchs_help_is_the_text_its_field_points_to(client: Client):
    html = refresh(client, preset="mexican_train").content.decode()

    assert 'aria-describedby="id_first_engine_helptext"' in html
    assert re.search(r'<p class="note" id="id_first_engine_helptext">Start lower', html)


def test_every_game_in_the_list_says_its_rules_in_a_line_a_round_game_too(client: Client):
    page = client.get("/new").content.decode()

    for key in ("caribbean", "all_fives", "mexican_train", "mexican_train_nine"):
        option = re.search(rf'value="{key}"[^>]*>.*?</label>', page, re.S).group(0)
        assert "<small>" in option, key
    assert "the lowest total wins" in re.search(
        r'value="mexican_train".*?</label>', page, re.S
    ).group(0)


def target_buttons(html: str) -> list[str]:
    return re.findall(r'<input type="radio" name="target" value="(\d+)"', html)


@pytest.mark.parametrize(
    ("preset", "buttons"),
    [
        ("caribbean", ["0", "100", "150", "200", "500"]),
        ("all_fives", ["0", "100", "150", "200", "250"]),
        ("bergen", ["0", "10", "15"]),
        ("jamaican_partner", ["0", "6"]),
    ],
)
def test_the_target_buttons_are_the_chosen_games_own_lines(client: Client, preset, buttons):
    # Drawn again for the game chosen (htmx), and on the page a game changed without script
    # comes back to.
    assert target_buttons(refresh(client, preset=preset).content.decode()) == buttons
    refilled = start(client, preset=preset, rules_of="spanish")
    assert target_buttons(refilled.content.decode()) == buttons


def test_a_jamaican_set_to_a_hundred_games_is_refused_at_the_target(client: Client):
    response = start(client, preset="jamaican_partner", rules_of="jamaican_partner", target="100")

    assert not created(Match).exists()
    assert response.context["form"].errors["target"] == [
        "Tap one of this game's targets, or type another."
    ]


def test_a_jamaican_set_started_at_its_six_button_goes_to_six_games(client: Client):
    start(client, preset="jamaican_partner", rules_of="jamaican_partner", target="6")

    match = created(Match).get()
    assert (match.preset, match.target) == ("jamaican_partner", 6)
    # The next set's setup has that button tapped.
    html = client.get(f"/t/{match.table.key}/new").content.decode()
    assert re.search(r'<input type="radio" name="target" value="6"[^>]* checked', html)
