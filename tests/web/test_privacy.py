"""Privacy: only a table's key opens it; the watch key only watches; forms need CSRF."""

import base64
import re
from uuid import uuid4

import pytest
from django.test import Client

from scorekeeper import rules
from scorekeeper.models import Match, Table, new_key
from tests.created import created

pytestmark = pytest.mark.django_db

SCRIPT = "<script>alert(1)</script>"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"

TABLE_ROUTES = [
    "/t/{key}/",
    "/t/{key}/new",
    "/t/{key}/rematch",
    "/t/{key}/m/1/",
    "/t/{key}/m/1/hand",
    "/t/{key}/m/1/preview",
    "/t/{key}/m/1/undo",
    "/t/{key}/m/1/h/1/",
    "/t/{key}/export.json",
    "/t/{key}/m/1/sheet.csv",
]
WATCH_ROUTES = ["/w/{key}/", "/w/{key}/board"]


def started(name: str = "Sunday", seat_names=("Alice", "Ben", "Cara", "Dev")) -> Match:
    table = Table.objects.create(name=name)
    match = table.start_match(list(seat_names), rules.make_game("caribbean", 4), "caribbean")
    match.add_hand(
        rules.Hand(rules.Ending.WENT_OUT, went_out=0, pips={1: 10, 2: 11, 3: 12}),
        token=uuid4(),
        number=1,
    )
    match.add_hand(
        rules.Hand(rules.Ending.BLOCKED, pips={0: 9, 1: 15, 2: 3, 3: 9}), token=uuid4(), number=2
    )
    return created(Match).get(pk=match.pk)


def hand_post(match: Match, **extra) -> dict:
    """A valid correction of hand 1, as the hand page posts it."""
    return {
        "out": "3",
        "number": "1",
        "token": str(match.hands.get(number=1).token),
        "pips_0": "1",
        "pips_1": "2",
        "pips_2": "3",
        "version": str(match.version),
        **extra,
    }


def sheet(match: Match) -> tuple:
    """What a change would touch: the hands as entered, the totals, the version."""
    match = created(Match).get(pk=match.pk)
    hands = [(hand.number, hand.ending, hand.went_out, hand.pips()) for hand in match.hands.all()]
    return hands, match.totals, match.version, match.log.count()


def wrong_keys(table: Table, watching: bool) -> list[str]:
    right = table.watch_key if watching else table.key
    other = table.key if watching else table.watch_key
    return [new_key(), right.swapcase(), right[:-1], right + "A", other]


# --- Without the key, nothing -----------------------------------------------------------------


@pytest.mark.parametrize("method", ["get", "post"])
@pytest.mark.parametrize("route", TABLE_ROUTES + WATCH_ROUTES)
def test_a_wrong_key_opens_nothing(client: Client, route: str, method: str):
    match = started(name="Secret table")
    watching = route.startswith("/w/")
    before = sheet(match)
    for key in wrong_keys(match.table, watching):
        response = getattr(client, method)(route.format(key=key))
        if response.status_code == 405:
            # Refused for the method before any lookup: the same answer for every key.
            right = match.table.watch_key if watching else match.table.key
            assert getattr(client, method)(route.format(key=right)).status_code == 405
        else:
            assert response.status_code == 404, (route, key)
        assert b"Secret table" not in response.content
        assert b"Alice" not in response.content
    assert sheet(match) == before


@pytest.mark.parametrize(
    ("method", "route"),
    [
        *(
            ("get", route)
            for route in TABLE_ROUTES
            if not route.endswith(("rematch", "hand", "preview"))
        ),
        *(
            ("post", route)
            for route in TABLE_ROUTES
            if route.endswith(("new", "rematch", "hand", "preview", "undo", "/h/1/"))
        ),
    ],
)
def test_the_watch_key_does_not_open_the_table(client: Client, method: str, route: str):
    match = started()
    before = sheet(match)

    response = getattr(client, method)(route.format(key=match.table.watch_key), hand_post(match))

    assert response.status_code == 404
    assert sheet(match) == before


def test_the_watch_page_has_no_way_to_change_the_score(client: Client):
    match = started()

    html = client.get(f"/w/{match.table.watch_key}/").content.decode()
    board = client.get(f"/w/{match.table.watch_key}/board").content.decode()

    for page in (html, board):
        assert "Alice" in page
        assert "hand-form" not in page
        assert 'name="token"' not in page
        assert not re.search(r'<form[^>]*action="[^"]*/hand[#"]', page)
        assert "hx-post" not in page
        assert match.table.key not in page


def test_posting_to_the_watch_page_is_refused(client: Client):
    match = started()
    before = sheet(match)

    response = client.post(f"/w/{match.table.watch_key}/", {"out": "blocked"})

    assert response.status_code == 405
    assert sheet(match) == before


# --- Keys ---------------------------------------------------------------------------------


def test_table_keys_hold_at_least_128_bits():
    key = new_key()

    assert len(key) >= 22
    assert re.fullmatch(r"[A-Za-z0-9_-]+", key)
    assert len(base64.urlsafe_b64decode(key + "=" * (-len(key) % 4))) >= 16


def test_table_keys_do_not_repeat():
    assert len({new_key() for _ in range(1000)}) == 1000


def test_a_table_gets_two_different_keys():
    table = Table.objects.create()

    assert table.key != table.watch_key
    assert len(table.key) >= 22
    assert len(table.watch_key) >= 22


# --- Stale forms change nothing ---------------------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True])
def test_a_stale_undo_changes_nothing(client: Client, htmx: bool):
    match = started()
    before = sheet(match)
    headers = {"HX-Request": "true"} if htmx else {}

    response = client.post(
        f"/t/{match.table.key}/m/1/undo", {"version": match.version - 1}, headers=headers
    )

    assert response.status_code == (200 if htmx else 302)
    assert sheet(match) == before


@pytest.mark.parametrize("version", ["", "abc"])
def test_an_undo_without_a_usable_version_changes_nothing(client: Client, version: str):
    match = started()
    before = sheet(match)

    client.post(f"/t/{match.table.key}/m/1/undo", {"version": version})

    assert sheet(match) == before


def test_a_stale_edit_changes_nothing(client: Client):
    match = started()
    before = sheet(match)

    response = client.post(
        f"/t/{match.table.key}/m/1/h/1/", hand_post(match, version=match.version - 1)
    )

    assert response.status_code == 422
    assert sheet(match) == before


def test_an_edit_without_a_version_changes_nothing(client: Client):
    match = started()
    before = sheet(match)
    data = hand_post(match)
    del data["version"]

    response = client.post(f"/t/{match.table.key}/m/1/h/1/", data)

    assert response.status_code == 422
    assert sheet(match) == before


def test_an_edit_with_a_garbled_version_changes_nothing(client: Client):
    match = started()
    before = sheet(match)

    response = client.post(f"/t/{match.table.key}/m/1/h/1/", hand_post(match, version="abc"))

    assert response.status_code == 422
    assert sheet(match) == before


def test_the_current_version_does_edit(client: Client):
    # The stale tests above mean something only if the same post with the right version works.
    match = started()
    before = sheet(match)

    response = client.post(f"/t/{match.table.key}/m/1/h/1/", hand_post(match))

    assert response.status_code == 302
    assert sheet(match) != before


# --- Names are text -----------------------------------------------------------------------


@pytest.fixture
def scripted() -> Match:
    return started(name=SCRIPT, seat_names=(SCRIPT, "Ben", "Cara", "<b>Dev</b>"))


@pytest.mark.parametrize(
    "route",
    ["/t/{key}/", "/t/{key}/m/1/", "/t/{key}/m/1/h/1/", "/t/{key}/m/1/undo", "/w/{watch}/"],
)
def test_names_are_escaped(client: Client, scripted: Match, route: str):
    table = scripted.table

    html = client.get(route.format(key=table.key, watch=table.watch_key)).content.decode()

    assert SCRIPT not in html
    assert "<b>Dev</b>" not in html
    assert ESCAPED in html


def test_names_are_escaped_on_the_home_page(client: Client, scripted: Match):
    client.get(f"/t/{scripted.table.key}/")  # the home page lists the tables this phone opened

    html = client.get("/").content.decode()

    assert SCRIPT not in html
    assert "<b>Dev</b>" not in html
    assert ESCAPED in html


# --- CSRF ---------------------------------------------------------------------------------


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize(
    "route",
    [
        "/new",
        "/language",
        "/t/{key}/new",
        "/t/{key}/rematch",
        "/t/{key}/m/1/hand",
        "/t/{key}/m/1/preview",
        "/t/{key}/m/1/undo",
        "/t/{key}/m/1/h/1/",
    ],
)
def test_a_post_without_a_csrf_token_is_refused(route: str, htmx: bool):
    match = started()
    client = Client(enforce_csrf_checks=True)
    client.get(f"/t/{match.table.key}/m/1/")  # the phone has a CSRF cookie; the form lacks it
    before = sheet(match), created(Table).count(), created(Match).count()
    data = {
        **hand_post(match),
        "out": "1",
        "number": "3",
        "token": str(uuid4()),
        "pips_0": "5",
        "pips_2": "5",
        "pips_3": "5",
        "player_1": "Eve",
        "player_2": "Fay",
        "preset": "standard",
        "target": "200",
        "capicu_bonus": "25",
        "count_rule": "all_other_hands",
        "blocked_rule": "lightest_hand",
        "language": "es",
    }
    headers = {"HX-Request": "true"} if htmx else {}

    response = client.post(route.format(key=match.table.key), data, headers=headers)

    assert response.status_code == 403
    assert (sheet(match), created(Table).count(), created(Match).count()) == before
