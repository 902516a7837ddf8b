"""Knockouts on a 360 px phone in Chromium: the director creates the event and draws the
bracket, each bracket match is scored on its own match page, and the winners advance to the
end; the bracket box may scroll sideways, the page never does."""

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.tournaments.models import Tournament
from scorekeeper.tournaments.rules import tournament_bracket as knockout
from tests.browser.test_tournament_run import Board, create, draw, enter_hand
from tests.created import created

pytestmark = pytest.mark.browser

SIX = ["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo", "Ines & Juan", "Kike & Lola"]
NINE = [*SIX, "Mia & Nico", "Olga & Pepe", "Quim & Rosa"]


def no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], width


def ready_matches(page: Page, director: str, bracket: str = "") -> list[tuple[str, Board]]:
    """The bracket matches waiting to be played, as the director's page shows them."""
    page.goto(director)
    found = []
    for cell in page.locator(f"{bracket} li.bracket-match[data-state='ready']").all():
        link = cell.get_by_role("link", name="Open the table")
        if not link.count():
            continue
        sides = tuple(cell.locator(".bracket-name").all_inner_texts())
        url = link.get_attribute("href")
        found.append((cell.get_attribute("data-match"), Board(0, sides, url)))
    return found


def play_bracket(page: Page, base: str, director: str, pick, bracket: str = "") -> list[str]:
    """Play every match as it becomes ready, the winning side chosen by pick(key, sides);
    the keys of the matches played, in order."""
    played = []
    while matches := ready_matches(page, director, bracket):
        for key, board in matches:
            enter_hand(page, base, board, pick(key, board.sides), 100)
            played.append(key)
    return played


def draw_bracket(page: Page, director: str, **choices) -> None:
    page.goto(director)
    form = page.locator("#brackets")
    if not form.locator("form").is_visible():
        form.locator("summary").click()
    for label, value in choices.items():
        field = form.get_by_label(label, exact=True)
        if field.get_attribute("type") == "checkbox":
            field.set_checked(value)
        elif field.evaluate("el => el.tagName") == "SELECT":
            field.select_option(label=value)
        else:
            field.fill(value)
    form.get_by_role("button", name="Draw the bracket").click()
    expect(page.locator(".bracket-box").first).to_be_visible()


def test_six_pairs_double_elimination_through_the_reset(live_server, phone: Page):
    base = live_server.url
    director = create(phone, base, "Double elimination (pairs)", SIX)
    draw_bracket(phone, director, Seeding="In the order entered")
    no_sideways_scroll(phone)
    # The first round as RULES.md's example: the top two seeds wait, 3 v 6 and 4 v 5 play.
    first = {sides for _key, board in ready_matches(phone, director) for sides in [board.sides]}
    assert first == {("Eva & Fede", "Kike & Lola"), ("Gil & Hugo", "Ines & Juan")}

    # The higher seed wins every match but the grand final: the losers' champion takes it,
    # so the deciding final is played, and won by the losers' champion again.
    def pick(key, sides):
        return 1 if key in ("F1-1", "R1-1") else 0

    played = play_bracket(phone, base, director, pick)
    assert played.count("F1-1") == 1 and played[-1] == "R1-1"
    assert len(played) == 11  # 5 winners' matches, 4 losers', the grand final and the reset
    phone.goto(director)
    # The first side wins every other match, so Ines & Juan (seed 5, who lost the first
    # round) win the losers' bracket, then beat Ana & Ben (seed 1) in both finals.
    expect(phone.locator(".bracket-champion")).to_have_text("Winner: Ines & Juan")
    won = phone.locator("[data-match='R1-1'] .bracket-side.won")
    expect(won.locator(".bracket-name")).to_contain_text("Ines & Juan")
    expect(won.get_by_role("img", name="won")).to_be_visible()
    no_sideways_scroll(phone)
    phone.goto(base + phone.locator("a", has_text="Print the bracket").get_attribute("href"))
    expect(phone.locator(".bracket-champion")).to_have_text("Winner: Ines & Juan")
    no_sideways_scroll(phone)


def test_nine_pairs_swiss_into_a_championship_and_a_consolation(live_server, phone: Page):
    base = live_server.url
    director = create(phone, base, "Swiss (pairs)", NINE)
    for number in (1, 2, 3):
        for board in draw(phone, director, number):
            if board.url:
                enter_hand(phone, base, board, 0, 100)
    phone.goto(director)
    shown = phone.locator(".standings [data-entrant] h3 a").all_inner_texts()
    draw_bracket(
        phone,
        director,
        **{
            "Bracket": "Single elimination",
            "How many qualify for the championship bracket": "4",
            "How many of the next play a consolation bracket (empty: none)": "4",
        },
    )
    no_sideways_scroll(phone)
    # Seeded by the standings, a shared place in the order its lot drew (forms.bracket), 1 v 4
    # and 2 v 3 in each: places 1-4, then 5-8.
    tournament = created(Tournament).get()
    lines = tournament.standings()
    names = {entrant.pk: str(entrant) for entrant in tournament.entrants.all()}
    top = [names[pk] for pk in knockout.by_lot(lines, f"{tournament.key}:qualifiers")]
    place = {names[line.entrant]: line.place for line in lines}
    assert [place[name] for name in top] == [place[name] for name in shown]
    first = {key: board.sides for key, board in ready_matches(phone, director, "#bracket-1")}
    assert first == {"W1-1": (top[0], top[3]), "W1-2": (top[1], top[2])}
    consolation = [board.sides for _key, board in ready_matches(phone, director, "#bracket-2")]
    assert consolation == [(top[4], top[7]), (top[5], top[6])]
    played = play_bracket(phone, base, director, lambda key, sides: 1 if key == "W2-1" else 0)
    assert len(played) == 6
    champions = phone.locator(".bracket-champion")
    expect(champions.nth(0)).to_have_text(f"Winner: {top[1]}")
    expect(champions.nth(1)).to_have_text(f"Winner: {top[5]}")
    no_sideways_scroll(phone)
