"""The change log: one line per change, saying which hand, what happened and what it scored."""

import uuid
from datetime import timedelta

from django.test import Client
from django.utils import timezone

from scorekeeper import rules
from tests.web.match.test_jamaican import hand_data, jamaican, post


def log_html(client: Client, match) -> str:
    url = f"/t/{match.table.key}/m/{match.number}/?part=log"
    return client.get(url, headers={"HX-Request": "true"}).content.decode()


def test_a_saved_hand_reads_who_went_out_and_what_it_scored(client: Client, make_match, add_hand):
    match = make_match()
    add_hand(match, 3, {0: 10, 1: 12, 2: 9})
    assert "Hand 1: Dev went out, 31 for Ben &amp; Dev" in log_html(client, match)


def test_a_blocked_void_hand_reads_that_nobody_scores(client: Client, make_match, add_hand):
    match = make_match()
    add_hand(match, "blocked", {0: 5, 1: 5, 2: 9, 3: 9})
    assert "Hand 1: blocked, nobody scores" in log_html(client, match)


def test_a_change_of_this_minute_says_just_now(client: Client, make_match, add_hand):
    match = make_match()
    add_hand(match, 3, {0: 10, 1: 12, 2: 9})
    html = log_html(client, match)
    assert html.count("just now") == 2
    assert "0\xa0minutes" not in html


def test_an_older_change_says_how_long_ago_it_was(client: Client, make_match, add_hand):
    match = make_match()
    add_hand(match, 3, {0: 10, 1: 12, 2: 9})
    match.log.update(at=timezone.now() - timedelta(minutes=5))
    assert log_html(client, match).count("5\xa0minutes ago") == 2


def test_just_now_is_said_in_the_pages_language(
    client: Client, make_match, add_hand, speaking, language
):
    match = make_match()
    add_hand(match, 3, {0: 10, 1: 12, 2: 9})
    html = log_html(client, match)
    assert {"es": "ahora mismo", "sv": "nyss"}[language] in html
    assert "just now" not in html


def test_a_hand_that_pays_both_sides_reads_what_each_scored(client: Client, make_match):
    # Dominican: Alice goes out with 30 in the other hands, and Ben & Dev made two pases
    # corridos (2 x 25) during the hand: both sides scored, nobody was left out.
    match = make_match(preset="dominican", blocked_rule="lighter_pair", pase_corrido_bonus=25)
    hand = rules.Hand(ending=rules.Ending.WENT_OUT, went_out=0, pooled=30, pases_corridos={1: 2})
    match.add_hand(hand, token=uuid.uuid4(), number=1)
    html = log_html(client, match)
    assert "Hand 1: Alice went out, 30 for Alice &amp; Cara; 50 for Ben &amp; Dev" in html


def test_the_match_page_does_not_draw_the_log_but_links_to_it(client: Client, make_match, add_hand):
    match = make_match()
    add_hand(match, 3, {0: 10, 1: 12, 2: 9})
    html = client.get(match.get_absolute_url()).content.decode()
    assert "Change log" in html
    assert "Dev went out" not in html  # the lines come when the log is opened
    assert f'href="{match.get_absolute_url()}?part=log"' in html


def test_the_log_opens_as_a_page_of_its_own_without_javascript(
    client: Client, make_match, add_hand
):
    match = make_match()
    add_hand(match, 3, {0: 10, 1: 12, 2: 9})
    answer = client.get(f"{match.get_absolute_url()}?part=log")
    html = answer.content.decode()
    assert answer.status_code == 200
    assert "<html" in html
    assert "Hand 1: Dev went out, 31 for Ben &amp; Dev" in html
    assert f'href="{match.get_absolute_url()}"' in html  # back to the match


# --- A set counted in games won: the log says what the hand did to the set -------------------


def test_a_jamaican_hand_worth_more_than_one_is_logged_at_its_worth(client: Client, make_match):
    # The log took a hand's worth from the change of the totals: the one-all hand (1-1 to 0-2)
    # read "1 for Ben & Dev", a key "went out" and what the totals moved. The hand's page says
    # what the set made of it; so does the log now.
    match = jamaican(make_match)
    post(client, match, 0)  # Alice out: 1-0
    post(client, match, 3)  # Dev out: one-all, play two
    post(client, match, 1)  # Ben wins the one-all hand: 0-2
    post(client, match, 3, key=True)  # Dev on a key: 0-4
    assert match.totals == [0, 4]
    html = log_html(client, match)

    assert "Hand 1: Alice went out, 1 game to Alice &amp; Cara" in html
    assert "Hand 2: Dev went out, one-all: the next hand is played for 2" in html
    assert "Hand 3: Ben went out, 2 games to Ben &amp; Dev" in html
    assert "Hand 4: Dev went out on a key, 2 games to Ben &amp; Dev" in html


def test_a_key_in_the_one_all_hand_is_logged_at_two(client: Client, make_match):
    match = jamaican(make_match)
    post(client, match, 0)  # Alice out: 1-0
    post(client, match, 3)  # Dev out: one-all, play two
    post(client, match, 1, key=True)  # Ben on a key in the one-all hand: 0-2, not 0-3

    assert "Hand 3: Ben went out on a key, 2 games to Ben &amp; Dev" in log_html(client, match)


def test_a_jamaican_bruk_and_tie_are_logged_as_the_set_counts_them(client: Client, make_match):
    match = jamaican(make_match)
    post(client, match, 0)
    post(client, match, 2)  # Alice, Cara: 2-0
    post(client, match, "blocked", {0: 8, 1: 8, 2: 15, 3: 20})  # a tie: the replay for 2
    post(client, match, 1)  # Ben wins the replay from love: a bruk
    assert match.totals == [0, 0]
    html = log_html(client, match)

    assert "Hand 3: blocked, a tie: the replay is worth 2" in html
    assert "Hand 4: Ben went out, a bruk: love all, and the winner scores nothing" in html


def test_a_cut_throat_one_all_hand_is_logged_at_its_worth(client: Client, make_match):
    match = jamaican(make_match, preset="jamaican_cut_throat", names=("Ann", "Bo", "Cy", "Dee"))
    for seat in (0, 1, 2, 3):  # one each, then Dee: one-all, play two
        post(client, match, seat)
    post(client, match, 1)  # Bo wins the one-all hand: 0, 2, 0, 0
    assert match.totals == [0, 2, 0, 0]

    assert "Hand 5: Bo went out, 2 games to Bo" in log_html(client, match)


def test_a_jamaican_key_and_tie_are_logged_in_the_readers_language(
    client: Client, make_match, speaking, language
):
    # Found on a phone in Spanish: "Mano 1: Cara dominó, 2 para ...", a key said as going out.
    match = jamaican(make_match)
    post(client, match, 2, key=True)  # Cara on a key: 2-0
    post(client, match, "blocked", {0: 8, 1: 8, 2: 15, 3: 20})  # a tie: the replay for 2
    html = log_html(client, match)

    said = {
        "es": [
            "Mano 1: Cara salió con llave, 2 juegos para Alice y Cara",
            "Mano 2: tranque, empate: la mano repetida vale 2",
        ],
        "sv": [
            "Omgång 1: Cara gick ut på en nyckel, 2 gem till Alice och Cara",
            "Omgång 2: låst, oavgjort: omspelet är värt 2",
        ],
    }
    for line in said[language]:
        assert line in html


def test_a_jamaican_correction_is_logged_in_the_sets_words_and_earlier_lines_stay(
    client: Client, make_match
):
    match = jamaican(make_match)
    post(client, match, 0)  # Alice out: 1-0
    post(client, match, 3)  # Dev out: one-all, play two
    post(client, match, 1)  # Ben wins the one-all hand: 0-2
    corrected = {**hand_data(match, 2, key=True), "number": "1", "version": str(match.version)}
    client.post(f"{match.get_absolute_url()}h/1/", corrected)  # hand 1 was Cara on a key
    match.refresh_from_db()
    assert match.totals == [0, 1]  # 2-0, Dev's a bruk now, Ben 0-1
    html = log_html(client, match)

    assert "Hand 1 corrected: Cara went out on a key" in html
    # Each saved line says what the hand did when it was saved, beside the totals then.
    assert "Hand 3: Ben went out, 2 games to Ben &amp; Dev" in html


def test_a_correction_says_how_it_moved_each_sides_total(client: Client, make_match, add_hand):
    # Dev went out with 31 in the other hands; the table then found 10 more in Cara's hand.
    match = make_match()
    add_hand(match, 3, {0: 10, 1: 12, 2: 9})
    add_hand(match, 0, {1: 5, 2: 5, 3: 5})
    match.refresh_from_db()
    hand = rules.Hand(ending=rules.Ending.WENT_OUT, went_out=3, pooled=41)
    match.edit_hand(1, hand, version=match.version)
    html = log_html(client, match)
    assert "Hand 1 corrected: Dev went out; Ben &amp; Dev 31 → 41" in html
    # The lines saved before the correction still say what was scored then.
    assert "Hand 1: Dev went out, 31 for Ben &amp; Dev" in html
    assert "Hand 2: Alice went out, 15 for Alice &amp; Cara" in html
