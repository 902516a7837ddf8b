"""The setup drawn again by the server as it is filled in: the chosen game's rules and the
partners named as the sheet will name them, saving nothing."""

import re

import pytest
from django.conf import settings as django_settings
from django.test import Client

from scorekeeper.forms.fields import USUAL_TARGET
from scorekeeper.inputs import FSI, PDI
from scorekeeper.models import Match, Table
from scorekeeper.testing import SETUP

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def refresh(client: Client, url: str = "/new", htmx: bool = True, **changes):
    data = {**SETUP, "rules_of": "caribbean", "refresh": "1", **changes}
    return client.post(url, data, headers=HTMX if htmx else {})


def pairing_labels(html: str) -> list[str]:
    return re.findall(r'<span data-pairing="\d+">(.*?)</span>', html, re.S)


@pytest.mark.parametrize("htmx", [True, False])
@pytest.mark.parametrize("new_table", [True, False])
def test_a_refresh_saves_nothing(client: Client, make_match, new_table, htmx):
    url = "/new" if new_table else f"/t/{make_match().table.key}/new"
    tables, matches = Table.objects.count(), Match.objects.count()
    response = refresh(client, url, htmx=htmx)
    assert response.status_code == 200
    assert (Table.objects.count(), Match.objects.count()) == (tables, matches)


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
