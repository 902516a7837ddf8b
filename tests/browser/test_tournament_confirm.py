"""Confirmed results on a 360 x 740 phone: a Swiss round whose results need the other side; one
result confirmed from the losing side's own link, one disputed on the scorer's phone and
corrected by the director; the next round waits for both, naming the table still waiting."""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from scorekeeper.tournaments.models import Board, SideLink
from tests.created import created
from tests.support.testing import make_tournament, play_out

pytestmark = pytest.mark.browser

PAIRS = ["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo"]
TARGET = 100


def create(page: Page, base: str) -> str:
    page.goto(base + "/tournament/new")
    page.get_by_label("Name of the tournament").fill("Park open")
    page.get_by_label("Points to win").fill(str(TARGET))
    page.get_by_label("Results need").select_option(label="The other side's confirmation")
    page.get_by_label(re.compile("^Entrants, one a line")).fill("\n".join(PAIRS))
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.get_by_role("heading", name="Park open")).to_be_visible()
    return page.url


def tables(page: Page, director: str) -> list[tuple[str, list[list[str]]]]:
    """Round 1's tables as the director's page shows them: each link and its sides' players."""
    page.goto(director)
    found = []
    for card in page.locator("#round-1 li.board").all():
        sides = card.locator(".card-sides").inner_text().split(" \u2013 ")
        url = card.get_by_role("link", name="Open the table").get_attribute("href")
        found.append((url, [side.split(" & ") for side in sides]))
    return found


def enter_hand(page: Page, players: list[list[str]], side: int, pips: int, ends: bool) -> None:
    """A hand on the open match page: the first player of `side` goes out (`ends`: the match
    with it, asked first)."""
    page.locator("#entry .outs").get_by_role("link", name=players[side][0], exact=True).click()
    expect(page.get_by_role("button", name="Save hand")).to_be_visible()
    page.wait_for_load_state("networkidle")
    # The pips left in the other hands, in one total, as a new table counts them.
    count = page.get_by_label("Pips in the hands that count")
    count.fill(str(pips))
    expect(count).to_have_value(str(pips))
    page.get_by_role("button", name="Save hand").click()
    if ends:
        page.get_by_role("button", name="Yes, save: the match ends").click()


def play(page: Page, base: str, url: str, players: list[list[str]], winner: int) -> None:
    page.goto(base + url)
    enter_hand(page, players, winner, 60, ends=False)
    expect(page.get_by_test_id(f"total-{winner}")).to_have_text("60")
    enter_hand(page, players, winner, 60, ends=True)
    expect(page.locator("#confirm-step")).to_be_visible()


def totals(page: Page) -> tuple[int, int]:
    return tuple(int(page.get_by_test_id(f"total-{side}").inner_text()) for side in range(2))


def test_a_swiss_round_confirmed_by_the_other_sides_link_and_corrected_by_the_director(
    live_server, phone: Page
):
    base = live_server.url
    director = create(phone, base)
    phone.get_by_role("button", name="Draw round 1").click()
    (first_url, first), (second_url, second) = tables(phone, director)

    # Table 1: the first side wins; the scorer's phone asks the other side to confirm.
    play(phone, base, first_url, first, winner=0)
    losers = " & ".join(first[1])
    step = phone.locator("#confirm-step")
    expect(step.get_by_role("heading")).to_contain_text(f"{losers}: confirm you lost")
    expect(step.get_by_role("button", name=first[1][0], exact=True)).to_be_visible()

    # The director sees it unconfirmed, in the standings too; the next round waits for it.
    phone.goto(director)
    expect(phone.locator("#to-confirm")).to_contain_text("Round 1, table 1")
    expect(phone.locator(".standings [data-unconfirmed]").first).to_have_text(
        "includes 1 unconfirmed result"
    )

    # ...confirmed from the losing side's own link, printed on the table cards.
    phone.get_by_role("link", name="Table cards").click()
    cards_url = phone.url
    own = phone.locator(".side-link").filter(has_text=f"{losers}: your own link")
    side_url = own.get_by_role("link").get_attribute("href")
    # The winners' own link cannot confirm: it waits for the other side.
    winners = " & ".join(first[0])
    winners_url = (
        phone.locator(".side-link")
        .filter(has_text=f"{winners}: your own link")
        .get_by_role("link")
        .get_attribute("href")
    )
    phone.goto(winners_url)
    expect(phone.get_by_text(f"Waiting for {losers} to confirm the result.")).to_be_visible()
    phone.goto(side_url)
    expect(phone.get_by_role("heading", name=re.compile("Confirm you lost"))).to_be_visible()
    phone.get_by_role("button", name="Yes, confirm the result").click()
    expect(phone.get_by_text("Result confirmed. Thank you.")).to_be_visible()
    expect(phone.get_by_text("Confirmed: the result counts.")).to_be_visible()
    phone.goto(base + first_url)
    expect(phone.locator("#confirm-step")).to_contain_text(f"Confirmed by {losers}.")

    # Table 2: the second side wins; the losers say it is wrong on the scorer's phone.
    play(phone, base, second_url, second, winner=1)
    entered = totals(phone)
    phone.get_by_role("button", name="Not right: ask the director").click()
    expect(phone.get_by_text("The director is told")).to_be_visible()

    # The next round waits, naming the table still waiting.
    phone.goto(director)
    phone.get_by_role("button", name="Draw round 2").click()
    expect(phone.locator(".msg.error")).to_have_text(
        "The next round waits for the result of round 1, table 2: confirm or accept it first."
    )
    card = phone.locator('[data-to-confirm="1-2"]')
    expect(card).to_contain_text("disputed")

    # The director corrects the last hand at the table, then accepts the result as corrected.
    card.get_by_role("link", name="Correct a hand at the table").click()
    phone.goto(base + second_url + "h/2/")
    # The hand was counted in one total: the total is what is corrected (60, now 80).
    phone.get_by_label("Pips in the hands that count").fill("80")
    phone.get_by_role("button", name="Save correction").click()
    expect(phone.get_by_text("Hand 2 corrected.")).to_be_visible()
    corrected = totals(phone)
    assert corrected != entered
    phone.goto(director)
    score = "\u2013".join(str(total) for total in corrected)
    expect(card).to_contain_text("unconfirmed")
    card.get_by_role("button", name=f"Accept {score}").click()
    expect(phone.get_by_text("Result accepted.")).to_be_visible()
    expect(phone.locator("#to-confirm")).to_have_count(0)
    expect(phone.locator(".standings [data-unconfirmed]")).to_have_count(0)
    expect(phone.locator('#round-1 [data-confirm-state="accepted"]')).to_have_count(1)
    expect(phone.locator('#round-1 [data-confirm-state="confirmed"]')).to_have_count(1)

    # Every result settled: round 2 is drawn.
    phone.get_by_role("button", name="Draw round 2").click()
    expect(phone.locator("#round-2")).to_be_visible()
    # Nothing on these pages scrolls sideways on a 360 px phone.
    for url in (director, cards_url, side_url, base + first_url):
        phone.goto(url)
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 360, url


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_confirmation_pages_have_no_accessibility_violation(live_server, browser, scheme):
    """axe-core at 360 px, light and dark: the confirm step, both sides' pages, the director's
    list and the table cards with their side links."""
    tournament = make_tournament(PAIRS, results_need="other_side", target=TARGET)
    tournament.draw_next_round()
    boards = list(created(Board).select_related("match__table").prefetch_related("places"))
    play_out(boards[0].match, 0)
    links = SideLink.for_boards(boards)[boards[0].pk]
    pages = {
        "confirm step": boards[0].get_absolute_url(),
        "losing side": links[1].get_absolute_url(),
        "winning side": links[0].get_absolute_url(),
        "side in play": SideLink.for_boards(boards)[boards[1].pk][0].get_absolute_url(),
        "director": tournament.get_absolute_url(),
        "cards": f"/d/{tournament.key}/r/1/cards",
        "watch": tournament.watch_url(),
    }
    context = browser.new_context(
        viewport={"width": 360, "height": 740}, color_scheme=scheme, has_touch=True
    )
    page = context.new_page()
    found = {}
    for name, path in pages.items():
        page.goto(live_server.url + path)
        results = Axe().run(page)
        if results.violations_count:
            found[name] = results.generate_snapshot()
        elif page.locator("h1").count() != 1:
            found[name] = f"{page.locator('h1').count()} level-one headings"
    context.close()
    assert found == {}
