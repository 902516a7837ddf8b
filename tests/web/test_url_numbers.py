"""A match or hand number in a link too big for the database is a 404, never a crash."""

import pytest
from django.test import Client

TOO_BIG = "9" * 23  # past a 64-bit integer


@pytest.mark.parametrize(
    "tail", [f"m/{TOO_BIG}/", f"m/{TOO_BIG}/hand", f"m/{TOO_BIG}/sheet.csv", f"m/1/h/{TOO_BIG}/"]
)
def test_a_number_too_big_for_the_database_is_not_found(client: Client, make_match, tail):
    match = make_match()
    for method in (client.get, client.head, client.post):
        response = method(f"/t/{match.table.key}/{tail}")
        assert response.status_code == 404, (method, tail)
