"""Sharing the table: QR codes of the watch and scorer links, and the address on the Wi-Fi."""

import io
import re
import uuid

import pytest
import segno
from django.conf import settings
from django.test import Client

from scorekeeper.management.commands.runlan import Command as RunLan
from scorekeeper.sharing import is_lan_address, lan_hosts
from tests.support.testing import hand_post


def qr_matrix(svg: str) -> list[list[int]]:
    """Read the modules back from segno's SVG path ("M x y h n m dx dy ..."), quiet zone off."""
    size = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg).group(1))
    grid = [[0] * size for _ in range(size)]
    x = y = 0.0
    for command, numbers in re.findall(r"([Mmh])([-\d. ]+)", re.search(r' d="([^"]+)"', svg)[1]):
        values = [float(n) for n in numbers.split()]
        if command == "M":
            x, y = values
        elif command == "m":
            x, y = x + values[0], y + values[1]
        else:
            for column in range(int(x), int(x + values[0])):
                grid[int(y)][column] = 1
            x += values[0]
    return [row[4:-4] for row in grid[4:-4]]


def svgs(html: str, testid: str) -> str:
    return re.search(rf'data-testid="{testid}"><svg.*?</svg>', html, re.S).group(0)


def expected(url: str) -> list[list[int]]:
    return [list(row) for row in segno.make(url, error="m").matrix]


def test_the_match_page_shows_the_watch_link_as_a_qr_code(client: Client, make_match):
    match = make_match()
    html = client.get(f"/t/{match.table.key}/m/1/").content.decode()
    watch = f"http://testserver/w/{match.table.watch_key}/"
    assert f'href="{watch}"' in html
    assert qr_matrix(svgs(html, "watch-qr")) == expected(watch)


def test_the_match_page_offers_its_own_link_to_hand_the_scoring_over(client: Client, make_match):
    match = make_match()
    html = client.get(f"/t/{match.table.key}/m/1/").content.decode()
    scorer = f"http://testserver/t/{match.table.key}/m/1/"
    assert qr_matrix(svgs(html, "scorer-qr")) == expected(scorer)
    assert "This link lets that phone change the score." in html


def test_the_table_page_hands_over_the_table_link(client: Client, make_match):
    match = make_match()
    html = client.get(f"/t/{match.table.key}/").content.decode()
    assert qr_matrix(svgs(html, "scorer-qr")) == expected(f"http://testserver/t/{match.table.key}/")
    assert qr_matrix(svgs(html, "watch-qr")) == expected(
        f"http://testserver/w/{match.table.watch_key}/"
    )


def test_the_codes_sit_in_disclosures_that_never_leave_the_page(client: Client, make_match):
    match = make_match()
    html = client.get(f"/t/{match.table.key}/m/1/?out=0").content.decode()
    assert html.count('<details class="share-box') == 2
    assert 'name="pips_1"' in html  # the hand form is still there beside them


def test_the_qr_code_carries_no_style_attribute_for_the_strict_policy(client: Client, make_match):
    match = make_match()
    html = client.get(f"/t/{match.table.key}/m/1/").content.decode()
    assert "style=" not in svgs(html, "watch-qr")


def test_htmx_saves_carry_the_count_to_say_out_loud(client: Client, make_match):
    match = make_match()
    data = {"out": "0", "number": "1", "token": str(uuid.uuid4())}
    data.update({"pips_1": "10", "pips_2": "5", "pips_3": "7"})
    html = client.post(
        f"/t/{match.table.key}/m/1/hand", data, headers={"HX-Request": "true"}
    ).content.decode()
    assert 'data-say="22 for Alice and Cara"' in html


def test_a_private_address_on_the_wifi_is_a_lan_address():
    assert is_lan_address("192.168.1.20")
    assert is_lan_address("10.0.0.7")


def test_loopback_public_and_garbage_are_not_lan_addresses():
    assert not is_lan_address("127.0.0.1")
    assert not is_lan_address("8.8.8.8")
    assert not is_lan_address("169.254.3.4")
    assert not is_lan_address("fe80::1")
    assert not is_lan_address("not an address")


def test_the_lan_address_joins_the_allowed_hosts_once():
    hosts = ["127.0.0.1", "localhost"]
    assert lan_hosts(hosts, "192.168.1.20") == ["127.0.0.1", "localhost", "192.168.1.20"]
    assert lan_hosts(["192.168.1.20"], "192.168.1.20") == ["192.168.1.20"]


def test_make_run_lan_prints_the_address_and_its_qr_code():
    text = RunLan().banner("http://192.168.1.20:8000/", "192.168.1.20")
    assert "open http://192.168.1.20:8000/" in text
    code = io.StringIO()
    segno.make("http://192.168.1.20:8000/", error="m").terminal(out=code, compact=True)
    assert code.getvalue() in text


def test_make_run_lan_says_so_when_there_is_no_network():
    text = RunLan().banner("http://127.0.0.1:8000/", "127.0.0.1")
    assert text.startswith("No local network found")


@pytest.mark.parametrize(
    ("language", "said"),
    [("es", "22 para Ike e Isa"), ("sv", "22 till Ike och Isa"), ("en", "22 for Ike and Isa")],
)
def test_the_count_says_partners_as_the_page_writes_them(
    client: Client, make_match, fresh_catalogues, language, said
):
    # Spanish writes "Ike e Isa" (an i-sound follows): the voice says the same.
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    match = make_match(names=("Ike", "Ben", "Isa", "Dev"))
    data = hand_post(match, 0, {1: 10, 2: 5, 3: 7})
    html = client.post(
        f"/t/{match.table.key}/m/1/hand", data, headers={"HX-Request": "true"}
    ).content.decode()
    assert f'data-say="{said}"' in html


def test_the_share_boxes_are_drawn_once_per_table_version(
    client: Client, make_match, add_hand, monkeypatch
):
    from django.utils import timezone

    from scorekeeper.models import Table
    from scorekeeper.views import sheet

    drawn = []
    real = sheet.qr_svg
    monkeypatch.setattr(sheet, "qr_svg", lambda url: drawn.append(url) or real(url))
    match = make_match()
    first = client.get(match.get_absolute_url()).content.decode()
    add_hand(match, 3, {0: 10, 1: 12, 2: 9})  # a new version of the match: drawn afresh
    second = client.get(match.get_absolute_url()).content.decode()
    assert len(drawn) == 2  # the watch and the scorer codes
    for testid in ("watch-qr", "scorer-qr"):
        assert svgs(second, testid) == svgs(first, testid)
    Table.objects.filter(pk=match.table_id).update(updated_at=timezone.now())
    third = client.get(match.get_absolute_url()).content.decode()
    assert len(drawn) == 4  # a change of the table's draws them again
    assert svgs(third, "scorer-qr") == svgs(first, "scorer-qr")
