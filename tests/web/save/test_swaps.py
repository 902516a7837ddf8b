"""An ordinary hand save answers with only what the hand changed (out-of-band swaps)."""

import re

import pytest
from django.test import Client

from tests.support.testing import add_hand, hand_post
from tests.web.match.test_sheet import legend

HAND = {"out": 0, "pips": {1: 1, 2: 1, 3: 1}}  # 3 points a hand for Alice & Cara
HTMX = {"HX-Request": "true"}


def save(match, shown=None, **headers):
    data = hand_post(match, **HAND)
    if shown is not None:
        data["shown"] = str(shown)
    match.refresh_from_db()
    return Client().post(match.save_hand_url(), data, headers={**HTMX, **headers})


def played(make_match, hands, **fields):
    match = make_match(target=1000, **fields)
    for _ in range(hands):
        add_hand(match, **HAND)
    match.refresh_from_db()
    return match


def test_an_ordinary_save_answers_with_the_new_row_the_board_and_the_next_form(make_match):
    match = played(make_match, 5)
    answer = save(match, shown=match.version)
    html = answer.content.decode()
    assert answer["X-Hand"] == "saved"
    assert answer["HX-Reswap"] == "none"
    assert 'id="play"' not in html
    assert "Hand 6 saved." in html
    assert re.search(r'<tr data-hand="6">.*?class="run">18<', html, re.S)
    assert 'hx-swap-oob="beforeend:#sheet tbody"' in html
    assert re.search(r'data-testid="total-0">18<', html)
    assert 'id="entry"' in html and "Who went out?" in html
    assert 'id="race"' in html
    assert f'data-version="{match.version + 1}"' in html


def test_the_folded_sheet_drops_its_oldest_row_and_counts_it_behind_the_link(make_match):
    match = played(make_match, 22)
    html = save(match, shown=match.version).content.decode()
    assert "delete:#sheet tr[data-hand='3']" in html
    assert "Show the 3 earlier hands" in html


def test_an_unfolded_sheet_keeps_every_row(make_match):
    match = played(make_match, 22)
    page = "http://testserver" + match.get_absolute_url() + "?sheet=all"
    html = save(match, shown=match.version, **{"HX-Current-URL": page}).content.decode()
    assert "delete:" not in html
    assert "earlier hands" not in html


def test_a_page_behind_the_match_gets_all_of_play(make_match):
    match = played(make_match, 5)
    html = save(match, shown=match.version - 1).content.decode()
    assert 'id="play"' in html


def test_a_save_that_sends_no_version_gets_all_of_play(make_match):
    match = played(make_match, 5)
    assert 'id="play"' in save(match).content.decode()


def test_the_first_hand_the_first_chart_and_the_fold_redraw_all_of_play(make_match):
    for hands in (0, 2, 20):
        match = played(make_match, hands)
        assert 'id="play"' in save(match, shown=match.version).content.decode(), hands


def test_a_save_that_ends_the_match_gets_all_of_play(make_match):
    match = make_match(target=10)
    add_hand(match, **HAND)
    add_hand(match, **HAND)
    add_hand(match, **HAND)
    match.refresh_from_db()
    data = {**hand_post(match, **HAND), "shown": str(match.version), "confirm_end": "1"}
    answer = Client().post(match.save_hand_url(), data, headers=HTMX)
    assert 'id="play"' in answer.content.decode()
    assert "HX-Reswap" not in answer


def test_the_out_taps_are_kept_once_a_match_and_link_each_next_hand(make_match):
    # The taps are kept drawn for the match (outs.html); the hand they enter is filled in
    # after: each save's taps fetch the form for the hand after it, and draw no new fragment.
    from django.core.cache import caches

    fragments = caches["fragments"]
    fragments.clear()
    match = played(make_match, 5)
    for number in (7, 8):
        match.refresh_from_db()
        html = save(match, shown=match.version).content.decode()
        links = re.findall(
            r'hx-get="[^"]*\?part=entry&amp;out=\w+&amp;entry=\w+&amp;round=(\d+)"', html
        )
        assert links == [str(number)] * 5
        outs = [key for key in fragments._cache if ".outs." in key]
        assert len(outs) == 1, outs


def race(html: str) -> str:
    """The race chart's section, as drawn."""
    return re.search(r'<section id="race".*?</section>', html, re.S)[0].replace(
        ' hx-swap-oob="true"', ""
    )


def test_the_swapped_chart_is_the_one_the_page_then_draws(make_match):
    # The saved hand's points come from what the save wrote, the earlier hands' from the
    # database: together the chart the page draws after the save.
    match = played(make_match, 8)
    add_hand(match, out=1, pips={0: 5, 2: 4, 3: 6})  # points for the other side too
    match.refresh_from_db()
    swapped = race(save(match, shown=match.version).content.decode())
    assert race(Client().get(match.get_absolute_url()).content.decode()) == swapped
    # Hand 9 gave Ben & Dev 15; hand 10, just saved, gave Alice & Cara 3 more (9 hands of 3).
    assert '<th scope="row">10</th><td>27</td><td>15</td>' in swapped


def test_an_ordinary_save_runs_ten_statements_and_reads_nothing_it_wrote(
    make_match, django_assert_num_queries
):
    match = played(make_match, 8)
    phone, url = Client(), match.save_hand_url()
    phone.get(match.get_absolute_url())  # the page the phone shows
    data = {**hand_post(match, **HAND), "shown": str(match.version)}
    with django_assert_num_queries(10) as captured:
        assert phone.post(url, data, headers=HTMX)["X-Hand"] == "saved"
    sql = [query["sql"] for query in captured.captured_queries]
    # The match and its seats; the transaction (a savepoint under the test's own): the hand, its
    # counts, its entries, the match's new state, the log entry; then the chart's earlier
    # hands, up to hand 8, not the 9th just written.
    writes = [statement.split()[0] for statement in sql[3:8]]
    assert writes == ["INSERT", "INSERT", "INSERT", "UPDATE", "INSERT"]
    assert sql[-1].endswith("h.number >= 0 AND h.number <= 8")


BLOCKED = {"out": "blocked", "pips": {0: 2, 1: 9, 2: 9, 3: 9}}  # Alice has the lightest hand
CAPICU = {**HAND, "capicu": True}


@pytest.mark.parametrize(
    ("before", "hand"),
    [(8, HAND), (8, BLOCKED), (8, CAPICU), (24, HAND), (24, BLOCKED)],
    ids=["plain", "blocked", "capicu", "folded", "folded-blocked"],
)
def test_a_save_that_changes_the_legend_reads_nothing_more(
    make_match, django_assert_num_queries, before, hand
):
    # The marks on the rows shown come with the chart's one read of the earlier hands: a marked
    # hand, or a row folded away, costs the save no statement of its own.
    match = make_match(target=1000, capicu_bonus=25)
    add_hand(match, **BLOCKED)  # a mark on the first row, folded away after hand 21
    for _ in range(before - 1):
        add_hand(match, **HAND)
    match.refresh_from_db()
    phone = Client()
    phone.get(match.get_absolute_url())
    data = {**hand_post(match, **hand), "shown": str(match.version)}
    with django_assert_num_queries(10):
        assert phone.post(match.save_hand_url(), data, headers=HTMX)["X-Hand"] == "saved"


TIED = {"out": "blocked", "pips": {0: 5, 1: 5, 2: 9, 3: 9}}  # Alice and Ben level: void
# Each save, and what it does to the page's legend: all of #play is drawn at the first hand, the
# chart's first (3) and the fold's (21); hand 2 pays the second-hand bonus (1st). Hands 22 to 25
# fold away hands 2 to 5, the last rows with their marks.
LEGEND_SAVES = [
    (HAND, "play"),
    (HAND, "insert"),
    (HAND, "play"),
    (BLOCKED, "replace"),
    (CAPICU, "replace"),
    *[(HAND, "")] * 15,
    (HAND, "play"),
    (HAND, "replace"),
    (HAND, ""),
    (HAND, "replace"),
    (HAND, "delete"),
    (TIED, "insert"),
    (CAPICU, "replace"),
]


def legend_change(answer: str) -> str:
    """What a save's answer does to the page's legend."""
    if 'id="play"' in answer:
        return "play"
    if 'hx-swap-oob="delete:#sheet-legend"' in answer:
        return "delete"
    if '<div hx-swap-oob="beforeend:#sheet">' in answer:
        return "insert"
    return "replace" if 'id="sheet-legend"' in answer else ""


def test_each_swapped_legend_is_the_one_the_page_then_draws(make_match):
    # The page's legend, as each answer leaves it (replaced, inserted, deleted or kept), is the
    # one drawn afresh after that save.
    match = make_match(target=10_000, capicu_bonus=25, first_hands_bonus=(0, 10))
    phone = Client()
    changes, shown = [], []
    for hand, _change in LEGEND_SAVES:
        data = {**hand_post(match, **hand), "shown": str(match.version)}
        answer = phone.post(match.save_hand_url(), data, headers=HTMX).content.decode()
        match.refresh_from_db()
        changes.append(legend_change(answer))
        if changes[-1] == "delete":
            shown = []
        elif changes[-1]:
            shown = legend(answer)
        assert shown == legend(phone.get(match.get_absolute_url()).content.decode()), changes

    assert changes == [change for _hand, change in LEGEND_SAVES]
    assert shown == [("C", "Capicú"), ("B", "Blocked")]


@pytest.mark.parametrize(
    ("hand", "statements"), [(HAND, 9), (BLOCKED, 10)], ids=["plain", "blocked"]
)
def test_the_second_hand_reads_the_first_only_when_it_is_marked(
    make_match, django_assert_num_queries, hand, statements
):
    # No chart yet, so no read of the earlier hands, but for the legend of a marked row.
    match = make_match(target=1000)
    add_hand(match, **HAND)
    match.refresh_from_db()
    phone = Client()
    phone.get(match.get_absolute_url())
    data = {**hand_post(match, **hand), "shown": str(match.version)}
    with django_assert_num_queries(statements):
        answer = phone.post(match.save_hand_url(), data, headers=HTMX)
    assert answer["HX-Reswap"] == "none"
    assert legend(answer.content.decode()) == ([("B", "Blocked")] if hand is BLOCKED else [])
