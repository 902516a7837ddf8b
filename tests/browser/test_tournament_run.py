"""Running a tournament on a phone in Chromium: the director creates it, draws each round, every
table scores on its own match page, and the standings follow; the test works the standings out
again from what the tables entered, in the order of RULES.md."""

import re
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from scorekeeper.models import Match
from scorekeeper.tournaments.models import Board as TournamentBoard
from scorekeeper.tournaments.models import Round
from tests.created import created
from tests.support.testing import make_tournament, play_out

pytestmark = pytest.mark.browser

PAIRS = [
    ("Ana", "Ben"),
    ("Cris", "Dani"),
    ("Eva", "Fede"),
    ("Gil", "Hugo"),
    ("Ines", "Juan"),
    ("Kike", "Lola"),
    ("Mia", "Nico"),
    ("Olga", "Pepe"),
    ("Quim", "Rosa"),
]
PLAYERS = ["Ana", "Ben", "Cris", "Dani", "Eva", "Fede", "Gil", "Hugo"]
TARGET = 100
AWARD = (TARGET // 2, 0)  # forfeits and byes: a win with half the target against 0


@dataclass
class Board:
    """One table of a round as the director's page shows it (or a bye)."""

    number: int
    sides: tuple[str, ...]  # each side as shown: "Ana & Ben", or "Ana & Ben" of two players
    url: str | None = None
    forfeit_for: int | None = None  # the side present at a forfeit
    totals: tuple[int, int] | None = None
    winner: int | None = None


@dataclass
class Event:
    rounds: list[list[Board]] = field(default_factory=list)


def create(page: Page, base: str, format_label: str, entrants: list[str], time_cap=None) -> str:
    page.goto(base + "/tournament/new")
    page.get_by_label("Name of the tournament").fill("Park open")
    page.get_by_label("Format").select_option(label=format_label)
    page.get_by_label("Points to win").fill(str(TARGET))
    if time_cap:
        page.get_by_label("Minutes a round lasts (empty: no clock)").fill(str(time_cap))
    page.get_by_label(re.compile("^Entrants, one a line")).fill("\n".join(entrants))
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.get_by_role("heading", name="Park open")).to_be_visible()
    return page.url


def draw(page: Page, director: str, number: int) -> list[Board]:
    page.goto(director)
    button = page.get_by_role("button", name=f"Draw round {number}")
    try:
        expect(button).to_be_visible()
    except AssertionError as missing:
        # Which tables keep it waiting, as the database has them: (round, board, hands).
        waiting = [
            (board.round.number, board.number, board.match and board.match.hand_count)
            for board in created(TournamentBoard).select_related("round", "match")
            if not board.done
        ]
        raise AssertionError(f"no round {number} to draw; waiting for {waiting}") from missing
    button.click()
    return read_round(page, director, number)


def read_round(page: Page, director: str, number: int) -> list[Board]:
    page.goto(director)
    section = page.locator(f"#round-{number}")
    expect(section).to_be_visible()
    boards = []
    for card in section.locator("li.board").all():
        title = card.locator(".card-title").inner_text()
        board_number = int(card.get_attribute("data-board"))
        if title.startswith("Bye: "):
            boards.append(Board(board_number, (title.removeprefix("Bye: "),)))
            continue
        sides = tuple(card.locator(".card-sides").inner_text().split(" \u2013 "))
        url = card.get_by_role("link", name="Open the table").get_attribute("href")
        boards.append(Board(board_number, sides, url))
    return boards


def enter_hand(page: Page, base: str, board: Board, side: int, pips: int) -> None:
    """A hand at this board's own match page: the first player of `side` goes out."""
    page.goto(base + board.url)
    players = [side_names.split(" & ") for side_names in board.sides]
    out = players[side][0]
    page.locator("#entry .outs").get_by_role("link", name=out, exact=True).click()
    expect(page.get_by_role("button", name="Save hand")).to_be_visible()
    # The hand form's modules come with the swap: type once they are in, as a thumb would.
    page.wait_for_load_state("networkidle")
    # The pips left in the other hands, in one total, as a new table counts them.
    count = page.get_by_label("Pips in the hands that count")
    count.fill(str(pips))
    expect(count).to_have_value(str(pips))
    answer = save(page, page.get_by_role("button", name="Save hand"))
    if answer == "confirm":  # the hand ends the match: asked once more
        answer = save(page, page.get_by_role("button", name="Yes, save: the match ends"))
    assert answer == "saved", f"{board.url}: the hand was {answer}"
    expect(page.locator(".msg")).to_be_visible()


def save(page: Page, button) -> str:
    """Tap a save button and wait for the server's answer: what became of the hand, as its
    X-Hand header says (views.save), so that what follows never reads the page before it."""
    with page.expect_response(
        lambda response: response.request.method == "POST" and "x-hand" in response.headers
    ) as answer:
        button.click()
    return answer.value.headers["x-hand"]


def read_result(page: Page, base: str, board: Board) -> None:
    """The board's match as its own page shows it: each side's total, and who won."""
    page.goto(base + board.url)
    names = page.locator(".side-name").all_inner_texts()
    assert names[:2] == list(board.sides)
    totals = tuple(int(page.get_by_test_id(f"total-{side}").inner_text()) for side in range(2))
    assert totals[0] != totals[1], "a finished match has a side ahead"
    board.totals = totals
    board.winner = 0 if totals[0] > totals[1] else 1


def results(event: Event) -> list[tuple[tuple[tuple[str, ...], ...], tuple[int, int], int]]:
    """Each board's result: (the entrants of each side, their points, the winning side)."""
    found = []
    for boards in event.rounds:
        for board in boards:
            if len(board.sides) == 1:
                found.append((((board.sides[0],), ()), AWARD, 0))
            elif board.forfeit_for is not None:
                present = board.forfeit_for
                sides = ((board.sides[present],), (board.sides[1 - present],))
                found.append((sides, AWARD, 0))
            else:
                found.append((tuple((side,) for side in board.sides), board.totals, board.winner))
    return found


def expected_standings(entrants: list[str], found) -> list[tuple[int, str, int, int, int]]:
    """RULES.md's order: wins, efectividad, wins among the level, points for; else shared."""
    wins, points_for, points_against = defaultdict(int), defaultdict(int), defaultdict(int)
    for sides, points, winner in found:
        for index, side in enumerate(sides):
            for entrant in side:
                points_for[entrant] += points[index]
                points_against[entrant] += points[1 - index]
                wins[entrant] += index == winner
    level = {e: (wins[e], points_for[e] - points_against[e]) for e in entrants}
    among = defaultdict(int)
    for sides, _points, winner in found:
        for entrant in sides[winner]:
            beaten = sides[1 - winner]
            if any(level[other] == level[entrant] for other in beaten):
                among[entrant] += 1

    def key(entrant):
        return (-wins[entrant], -level[entrant][1], -among[entrant], -points_for[entrant])

    ranked = sorted(entrants, key=key)
    table = []
    for position, entrant in enumerate(ranked, start=1):
        place = table[-1][0] if table and key(entrant) == key(table[-1][1]) else position
        table.append((place, entrant))
    return [
        (place, entrant, wins[entrant], level[entrant][1], points_for[entrant])
        for place, entrant in table
    ]


def shown_standings(page: Page, director: str) -> list[tuple[int, str, int, int, int]]:
    page.goto(director)
    rows = []
    for card in page.locator(".standings [data-entrant]").all():
        place = int(card.locator(".standing-place").inner_text())
        name = card.locator("h3 a").inner_text()
        wins, difference, points_for = (
            int(card.locator(f'[data-stat="{stat}"]').inner_text())
            for stat in ("wins", "difference", "points-for")
        )
        rows.append((place, name, wins, difference, points_for))
    return rows


def opponents(boards: list[Board]) -> set[frozenset[str]]:
    return {frozenset(board.sides) for board in boards if len(board.sides) == 2}


def test_a_swiss_tournament_of_nine_pairs_with_a_forfeit_a_correction_and_the_clock(
    live_server, phone: Page
):
    base = live_server.url
    names = [f"{first} & {second}" for first, second in PAIRS]
    director = create(phone, base, "Swiss (pairs)", names, time_cap=30)
    event = Event()

    # Round 1: four tables and a bye; every table plays to the target on its own page.
    event.rounds.append(draw(phone, director, 1))
    for index, board in enumerate(event.rounds[0]):
        if board.url:
            enter_hand(phone, base, board, index % 2, 30 + 10 * index)
            enter_hand(phone, base, board, index % 2, 80)

    # Round 2 is drawn; then a round-1 result is corrected: the standings change, the draw not.
    event.rounds.append(draw(phone, director, 2))
    corrected = event.rounds[0][0]
    read_result(phone, base, corrected)
    before = corrected.totals
    phone.goto(base + corrected.url + "h/2/")
    # The hand was counted in one total: the total is what is corrected (80, now 112).
    phone.get_by_label("Pips in the hands that count").fill("112")
    phone.get_by_role("button", name="Save correction").click()
    expect(phone.get_by_text("Hand 2 corrected.")).to_be_visible()
    read_result(phone, base, corrected)
    assert corrected.totals != before
    assert read_round(phone, director, 2) == event.rounds[1]

    # Round 2: the first table's second side does not come; the others play.
    forfeit = event.rounds[1][0]
    phone.goto(director)
    # A forfeit is asked first, then shows who won.
    phone.locator("#round-2 li.board").first.get_by_role("link", name="Enter a forfeit").click()
    phone.get_by_role("button", name=f"Forfeit: {forfeit.sides[0]} wins").click()
    expect(phone.locator("#round-2 li.board").first).to_contain_text(
        f"Forfeit: {forfeit.sides[0]} wins"
    )
    forfeit.forfeit_for = 0
    for index, board in enumerate(event.rounds[1][1:]):
        if board.url:
            enter_hand(phone, base, board, (index + 1) % 2, 110 + 5 * index)

    # Round 3 runs on the clock: started, then its 30 minutes are over before anyone finishes.
    event.rounds.append(draw(phone, director, 3))
    phone.goto(director)
    phone.get_by_role("button", name="Start the round").click()
    expect(phone.get_by_text(re.compile("Time left:"))).to_be_visible()
    round_three = created(Round).get(number=3)
    round_three.started_at -= timedelta(minutes=31)
    round_three.save(update_fields=["started_at"])
    Match.objects.filter(board__round=round_three).update(ends_at=round_three.ends_at())
    for index, board in enumerate(event.rounds[2]):
        if board.url:
            enter_hand(phone, base, board, index % 2, 20 + 5 * index)
            expect(phone.get_by_text("Time was up: the side ahead won.")).to_be_visible()

    for boards in event.rounds:
        for board in boards:
            if board.url and board.forfeit_for is None:
                read_result(phone, base, board)
    # Round 3's matches ended below the target: the clock ended them.
    assert all(max(b.totals) < TARGET for b in event.rounds[2] if b.totals)

    # Every pair sat once a round, the byes went to three different pairs, nobody met twice.
    for boards in event.rounds:
        seated = [side for board in boards for side in board.sides]
        assert sorted(seated) == sorted(names)
    byes = [board.sides[0] for boards in event.rounds for board in boards if len(board.sides) == 1]
    assert len(byes) == len(set(byes)) == 3
    met = [pair for boards in event.rounds for pair in opponents(boards)]
    assert len(met) == len(set(met)) == 12

    assert shown_standings(phone, director) == expected_standings(names, results(event))


def test_an_individual_event_of_eight_never_seats_the_same_partners_twice(live_server, phone: Page):
    base = live_server.url
    director = create(phone, base, "Individuals, partners rotate", PLAYERS)
    event = Event()
    for number in (1, 2, 3):
        boards = draw(phone, director, number)
        event.rounds.append(boards)
        assert len(boards) == 2 and all(board.url for board in boards)
        for index, board in enumerate(boards):
            enter_hand(phone, base, board, (number + index) % 2, 130 + 10 * index)
        for board in boards:
            read_result(phone, base, board)

    partners = []
    for boards in event.rounds:
        seated = [name for board in boards for side in board.sides for name in side.split(" & ")]
        assert sorted(seated) == sorted(PLAYERS)  # everyone plays every round
        partners += [frozenset(side.split(" & ")) for board in boards for side in board.sides]
    assert len(partners) == len(set(partners)) == 12

    # Each player takes their side's result.
    found = [
        (tuple(tuple(side.split(" & ")) for side in board.sides), board.totals, board.winner)
        for boards in event.rounds
        for board in boards
    ]
    assert shown_standings(phone, director) == expected_standings(PLAYERS, found)


def test_the_match_page_counts_the_round_clock_down(live_server, phone: Page):
    tournament = make_tournament(["Ana & Ben", "Cris & Dani"], time_cap=30)
    round = tournament.draw_next_round()
    round.start()
    board = round.boards.select_related("table", "match").get()
    phone.goto(live_server.url + board.get_absolute_url())
    clock = phone.locator("time[data-ends-at]")
    expect(clock).to_have_text(re.compile(r"^29:[0-5]\d$"))
    first = clock.inner_text()
    expect(clock).not_to_have_text(first)  # a second later
    # Three seconds before the end: then the page says what the end of time means.
    Match.objects.update(ends_at=timezone.now() + timedelta(seconds=3))
    phone.reload()
    expect(clock).to_have_text(re.compile(r"^0:0[0-3]$"))
    expect(phone.locator(".round-clock")).to_contain_text(
        "Time is up: this hand is the last.", timeout=6000
    )


def test_the_big_screen_follows_the_event_and_pages_by_itself(live_server, phone: Page):
    tournament = make_tournament([f"P{n} & Q{n}" for n in range(40)])
    round = tournament.draw_next_round()
    board = round.boards.select_related("match").first()
    phone.set_viewport_size({"width": 1280, "height": 720})  # a TV: a phone scrolls the lists
    phone.goto(f"{live_server.url}/e/{tournament.watch_key}/screen")
    state = phone.locator(f'.screen-board[data-board="{board.number}"]')
    expect(state).to_have_attribute("data-state", "waiting")
    play_out(board.match, 0)
    expect(state).to_have_attribute("data-state", "finished", timeout=8000)  # no touch
    # The standings are longer than the screen: it turns to their next page by itself, the
    # headings still over it.
    standings = phone.locator("[data-pages]").first
    # It turns by itself (every 8 s) to a page after the first, under the same headings.
    expect(standings).to_have_attribute("data-page", re.compile("^[1-9]"), timeout=20000)
    expect(standings.locator("thead")).to_be_in_viewport(ratio=1)
    first_shown = standings.locator("tbody tr:not([hidden])").first
    expect(first_shown).to_be_in_viewport(ratio=1)
    assert standings.locator("tbody tr").first.is_hidden()


def pdf_pages(page: Page, paper: str) -> int:
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", page.pdf(format=paper)))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_each_score_sheet_prints_on_a_page_of_its_own(live_server, page: Page, paper: str):
    tournament = make_tournament([f"P{n} & Q{n}" for n in range(9)], time_cap=40)
    tournament.draw_next_round()
    page.goto(f"{live_server.url}/d/{tournament.key}/r/1/sheets")
    page.emulate_media(media="print")
    expect(page.locator(".topbar")).to_be_hidden()
    expect(page.get_by_role("button", name="Print")).to_be_hidden()
    assert pdf_pages(page, paper) == 4  # four tables, the bye has no sheet
    page.goto(f"{live_server.url}/d/{tournament.key}/r/1/cards")
    assert pdf_pages(page, paper) == 1  # four cards, two by two
