"""Each player their own count: a link per seat posts only that seat's count in the open round,
and the round is scored as a Hand when every count is in."""

import re

import pytest
from django.test import Client

from scorekeeper.forms.hand import HandForm
from scorekeeper.models import Match, RoundCount, SeatLink
from tests.created import created
from tests.web.match.test_rounds import errors, post_round, start, text
from tests.web.table.test_setup import NAMES, mexican_train

pytestmark = pytest.mark.django_db


def links(match: Match) -> list[str]:
    return [link.get_absolute_url() for link in SeatLink.for_match(match)]


def begin(client: Client, players: int = 4, **changes) -> Match:
    """A Mexican Train match started through the setup, found by its own table."""
    response = client.post("/new", mexican_train(NAMES[:players], **changes))
    return Match.objects.get(table__key=response.headers["Location"].split("/")[2], number=1)


def send(client: Client, url: str, match: Match, **fields):
    data = {"number": str(match.hand_count + 1), **fields}
    response = client.post(url, data)
    match.refresh_from_db()
    return response


def test_the_match_page_shows_a_qr_and_an_unguessable_link_per_seat(client: Client):
    match = start(client)

    page = client.get(match.get_absolute_url()).content.decode()

    for seat, url in enumerate(links(match)):
        assert f'data-testid="seat-qr-{seat}"' in page
        assert url in page
        assert re.fullmatch(r"/p/[A-Za-z0-9_-]{22,}/", url)
    assert len(set(links(match))) == 4


def test_a_seat_page_asks_only_its_own_count(client: Client):
    match = start(client)

    page = text(client.get(links(match)[1]))

    assert "Bo" in page and "Round 1 of 13" in page
    assert "My count: the pips left in my hand" in page


def test_the_round_closes_when_every_count_is_in(client: Client):
    match = start(client)
    urls = links(match)

    send(client, urls[0], match, went_out="on")
    send(client, urls[1], match, pips="23")
    send(client, urls[2], match, pips="7")
    assert match.hand_count == 0
    send(client, urls[3], match, pips="41")

    assert match.hand_count == 1
    assert match.totals == [0, 23, 7, 41]
    assert not created(RoundCount).exists()


def test_the_scorer_sees_who_is_still_missing_and_the_counts_in_the_form(client: Client):
    match = start(client)
    urls = links(match)
    send(client, urls[1], match, pips="23")

    page = text(client.get(match.get_absolute_url()))
    assert "Counts still missing: Ann, Cy, Dee" in page
    form = client.get(match.get_absolute_url() + "?out=0").content.decode()
    assert re.search(r'name="pips_1" value="23"', form)


def test_the_scorer_can_enter_or_correct_any_count(client: Client):
    match = start(client)
    send(client, links(match)[1], match, pips="23")

    post_round(client, match, "0", {1: 20, 2: 7, 3: 41})

    assert match.totals == [0, 20, 7, 41]


def test_a_seat_link_posts_only_its_own_seat(client: Client):
    match = start(client)
    urls = links(match)

    send(client, urls[1], match, pips="23", pips_2="99", position="2", went_out_2="on")

    counts = list(created(RoundCount).values_list("position", "pips", "went_out"))
    assert counts == [(1, 23, False)]


def test_a_seat_link_posts_only_in_the_open_round(client: Client):
    match = start(client)
    urls = links(match)

    response = client.post(urls[1], {"number": "2", "pips": "23"})

    assert response.status_code == 422
    assert not created(RoundCount).exists()


def test_a_seat_link_posts_nothing_once_the_game_is_over(client: Client):
    match = start(client, players=2, preset="mexican_train_nine", first_engine="0")
    urls = links(match)
    post_round(client, match, "0", {1: 5})
    assert match.finished

    send(client, urls[1], match, pips="3")

    assert not created(RoundCount).exists()
    assert match.hand_count == 1


def test_a_seat_link_reaches_no_other_page(client: Client):
    match = start(client)
    key = links(match)[0].split("/")[2]

    assert client.get(f"/t/{key}/").status_code == 404
    assert client.get(f"/w/{key}/").status_code == 404
    assert client.post(f"/t/{key}/m/1/hand", {}).status_code == 404


def test_a_count_too_large_is_refused_at_its_field(client: Client):
    match = start(client)

    response = send(client, links(match)[1], match, pips="5000")

    assert "No hand can hold more than 1068 pips." in text(response)
    assert not created(RoundCount).exists()


def test_the_double_blank_holder_says_so_from_their_phone(client: Client):
    match = start(client, players=2, double_blank_counts="50")
    urls = links(match)

    send(client, urls[0], match, went_out="on")
    send(client, urls[1], match, pips="10", double_blank="on")

    assert match.totals == [0, 60]


def test_a_second_went_out_is_refused_at_its_seat(client: Client):
    match = begin(client, players=3)
    urls = links(match)
    send(client, urls[0], match, went_out="on")

    response = send(client, urls[1], match, went_out="on")

    assert response.status_code == 422
    assert "Ann has already said they went out in this round." in errors(response)[0]
    assert list(match.round_counts.values_list("position", "went_out")) == [(0, True)]


def test_the_seat_that_went_out_can_say_so_again(client: Client):
    match = begin(client, players=3)
    url = links(match)[0]
    send(client, url, match, went_out="on")

    response = send(client, url, match, went_out="on")

    assert response.status_code == 302
    assert list(match.round_counts.values_list("position", "went_out")) == [(0, True)]


def test_the_scorers_page_kept_before_a_count_shows_it_after(client: Client):
    match = start(client)
    client.get(match.get_absolute_url())

    send(client, links(match)[2], match, pips="7")

    assert "Counts still missing: Ann, Bo, Dee" in text(client.get(match.get_absolute_url()))


def test_the_seat_page_keeps_itself_current_by_polling_a_small_part(client: Client):
    match = start(client)
    urls = links(match)
    page = client.get(urls[1]).content.decode()
    status = re.search(r'hx-get="([^"]+)" hx-trigger="every \d+s"', page).group(1)
    assert "Still missing: Ann, Bo, Cy, Dee" in text(client.get(status))

    send(client, urls[0], match, went_out="on")
    assert "Still missing: Bo, Cy, Dee" in text(client.get(status))

    for seat, pips in ((1, "23"), (2, "7"), (3, "41")):
        send(client, urls[seat], match, pips=pips)
    # The round it was drawn for has closed: the page draws itself again, next engine and all.
    assert client.get(status).headers.get("HX-Refresh") == "true"
    assert "Engine: the double 11" in text(client.get(urls[1]))


def test_the_scorers_page_sees_new_counts_by_polling_a_small_part(client: Client):
    match = start(client)
    urls = links(match)
    page = client.get(match.get_absolute_url()).content.decode()
    poll = re.search(r'id="round-counts" hx-get="([^"]+)" hx-trigger="every \d+s"', page)
    part = poll.group(1).replace("&amp;", "&")
    htmx = {"HX-Request": "true"}
    assert "Counts still missing" not in text(client.get(part, headers=htmx))

    send(client, urls[1], match, pips="23")
    answer = text(client.get(part, headers=htmx))
    assert "Counts still missing: Ann, Cy, Dee" in answer
    assert "Bo: 23" in answer
    send(client, urls[0], match, went_out="on")
    answer = text(client.get(part, headers=htmx))
    assert "Counts still missing: Cy, Dee" in answer
    assert "Ann: went out" in answer

    send(client, urls[2], match, pips="7")
    send(client, urls[3], match, pips="41")
    # The round closed: the answer is the play area, the next round's engine and all, in place.
    closed = client.get(part, headers=htmx)
    assert closed.headers.get("HX-Retarget") == "#play"
    assert closed.headers.get("HX-Reswap") == "outerHTML"
    assert 'id="play"' in closed.content.decode()
    assert "Round 2 of 13" in text(closed)


def test_a_match_page_without_an_open_round_does_not_poll(client: Client):
    match = start(client)
    for _number in range(13):
        post_round(client, match, "0", {1: 3, 2: 4, 3: 5})
    match.refresh_from_db()
    assert match.finished

    assert 'id="round-counts"' not in client.get(match.get_absolute_url()).content.decode()


# --- Polled only while the open round waits on a count ---
HTMX = {"HX-Request": "true"}
POLLING = re.compile(r'id="round-counts" hx-get="([^"]+)" hx-trigger="every \d+s"')


def poll_url(page: str) -> str:
    return POLLING.search(page).group(1).replace("&amp;", "&")


def two_went_out(match) -> None:
    """Every count in, but two say they went out (as two phones posting at the same moment
    could leave them before the seat page refused a second one): the round waits for the scorer."""
    number = match.hand_count + 1
    for position, went_out, pips in ((0, True, 0), (1, True, 0), (2, False, 7), (3, False, 41)):
        RoundCount.objects.create(
            match=match, number=number, position=position, went_out=went_out, pips=pips
        )


def test_the_scorer_is_told_which_counts_conflict(client: Client):
    match = begin(client)
    part = poll_url(client.get(match.get_absolute_url()).content.decode())
    two_went_out(match)

    answer = text(client.get(part, headers=HTMX))

    assert "The counts do not fit." in answer
    assert "Only one player can go out, and these say they did: Ann, Bo." in answer
    match.refresh_from_db()
    assert match.hand_count == 0  # the round is still open, for the scorer to settle


def test_the_scorer_is_told_when_two_say_they_hold_the_double_blank(client: Client):
    match = begin(client, players=3, double_blank_counts="50")
    urls = links(match)
    send(client, urls[0], match, went_out="on")
    send(client, urls[1], match, pips="10", double_blank="on")
    send(client, urls[2], match, pips="12", double_blank="on")

    page = text(client.get(match.get_absolute_url()))

    assert "The counts do not fit. Only one player can hold the double blank." in page


def test_the_scorers_page_follows_a_round_whose_counts_wait_on_it(client: Client):
    match = begin(client)
    two_went_out(match)
    page = client.get(match.get_absolute_url()).content.decode()
    # A player changes their count from their phone: the round closes there.
    send(client, links(match)[1], match, pips="9")

    closed = client.get(poll_url(page), headers=HTMX)

    assert closed.headers.get("HX-Retarget") == "#play"
    assert "Round 2 of 13" in text(closed)


def test_a_round_form_opened_on_a_page_of_a_closed_round_stores_nothing_twice(client: Client):
    match = begin(client, players=2)
    page = client.get(match.get_absolute_url()).content.decode()
    urls = links(match)
    send(client, urls[0], match, went_out="on")
    send(client, urls[1], match, pips="9")  # round 1 closes on the players' phones
    # The page still shows round 1: Ann's tap opens the round form, typed and saved as seen.
    entry = re.search(r'data-out="0"[^>]*hx-get="([^"]+)"', page).group(1).replace("&amp;", "&")
    form = client.get(entry, headers=HTMX).content.decode()
    number = re.search(r'name="number" value="(\d+)"', form).group(1)
    token = re.search(r'name="token" value="([^"]+)"', form).group(1)

    data = {"out": "0", "number": number, "token": token, "entry": "each", "pips_1": "9"}
    client.post(match.save_hand_url(), data, headers=HTMX)

    match.refresh_from_db()
    assert match.hand_count == 1


# --- The seat page reads and keeps a count as the scorer's form does ---


def test_a_count_is_read_as_the_scorers_form_reads_it(client: Client):
    match = begin(client)

    response = send(client, links(match)[1], match, pips="1_2")

    assert errors(response) == ["Type a whole number of pips, like 12."]
    assert not match.round_counts.exists()


def test_went_out_with_a_count_is_refused(client: Client):
    match = begin(client)

    response = send(client, links(match)[1], match, went_out="on", pips="12")

    assert errors(response) == ["You went out, so your hand is empty: leave the count blank."]
    assert not match.round_counts.exists()


def test_the_seat_page_after_a_reload_shows_went_out_ticked(client: Client):
    match = begin(client)
    url = links(match)[1]
    send(client, url, match, went_out="on")

    page = client.get(url).content.decode()

    assert "You said you went out." in text(client.get(url))
    assert re.search(r'<input type="checkbox" name="went_out"[^>]*checked', page)


def test_the_seat_page_after_a_reload_shows_the_count_sent(client: Client):
    match = begin(client)
    url = links(match)[1]
    send(client, url, match, pips="23")

    assert re.search(r'name="pips" value="23"', client.get(url).content.decode())


def test_counts_of_a_round_the_scorer_saved_do_not_come_back_when_it_is_undone(client: Client):
    match = begin(client)
    send(client, links(match)[1], match, pips="23")
    post_round(client, match, "0", {1: 20, 2: 7, 3: 41})

    client.post(match.undo_url(), {"version": str(match.version)})

    match.refresh_from_db()
    assert match.hand_count == 0
    assert not match.round_counts.exists()
    assert "Bo: 23" not in text(client.get(match.get_absolute_url()))


def test_a_retried_last_count_is_answered_as_counted(client: Client):
    match = begin(client, players=2, preset="mexican_train_nine", first_engine="0")
    urls = links(match)
    send(client, urls[0], match, went_out="on")
    send(client, urls[1], match, pips="3")
    assert match.finished

    retried = client.post(urls[1], {"number": "1", "pips": "3"}, follow=True)

    assert "Every count is in: the round is scored." in text(retried)
    assert "nothing more can be posted" not in text(retried)


def test_a_count_sent_for_a_round_that_closed_meanwhile_is_not_kept_for_the_next(client: Client):
    """The round closed on the scorer's phone while Bo typed 17: his page comes back for the
    next round with an empty count (it kept 17 in the field, one tap from round 2)."""
    match = begin(client, players=3)
    url = links(match)[1]
    post_round(client, match, "0", {1: 5, 2: 6})

    response = client.post(url, {"number": "1", "pips": "17"})
    page = client.get(url).content.decode()

    assert response.status_code == 302
    assert "This round was closed meanwhile" in page
    assert 'value="17"' not in page
    assert not match.round_counts.exists()


def test_the_scorer_form_holds_the_posted_counts_and_the_double_blank(client: Client):
    match = begin(client, players=3, double_blank_counts="50")
    urls = links(match)
    send(client, urls[0], match, went_out="on")
    send(client, urls[1], match, pips="10", double_blank="on")

    form = HandForm.for_next_hand(match, out="0")

    assert form["pips_1"].value() == 10
    assert form["double_blank"].value() == 1
    assert "pips_0" not in form.initial  # who went out holds nothing to count
