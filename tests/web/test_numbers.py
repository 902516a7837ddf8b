"""Numbers from outside: ASCII digits only, pips as a person types them, never a 500."""

import pytest
from django.test import Client

from scorekeeper.inputs import typed_number, whole_number
from scorekeeper.models import Hand
from tests.created import created
from tests.support import testing


def url(match) -> str:
    return f"/t/{match.table.key}/m/{match.number}/"


def hand_post(match, **pips) -> dict:
    """Seat 0 went out; the pips exactly as typed."""
    return testing.hand_post(match, 0, pips)


@pytest.mark.parametrize("text", ["²", "①", "٣", "1_2", "+3", "-3", " 7", "2.0", "", "9" * 40])
def test_whole_number_takes_ascii_digits_only(text):
    assert whole_number(text) is None


def test_whole_number_reads_ascii_digits():
    assert whole_number("0012") == 12


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (" 12 ", 12),
        ("\t7\n", 7),
        ("0", 0),
        ("\uff11\uff12", 12),  # full-width
        ("\u0661\u0662", 12),  # Arabic-Indic
        ("\u06f1\u06f2", 12),  # Eastern Arabic-Indic
    ],
)
def test_a_typed_pip_count_forgives_spaces_and_reads_any_script_s_digits(text, value):
    assert typed_number(text) == value


@pytest.mark.parametrize(
    "pips", ["1_2", "+3", "2.0", "2.5", "²", "①", "1e3", "0x10", "\u0661" * 90 + "x"]
)
def test_a_pip_count_that_is_not_plain_digits_is_refused_at_its_field(
    client: Client, make_match, pips
):
    match = make_match()
    response = client.post(url(match) + "hand", hand_post(match, **{"1": pips, "2": "5", "3": "7"}))
    assert response.status_code == 422
    assert "Type a whole number of pips, like 12." in response.content.decode()
    assert not created(Hand).exists()


@pytest.mark.parametrize("pips", ["9" * 20, "\u0661" * 90])
def test_a_pip_count_of_too_many_digits_is_refused_as_too_many_pips(
    client: Client, make_match, pips
):
    """Twenty digits were told "Type a whole number", which they are."""
    match = make_match()
    response = client.post(url(match) + "hand", hand_post(match, **{"1": pips, "2": "5", "3": "7"}))
    assert response.status_code == 422
    assert "No hand holds that many pips." in response.content.decode()
    assert not created(Hand).exists()


def test_arabic_indic_pips_are_saved_as_digits(client: Client, make_match):
    match = make_match()
    data = hand_post(match, **{"1": "\u0661\u0662", "2": "5", "3": "7"})
    assert client.post(url(match) + "hand", data).status_code == 302
    assert created(Hand).get().pips() == {1: 12, 2: 5, 3: 7}


def test_full_width_pips_are_saved_as_digits(client: Client, make_match):
    match = make_match()
    data = hand_post(match, **{"1": " \uff11\uff12 ", "2": "5", "3": "7"})
    assert client.post(url(match) + "hand", data).status_code == 302
    assert created(Hand).get().pips() == {1: 12, 2: 5, 3: 7}


@pytest.mark.parametrize("value", ["²", "①", "1_2"])
def test_unicode_digits_in_query_parameters_are_ignored(client: Client, make_match, value):
    match = make_match()
    key = match.table.key
    for path in (f"/t/{key}/?before={value}", url(match) + f"?out={value}"):
        assert client.get(path).status_code == 200
    response = client.get(url(match) + f"?part=entry&out={value}", headers={"HX-Request": "true"})
    assert response.status_code == 200


@pytest.mark.parametrize("value", ["²", "①"])
def test_unicode_digits_in_the_out_field_are_refused(client: Client, make_match, value):
    match = make_match()
    data = {**hand_post(match, **{"1": "3", "2": "5", "3": "7"}), "out": value}
    response = client.post(url(match) + "hand", data)
    assert response.status_code == 422
    assert not created(Hand).exists()


@pytest.mark.parametrize("value", ["²", "①"])
def test_unicode_digits_as_a_version_change_nothing(client: Client, make_match, add_hand, value):
    match = add_hand(make_match(), 0, {1: 3, 2: 5, 3: 7})
    undo = client.post(url(match) + "undo", {"version": value})
    edit = client.post(url(match) + "h/1/", {**hand_post(match, **{"2": "1"}), "version": value})
    assert (undo.status_code, edit.status_code) == (302, 422)
    assert created(Hand).get().pips() == {1: 3, 2: 5, 3: 7}


TOO_BIG = "9" * 23  # past a 64-bit integer


@pytest.mark.parametrize(
    "tail", [f"m/{TOO_BIG}/", f"m/{TOO_BIG}/hand", f"m/{TOO_BIG}/sheet.csv", f"m/1/h/{TOO_BIG}/"]
)
def test_a_number_too_big_for_the_database_is_not_found(client: Client, make_match, tail):
    match = make_match()
    for method in (client.get, client.head, client.post):
        response = method(f"/t/{match.table.key}/{tail}")
        assert response.status_code == 404, (method, tail)
