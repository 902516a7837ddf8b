"""The scoring games over HTTP: setup, the play strip, ending a hand, the sheet and hand page."""

import re
import uuid

import pytest
from django.test import Client

from scorekeeper import rules
from scorekeeper.models import Match
from tests.created import created
from tests.support.testing import add_hand, scoring_match, tap

pytestmark = pytest.mark.django_db

NAMES = {"player_1": "Ann", "player_2": "Bo", "player_3": "Cy", "player_4": "Dee"}
SETUP = {
    **NAMES,
    "partnership": "on",
    "target": "0",
    "capicu_bonus": "25",
    "count_rule": "all_other_hands",
    "blocked_rule": "lightest_hand",
    "rounding": "nearest_five",
}


def url(match: Match, tail: str = "") -> str:
    return f"/t/{match.table.key}/m/{match.number}/{tail}"


def play_post(match: Match, seat: int, points: int, token=None) -> dict:
    return {
        "seat": str(seat),
        "points": str(points),
        "number": str(match.hand_count + 1),
        "token": str(token or uuid.uuid4()),
    }


def totals(client: Client, match: Match) -> list[int]:
    html = client.get(url(match)).content.decode()
    return [int(value) for value in re.findall(r'data-testid="total-\d">(\d+)<', html)]


def preview(client: Client, match: Match, out: str, pips: dict[int, int], **more: str) -> str:
    """The preview of hand 1 as the form sends it while typing: `out` a seat or "blocked"."""
    data = {"out": out, "number": "1", "token": str(uuid.uuid4()), **more}
    data.update({f"pips_{seat}": str(value) for seat, value in pips.items()})
    return client.post(url(match, "preview"), data, headers={"HX-Request": "true"}).content.decode()


@pytest.mark.parametrize(
    ("preset", "partnership", "target"),
    [("all_fives", "on", 250), ("all_fives", "", 200), ("bergen", "on", 15), ("bergen", "", 10)],
)
def test_setup_plays_a_scoring_game_to_its_usual_target(client, preset, partnership, target):
    response = client.post("/new", {**SETUP, "preset": preset, "partnership": partnership})

    match = created(Match).get()
    assert response.status_code == 302
    assert (match.scoring, match.target, match.capicu_bonus) == (preset, target, 0)


def test_setup_keeps_the_scoring_game_switches(client):
    data = {
        **SETUP,
        "preset": "all_fives",
        "rounding": "exact",
        "blocked_pays_difference": "on",
    }
    client.post("/new", data)

    match = created(Match).get()
    assert (match.rounding, match.blocked_pays_difference) == ("exact", True)
    assert match.table.rounding == "exact"


def test_usual_target_of_a_block_game_is_200(client):
    client.post("/new", {**SETUP, "preset": "caribbean"})

    assert created(Match).get().target == 200


def test_setup_describes_all_fives_and_bergen_by_their_own_rules(client):
    html = client.get("/new").content.decode()
    lines = re.findall(r'value="(all_fives|bergen)".*?<small>(.*?)</small>', html, re.S)

    assert dict(lines) == {
        "all_fives": "to 200, 250 in pairs · rounded to the nearest five",
        "bergen": "to 10, 15 in pairs · a won hand pays 1",
    }


def test_the_table_page_gives_a_scoring_games_own_rules(client):
    match = scoring_match("bergen", won_hand_pays_two=True, doubles_lose_count=True)

    html = client.get(match.table.get_absolute_url()).content.decode()

    assert "to 15 · a won hand pays 2 · a hand holding a double loses the count" in html
    assert "capicú" not in html


def test_match_page_of_a_scoring_game_offers_who_scored(client):
    match = scoring_match()

    html = client.get(url(match)).content.decode()

    assert "Who scored during play?" in html
    assert 'href="?seat=2#strip"' in html


def test_tapping_a_seat_offers_every_five_up_to_45(client):
    match = scoring_match()

    html = client.get(url(match), {"seat": "2"}).content.decode()

    assert re.findall(r'name="points" value="(\d+)"', html) == [str(n) for n in range(5, 50, 5)]


def test_bergen_offers_the_double_and_triple_header(client):
    match = scoring_match("bergen")

    html = client.get(url(match), {"seat": "0"}).content.decode()

    assert "Double-header +2" in html and "Triple-header +3" in html


def test_a_tapped_score_is_saved_at_once_and_redirects_without_javascript(client):
    match = scoring_match()

    response = client.post(url(match, "play"), play_post(match, 1, 15))

    assert response.status_code == 302
    assert totals(client, match) == [0, 15]


def test_a_tapped_score_answers_htmx_with_the_play_area(client):
    match = scoring_match()

    response = client.post(
        url(match, "play"), play_post(match, 0, 10), headers={"HX-Request": "true"}
    )

    assert response.status_code == 200
    assert 'id="play"' in response.content.decode()
    assert "<bdi>Ann</bdi> +10" in response.content.decode()


def test_a_double_tap_saves_the_score_once(client):
    match = scoring_match()
    data = play_post(match, 0, 10)
    client.post(url(match, "play"), data)
    client.post(url(match, "play"), data)

    assert totals(client, match) == [10, 0]


@pytest.mark.parametrize(
    ("points", "message"), [("7", "Tap one of the scores shown."), ("", "Tap the points scored.")]
)
def test_a_bad_score_is_refused_with_a_message(client, points, message):
    match = scoring_match()

    response = client.post(url(match, "play"), {**play_post(match, 0, 5), "points": points})

    assert response.status_code == 422
    assert message in response.content.decode()
    assert not match.hands.exists()


def test_a_score_after_the_match_ended_is_refused(client):
    match = scoring_match("bergen", names=("Ann", "Bo"), target=3)
    tap(match, 0, 3)

    response = client.post(url(match, "play"), play_post(match, 1, 2))

    assert "This match is over" in response.content.decode()
    assert totals(client, match) == [3, 0]


def test_the_match_ended_mid_hand_shows_the_banner_and_the_note(client):
    match = scoring_match("bergen", names=("Ann", "Bo"), target=3)
    tap(match, 1, 3)

    html = client.get(url(match)).content.decode()

    assert "Match to <bdi>Bo</bdi>!" in html
    assert "The match ended during this hand" in html


def test_preview_of_an_all_fives_end_says_the_rounding(client):
    match = scoring_match(partnership=False)

    html = preview(client, match, "3", {0: 7, 1: 12, 2: 4})

    assert "25 for Dee: Dee went out" in html
    assert "7 + 12 + 4 = 23, to the nearest five 25" in html


@pytest.mark.parametrize(
    ("bo", "dee", "points", "worked"),
    [
        # 10 + 15 less their own 5 + 5: both own hands are taken off, each rounded.
        (9, 14, "15 for Ann &amp; Cy", "10 + 15 less their own 10 = 15"),
        # 5 + 0 against their own 5 + 5: 0, not -5, and their own hands are not misstated.
        (7, 0, "0 for Ann &amp; Cy", "5 + 0 less their own, as much or more = 0"),
    ],
)
def test_an_each_hand_difference_in_pairs_takes_off_both_own_hands_rounded(
    client, bo, dee, points, worked
):
    # Ann 3 and Cy 3 block lighter than Bo and Dee.
    match = scoring_match(rounding="each_hand", blocked_pays_difference=True)

    html = preview(client, match, "blocked", {0: 3, 1: bo, 2: 3, 3: dee})

    assert f"<bdi>{points}: blocked" in html
    assert worked in html


def test_an_all_fives_end_with_one_hand_counted_reads_without_a_sum(client):
    # Two players: Bo goes out and Ann holds 12, rounded to 10 ("12 = 12" was no sum).
    match = scoring_match(names=("Ann", "Bo"))

    html = preview(client, match, "1", {0: 12})

    assert "the other sides&#x27; hands: 12, to the nearest five 10." in html


def test_bergen_going_out_needs_no_counts(client):
    match = scoring_match("bergen")
    tap(match, 0, 2)
    data = {"out": "1", "number": "1", "token": str(uuid.uuid4())}

    response = client.post(url(match, "hand"), data)

    assert response.status_code == 302
    assert totals(client, match) == [2, 1]


def test_bergen_blocked_asks_who_holds_a_double_under_that_rule(client):
    match = scoring_match("bergen", doubles_lose_count=True)

    html = client.get(url(match), {"out": "blocked"}).content.decode()

    assert "Who still holds a double?" in html and 'name="double_3"' in html


def test_the_sheet_shows_play_points_and_end_count_per_side(client):
    match = scoring_match(partnership=False)
    for seat, points in ((0, 10), (1, 15), (0, 5), (2, 20)):
        tap(match, seat, points)
    add_hand(match, 3, {0: 7, 1: 12, 2: 4})

    html = client.get(url(match)).content.decode()

    assert re.findall(r'class="split"[^>]*>([^<]+)<', html) == [
        "15 + 0",
        "15 + 0",
        "20 + 0",
        "0 + 25",
    ]


def test_the_watch_link_shows_scores_made_during_play(client):
    match = scoring_match()
    tap(match, 3, 20)

    html = client.get(f"/w/{match.table.watch_key}/").content.decode()

    assert 'data-testid="total-1">20<' in html


def test_the_hand_page_explains_every_entry(client):
    match = scoring_match(partnership=False)
    tap(match, 0, 10)
    tap(match, 1, 15)
    add_hand(match, 3, {0: 7, 1: 12, 2: 4})

    html = client.get(url(match, "h/1/")).content.decode()

    assert "Ann made the ends count 10: 10 for Ann." in html
    assert "Bo made the ends count 15: 15 for Bo." in html
    assert "25 for Dee: Dee went out" in html


def test_take_back_removes_the_last_score_of_the_hand(client):
    match = scoring_match()
    tap(match, 0, 10)
    tap(match, 1, 5)
    match.refresh_from_db()

    response = client.post(url(match, "undo"), {"version": str(match.version)})

    assert response.status_code == 302
    assert totals(client, match) == [10, 0]


def test_bergen_doubles_rule_in_pairs_names_the_pair_without_a_double(client):
    match = scoring_match("bergen", doubles_lose_count=True)

    html = preview(client, match, "blocked", {0: 3, 1: 9, 2: 5, 3: 6}, double_0="on")

    assert "1 for Bo &amp; Dee: blocked, the pair without a double held the fewest pips" in html


def test_next_match_of_a_bergen_table_offers_its_usual_target(client):
    match = scoring_match("bergen")

    html = client.get(f"/t/{match.table.key}/new").content.decode()

    assert re.search(r'name="target" value="0"[^>]* checked', html)


def test_undo_of_the_play_that_ended_the_match_asks_then_reopens_it(client):
    match = scoring_match("bergen", names=("Ann", "Bo"), target=3)
    tap(match, 1, 3)

    asked = client.get(url(match, "undo")).content.decode()
    client.post(url(match, "undo"), {"version": str(match.version)})

    assert "Take back this score?" in asked and "Bo made a triple-header" in asked
    match.refresh_from_db()
    assert (match.finished, match.totals) == (False, [0, 0])


def test_a_hand_in_play_cannot_be_ended_from_its_correction_page(client):
    match = scoring_match(names=("Ann", "Bo"))
    tap(match, 0, 10)
    data = {"out": "0", "number": "1", "token": str(uuid.uuid4()), "pips_1": "5"}

    response = client.post(url(match, "h/1/"), {**data, "version": str(match.version)}, follow=True)

    assert "This hand is still in play: end it on the score page." in response.content.decode()
    assert match.hands.get().in_play


def test_a_scoring_match_stored_with_ties_to_the_leaders_leaves_a_blocked_tie_level(client):
    # The setup once offered the block games' switch for All Fives: it is no part of the game.
    match = scoring_match(ties_to_leaders=True)
    hand = rules.Hand(rules.Ending.BLOCKED, pips={0: 1, 1: 5, 2: 10, 3: 6}, led_by=3)
    match.add_hand(hand, token=uuid.uuid4(), number=1)

    html = client.get(url(match, "h/1/")).content.decode()

    assert "Blocked, and the lightest hands were level: nobody scores at the end." in html
    assert "the side that led wins the tie" not in html


@pytest.mark.parametrize("preset", ["all_fives", "bergen"])
def test_a_blocked_hand_carries_the_blocked_mark_as_a_block_sheet_does(client, preset):
    match = scoring_match(preset, target=1000)
    add_hand(match, "blocked", {0: 2, 1: 9, 2: 8, 3: 9})  # Ann and Cy the lightest hands
    client.cookies["django_language"] = "es"

    page = client.get(url(match)).content.decode()
    row = re.search(r'<tr data-hand="1".*?</tr>', page, re.S)[0]

    assert '<abbr class="mark" title="Tranque">T</abbr>' in row
    assert re.search(r'<dl class="sheet-legend".*?Tranque.*?</dl>', page, re.S)
