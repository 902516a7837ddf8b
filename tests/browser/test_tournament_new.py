"""The new-tournament form on a phone: the format brings the games it can seat and what it asks."""

import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect

from tests.support.testing import make_tournament

pytestmark = pytest.mark.browser


# The game's list drawn again and taken in by htmx (its change posts the form).
HTMX_TOOK_THE_GAME = """() => {
  const game = document.querySelector("select[name=preset]");
  const data = game && game["htmx-internal-data"];
  return Boolean(data && data.initHash) && !document.querySelector(".htmx-settling, .htmx-request");
}"""


def test_choosing_a_mexican_train_event_offers_its_games_and_table_size(live_server, phone: Page):
    page = phone
    page.goto(live_server.url + reverse("new_tournament"))
    game = page.locator("select[name=preset]")
    expect(game.locator("option[value=mexican_train]")).to_have_count(0)
    expect(page.get_by_label("Points to win")).to_be_visible()

    page.get_by_label("Format").select_option("round_game")

    # Each for themselves at tables: Jamaican cut-throat (to a target) and Mexican Train.
    expect(game.locator("option")).to_have_count(4)
    expect(page.get_by_label("Points to win")).to_be_visible()
    # The game's new list is htmx's to post on change once htmx has taken it in (as it settles,
    # after the swap): a change before that posts nothing, a quicker tap than any thumb's.
    page.wait_for_function(HTMX_TOOK_THE_GAME)
    game.select_option("mexican_train")
    expect(page.get_by_label("Players at a table")).to_have_value("4")
    expect(page.get_by_label("Points to win")).to_have_count(0)
    expect(game).to_have_value("mexican_train")

    page.get_by_label("Name of the tournament").fill("Train night")
    page.get_by_label("Players at a table").select_option("3")
    page.locator("textarea[name=entrants]").fill("Ann\nBo\nCy\nDee\nEve\nFay")
    page.get_by_role("button", name="Create the tournament").click()

    page.locator(".draw button.primary").click()
    expect(page.locator("#round-1 li.board")).to_have_count(2)
    # Each table of three shows its three players.
    three = re.compile(r"^\w+ \u2013 \w+ \u2013 \w+$")
    expect(page.locator("#round-1 li.board .card-sides")).to_have_text([three, three])
    expect(page.locator(".tournament-standings [data-stat=games-won]")).to_have_count(6)


def test_a_mexican_train_event_with_tables_of_six_fits_a_phone(live_server, phone: Page):
    page = phone
    names = [f"Bengt-Göran Lindqvist {n}" for n in range(1, 13)]
    tournament = make_tournament(names, format="round_game", preset="mexican_train", table_size=6)
    director = live_server.url + tournament.get_absolute_url()
    page.goto(director)
    page.locator(".draw button.primary").click()
    expect(page.locator("#round-1 li.board")).to_have_count(2)
    for url in (
        director,
        live_server.url + tournament.watch_url(),
        live_server.url + reverse("tournament_screen", args=[tournament.watch_key]),
        live_server.url + reverse("tournament_sheets", args=[tournament.key, 1]),
    ):
        page.goto(url)
        expect(page.locator("h1").first).to_be_visible()
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 360, url


def test_what_is_typed_while_the_format_is_drawn_again_stays(live_server, phone: Page):
    """The format's answer is held until the director has typed on: the target, the name and
    the entrants typed meanwhile stay (the answer put the target back to 200 and emptied the
    entrants, and a tournament was made with none)."""
    page = phone
    # On a slow link the form's module arrives after the director's first change: it is held
    # until the change has gone out (CI's busy machine showed it).
    module = []
    page.route("**/typed*.js", lambda route: module.append(route))
    with page.expect_request("**/typed*.js"):
        page.goto(live_server.url + reverse("new_tournament"))
    held = []
    page.route("**/tournament/new", lambda route: held.append(route))

    with page.expect_request("**/tournament/new"):
        page.get_by_label("Format").select_option("rotating_partners")
    assert len(module) == 1
    module[0].continue_()
    page.wait_for_function("() => document.querySelector('form[data-keep-typed=on]')")
    page.get_by_label("Name of the tournament").fill("Park open")
    page.get_by_label("Points to win").fill("150")
    page.locator("textarea[name=entrants]").fill("Ana\nBen\nCris\nDani")
    # The fields as drawn before the answer carry a mark; the answer's do not.
    page.locator("#tournament-fields").evaluate("element => element.dataset.old = 'yes'")
    assert len(held) == 1
    held[0].continue_()

    expect(page.locator("#tournament-fields")).not_to_have_attribute("data-old", "yes")
    expect(page.get_by_label("Format")).to_have_value("rotating_partners")
    expect(page.get_by_label("Points to win")).to_have_value("150")
    expect(page.get_by_label("Name of the tournament")).to_have_value("Park open")
    expect(page.locator("textarea[name=entrants]")).to_have_value("Ana\nBen\nCris\nDani")


def test_a_field_selected_when_the_answer_arrives_is_typed_over(live_server, phone: Page):
    """The director has selected the target to type over it as the format's answer arrives:
    what is typed replaces it (htmx put the caret at the start of the new field, and "100" went
    in before "200", a target of 100200)."""
    page = phone
    page.goto(live_server.url + reverse("new_tournament"))
    page.wait_for_function("() => document.querySelector('form[data-keep-typed=on]')")
    held = []
    page.route("**/tournament/new", lambda route: held.append(route))
    with page.expect_request("**/tournament/new"):
        page.get_by_label("Format").select_option("rotating_partners")
    target = page.get_by_label("Points to win")
    target.focus()
    target.evaluate("element => element.select()")
    page.locator("#tournament-fields").evaluate("element => element.dataset.old = 'yes'")
    held[0].continue_()

    expect(page.locator("#tournament-fields")).not_to_have_attribute("data-old", "yes")
    expect(target).to_be_focused()
    page.keyboard.insert_text("100")
    expect(target).to_have_value("100")
