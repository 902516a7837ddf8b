"""An ordinary hand save answers with only what the hand changed (out-of-band swaps)."""

import re

from django.test import Client

from tests.support.testing import add_hand, hand_post

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
    assert sql[-1].endswith("h.number > 0 AND h.number <= 8")
