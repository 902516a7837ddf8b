"""Setup: names, then Start; the game and every rule folded under the chosen game's one line."""

import re

import pytest
from django.test import Client

from scorekeeper.models import Table
from scorekeeper.testing import SETUP

pytestmark = pytest.mark.django_db


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
    table = Table.objects.get()
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
