"""A knockout on a 360 px phone, tapped as a park taps: the director's Draw tapped twice draws
one bracket, the losing side's Confirm tapped twice confirms once, and the back button and a
reload after a confirmation post nothing again and show no error."""

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.tournaments.models import Bracket, BracketBoard, Confirmation, SideLink
from tests.support.testing import make_tournament, play_out

pytestmark = pytest.mark.browser

FOUR = ["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo"]


def no_sideways_scroll(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_draw_and_confirm_tapped_twice_act_once(live_server, phone: Page):
    tournament = make_tournament(
        FOUR, format="single_elimination", target=50, results_need="other_side"
    )
    phone.goto(f"{live_server.url}{tournament.get_absolute_url()}")
    form = phone.locator("#brackets")
    if not form.locator("form").is_visible():
        form.locator("summary").click()
    form.get_by_label("Seeding", exact=True).select_option(label="In the order entered")
    form.get_by_role("button", name="Draw the bracket").dblclick()
    expect(phone.locator(".bracket-box").first).to_be_visible()
    phone.wait_for_load_state("networkidle")
    assert Bracket.objects.filter(tournament=tournament).count() == 1
    no_sideways_scroll(phone)

    board = BracketBoard.objects.select_related("match").get(
        bracket__tournament=tournament, key="W1-1"
    )
    play_out(board.match, 0)
    losers = SideLink.objects.get(bracket_board=board, side=1)
    phone.goto(f"{live_server.url}{losers.get_absolute_url()}")
    phone.get_by_role("button", name="Yes, confirm the result").dblclick()
    expect(phone.locator(".msg").first).to_be_visible()
    phone.wait_for_load_state("networkidle")
    assert Confirmation.objects.filter(bracket_board=board).count() == 1
    expect(phone.get_by_role("button", name="Yes, confirm the result")).to_have_count(0)
    no_sideways_scroll(phone)
    confirmed_at = Confirmation.objects.get(bracket_board=board).at

    phone.go_back()
    phone.reload()
    expect(phone.get_by_role("button", name="Yes, confirm the result")).to_have_count(0)
    phone.go_forward()
    phone.reload()
    expect(phone.locator("main")).to_be_visible()
    assert Confirmation.objects.get(bracket_board=board).at == confirmed_at
