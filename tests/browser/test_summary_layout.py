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


def test_every_value_of_the_match_in_short_ends_at_the_same_edge(
    live_server, phone_in, make_match, add_hand
):
    """A value that wraps (who led longest, the biggest hand) began wherever its row's name
    left room: at 360 px in Spanish the values started at three different places. Each now
    ends at the row's right edge, as the short ones do, so they read as one column."""
    match = make_match(names=("Alicia", "Benito", "Carla", "Daniel"))
    for pips in (34, 30, 10):
        add_hand(match, 0, {1: pips, 2: pips, 3: pips})
    phone = phone_in("es")
    phone.goto(f"{live_server.url}{match.get_absolute_url()}")
    ends = phone.locator(".facts div").evaluate_all(
        """rows => rows.map(row => {
            const range = document.createRange();
            range.selectNodeContents(row.querySelector("dd"));
            const lines = Array.from(range.getClientRects());
            const edge = row.getBoundingClientRect().right;
            return [lines.length, Math.min(...lines.map(line => edge - line.right))];
        })"""
    )
    assert any(lines > 1 for lines, _ in ends)  # (a value wraps: the case in question)
    assert max(gap for _, gap in ends) < 2
