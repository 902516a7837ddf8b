"""A button's label reads on one line on a 360 px phone: a longer label takes more of the row,
or the buttons stack."""

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("fresh_catalogues")]

# Each label's lines: its height over its line height (1 for a label on one line).
LABEL_LINES = """buttons => buttons.map(button => {
    const range = document.createRange();
    range.selectNodeContents(button);
    return range.getClientRects().length === 0 ? 0 : new Set(
        Array.from(range.getClientRects(), rect => Math.round(rect.top))
    ).size;
})"""


@pytest.mark.parametrize("language", ["en", "es", "sv"])
def test_the_undo_question_s_buttons_read_on_one_line(
    live_server, phone_in, make_match, add_hand, language
):
    match = make_match(names=("Ana", "Beto", "Carla", "Dani"))
    add_hand(match, 0, {1: 10, 2: 11, 3: 10})
    phone = phone_in(language)
    phone.goto(f"{live_server.url}{match.undo_url()}")
    assert phone.evaluate("document.documentElement.lang") == language
    lines = phone.locator(".confirm .actions .btn").evaluate_all(LABEL_LINES)
    assert lines == [1, 1]
