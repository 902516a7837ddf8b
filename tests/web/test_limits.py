"""Rate limits that hold: per client address (trusting proxies only when told), per table."""

import threading
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client

from scorekeeper.models import Match, Table
from scorekeeper.views import client_address
from tests.created import created
from tests.support.testing import SETUP, run_in_production

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("forwarded", "proxies", "client"),
    [
        ("1.2.3.4, 5.6.7.8", 0, "10.0.0.1"),
        ("6.6.6.6, 5.6.7.8", 1, "5.6.7.8"),
        ("6.6.6.6, 5.6.7.8, 10.0.0.2", 2, "5.6.7.8"),
        ("5.6.7.8", 2, "10.0.0.1"),
    ],
    ids=[
        "without trusted proxies the forwarded header is ignored",
        "with one proxy the address it appended is the client",
        "with two proxies the second address from the right is the client",
        "a forwarded header shorter than the proxy chain is not trusted",
    ],
)
def test_the_client_address_trusts_only_the_proxies_it_is_told_of(forwarded, proxies, client):
    meta = {"REMOTE_ADDR": "10.0.0.1", "HTTP_X_FORWARDED_FOR": forwarded}
    assert client_address(meta, proxies) == client


PRODUCTION_BURST = """
import json, django
django.setup()
from django.test import Client
from django.test.utils import setup_test_environment
setup_test_environment()
from django.core.management import call_command
call_command("migrate", verbosity=0)
call_command("collectstatic", interactive=False, verbosity=0)
data = %r
statuses = [
    Client().post("/new", data, secure=True, REMOTE_ADDR="10.0.0.1",
                  headers={"host": "scores.example.org", "x-forwarded-for": f"192.0.2.{n}"}
    ).status_code
    for n in range(3)
]
print(json.dumps(statuses))
"""


def test_in_production_a_client_inventing_forwarded_addresses_stays_limited(tmp_path):
    statuses = run_in_production(PRODUCTION_BURST % SETUP, tmp_path, TABLES_PER_HOUR="2")
    assert statuses == [302, 302, 429]


def in_parallel(count: int, work) -> list:
    """Run work(n) in count threads at once; each closes its own database connection."""
    results: list = [None] * count
    start = threading.Barrier(count)

    def run(n: int) -> None:
        try:
            start.wait()
            results[n] = work(n)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.mark.django_db(transaction=True)
def test_parallel_creations_from_one_client_make_at_most_the_limit(settings):
    settings.TABLES_PER_HOUR = 3
    statuses = in_parallel(12, lambda n: Client().post("/new", SETUP).status_code)
    assert sorted(statuses) == [302] * 3 + [429] * 9
    assert created(Table).count() == 3


@pytest.mark.django_db(transaction=True)
def test_parallel_rematches_start_one_match(make_match, add_hand):
    from scorekeeper import rules

    table = Table.objects.create(name="Park")
    game = rules.make_game("standard", 2, rules=rules.HouseRules(target=10))
    add_hand(table.start_match(["Ana", "Ben"], game, "standard"), 0, {1: 20})
    statuses = in_parallel(6, lambda n: Client().post(f"/t/{table.key}/rematch").status_code)
    assert statuses == [302] * 6
    # Six phones, one tap each, on a page from before `after`: one next match, not six.
    assert sorted(table.matches.values_list("number", flat=True)) == [1, 2]


def finished(make_match, add_hand) -> Match:
    return add_hand(make_match(target=10), 0, {1: 20, 2: 0, 3: 0})


def test_a_double_tap_on_rematch_starts_one_match(client: Client, make_match, add_hand):
    match = finished(make_match, add_hand)
    page = client.get(f"/t/{match.table.key}/m/{match.number}/").content.decode()
    token = page.split('name="token" value="', 1)[1].split('"', 1)[0]
    first = client.post(f"/t/{match.table.key}/rematch", {"token": token})
    second = client.post(f"/t/{match.table.key}/rematch", {"token": token})
    assert first["Location"] == second["Location"] == f"/t/{match.table.key}/m/2/"
    assert created(Match).count() == 2


def test_a_rematch_from_an_old_page_goes_to_the_match_in_play(client: Client, make_match, add_hand):
    # A page from before the `after` field: its form posts no `after`.
    match = finished(make_match, add_hand)
    client.post(f"/t/{match.table.key}/rematch", {"after": match.number})
    response = client.post(f"/t/{match.table.key}/rematch", follow=True)
    assert response.redirect_chain[-1][0] == f"/t/{match.table.key}/m/2/"
    assert "A match is already in play at this table" in response.content.decode()
    assert created(Match).count() == 2


def test_a_rematch_of_a_match_in_play_starts_nothing(client: Client, make_match):
    match = make_match()
    response = client.post(f"/t/{match.table.key}/rematch", {"after": match.number})
    assert response["Location"] == f"/t/{match.table.key}/m/1/"
    assert created(Match).count() == 1


def test_a_double_tap_on_new_match_starts_one_match(client: Client, make_match, add_hand):
    match = finished(make_match, add_hand)
    page = client.get(f"/t/{match.table.key}/new").content.decode()
    token = page.split('name="token" value="', 1)[1].split('"', 1)[0]
    data = {**SETUP, "token": token}
    first = client.post(f"/t/{match.table.key}/new", data)
    # The second tap arrives late, after a hand: its token still finds the match it started.
    add_hand(created(Match).get(number=2), 0, {1: 5, 2: 0, 3: 0})
    second = client.post(f"/t/{match.table.key}/new", data)
    assert first["Location"] == second["Location"] == f"/t/{match.table.key}/m/2/"
    assert created(Match).count() == 2


def test_matches_per_table_and_hour_are_limited(client: Client, make_match, add_hand, settings):
    settings.MATCHES_PER_HOUR = 2
    match = finished(make_match, add_hand)
    assert client.post(f"/t/{match.table.key}/rematch").status_code == 302
    add_hand(created(Match).get(number=2), 0, {1: 20, 2: 0, 3: 0})
    response = client.post(f"/t/{match.table.key}/rematch")
    assert response.status_code == 429
    assert "too many matches this hour" in response.content.decode()
    again = client.post(f"/t/{match.table.key}/new", SETUP)
    assert again.status_code == 429
    assert "too many matches this hour" in again.content.decode()
    assert created(Match).count() == 2
