"""Kept pages (scorekeeper.serving.pagecache): every change shows at once, and tokens stay per
request."""

import gzip
import re
import zlib

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.models import Match
from tests.created import created
from tests.support.testing import hand_post, scoring_match, tap

HAND = {"out": 0, "pips": {1: 10, 2: 5, 3: 7}}  # 22 for Alice & Cara


def match_url(match: Match) -> str:
    return f"/t/{match.table.key}/m/{match.number}/"


def watch_url(match: Match) -> str:
    return f"/w/{match.table.watch_key}/"


def totals(html: str) -> list[int]:
    return [int(value) for value in re.findall(r'data-testid="total-\d">(\d+)<', html)]


def page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def hand_token(html: str) -> str:
    return re.search(r'name="token" value="([^"]+)"', html).group(1)


def test_a_kept_page_costs_one_query_and_reads_the_same(client: Client, make_match, add_hand):
    match = make_match()
    add_hand(match, **HAND)
    first = page(client, match_url(match))
    with CaptureQueriesContext(connection) as captured:
        again = page(client, match_url(match))
    assert len(captured) == 1
    assert totals(again) == totals(first) == [22, 0]


def test_each_request_gets_its_own_hand_token(client: Client, make_match):
    match = make_match()
    url = match_url(match) + "?out=0"  # the form for a hand Alice went out in
    first, second = page(client, url), page(client, url)
    assert hand_token(first) != hand_token(second)
    assert "\ue000" not in second


def test_the_csrf_token_of_a_kept_page_is_accepted(make_match):
    match = make_match()
    phone = Client(enforce_csrf_checks=True)
    page(phone, match_url(match) + "?out=0")
    html = page(phone, match_url(match) + "?out=0")  # served from the cache
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    post = hand_post(match, **HAND) | {"csrfmiddlewaretoken": csrf, "token": hand_token(html)}
    assert phone.post(match_url(match) + "hand", post).status_code == 302
    assert created(Match).get(pk=match.pk).hand_count == 1


def test_a_save_shows_at_once(client: Client, make_match):
    match = make_match()
    page(client, match_url(match))
    client.post(match_url(match) + "hand", hand_post(match, **HAND))
    client.get(match_url(match))  # the page that shows the "saved" message is not kept
    assert totals(page(client, match_url(match))) == [22, 0]


def undo_it(client: Client, match: Match) -> list[int]:
    client.post(match_url(match) + "undo", {"version": match.version})
    return [0, 0]


def correct_it(client: Client, match: Match) -> list[int]:
    edit = hand_post(match, out=0, pips={1: 20, 2: 5, 3: 7}, number="1", version=match.version)
    assert client.post(match_url(match) + "h/1/", edit).status_code == 302
    return [32, 0]


@pytest.mark.parametrize("change", [undo_it, correct_it], ids=["undo", "correction"])
def test_an_undo_or_a_correction_shows_at_once(client: Client, make_match, add_hand, change):
    match = make_match()
    add_hand(match, **HAND)
    assert totals(page(client, match_url(match))) == [22, 0]
    match.refresh_from_db()
    expected = change(client, match)
    client.get(match_url(match))  # the page with the change's message is not kept
    assert totals(page(client, match_url(match))) == expected


def test_a_rematch_shows_its_new_match_and_the_old_one_stays_finished(
    client: Client, make_match, add_hand
):
    match = make_match(target=20)
    add_hand(match, **HAND)
    assert "Rematch" in page(client, match_url(match))
    response = client.post(f"/t/{match.table.key}/rematch")
    second = created(Match).get(table=match.table, number=2)
    assert response["Location"] == match_url(second)
    client.get(match_url(second))
    assert totals(page(client, match_url(second))) == [0, 0]
    assert totals(page(client, match_url(match))) == [22, 0]


def test_a_language_switch_shows_the_page_in_that_language(client: Client, make_match):
    match = make_match()
    assert "Who went out?" in page(client, match_url(match))
    client.post(reverse("set_language"), {"language": "es", "next": match_url(match)})
    html = page(client, match_url(match))
    assert "Who went out?" not in html
    assert 'lang="es"' in html


def test_a_save_through_another_server_shows_at_once(client: Client, make_match, add_hand):
    match = make_match()
    assert totals(page(client, match_url(match))) == [0, 0]
    # Another server writes to the same database; this one's kept page must not be served.
    add_hand(match, **HAND)
    assert totals(page(client, match_url(match))) == [22, 0]


def test_the_watch_page_shows_a_save_at_once(client: Client, make_match, add_hand):
    match = make_match()
    assert totals(page(client, watch_url(match))) == [0, 0]
    add_hand(match, **HAND)
    assert totals(page(client, watch_url(match))) == [22, 0]


def test_a_message_shows_once_on_a_kept_page(client: Client, make_match):
    match = make_match()
    page(client, match_url(match))
    client.post(match_url(match) + "hand", hand_post(match, **HAND))
    said = '<p class="msg success">Hand 1 saved.</p>'
    assert said in page(client, match_url(match))
    assert said not in page(client, match_url(match))


def test_the_time_a_kept_page_was_drawn_is_this_request_s(client: Client, make_match):
    match = make_match()
    page(client, match_url(match))
    html = page(client, match_url(match))
    assert re.search(r'<time datetime="[^"]+" data-drawn-at>[^<]+</time>', html)
    assert "\ue000" not in html


def test_a_scoring_game_s_play_strip_gets_its_own_token(client: Client, make_match):
    match = make_match(preset="all_fives")
    url = match_url(match) + "?seat=0"  # Alice's score is being entered
    first, second = page(client, url), page(client, url)
    tokens = re.findall(r'name="token" value="([^"]+)"', first + second)
    assert tokens and "\ue000" not in second
    assert len(set(tokens)) == len(tokens)


def test_a_score_during_play_shows_at_once(client: Client, db):
    match = scoring_match()
    assert totals(page(client, match_url(match))) == [0, 0]
    tap(match, 0, 10)  # through the model, as another server would
    assert totals(page(client, match_url(match))) == [10, 0]


def series_wins(html: str) -> list[int]:
    score = re.search(r'data-testid="series">(.*?)</p>', html, re.S).group(1)
    return [int(wins) for wins in re.findall(r"<b>(\d+)</b>", score)]


def test_an_earlier_match_shows_the_series_won_in_a_later_one(client: Client, make_match, add_hand):
    first = make_match(target=20)
    add_hand(first, **HAND)  # Alice & Cara win the first match: 1-0
    assert series_wins(page(client, match_url(first))) == [1, 0]
    client.post(f"/t/{first.table.key}/rematch")
    second = created(Match).get(table=first.table, number=2)
    add_hand(second, **HAND)  # and the second: the series is theirs
    assert series_wins(page(client, match_url(first))) == [2, 0]


def test_a_kept_page_goes_out_as_one_whole_gzip_stream(client: Client, make_match, add_hand):
    match = make_match()
    add_hand(match, **HAND)
    page(client, match_url(match))
    response = client.get(match_url(match), headers={"Accept-Encoding": "gzip, br"})
    assert response["Content-Encoding"] == "gzip"
    html = gzip.decompress(response.content).decode()  # checks the length and the CRC
    # As a browser reads it: one stream, nothing left over after its end.
    reader = zlib.decompressobj(16 + zlib.MAX_WBITS)
    assert reader.decompress(response.content).decode() == html and reader.eof
    assert not reader.unused_data
    assert totals(html) == [22, 0] and "\ue000" not in html
    assert html.rstrip().endswith("</html>")


def test_the_table_s_new_entry_mode_shows_at_once(client: Client, make_match):
    match = make_match()
    assert "entry=each" in page(client, match_url(match))
    match.table.keep_entry_mode("total")  # the last hand was entered as a total
    assert "entry=total" in page(client, match_url(match))


def partial(html: str) -> bool:
    return "<html" not in html


@pytest.mark.parametrize("other", ["1", "false", "True", ""])
def test_only_hx_request_true_is_htmx_as_django_htmx_reads_it(client: Client, make_match, other):
    match = make_match()
    assert not partial(page_with(client, match_url(match), {"HX-Request": other}))
    assert partial(page_with(client, match_url(match), {"HX-Request": "true"}))
    # The other way round: a swap kept first is not a whole page for a request that is not htmx.
    match.table.keep_entry_mode("total")
    assert partial(page_with(client, match_url(match), {"HX-Request": "true"}))
    assert not partial(page_with(client, match_url(match), {"HX-Request": other}))


def page_with(client: Client, url: str, headers: dict, **extra) -> str:
    response = client.get(url, headers=headers, **extra)
    assert response.status_code == 200
    return response.content.decode()


def served_from_cache(client: Client, url: str, **extra) -> str:
    with CaptureQueriesContext(connection) as captured:
        html = page_with(client, url, {}, **extra)
    assert len(captured) == 1, "drawn again instead of served as kept"
    return html


def test_a_query_string_the_page_does_not_read_is_the_same_kept_page(client: Client, make_match):
    match = make_match()
    page(client, watch_url(match))
    for n in range(3):
        html = served_from_cache(client, watch_url(match) + f"?utm_source={n}")
        assert "utm_source" not in html
    page(client, match_url(match) + "?out=0&seat=1")
    served_from_cache(client, match_url(match) + "?seat=1&fbclid=x&out=0")


def test_what_the_page_reads_from_its_query_still_makes_its_own_page(client: Client, make_match):
    match = make_match()
    chosen = '<input type="hidden" name="out" value="0"'
    assert chosen not in page(client, match_url(match))
    assert chosen in page(client, match_url(match) + "?out=0&utm_source=x")
    assert chosen not in page(client, match_url(match) + "?utm_source=x")


def test_the_watch_page_is_kept_once_whatever_the_host_s_port(client: Client, make_match):
    match = make_match()
    page(client, watch_url(match))
    for port in (8001, 8002):
        served_from_cache(client, watch_url(match), HTTP_HOST=f"testserver:{port}")


@pytest.mark.parametrize("name", ["pagecacheCsrfSlot", "pagecache-token-slot"])
def test_a_player_named_like_a_slot_shows_as_named(client: Client, make_match, name):
    match = make_match(names=(name, "Ben", "Cara", "Dev"))
    for _ in range(2):  # drawn, then served as kept
        html = page(client, match_url(match))
        assert html.count(name) == page(client, match_url(match)).count(name) > 0
        assert name in page(client, watch_url(match))


def test_a_new_release_draws_its_pages_again(client: Client, make_match, monkeypatch):
    from scorekeeper.serving import keys

    match = make_match()
    page(client, watch_url(match))
    served_from_cache(client, watch_url(match))
    monkeypatch.setattr(keys, "release", lambda: "the next release")
    with CaptureQueriesContext(connection) as captured:
        page(client, watch_url(match))
    assert len(captured) > 1


def test_the_release_follows_the_code_the_templates_and_the_static_manifest(tmp_path):
    from scorekeeper.serving.keys import release_of

    (tmp_path / "page.html").write_text("<p>one</p>")
    (tmp_path / "staticfiles.json").write_text('{"paths": {"app.js": "app.1.js"}}')
    files = [tmp_path / "page.html", tmp_path / "staticfiles.json", tmp_path / "absent.mo"]
    before = release_of(files)
    assert release_of(files) == before
    (tmp_path / "staticfiles.json").write_text('{"paths": {"app.js": "app.2.js"}}')
    assert release_of(files) != before
