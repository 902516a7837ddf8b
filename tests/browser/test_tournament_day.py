"""A club's tournament day on a 360 x 740 phone (issue #34): a Swiss of nine pairs whose results
need the other side, three rounds, each with a result confirmed from the losing side's own link
and one disputed, corrected by the director and accepted; then the top eight into a single
elimination (a consolation bracket of the ninth alone is refused at its field), whose
semi-finals get their tables only once the quarter-finals' results are confirmed.

Most matches are scored and confirmed through the models, to keep the test short; what a person
does on the day (the director's forms, a losing side's link, the dispute and its correction)
is done in the browser."""

import re

import pytest
from playwright.sync_api import Page, expect

from scorekeeper.tournaments.models import Board as RoundBoard
from scorekeeper.tournaments.models import Bracket, BracketBoard, SideLink, Tournament
from scorekeeper.tournaments.models.confirmation import confirm, entered
from tests.browser.test_tournament_bracket import NINE, draw_bracket, no_sideways_scroll
from tests.browser.test_tournament_run import TARGET, draw
from tests.support.testing import play_out

pytestmark = pytest.mark.browser

QUALIFY = "How many qualify for the championship bracket"
CONSOLATION = "How many of the next play a consolation bracket (empty: none)"


def create(page: Page, base: str) -> Tournament:
    page.goto(base + "/tournament/new")
    page.get_by_label("Name of the tournament").fill("Club day")
    page.get_by_label("Format").select_option(label="Swiss (pairs)")
    # The format's choice redraws the form's fields: type the target once it is back.
    page.wait_for_load_state("networkidle")
    page.get_by_label("Points to win").fill(str(TARGET))
    expect(page.get_by_label("Points to win")).to_have_value(str(TARGET))
    page.get_by_label("Results need").select_option(label="The other side's confirmation")
    page.get_by_label(re.compile("^Entrants, one a line")).fill("\n".join(NINE))
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.get_by_role("heading", name="Club day")).to_be_visible()
    return Tournament.objects.get(key=page.url.rstrip("/").split("/")[-1])


def confirm_from_link(page: Page, url: str, losers: str) -> None:
    """The losing side opens its own link and confirms the result it is shown."""
    page.goto(url)
    expect(page.get_by_role("heading", name=re.compile("Confirm you lost"))).to_be_visible()
    expect(page.get_by_text(losers).first).to_be_visible()
    page.get_by_role("button", name="Yes, confirm the result").click()
    expect(page.get_by_text("Result confirmed. Thank you.")).to_be_visible()
    expect(page.get_by_text("Confirmed: the result counts.")).to_be_visible()


def confirmed_by_losers(board) -> None:
    """The losing side confirms on its phone, through the models."""
    result = entered(board)
    confirm(board, 1 - result.winner, result)


def dispute_and_correct(page: Page, base: str, director: str, board: RoundBoard) -> None:
    """The losing side disputes on the scorer's phone; the director corrects the last hand at
    the table and accepts the result as corrected."""
    url = base + board.get_absolute_url()
    match = board.match
    page.goto(url)
    page.get_by_role("button", name="Not right: ask the director").click()
    expect(page.get_by_text("The director is told")).to_be_visible()
    page.goto(director)
    card = page.locator(f'[data-to-confirm="{board.round.number}-{board.number}"]')
    expect(card).to_contain_text("disputed")
    card.get_by_role("link", name="Correct a hand at the table").click()
    # Side 1 won: the first player of side 0 held 40, not 30.
    page.goto(f"{url}h/{match.hand_count}/")
    page.get_by_label(match.seat_names()[0], exact=True).fill("40")
    no_sideways_scroll(page)  # the photo button's file input once pushed it to 475 px
    page.get_by_role("button", name="Save correction").click()
    expect(page.get_by_text(f"Hand {match.hand_count} corrected.")).to_be_visible()
    totals = [page.get_by_test_id(f"total-{side}").inner_text() for side in range(2)]
    assert totals != ["0", str(3 * 30 * match.hand_count)], totals
    page.goto(director)
    expect(card).to_contain_text("unconfirmed")
    score = "\u2013".join(totals)
    card.get_by_role("button", name=f"Accept {score}").click()
    expect(page.get_by_text("Result accepted.")).to_be_visible()


def play_round(page: Page, base: str, director: str, tournament: Tournament, number: int):
    """Round `number` drawn on the director's page; every table won by its first side but the
    one disputed (round 2), confirmed by the losing side: the first table from its own link."""
    draw(page, director, number)
    boards = list(
        RoundBoard.objects.filter(round__tournament=tournament, round__number=number)
        .exclude(match=None)
        .select_related("match__table", "round")
        .order_by("number")
    )
    assert len(boards) == 4  # and a bye
    disputed = boards[1] if number == 2 else None
    for board in boards:
        play_out(board.match, 1 if board is disputed else 0)
    first = boards[0]
    losers = " & ".join(first.match.seat_names()[1::2])
    confirm_from_link(
        page, base + SideLink.for_boards([first])[first.pk][1].get_absolute_url(), losers
    )
    for board in boards[1:]:
        if board is disputed:
            dispute_and_correct(page, base, director, board)
        else:
            confirmed_by_losers(board)


def bracket_boards(tournament: Tournament) -> dict[str, BracketBoard]:
    found = BracketBoard.objects.filter(bracket__tournament=tournament)
    return {board.key: board for board in found.select_related("match__table")}


def cell(page: Page, key: str):
    return page.locator(f"#bracket-1 [data-match='{key}']")


def refuse_a_consolation_of_one(phone: Page, director: str, tournament: Tournament) -> None:
    """A consolation bracket of the ninth alone: refused at its field, nothing drawn. On a page of
    its own at the same size: a refusal answers 422, which Chromium's console reports as a
    resource that failed to load; any other console error fails the test here too."""
    page = phone.context.new_page()
    page.set_viewport_size(phone.viewport_size)
    problems = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on(
        "console",
        lambda msg: (
            problems.append(msg.text)
            if msg.type == "error" and "status of 422" not in msg.text
            else None
        ),
    )
    page.goto(director)
    form = page.locator("#brackets")
    if not form.locator("form").is_visible():
        form.locator("summary").click()
    form.get_by_label("Bracket", exact=True).select_option(label="Single elimination")
    for asked, said in (
        ("1", "A bracket needs at least 2 entrants."),
        ("2", "Only 1 entrant is left after the qualifiers."),
    ):
        form = page.locator("#brackets")
        form.get_by_label(QUALIFY, exact=True).fill("8")
        form.get_by_label(CONSOLATION, exact=True).fill(asked)
        form.get_by_role("button", name="Draw the bracket").click()
        expect(page.locator("#id_consolation_error")).to_have_text(said)
        expect(page.get_by_label(CONSOLATION, exact=True)).to_have_attribute(
            "aria-describedby", "id_consolation_error"
        )
        expect(page.locator(".bracket-box")).to_have_count(0)
        assert not Bracket.objects.filter(tournament=tournament).exists()
        no_sideways_scroll(page)
    page.close()
    assert problems == []


def places(tournament) -> dict[str, int]:
    """Each entrant's place in the standings (a shared place: the same number), by name."""
    tournament.refresh_from_db()
    entrants = {entrant.pk: str(entrant) for entrant in tournament.entrants.all()}
    return {entrants[line.entrant]: line.place for line in tournament.standings()}


def test_a_swiss_morning_into_a_single_elimination_confirmed_by_the_other_sides(
    live_server, phone: Page
):
    base = live_server.url
    tournament = create(phone, base)
    director = phone.url
    for number in (1, 2, 3):
        play_round(phone, base, director, tournament, number)
    phone.goto(director)
    expect(phone.locator("#to-confirm")).to_have_count(0)
    expect(phone.locator(".standings [data-unconfirmed]")).to_have_count(0)
    top = phone.locator(".standings [data-entrant] h3 a").all_inner_texts()
    assert sorted(top) == sorted(NINE)

    refuse_a_consolation_of_one(phone, director, tournament)

    # The top eight into the championship, seeded by the standings: 1 v 8, 4 v 5, 2 v 7, 3 v 6.
    draw_bracket(phone, director, **{"Bracket": "Single elimination", QUALIFY: "8"})
    expect(phone.locator("section.bracket")).to_have_count(1)
    no_sideways_scroll(phone)
    quarters = {
        tuple(c.locator(".bracket-name").all_inner_texts())
        for c in phone.locator("#bracket-1 li.bracket-match[data-state='ready']").all()
    }
    # Entrants sharing a place are seeded among themselves by lot (RULES.md stops at the shared
    # place): each quarter-final is compared by its sides' places, which the lot cannot change.
    place = places(tournament)
    expected = {(top[0], top[7]), (top[3], top[4]), (top[1], top[6]), (top[2], top[5])}
    assert len(quarters) == 4 and {name for pair in quarters for name in pair} == set(top[:8])
    assert sorted(tuple(place[name] for name in pair) for pair in quarters) == sorted(
        tuple(place[name] for name in pair) for pair in expected
    )
    expect(phone.locator("#bracket-1")).not_to_contain_text(top[8])

    # The quarter-finals entered, the first side winning each: none confirmed, no semi-final.
    boards = bracket_boards(tournament)
    assert sorted(boards) == ["W1-1", "W1-2", "W1-3", "W1-4"]
    winners = {}
    for key, board in boards.items():
        play_out(board.match, 0)
        winners[key] = str(board.first)
    phone.goto(director)
    for key in ("W2-1", "W2-2"):
        expect(cell(phone, key).get_by_role("link", name="Open the table")).to_have_count(0)
    assert sorted(bracket_boards(tournament)) == ["W1-1", "W1-2", "W1-3", "W1-4"]

    # W1-1's losers confirm from their own link: its semi-final still waits for W1-2's.
    first = boards["W1-1"]
    link = SideLink.objects.get(bracket_board=first, side=1).get_absolute_url()
    confirm_from_link(phone, base + link, str(first.second))
    no_sideways_scroll(phone)
    phone.goto(director)
    expect(cell(phone, "W2-1").get_by_role("link", name="Open the table")).to_have_count(0)
    # W1-2 confirmed: the first semi-final has its table, between the two winners.
    confirmed_by_losers(boards["W1-2"])
    phone.goto(director)
    expect(cell(phone, "W2-1")).to_have_attribute("data-state", "ready")
    expect(cell(phone, "W2-1").get_by_role("link", name="Open the table")).to_be_visible()
    expect(cell(phone, "W2-2").get_by_role("link", name="Open the table")).to_have_count(0)
    for key in ("W1-3", "W1-4"):
        confirmed_by_losers(boards[key])
    phone.goto(director)
    expect(cell(phone, "W2-2").get_by_role("link", name="Open the table")).to_be_visible()
    # Each quarter-final shows its winner marked, and the winners in the semi-finals.
    for key, winner in winners.items():
        won = cell(phone, key).locator(".bracket-side.won")
        expect(won).to_have_count(1)
        expect(won.locator(".bracket-name")).to_contain_text(winner)
        expect(won.get_by_role("img", name="won")).to_be_visible()
    semis = [cell(phone, key).locator(".bracket-name") for key in ("W2-1", "W2-2")]
    expect(semis[0]).to_have_text([winners["W1-1"], winners["W1-2"]])
    expect(semis[1]).to_have_text([winners["W1-3"], winners["W1-4"]])
    no_sideways_scroll(phone)
