"""Mexican Train at 360x740: a whole double-twelve game of four, two players posting their own
counts from their own phones, and a shorter double-nine game of two. Each test works out the
winner from the counts it typed."""

import random
import re

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(page: Page):
    page.set_viewport_size({"width": 360, "height": 740})
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    yield page
    assert problems == []


def set_up(page: Page, live_server, names: list[str], preset: str, **rules) -> None:
    page.goto(f"{live_server.url}/new")
    page.locator("details.rules-fold summary").click()
    page.locator(f'input[name="preset"][value="{preset}"]').check()
    # The server draws the game's rules (and the seats past four) in.
    expect(page.locator("input[name=rules_of]")).to_have_value(preset)
    for index, name in enumerate(names, start=1):
        page.fill(f'[name="player_{index}"]', name)
    if "first_engine" in rules:
        page.select_option('[name="first_engine"]', str(rules["first_engine"]))
    if "double_blank_counts" in rules:
        page.locator(
            f'input[name="double_blank_counts"][value="{rules["double_blank_counts"]}"]'
        ).check()
    page.get_by_role("button", name="Start the match").click()
    expect(page.get_by_test_id("engine")).to_be_visible()


def enter_round(
    page: Page, number: int, rounds: int, out, counts: dict, holder: str | None = None
) -> None:
    """Tap who went out (or Blocked), type each other count, and save the round."""
    page.locator("#entry .outs").get_by_role("link", name=out or "Blocked", exact=True).click()
    for name, pips in counts.items():
        field = page.get_by_role("textbox", name=name, exact=True)
        expect(field).to_have_attribute("inputmode", "numeric")
        field.fill(str(pips))
    if holder is not None:
        page.locator(".double-blank label", has_text=holder).click()
    page.locator(".save-row button.save").click()
    if number < rounds:
        expect(page.get_by_test_id("engine")).to_contain_text(f"Round {number + 1} of")
        return
    # The last round asks once before it ends the game.
    page.get_by_role("button", name="Yes, save: the match ends").click()
    expect(page.get_by_test_id("round-end")).to_be_visible()


def winners(totals: dict[str, int]) -> list[str]:
    lowest = min(totals.values())
    return [name for name, total in totals.items() if total == lowest]


def test_a_whole_double_twelve_game_of_four_with_two_own_phones(phone: Page, phone_in, live_server):
    names = ["Ann", "Bo", "Cy", "Dee"]
    set_up(phone, live_server, names, "mexican_train", double_blank_counts=50)
    links = [phone.get_by_test_id(f"seat-link-{seat}").get_attribute("href") for seat in (1, 2)]
    own = []
    for link in links:
        own.append(phone_in("en-US", has_touch=True))
        own[-1].goto(link)
    chance = random.Random(25)
    totals = dict.fromkeys(names, 0)
    for number in range(1, 14):
        expect(phone.get_by_test_id("engine")).to_contain_text(f"Round {number} of 13")
        expect(phone.get_by_test_id("engine")).to_contain_text(f"the double {13 - number}")
        blocked = number == 4
        out = None if blocked else names[number % 4]
        counts = {name: chance.randint(0, 40) for name in names if name != out}
        holder = None
        if number == 2:  # the double blank at 50, left with Dee
            out, counts = "Ann", {"Bo": 12, "Cy": 3, "Dee": 20}
            holder = "Dee"
        if number in (3, 5):
            # Bo and Cy post their own counts from their phones; the scorer the rest.
            for page, name in zip(own, ("Bo", "Cy"), strict=True):
                # A seat's page draws itself again once the round before closes (its poll, every
                # 4 s): the test waits for that, since a reload of its own would race with it.
                expect(page.get_by_test_id("engine")).to_contain_text(
                    f"Round {number} of 13", timeout=20_000
                )
                if name == out:
                    page.get_by_label("I went out").check()
                else:
                    page.get_by_label("My count: the pips left in my hand").fill(str(counts[name]))
                page.get_by_role("button", name="Send my count").click()
                expect(page.locator(".msg")).to_contain_text("in")
            phone.reload()
            expect(phone.get_by_test_id("counts-missing")).to_contain_text("Ann, Dee")
            typed = {name: pips for name, pips in counts.items() if name not in ("Bo", "Cy")}
            enter_round(phone, number, 13, out, typed)
        else:
            enter_round(phone, number, 13, out, counts, holder)
        for name, pips in counts.items():
            totals[name] += pips + (50 if name == holder else 0)
        if number == 6:
            # A correction: round 6 gave Cy 5 more than they held.
            phone.locator("#sheet").get_by_role("link", name="6", exact=True).click()
            corrected = max(0, counts.get("Cy", 0) - 5) if out != "Cy" else 0
            if out != "Cy":
                phone.get_by_role("textbox", name="Cy", exact=True).fill(str(corrected))
                totals["Cy"] += corrected - counts["Cy"]
            phone.get_by_role("button", name="Save correction").click()
            phone.goto(phone.url.split("h/")[0])
        for seat, name in enumerate(names):
            expect(phone.get_by_test_id(f"total-{seat}")).to_have_text(str(totals[name]))
    won = winners(totals)
    banner = phone.get_by_test_id("round-end")
    if len(won) == 1:
        expect(banner).to_contain_text(f"{won[0]} wins the game!")
    else:
        expect(banner).to_contain_text("share the win!")
    expect(phone.get_by_role("button", name="Rematch")).to_be_visible()
    expect(phone.locator("#entry")).to_have_count(0)
    # The seat's page follows the table by itself to the game's end.
    expect(own[0].get_by_text("This game is over.")).to_be_visible(timeout=20_000)


def test_a_shorter_double_nine_game_of_two(phone: Page, live_server):
    names = ["Ann", "Bo"]
    set_up(phone, live_server, names, "mexican_train_nine", first_engine=3)
    rounds = [
        ("Ann", {"Bo": 14}),
        (None, {"Ann": 6, "Bo": 2}),
        ("Bo", {"Ann": 9}),
        ("Bo", {"Ann": 1}),
    ]
    totals = dict.fromkeys(names, 0)
    for number, (out, counts) in enumerate(rounds, start=1):
        expect(phone.get_by_test_id("engine")).to_contain_text(f"Round {number} of 4")
        enter_round(phone, number, 4, out, counts)
        for name, pips in counts.items():
            totals[name] += pips
    won = winners(totals)
    banner = phone.get_by_test_id("round-end")
    text = f"{won[0]} wins the game!" if len(won) == 1 else "share the win!"
    expect(banner).to_contain_text(text)
    expect(phone.locator("#sheet tbody tr")).to_have_count(4)
    expect(phone.locator("#sheet")).to_contain_text(re.compile(r"3\|3"))


def test_the_scorers_page_sees_a_count_posted_from_a_seat_phone_without_a_reload(
    phone: Page, phone_in, live_server
):
    set_up(phone, live_server, ["Ann", "Bo"], "mexican_train_nine")
    links = [phone.get_by_test_id(f"seat-link-{seat}").get_attribute("href") for seat in (0, 1)]
    # A mark on the scorer's page that a reload would wipe.
    phone.evaluate("window.notReloaded = true")
    seat = phone_in("en-US", has_touch=True)
    seat.goto(links[1])
    seat.get_by_label("My count: the pips left in my hand").fill("12")
    seat.get_by_role("button", name="Send my count").click()
    expect(seat.locator(".msg")).to_contain_text("Your count is in.")

    expect(phone.get_by_test_id("counts-missing")).to_contain_text("Counts still missing: Ann")
    expect(phone.get_by_test_id("counts-posted")).to_contain_text("Bo: 12")

    # The last count closes the round: the scorer's page draws the next round by itself.
    seat.goto(links[0])
    seat.get_by_label("I went out").check()
    seat.get_by_role("button", name="Send my count").click()
    expect(phone.get_by_test_id("engine")).to_contain_text("Round 2 of 10")
    expect(phone.get_by_test_id("total-1")).to_have_text("12")
    assert phone.evaluate("window.notReloaded") is True


# --- The sheet on a 360 px phone, four to eight players --------------------------------------

LONGER_NAMES = ["Annabelle", "Bo", "Cyrus", "Deedee", "Evelyn", "Fay", "Gustav", "Hal"]


def played_rounds(players: int, rounds: int = 6):
    """A double-twelve game of this many players, `rounds` rounds in, with three-figure totals
    and a blocked round: the widest a sheet's numbers get in a game."""
    import uuid

    from scorekeeper import rules
    from scorekeeper.models import Table

    table = Table.objects.create(name="Train")
    game = rules.make_game("mexican_train", players, partnership=False)
    match = table.start_match(LONGER_NAMES[:players], game, "mexican_train")
    for number in range(1, rounds + 1):
        out = None if number == 3 else number % players
        pips = {seat: 100 + 7 * seat + number for seat in range(players) if seat != out}
        ending = rules.Ending.BLOCKED if out is None else rules.Ending.WENT_OUT
        hand = rules.Hand(ending=ending, went_out=out, pips=pips)
        match.add_hand(hand, token=uuid.uuid4(), number=number)
    return match


# Every cell of the sheet whose content is wider or taller than the cell itself (cut or spilt).
CUT_CELLS = """() => [...document.querySelectorAll('#sheet th, #sheet td')]
    .filter(cell => cell.scrollWidth > cell.clientWidth + 1)
    .map(cell => cell.textContent.trim())"""


def sheet_page(phone: Page, live_server, match, where: str) -> None:
    url = match.get_absolute_url() if where == "scorer" else match.table.watch_url()
    phone.goto(f"{live_server.url}{url}")
    expect(phone.locator("#sheet tbody tr")).to_have_count(6)


@pytest.mark.parametrize("players", [4, 8])
@pytest.mark.parametrize("where", ["scorer", "watch"])
def test_the_sheet_fits_the_phone_without_sideways_scroll(phone: Page, live_server, players, where):
    sheet_page(phone, live_server, played_rounds(players), where)

    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    assert phone.evaluate(CUT_CELLS) == []


@pytest.mark.parametrize("players", [4, 8])
def test_the_sheet_says_round_on_one_line(phone: Page, live_server, players):
    sheet_page(phone, live_server, played_rounds(players), "scorer")

    heading = phone.locator("#sheet thead th").first
    expect(heading).to_have_text("Round")
    lines = heading.evaluate(
        "th => { const r = document.createRange(); r.selectNodeContents(th); "
        "return new Set([...r.getClientRects()].map(rect => Math.round(rect.top))).size }"
    )
    assert lines == 1


# How many lines the words of an element take: one box per line of each piece of its text.
TEXT_LINES = """el => {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  let lines = 0;
  while (walker.nextNode()) {
    if (!walker.currentNode.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(walker.currentNode);
    lines += range.getClientRects().length;
  }
  return lines;
}"""


@pytest.mark.parametrize("players", [2, 4, 8])
def test_a_name_on_the_sheet_never_breaks_mid_word(phone: Page, live_server, players):
    sheet_page(phone, live_server, played_rounds(players), "scorer")

    name = phone.locator("#sheet thead th").nth(1)  # Annabelle's
    expect(name).to_have_text("Annabelle")
    assert name.evaluate(TEXT_LINES) == 1


def test_the_sheet_of_eight_keeps_the_names_in_sight_down_the_rounds(phone: Page, live_server):
    match = played_rounds(8, rounds=12)
    phone.goto(f"{live_server.url}{match.get_absolute_url()}")

    phone.locator("#sheet tbody tr").last.scroll_into_view_if_needed()
    phone.evaluate("window.scrollBy(0, 200)")

    last = phone.locator("#sheet tbody tr").last.bounding_box()
    names = phone.locator("#sheet thead th").nth(1).bounding_box()
    assert last["y"] > 0  # the last round is in sight...
    assert -1 <= names["y"] <= 60  # ...and the names head it at the top of the screen
    assert phone.evaluate(CUT_CELLS) == []


def test_a_player_picks_their_tiles_on_their_own_page(phone: Page, live_server):
    from scorekeeper.models import SeatLink

    match = played_rounds(4, rounds=2)
    phone.goto(f"{live_server.url}{SeatLink.for_match(match)[1].get_absolute_url()}")

    phone.locator("details.tiles summary").click()
    for tile in ("6-6", "1-0"):
        phone.locator(f'details.tiles label.tile:has(input[value="{tile}"])').click()

    expect(phone.get_by_label("My count: the pips left in my hand")).to_have_value("13")
    phone.get_by_role("button", name="Send my count").click()
    expect(phone.locator(".msg")).to_contain_text("Your count is in.")
    expect(phone.get_by_test_id("mine")).to_contain_text("You said 13 pips.")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_refused_round_puts_the_first_refused_count_in_sight(phone: Page, live_server):
    """Six players, a count typed wrong and the rest left out: the form came back with the page
    at the top and the messages below the fold; the first refused count now takes the cursor,
    in sight above the save bar."""
    names = ["Ann", "Bo", "Cy", "Dee", "Eve", "Fay"]
    set_up(phone, live_server, names, "mexican_train")
    phone.locator("#entry .outs").get_by_role("link", name="Ann", exact=True).click()
    bo = phone.get_by_role("textbox", name="Bo", exact=True)
    bo.fill("abc")
    phone.locator(".save-row button.save").click()

    expect(bo).to_have_attribute("aria-invalid", "true")
    expect(bo).to_be_focused()
    expect(bo).to_be_in_viewport()
    save_bar = phone.locator(".save-row").bounding_box()
    assert bo.bounding_box()["y"] + bo.bounding_box()["height"] <= save_bar["y"]
