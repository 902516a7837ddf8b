"""How many interactions a hand takes, counted as a phone would: taps, fields filled, and
key presses other than the digits typed. The counts are printed (pytest -s shows them)."""

from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser


@dataclass
class Counter:
    """Does what a person does on the phone, and counts it."""

    page: Page
    taps: int = 0
    fields: int = 0
    keys: int = 0
    log: list[str] = field(default_factory=list)

    def tap(self, target: Locator) -> None:
        target.tap()
        self.taps += 1
        self.log.append("tap")

    def fill(self, target: Locator, text: str) -> None:
        target.fill(text)  # typing its digits or letters is not counted, the field is
        self.fields += 1
        self.log.append("field")

    @property
    def total(self) -> int:
        return self.taps + self.fields + self.keys

    def report(self, what: str) -> str:
        line = (
            f"{what}: {self.total} interactions "
            f"({self.taps} taps, {self.fields} fields, {self.keys} other keys)"
        )
        print(line)
        return line


def test_a_going_out_hand_takes_two_taps_one_field_and_save(live_server, page: Page, make_match):
    match = make_match()  # a table that has counted per hand until now
    page.goto(f"{live_server.url}/t/{match.table.key}/m/{match.number}/")
    count = Counter(page)
    count.tap(page.locator("#entry .outs").get_by_role("link", name="Dev", exact=True))
    count.tap(page.get_by_role("link", name="Total"))
    count.fill(page.get_by_label("Pips in the hands that count"), "31")
    count.tap(page.get_by_role("button", name="Save hand"))
    expect(page.get_by_test_id("total-1")).to_have_text("31")
    count.report("a going-out hand")
    assert (count.taps - 1, count.fields) == (2, 1)  # Save apart


def test_home_to_the_first_saved_hand_takes_at_most_eight(live_server, page: Page):
    page.goto(live_server.url)
    count = Counter(page)
    for number, name in enumerate(("Alice", "Ben", "Cara", "Dev"), 1):
        count.fill(page.locator(f"#id_player_{number}"), name)
    count.tap(page.get_by_role("button", name="Start the match"))
    count.tap(page.locator("#entry .outs").get_by_role("link", name="Dev", exact=True))
    count.fill(page.get_by_label("Pips in the hands that count"), "31")
    count.tap(page.get_by_role("button", name="Save hand"))
    expect(page.locator(".msg")).to_have_text("Hand 1 saved.")
    expect(page.get_by_test_id("total-1")).to_have_text("31")
    count.report("home to the first saved hand")
    assert count.total <= 8
