"""The round clock: started by the director, shown on every match page, ending matches."""

import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.db.models import F
from django.urls import reverse

from scorekeeper.models import Match
from scorekeeper.tournaments.models import Board, Round
from tests.created import created
from tests.support.testing import add_hand, make_tournament, post_data, win_hand

pytestmark = pytest.mark.django_db

PAIRS = ["Ana & Ben", "Cris & Dani", "Eva & Fede", "Gil & Hugo"]


@pytest.fixture
def started(client):
    """A round of two tables with a 30-minute clock, started."""
    tournament = make_tournament(PAIRS, time_cap=30)
    client.post(tournament.draw_url())
    client.post(reverse("tournament_clock", args=[tournament.key, 1]))
    return tournament


def shown(client, url) -> str:
    """The page's text, without its tags."""
    return re.sub(r"<[^>]+>", "", client.get(url).content.decode())


def set_clock_back(minutes: int) -> None:
    """Move "now" on: the round (and its matches' clock) started `minutes` earlier."""
    round = created(Round).get()
    round.started_at -= timedelta(minutes=minutes)
    round.save()
    Match.objects.update(ends_at=round.ends_at())


def test_starting_the_round_sets_every_matchs_clock(started):
    round = created(Round).get()
    assert round.started_at is not None
    assert {match.ends_at for match in created(Match).all()} == {round.ends_at()}
    assert round.ends_at() - round.started_at == timedelta(minutes=30)


def test_the_match_page_shows_the_time_left(client, started):
    board = created(Board).select_related("table", "match").first()
    page = shown(client, board.get_absolute_url())
    assert "Round clock: 29" in page or "Round clock: 30" in page
    assert "round 1, table 1" in page


def test_a_hand_entered_after_time_up_ends_the_match_with_the_side_ahead(client, started):
    board = created(Board).select_related("match").first()
    win_hand(board.match, 1, pips=10)  # side 1 ahead, 30-0
    set_clock_back(31)
    match = created(Match).get(pk=board.match_id)
    assert not match.finished
    add_hand(match, 0, {1: 5, 2: 0, 3: 5})  # side 0 scores 10: still behind
    match.refresh_from_db()
    assert (match.finished, match.winner_side, match.ended_by_clock) == (True, 1, True)
    page = client.get(board.get_absolute_url()).content.decode()
    assert "Time was up: the side ahead won." in page


def test_level_sides_play_one_more_hand(started):
    board = created(Board).select_related("match").first()
    add_hand(board.match, 0, {1: 5, 2: 0, 3: 5})
    set_clock_back(31)
    match = created(Match).get(pk=board.match_id)
    add_hand(match, 1, {0: 5, 2: 5, 3: 0})  # level at 10 all, after time up
    match.refresh_from_db()
    assert not match.finished
    win_hand(match, 1, pips=4)
    match.refresh_from_db()
    assert match.winner_side == 1


def test_ending_the_round_lets_each_table_finish_the_hand_in_play(client, started):
    ahead, level = created(Board).select_related("match")
    win_hand(ahead.match, 0, pips=10)
    client.post(reverse("tournament_clock", args=[started.key, 1]), {"end": "1"})
    ahead.match.refresh_from_db()
    level.match.refresh_from_db()
    # The hand in play is finished and entered first: nothing ends at the tap.
    assert not ahead.match.finished and ahead.match.time_is_up()
    assert not level.match.finished and level.match.time_is_up()
    add_hand(ahead.match, 1, {0: 5, 2: 0, 3: 5})  # the hand in play: side 1 scores 10
    ahead.match.refresh_from_db()
    assert (ahead.match.winner_side, ahead.match.totals) == (0, [30, 10])


def test_the_hand_that_ends_a_match_after_time_up_is_asked_about(client, started):
    board = created(Board).select_related("match", "table").first()
    win_hand(board.match, 0, pips=10)  # side 0 ahead, 30-0
    client.post(reverse("tournament_clock", args=[started.key, 1]), {"end": "1"})
    match = created(Match).get(pk=board.match_id)
    data = post_data(1, 2, {0: 5, 2: 0, 3: 5})  # side 1 scores 10: still behind
    response = client.post(match.save_hand_url(), data)
    assert response["X-Hand"] == "confirm"
    said = re.sub(r"<[^>]+>", "", response.content.decode())
    ahead = match.side_names()[0].replace("&", "&amp;")
    assert f"Time is up: {ahead} lead with 30 and win." in said
    match.refresh_from_db()
    assert match.hand_count == 1 and not match.finished


def test_the_clock_says_time_is_up_once_the_round_is_ended(client, started):
    client.post(reverse("tournament_clock", args=[started.key, 1]), {"end": "1"})
    page = shown(client, started.get_absolute_url())
    assert "Time is up: each table finishes the hand in play." in page
    assert "Time left" not in page


def test_ending_a_round_not_started_is_refused_with_a_message(client):
    tournament = make_tournament(PAIRS, time_cap=30)
    client.post(tournament.draw_url())
    response = client.post(
        reverse("tournament_clock", args=[tournament.key, 1]), {"end": "1"}, follow=True
    )
    assert (
        "The clock of this round has not started: start the round first."
        in response.content.decode()
    )
    assert not Match.objects.filter(board__round__tournament=tournament, ends_at__isnull=False)


def test_a_round_not_started_has_no_clock(client):
    tournament = make_tournament(PAIRS, time_cap=30)
    client.post(tournament.draw_url())
    assert not Match.objects.filter(ends_at__isnull=False).exists()
    board = created(Board).select_related("table", "match").first()
    assert "Round clock" not in client.get(board.get_absolute_url()).content.decode()


def test_the_time_left_is_current_on_a_kept_page(client, started):
    """The match page is kept between requests: the minutes left are drawn again as they pass."""
    board = created(Board).select_related("table", "match").first()
    assert "Round clock: 29" in shown(client, board.get_absolute_url())
    Match.objects.update(ends_at=F("ends_at") - timedelta(minutes=10))  # ten minutes on
    assert "Round clock: 19" in shown(client, board.get_absolute_url())
    Match.objects.update(ends_at=F("ends_at") - timedelta(minutes=20))  # time is up
    page = shown(client, board.get_absolute_url())
    assert "Time is up: this hand is the last." in page


def test_the_time_left_counts_down_on_the_phone(client, started):
    """The clock's end is on the page for clock.js, which counts down each second."""
    board = created(Board).select_related("table", "match").first()
    page = client.get(board.get_absolute_url()).content.decode()
    ends_at = created(Match).get(pk=board.match_id).ends_at
    assert f'<time data-ends-at="{ends_at.isoformat()}"' in page
    # main.js loads clock.js itself when the page holds a <time data-ends-at>.
    assert "js/main" in page
    main = (settings.BASE_DIR / "static" / "js" / "main.js").read_text()
    assert '["time[data-ends-at]", () => import("./clock.js")]' in main
