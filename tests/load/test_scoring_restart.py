"""A hand of All Fives in play survives the server being killed: its taps are on disk."""

import re
import uuid

import pytest
from loadlib import Phone, postgres_url, served

pytestmark = pytest.mark.load
pytest_plugins = ["loadfixtures"]

VENDORS = ["sqlite"] + (["postgresql"] if postgres_url() else [])
SETUP = {
    "player_1": "Ann",
    "player_2": "Bo",
    "player_3": "Cy",
    "preset": "all_fives",
    "target": "0",
    "capicu_bonus": "25",
    "count_rule": "all_other_hands",
    "blocked_rule": "lightest_hand",
    "rounding": "nearest_five",
}


def tap(phone: Phone, key: str, seat: int, points: int, token: uuid.UUID) -> int:
    fields = {"seat": seat, "points": points, "number": 1, "token": str(token)}
    return phone.request("POST", f"/t/{key}/m/1/play", fields).status


@pytest.mark.parametrize("vendor", VENDORS)
def test_a_hand_in_play_survives_a_kill_and_a_retried_tap_counts_once(site, vendor):
    with served(site, vendor, "scorekeeper-scoring-restart-") as (_database, server):
        phone = Phone(server.address, secret_key=site.secret_key)
        phone.request("GET", "/new")
        key = re.search(r"/t/([^/]+)/", phone.request("POST", "/new", SETUP).location)[1]
        retried = uuid.uuid4()
        assert tap(phone, key, 0, 10, uuid.uuid4()) == 302
        assert tap(phone, key, 1, 15, retried) == 302
        server.kill()
        server.start()
        assert tap(phone, key, 1, 15, retried) == 302  # the phone's retry after the drop

        page = phone.request("GET", f"/t/{key}/m/1/").body.decode()

    assert re.findall(r'data-testid="total-\d">(\d+)<', page) == ["10", "15", "0"]
    assert "<bdi>Ann</bdi> +10" in page and "<bdi>Bo</bdi> +15" in page
