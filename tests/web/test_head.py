"""HEAD answers like GET, without a body, on every page a GET reaches."""

import pytest
from django.test import Client


@pytest.fixture
def routes(make_match, add_hand):
    match = add_hand(make_match(), 0, {1: 3, 2: 5, 3: 7})
    key, watch = match.table.key, match.table.watch_key
    base = f"/t/{key}/m/{match.number}/"
    return [
        "/",
        "/healthz",
        "/help",
        "/new",
        "/import",
        f"/t/{key}/",
        f"/t/{key}/new",
        f"/t/{key}/export.json",
        base,
        base + "sheet.csv",
        base + "undo",
        base + "h/1/",
        f"/w/{watch}/",
        f"/w/{watch}/board",
    ]


def test_head_answers_every_get_route_like_get_without_a_body(client: Client, routes):
    for path in routes:
        got, head = client.get(path), client.head(path)
        assert head.status_code == got.status_code == 200, path
        assert head.content == b"", path
        assert head["Content-Type"] == got["Content-Type"], path
