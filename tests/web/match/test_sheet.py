"""The score sheet and what the pages show of a hand: the regional rules' taps, bonuses,
explanations, series and shutouts; a long match's earlier hands folded."""

import html
import re
import uuid
from dataclasses import asdict

import pytest
from django.test import Client

from scorekeeper import rules
from scorekeeper.models import Match
from tests.support.testing import add_hand, hand_post

pytestmark = pytest.mark.django_db


def game_of(make_match, preset: str, **changes) -> Match:
    return make_match(preset=preset, **{**asdict(rules.PRESETS[preset].rules), **changes})


def add(match: Match, hand: rules.Hand) -> Match:
    match.add_hand(hand, token=uuid.uuid4(), number=match.hand_count + 1)
    return match


def out(seat: int, pips: int = 5, **taps) -> rules.Hand:
    counts = {s: 0 for s in range(4) if s != seat}
    counts[(seat + 1) % 4] = pips
    return rules.Hand(rules.Ending.WENT_OUT, went_out=seat, pips=counts, **taps)


def url(match: Match, end="") -> str:
    return f"/t/{match.table.key}/m/{match.number}/{end}"


def text(response) -> str:
    """The page's words as a reader sees them, in one line."""
    page = re.sub(r"</?bdi>", "", response.content.decode())  # a name's isolate is inline
    words = re.sub(r"<[^>]+>", " ", page)
    return re.sub(r"\s+", " ", html.unescape(words)).replace(" \u2013 ", " - ")


def test_the_hand_form_shows_only_the_taps_the_table_pays(client: Client, make_match):
    plain = client.get(url(make_match()) + "?out=0").content.decode()
    pr500 = client.get(url(game_of(make_match, "puerto_rico_500")) + "?out=0").content.decode()

    assert 'name="chuchazo"' not in plain
    assert 'name="pase_corrido_0"' not in plain
    assert 'name="chuchazo"' in pr500


def test_a_dominican_form_asks_for_pase_corrido_and_who_led(client: Client, make_match):
    html = client.get(url(game_of(make_match, "dominican")) + "?out=blocked").content.decode()

    assert 'name="pase_corrido_0"' in html and 'name="pase_corrido_1"' in html
    assert 'name="led_by"' in html


def test_the_sheet_marks_a_bonus_beside_its_points(client: Client, make_match):
    match = add(game_of(make_match, "puerto_rico_500"), out(1, 30, chuchazo=True))

    html = client.get(url(match)).content.decode()

    assert 'title="Chuchazo"' in html
    assert 'title="First hands"' in html


def test_the_hand_page_explains_the_bonuses(client: Client, make_match):
    match = add(game_of(make_match, "puerto_rico_500"), out(1, 30, chuchazo=True))

    page = text(client.get(url(match, "h/1/")))

    assert "30 for Ben & Dev: Ben went out" in page
    assert "Bonuses: chuchazo 100 for Ben & Dev; first hands bonus 100 for Ben & Dev." in page


def test_the_hand_page_adds_up_what_the_hand_paid_in_all(client: Client, make_match):
    # The sheet shows +230: the count (30), the chuchazo (100), hand 1's bonus (100).
    match = add(game_of(make_match, "puerto_rico_500"), out(1, 30, chuchazo=True))

    page = text(client.get(url(match, "h/1/")))

    assert "In all: 230 for Ben & Dev." in page


def test_the_preview_names_a_pase_corrido_for_the_other_side(client: Client, make_match):
    match = game_of(make_match, "dominican")
    data = {"out": "0", "number": "1", "token": str(uuid.uuid4()), "pase_corrido_1": "1"}
    data.update({"pips_1": "5", "pips_2": "0", "pips_3": "0"})

    preview = text(client.post(url(match, "preview"), data, headers={"HX-Request": "true"}))

    assert "Bonuses: pase corrido 25 for Ben & Dev." in preview


def test_a_tie_won_by_the_leaders_is_explained(client: Client, make_match):
    match = add(
        game_of(make_match, "dominican"),
        rules.Hand(rules.Ending.BLOCKED, pips={0: 5, 1: 6, 2: 7, 3: 6}, led_by=3),
    )

    assert "so the side that led wins the tie with Dev's hand" in text(
        client.get(url(match, "h/1/"))
    )


def test_a_shutout_is_named_on_the_win_banner(client: Client, make_match):
    match = add(make_match(target=10), out(0, 20))

    assert "Zapatero: a shutout!" in text(client.get(url(match)))


def test_a_win_with_points_on_both_sides_is_no_shutout(client: Client, make_match):
    match = add(add(make_match(target=10), out(1, 5)), out(0, 20))

    assert "shutout" not in text(client.get(url(match)))


def test_the_match_page_shows_the_series_score(client: Client, make_match):
    match = add(make_match(target=10), out(1, 5))
    add(match, out(0, 20))
    second = match.table.start_match(match.seat_names(), match.game(), match.preset)

    page = text(client.get(url(second)))

    assert "Series 1, best of three: Alice & Cara 1 - Ben & Dev 0" in page


def test_the_table_page_and_the_watch_link_show_the_series_score(client: Client, make_match):
    match = add(make_match(target=10), out(0, 20))
    table = match.table

    assert "Alice & Cara 1 - Ben & Dev 0" in text(client.get(f"/t/{table.key}/"))
    assert "Alice & Cara 1 - Ben & Dev 0" in text(client.get(f"/w/{table.watch_key}/"))


def test_a_shutout_counting_double_wins_a_best_of_three(client: Client, make_match):
    match = make_match(target=10)
    match.series.shutout_counts_double = True
    match.series.save()
    add(match, out(1, 20))

    assert "Series to Ben & Dev!" in text(client.get(url(match)))


def test_the_setup_shows_each_games_rules_in_one_line(client: Client):
    page = text(client.get("/new"))

    assert "Puerto Rico to 500 · capicú 100 · all other hands count" in page
    assert "first hands 100/75/50/25" in page


def test_the_table_page_says_the_tables_rules(client: Client, make_match):
    match = game_of(make_match, "spanish")

    assert "the lead passes in turn" in text(client.get(f"/t/{match.table.key}/"))


def test_the_help_page_explains_the_regional_rules_and_presets(client: Client, make_match):
    match = game_of(make_match, "cuban")

    page = text(client.get(f"/help?t={match.table.key}"))

    assert "Cuban (double-nine): to 100 · no capicú" in page
    assert "Pase de salida" in page and "Chuchazo" in page and "zapatero" in page


def test_no_series_score_before_a_match_of_it_is_won(client: Client, make_match):
    match = make_match(target=10)

    assert "Series" not in text(client.get(url(match)))


def test_the_preview_asks_who_led_a_tie_that_needs_it(client: Client, make_match):
    match = game_of(make_match, "dominican")
    data = {"out": "blocked", "number": "1", "token": str(uuid.uuid4())}
    data.update({"pips_0": "5", "pips_1": "6", "pips_2": "7", "pips_3": "6"})

    preview = text(client.post(url(match, "preview"), data, headers={"HX-Request": "true"}))

    assert "Who led this hand? The table's rules need it." in preview


def test_three_players_each_for_themselves_tied_are_not_said_to_be_on_sides(
    client: Client, make_match
):
    # Three players tied on a blocked hand read "... on different sides" (Spanish "y no van
    # juntos"), where nobody has a partner; three names read "Ana and Ben and Cy".
    match = make_match(names=("Ana", "Ben", "Cy", "Dee"), preset="standard")
    match = add(match, rules.Hand(rules.Ending.BLOCKED, pips={0: 5, 1: 5, 2: 5, 3: 9}))

    hand_page = text(client.get(url(match, "h/1/")))

    assert "Nobody wins the hand: Ana, Ben and Cy tied for the lightest hand (5 pips)." in (
        hand_page
    )
    assert "different sides" not in hand_page


def test_a_void_hand_that_paid_a_pase_corrido_does_not_say_nobody_scored(
    client: Client, make_match
):
    # Alice and Ben tie for the lightest hand on different sides: the count goes to nobody,
    # but Alice & Cara made a pase corrido during the hand and are paid its 25.
    match = add(
        make_match(pase_corrido_bonus=25),
        rules.Hand(rules.Ending.BLOCKED, pips={0: 5, 1: 5, 2: 9, 3: 9}, pases_corridos={0: 1}),
    )

    hand_page = text(client.get(url(match, "h/1/")))
    sheet = text(client.get(url(match)))

    assert "Nobody wins the hand: Alice and Ben tied for the lightest hand" in hand_page
    assert "pase corrido 25 for Alice & Cara" in hand_page
    assert "nobody scores" not in (hand_page + sheet).lower()
    assert "Blocked, tied: nobody wins the hand" in sheet


HAND = {"out": 0, "pips": {1: 1, 2: 1, 3: 1}}  # 3 points a hand for Alice & Cara


def sheet_rows(html: str) -> list[tuple[int, int]]:
    """(hand number, Alice & Cara's running total) of each row of the sheet."""
    rows = re.findall(
        r'<a href="[^"]*/h/(\d+)/">\d+</a></th>\s*<td>.*?class="run">(\d+)<', html, re.S
    )
    return [(int(number), int(total)) for number, total in rows]


@pytest.fixture
def long_match(make_match):
    match = make_match(target=1000)
    for _ in range(25):
        add_hand(match, **HAND)
    return match


def test_the_sheet_shows_the_latest_twenty_hands_with_their_running_totals(long_match):
    html = Client().get(long_match.get_absolute_url()).content.decode()
    assert sheet_rows(html) == [(number, 3 * number) for number in range(6, 26)]


def test_the_earlier_hands_are_behind_a_link(long_match):
    html = Client().get(long_match.get_absolute_url()).content.decode()
    link = re.search(r'<a href="([^"]+)" data-testid="unfold">([^<]+)</a>', html)
    assert link[1] == f"{long_match.get_absolute_url()}?sheet=all#sheet"
    assert link[2] == "Show the 5 earlier hands"


def test_the_link_shows_every_hand(long_match):
    html = Client().get(long_match.get_absolute_url() + "?sheet=all").content.decode()
    assert sheet_rows(html) == [(number, 3 * number) for number in range(1, 26)]
    assert 'data-testid="unfold"' not in html


def test_a_short_match_folds_nothing(make_match):
    match = make_match()
    add_hand(match, **HAND)
    html = Client().get(match.get_absolute_url()).content.decode()
    assert sheet_rows(html) == [(1, 3)]
    assert 'data-testid="unfold"' not in html


def test_a_finished_long_match_folds_its_sheet_and_keeps_its_chart(make_match):
    match = make_match(target=75)
    for _ in range(25):
        add_hand(match, **HAND)
    html = Client().get(match.get_absolute_url()).content.decode()
    assert sheet_rows(html)[0] == (6, 18)
    assert 'class="race-chart"' in html


def test_a_hand_saved_while_every_hand_shows_keeps_them_showing(long_match):
    page = long_match.get_absolute_url() + "?sheet=all"
    headers = {"HX-Request": "true", "HX-Current-URL": "http://testserver" + page}
    html = (
        Client()
        .post(long_match.save_hand_url(), hand_post(long_match, **HAND), headers=headers)
        .content.decode()
    )
    assert sheet_rows(html) == [(number, 3 * number) for number in range(1, 27)]


def rows_read(response) -> dict[str, str]:
    """Each hand's row of the sheet, as a reader sees it, by its number."""
    page = response.content.decode()
    section = page[page.index('id="sheet"') : page.index("</section>", page.index('id="sheet"'))]
    rows = re.findall(r'<tr data-hand="(\d+)"[^>]*>(.*?)</tr>', section, re.S)
    return {number: text_of(row) for number, row in rows}


def text_of(fragment: str) -> str:
    words = re.sub(r"<[^>]+>", " ", re.sub(r"</?bdi>", "", fragment))
    return re.sub(r"\s+", " ", html.unescape(words)).strip()


def test_a_corrected_hand_shows_on_the_sheet_as_corrected_and_later_rows_move_with_it(
    client: Client, make_match
):
    # Each row is drawn once and kept (sheet.html): a correction must draw its row, and the
    # rows after it (their running totals), again.
    match = make_match()
    add_hand(match, 0, {1: 10, 2: 5, 3: 5})
    add_hand(match, 1, {0: 5, 2: 5, 3: 10})
    before = rows_read(client.get(url(match)))
    assert before == {"1": "1 +20 20 0", "2": "2 20 +20 20"}
    hand = match.hands.get(number=1)
    client.post(
        url(match, "h/1/"),
        {
            "out": "0",
            "number": "1",
            "token": str(hand.token),
            "version": str(match.version),
            "pips_1": "30",
            "pips_2": "5",
            "pips_3": "5",
            "capicu": "on",
        },
    )
    after = rows_read(client.get(url(match)))
    assert after["1"] == "1 +65 C 65 0"  # 40 and the capicú's 25
    assert after["2"] == "2 65 +20 20"


def test_a_kept_row_is_drawn_in_each_language_and_as_the_page_links_it(client: Client, make_match):
    match = make_match()
    add_hand(match, "blocked", {0: 9, 1: 15, 2: 3, 3: 9})
    english = client.get(url(match)).content.decode()
    assert '<abbr class="mark" title="Blocked">B</abbr>' in english
    assert f'href="{url(match)}h/1/"' in english
    client.cookies["django_language"] = "es"
    spanish = client.get(url(match)).content.decode()
    assert '<abbr class="mark" title="Tranque">T</abbr>' in spanish
    # The watch page draws the same row, unlinked.
    client.cookies["django_language"] = "en"
    watch = client.get(f"/w/{match.table.watch_key}/").content.decode()
    assert '<tr data-hand="1"' in watch
    assert f'href="{url(match)}h/1/"' not in watch


def legend(page: str) -> list[tuple[str, str]]:
    """The sheet's legend as read: each mark with what it means."""
    found = re.search(r'<dl class="sheet-legend".*?</dl>', page, re.S)
    if not found:
        return []
    pairs = re.findall(r"<dt>(.*?)</dt>\s*<dd>(.*?)</dd>", found.group(0), re.S)
    return [(re.sub(r"<[^>]+>", "", mark), html.unescape(meaning)) for mark, meaning in pairs]


def test_the_sheet_says_what_its_marks_mean_without_a_tooltip(client: Client, make_match):
    match = add(make_match(capicu_bonus=25), out(0, capicu=True))

    page = client.get(url(match)).content.decode()

    assert legend(page) == [("C", "Capicú")]


def test_a_sheet_without_marks_has_no_legend(client: Client, make_match):
    plain = add(make_match(capicu_bonus=25), out(0))
    pr500 = add(game_of(make_match, "puerto_rico_500"), out(0, pips=20))

    assert 'class="sheet-legend"' not in client.get(url(plain)).content.decode()
    # Its first hand paid the first-hands bonus: that mark alone, not the chuchazo it can make.
    assert legend(client.get(url(pr500)).content.decode()) == [("1st", "First hands")]


BLOCKED = {"out": "blocked", "pips": {0: 2, 1: 9, 2: 9, 3: 9}}  # Alice has the lightest hand
TIED = {"out": "blocked", "pips": {0: 5, 1: 5, 2: 9, 3: 9}}  # Alice and Ben level: void


def test_saving_a_blocked_hand_adds_its_mark_to_the_legend_and_undoing_takes_it_away(
    client: Client, make_match
):
    match = make_match(target=1000)
    for _ in range(3):
        add_hand(match, **HAND)
    match.refresh_from_db()
    client.get(url(match))  # the page the phone shows: its rows kept drawn
    assert legend(client.get(url(match)).content.decode()) == []

    data = {**hand_post(match, **BLOCKED), "shown": str(match.version)}
    saved = client.post(url(match, "hand"), data, headers={"HX-Request": "true"})
    match.refresh_from_db()

    assert legend(saved.content.decode()) == [("B", "Blocked")]
    assert legend(client.get(url(match)).content.decode()) == [("B", "Blocked")]
    client.post(url(match, "undo"), {"version": str(match.version)})
    assert legend(client.get(url(match)).content.decode()) == []


def test_a_blocked_hand_corrected_to_a_hand_gone_out_leaves_the_legend(client: Client, make_match):
    match = make_match()
    add_hand(match, **BLOCKED)
    assert legend(client.get(url(match)).content.decode()) == [("B", "Blocked")]
    hand = match.hands.get(number=1)
    fields = {"out": "0", "number": "1", "token": str(hand.token), "version": str(match.version)}
    client.post(url(match, "h/1/"), {**fields, "pips_1": "5", "pips_2": "5", "pips_3": "5"})

    assert 'class="sheet-legend"' not in client.get(url(match)).content.decode()


def test_a_folded_sheet_explains_only_the_marks_of_the_hands_it_shows(client: Client, make_match):
    match = make_match(target=1000)
    add_hand(match, **BLOCKED)
    for _ in range(21):
        add_hand(match, **HAND)
    match.refresh_from_db()
    assert legend(client.get(url(match, "?sheet=all")).content.decode()) == [("B", "Blocked")]
    assert legend(client.get(url(match)).content.decode()) == []


def test_a_save_that_folds_away_the_last_marked_row_takes_its_mark_from_the_legend(
    client: Client, make_match
):
    match = make_match(target=1000)
    add_hand(match, **HAND)
    add_hand(match, **BLOCKED)
    for _ in range(19):
        add_hand(match, **HAND)
    match.refresh_from_db()
    page = client.get(url(match)).content.decode()  # hands 2 to 21, the blocked hand first
    assert legend(page) == [("B", "Blocked")] and 'id="sheet-legend"' in page

    data = {**hand_post(match, **HAND), "shown": str(match.version)}
    swapped = client.post(url(match, "hand"), data, headers={"HX-Request": "true"})

    assert swapped["HX-Reswap"] == "none"
    assert "delete:#sheet tr[data-hand='2']" in swapped.content.decode()
    assert 'hx-swap-oob="delete:#sheet-legend"' in swapped.content.decode()
    assert legend(client.get(url(match)).content.decode()) == []


def test_a_tied_blocked_hand_carries_the_blocked_mark(client: Client, make_match):
    match = make_match()
    add_hand(match, **TIED)

    page = client.get(url(match)).content.decode()
    note = re.search(r'<tr class="void-note" data-hand="1">.*?</tr>', page, re.S)[0]

    # Beside the note that says the hand was tied, not by the hand's number: a mark there
    # would widen the number column of every row, the sides' columns the narrower at 360 px.
    assert re.search(r'<td> <abbr class="mark" title="Blocked, tied">B</abbr></td>', note)
    assert "Blocked, tied: nobody wins the hand" in text(client.get(url(match)))
    assert "<abbr" not in re.search(r'<tr data-hand="1" class="void">.*?</tr>', page, re.S)[0]
    assert legend(page) == [("B", "Blocked")]


def test_the_tied_blocked_mark_is_in_the_readers_language(client: Client, make_match):
    match = make_match()
    add_hand(match, **TIED)

    page = client.get(url(match), headers={"Accept-Language": "es"}).content.decode()
    note = re.search(r'<tr class="void-note" data-hand="1">.*?</tr>', page, re.S)[0]

    assert 'title="Tranque empatado">T</abbr>' in note


@pytest.mark.parametrize("key", list(rules.GAMES))
def test_every_games_sheet_has_its_builder_and_only_a_sheet_of_points_swaps_a_row(key):
    from scorekeeper.views.sheet import SHEETS

    kind = rules.GAMES[key]
    shape = SHEETS[kind.sheet]

    assert shape.swaps == (kind.sheet == "points")
    assert shape.plays == (kind.sheet == "plays")
