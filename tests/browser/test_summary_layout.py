"""The match in short: each fact's name and value stay apart on a 360 px phone."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("fresh_catalogues")]


def test_a_fact_and_its_value_never_touch_on_a_narrow_phone(
    live_server, phone_in, make_match, add_hand
):
    match = make_match(names=("Ana", "Beto", "Carla", "Dani"))
    for pips in (34, 30, 10):  # 102, 90 and 30: Ana goes out three times and leads twice
        add_hand(match, 0, {1: pips, 2: pips, 3: pips})
    phone = phone_in("es")
    phone.goto(f"{live_server.url}{match.get_absolute_url()}")
    assert phone.evaluate("document.documentElement.lang") == "es"
    gaps = phone.locator(".facts div").evaluate_all(
        """rows => rows.map(row => {
            const name = row.querySelector("dt").getBoundingClientRect();
            const value = row.querySelector("dd").getBoundingClientRect();
            return value.top >= name.bottom ? Infinity : value.left - name.right;
        })"""
    )
    assert len(gaps) == 6
    assert min(gaps) >= 8
