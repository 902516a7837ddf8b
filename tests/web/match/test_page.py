"""The match page: entering hands over HTTP, the sheet, the end at the line."""

import re
import uuid

import pytest
from django.test import Client

from scorekeeper.models import Hand, LogEntry, Match
from tests.created import created
from tests.support.testing import EXAMPLE_HANDS, SETUP, SPANISH, add_hand, hand_post, post_data


def match_url(match: Match) -> str:
    return f"/t/{match.table.key}/m/{match.number}/"


def totals(client: Client, match: Match) -> list[int]:
    html = client.get(match_url(match)).content.decode()
    return [int(value) for value in re.findall(r'data-testid="total-\d">(\d+)<', html)]


def test_setup_creates_the_table_and_opens_its_first_match(client: Client, db):
    response = client.post("/new", SETUP)
    assert response.status_code == 302
    match = created(Match).get()
    assert response["Location"] == match_url(match)
    assert match.seat_names() == ["Alice", "Ben", "Cara", "Dev"]
    assert match.side_names() == ["Alice & Cara", "Ben & Dev"]
    assert (match.target, match.capicu_bonus, match.partnership) == (200, 25, True)


def test_the_worked_match_of_the_rules_goes_115_to_56_and_cara_leads(client: Client, make_match):
    match = make_match()
    for hand in EXAMPLE_HANDS:
        response = client.post(match_url(match) + "hand", hand_post(match, **hand))
        assert response.status_code == 302
        match.refresh_from_db()
    assert totals(client, match) == [115, 56]
    html = client.get(match_url(match)).content.decode()
    assert "<bdi>Cara</bdi> leads" in html
    assert "Hand 5" in html


def test_first_hand_says_the_double_six_leads(client: Client, make_match):
    assert "Double six leads" in client.get(match_url(make_match())).content.decode()


def test_where_the_lead_passes_in_turn_and_nobody_said_who_led_no_double_is_named(
    client: Client, make_match, add_hand
):
    match = add_hand(make_match(**SPANISH), 0, {1: 10, 2: 5, 3: 7})  # who led was not told
    html = client.get(match_url(match)).content.decode()
    assert "The lead passes in turn" in html
    assert "Double six leads" not in html


def test_where_the_lead_passes_in_turn_the_first_hand_is_still_the_double_six_s(
    client: Client, make_match
):
    assert "Double six leads" in client.get(match_url(make_match(**SPANISH))).content.decode()


def test_double_nine_match_says_the_double_nine_leads(client: Client, make_match):
    html = client.get(match_url(make_match(preset="double_nine"))).content.decode()
    assert "Double nine leads" in html


def test_the_page_says_each_leader_the_hands_waiting_on_the_phone_can_leave(
    client: Client, make_match
):
    html = client.get(match_url(make_match())).content.decode()
    leads = re.findall(r"<template data-lead>(.*?)</template>", html)
    assert leads == [f"<bdi>{name}</bdi> leads" for name in ("Alice", "Ben", "Cara", "Dev")] + [
        "Double six leads"
    ]


def test_a_table_whose_hands_the_phone_cannot_score_names_no_leader_for_them(
    client: Client, make_match
):
    html = client.get(match_url(make_match(first_hands_bonus=(10,)))).content.decode()
    assert "<template data-lead>" not in html


def test_form_asks_only_for_the_seats_that_count(client: Client, make_match):
    match = make_match(count_rule="opponents_only")
    html = client.get(match_url(match) + "?out=0").content.decode()
    assert 'name="pips_1"' in html and 'name="pips_3"' in html
    assert 'name="pips_0"' not in html and 'name="pips_2"' not in html


def test_a_seat_s_form_asked_for_says_so_and_the_page_s_own_does_not(client: Client, make_match):
    # hand.js keeps a form asked for after the page came (a tap) over the hand kept on the phone.
    match = make_match()
    htmx = {"HX-Request": "true"}
    asked = client.get(match_url(match) + "?part=entry&out=1", headers=htmx).content.decode()
    page = client.get(match_url(match) + "?out=1").content.decode()
    assert re.search(r'<section id="entry"[^>]* data-asked[ >]', asked)
    assert 'id="entry"' in page and "data-asked" not in page


@pytest.mark.parametrize("part", ["", "part=entry&"], ids=["page", "htmx-part"])
def test_the_hand_form_asks_the_browser_not_to_fill_it_in_again(client: Client, make_match, part):
    # As the correction's form: a browser that fills a form in again on a reload would put
    # back an older hand than the one kept on the phone (hand.js).
    match = make_match()
    headers = {"HX-Request": "true"} if part else {}
    html = client.get(f"{match_url(match)}?{part}out=1", headers=headers).content.decode()
    form = re.search(r'<form class="hand-form"[^>]*>', html)
    assert form is not None and 'autocomplete="off"' in form.group(0)


def test_blocked_hand_asks_for_every_seat_and_offers_no_capicu(client: Client, make_match):
    html = client.get(match_url(make_match()) + "?out=blocked").content.decode()
    assert all(f'name="pips_{seat}"' in html for seat in range(4))
    assert 'name="capicu"' not in html


def test_no_capicu_switch_when_the_bonus_is_zero(client: Client, make_match):
    html = client.get(match_url(make_match(capicu_bonus=0)) + "?out=1").content.decode()
    assert 'name="capicu"' not in html


def test_saving_the_same_hand_twice_records_it_once(client: Client, make_match):
    match = make_match()
    data = hand_post(match, 0, {1: 10, 2: 5, 3: 7})
    client.post(match_url(match) + "hand", data)
    response = client.post(match_url(match) + "hand", data, follow=True)
    assert Hand.objects.filter(match=match).count() == 1
    assert "Hand 1 saved (it had arrived before, and counts once)." in response.content.decode()
    assert totals(client, match) == [22, 0]


def test_a_second_phone_saving_the_same_hand_number_is_told_and_sees_the_score(
    client: Client, make_match
):
    match = make_match()
    first = hand_post(match, 0, {1: 10, 2: 5, 3: 7})
    second = hand_post(match, 1, {0: 30, 2: 5, 3: 7})  # same number, another token
    client.post(match_url(match) + "hand", first)
    response = client.post(match_url(match) + "hand", second, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert "already entered" in response.content.decode()
    assert Hand.objects.filter(match=match).count() == 1


def test_a_right_to_left_name_in_what_the_phone_had_typed_is_isolated(client: Client, make_match):
    match = make_match(names=("Alice", "\u0628\u0627\u0633\u0645", "Cara", "Dev"))
    client.post(match_url(match) + "hand", hand_post(match, 0, {1: 10, 2: 5, 3: 7}))
    second = post_data(1, 1, {0: 30, 2: 5, 3: 7})
    html = client.post(match_url(match) + "hand", second, follow=True).content.decode()
    assert "This phone had: \u2068\u0628\u0627\u0633\u0645\u2069 went out, 42 pips." in html


@pytest.mark.parametrize(
    ("out", "extra", "typed"),
    [
        (1, {}, "Ben went out, 42 pips"),
        (1, {"entry": "total", "pooled": "17"}, "Ben went out, 17 pips"),
        ("blocked", {}, "blocked, 47 pips"),
    ],
)
def test_a_phone_beaten_to_a_hand_is_shown_what_it_had_typed(
    client: Client, make_match, out, extra, typed
):
    match = make_match()
    client.post(match_url(match) + "hand", hand_post(match, 0, {1: 10, 2: 5, 3: 7}))
    pips = {0: 30, 2: 5, 3: 7} if out == 1 else {0: 30, 1: 5, 2: 5, 3: 7}
    second = {**post_data(out, 1, pips), **extra}
    response = client.post(match_url(match) + "hand", second, follow=True)
    text = " ".join(response.content.decode().split())
    assert f"This phone had: {typed}. If that is right, correct hand 1 from the sheet." in text
    assert Hand.objects.filter(match=match).count() == 1


def test_htmx_save_returns_the_play_area_only(client: Client, make_match):
    match = make_match()
    response = client.post(
        match_url(match) + "hand",
        hand_post(match, 0, {1: 10, 2: 5, 3: 7}),
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert response.status_code == 200
    # The tab's title with the new score first (htmx takes it out), then the play area.
    assert re.match(r'\s*<title>22\u20130 · [^<]*</title>\s*<div id="play"', html)
    assert "<html" not in html
    assert 'data-testid="total-0">22<' in html


@pytest.mark.parametrize(
    ("out", "pips", "extra", "message"),
    [
        (0, {1: "", 2: 5, 3: 7}, {}, "How many pips did Ben have left?"),
        (0, {1: "-3", 2: 5, 3: 7}, {}, "Pips can&#x27;t be below 0."),
        (0, {1: "4.5", 2: 5, 3: 7}, {}, "Type a whole number of pips, like 12."),
        (0, {1: "abc", 2: 5, 3: 7}, {}, "Type a whole number of pips, like 12."),
        (0, {1: "70", 2: 5, 3: 7}, {}, "No hand of 7 tiles can hold more than 69 pips."),
        (
            "blocked",
            {0: 69, 1: 69, 2: 20, 3: 20},
            {},
            "Together the hands hold more pips than the whole set (168).",
        ),
        ("blocked", {0: 1, 1: 2, 2: 3, 3: 4}, {"capicu": "on"}, "A blocked hand can"),
        ("9", {}, {}, "Tap who went out, or Blocked."),
    ],
)
def test_each_refusal_shows_at_its_field_and_saves_nothing(
    client: Client, make_match, out, pips, extra, message
):
    match = make_match()
    data = hand_post(match, out, pips, **extra)
    response = client.post(match_url(match) + "hand", data)
    html = response.content.decode()
    assert response.status_code == 422
    assert message in html
    assert created(Hand).count() == 0
    for value in pips.values():
        if value != "":
            assert f'value="{value}"' in html  # what was typed is kept


@pytest.mark.parametrize(
    ("data", "refused"),
    [
        ({"out": "0", "entry": "total", "pooled": "-3"}, "pooled"),
        ({"out": "blocked", "pips_0": "5", "pips_1": "6", "pips_2": "7", "pips_3": "-3"}, "pips_3"),
    ],
    ids=["the-total", "a-hand-s"],
)
def test_a_refused_count_s_message_is_right_under_it_and_the_page_opens_there(
    client: Client, make_match, data, refused
):
    # Before, the two photo buttons stood between the count and its message, and a page without
    # JavaScript came back at its top, the message under the bar with Save or out of sight.
    match = make_match()
    post = {"number": "1", "token": str(uuid.uuid4()), "entry": "each", **data}

    html = client.post(match_url(match) + "hand", post).content.decode()

    assert f'action="{match_url(match)}hand#refused"' in html  # opened there when it comes back
    field = re.search(
        rf'<div class="pip-field[^"]*has-error" id="refused">\s*<label for="id_{refused}">'
        rf'.*?</label>\s*<input [^>]*name="{refused}"[^>]*>\s*'
        rf'<p class="field-error" id="id_{refused}_error"><bdi>Pips can&#x27;t be below 0.'
        r'</bdi></p>\s*<div class="photo-count"',
        html,
    )
    assert field is not None
    assert html.count('id="refused"') == 1


def test_pips_for_the_seat_that_went_out_are_refused(client: Client, make_match):
    match = make_match(count_rule="every_hand")
    data = hand_post(match, 0, {1: 3, 2: 4, 3: 5})
    data["pips_0"] = "12"  # no page draws it: refused at a field drawn for it, not ignored
    response = client.post(match_url(match) + "hand", data)
    assert response.status_code == 422
    assert list(response.context["form"].errors) == ["pips_0"]
    assert created(Hand).count() == 0


def test_counting_by_tiles_fills_in_the_pips(client: Client, make_match):
    match = make_match()
    data = hand_post(match, 0, {1: "", 2: 5, 3: 7})
    data["tiles_1"] = ["6-6", "6-5"]
    client.post(match_url(match) + "hand", data)
    assert created(Hand).get().pips()[1] == 23


def test_a_tile_in_two_hands_is_refused(client: Client, make_match):
    match = make_match()
    data = hand_post(match, 0, {1: "", 2: "", 3: 7})
    data["tiles_1"] = ["6-6"]
    data["tiles_2"] = ["6-6"]
    response = client.post(match_url(match) + "hand", data)
    assert "is in two hands" in response.content.decode()
    assert created(Hand).count() == 0


def test_preview_says_who_scores_and_why(client: Client, make_match):
    match = make_match()
    data = hand_post(match, "blocked", {0: 9, 1: 15, 2: 3, 3: 9})
    response = client.post(match_url(match) + "preview", data, headers={"HX-Request": "true"})
    text = response.content.decode()
    assert "33 for Alice &amp; Cara" in text
    assert "Cara had the lightest hand (3 pips)" in text
    assert "9 + 15 + 9" in text


def test_the_match_ends_at_the_line_with_no_form_left(client: Client, make_match, add_hand):
    match = make_match(target=100)
    add_hand(match, 0, {1: 40, 2: 10, 3: 30})
    ending = {**hand_post(match, 2, {0: 5, 1: 10, 3: 10}), "confirm_end": "1"}
    client.post(match_url(match) + "hand", ending)
    html = client.get(match_url(match)).content.decode()
    assert "Match to <bdi>Alice &amp; Cara</bdi>!" in html
    assert "Who went out?" not in html
    assert "Rematch" in html
    late = hand_post(match, 1, {0: 5, 2: 10, 3: 10}, number="3")
    client.post(match_url(match) + "hand", late)
    assert Hand.objects.filter(match=match).count() == 2


def test_rematch_starts_the_next_match_with_the_same_seats_and_rules(
    client: Client, make_match, add_hand
):
    match = make_match(target=50, capicu_bonus=30)
    add_hand(match, 1, {0: 40, 2: 10, 3: 30})
    response = client.post(f"/t/{match.table.key}/rematch")
    second = created(Match).get(table=match.table, number=2)
    assert response["Location"] == match_url(second)
    assert second.seat_names() == match.seat_names()
    assert (second.target, second.capicu_bonus) == (50, 30)


def test_undo_takes_back_the_last_hand_and_logs_it(client: Client, make_match, add_hand):
    match = make_match()
    add_hand(match, 0, {1: 10, 2: 5, 3: 7})
    add_hand(match, 1, {0: 10, 2: 5, 3: 7})
    confirm = client.get(match_url(match) + "undo").content.decode()
    assert "Undo hand 2?" in confirm
    client.post(match_url(match) + "undo", {"version": match.version})
    assert totals(client, match) == [22, 0]
    assert list(LogEntry.objects.filter(match=match).values_list("action", flat=True)) == [
        "undone",
        "saved",
        "saved",
        "started",
    ]


def test_undo_from_a_stale_page_changes_nothing(client: Client, make_match, add_hand):
    match = make_match()
    add_hand(match, 0, {1: 10, 2: 5, 3: 7})
    stale = match.version
    add_hand(match, 1, {0: 10, 2: 5, 3: 7})
    client.post(match_url(match) + "undo", {"version": stale})
    assert Hand.objects.filter(match=match).count() == 2


def test_editing_an_earlier_hand_rescores_the_match(client: Client, make_match, add_hand):
    match = make_match()
    add_hand(match, 0, {1: 10, 2: 5, 3: 7})
    add_hand(match, 1, {0: 10, 2: 5, 3: 7})
    url = match_url(match) + "h/1/"
    form = client.get(url).content.decode()
    token = re.search(r'name="token" value="([^"]+)"', form).group(1)
    response = client.post(
        url,
        {
            "out": "0",
            "number": "1",
            "token": token,
            "pips_1": "20",
            "pips_2": "5",
            "pips_3": "7",
            "version": match.version,
        },
    )
    assert response.status_code == 302
    assert totals(client, match) == [32, 22]
    assert LogEntry.objects.filter(match=match, action="edited").count() == 1


def test_an_edit_that_would_end_the_match_early_is_refused(client: Client, make_match, add_hand):
    match = make_match(target=50)
    add_hand(match, 0, {1: 10, 2: 5, 3: 7})
    add_hand(match, 1, {0: 10, 2: 5, 3: 7})
    response = client.post(
        match_url(match) + "h/1/",
        {
            "out": "0",
            "number": "1",
            "token": str(uuid.uuid4()),
            "pips_1": "60",
            "pips_2": "5",
            "pips_3": "7",
            "version": match.version,
        },
    )
    assert "would end before its last hand" in response.content.decode()
    assert totals(client, match) == [22, 22]


def test_an_edit_that_drops_a_match_below_the_line_reopens_it(client: Client, make_match, add_hand):
    match = make_match(target=30)
    add_hand(match, 0, {1: 20, 2: 5, 3: 7})
    match.refresh_from_db()
    assert match.finished
    client.post(
        match_url(match) + "h/1/",
        {
            "out": "0",
            "number": "1",
            "token": str(uuid.uuid4()),
            "pips_1": "2",
            "pips_2": "5",
            "pips_3": "7",
            "version": match.version,
        },
    )
    match.refresh_from_db()
    assert not match.finished
    assert "Who went out?" in client.get(match_url(match)).content.decode()


def test_the_table_page_lists_matches_newest_first(client: Client, make_match, add_hand):
    match = make_match(target=20)
    add_hand(match, 0, {1: 20, 2: 5, 3: 7})
    client.post(f"/t/{match.table.key}/rematch")
    html = client.get(f"/t/{match.table.key}/").content.decode()
    assert html.index("Match 2") < html.index("Match 1")
    assert "won by <bdi>Alice &amp; Cara</bdi>" in html


def test_home_lists_the_tables_this_phone_opened(client: Client, db):
    client.post("/new", {**SETUP, "name": "Sunday"})
    html = client.get("/").content.decode()
    assert "Sunday" in html
    assert "0 \N{EN DASH} 0" in html


def test_creating_tables_is_rate_limited_per_client(client: Client, db, settings):
    settings.TABLES_PER_HOUR = 2
    assert client.post("/new", SETUP).status_code == 302
    assert client.post("/new", SETUP).status_code == 302
    response = client.post("/new", SETUP)
    assert response.status_code == 429
    assert "Too many new tables" in response.content.decode()
    assert created(Match).count() == 2
    other = Client(REMOTE_ADDR="10.9.8.7")
    assert other.post("/new", SETUP).status_code == 302


def test_watch_refresh_is_empty_while_nothing_changes(client: Client, make_match, add_hand):
    match = make_match()
    url = f"/w/{match.table.watch_key}/board"
    seen = f"?seen={match.pk}.{match.version}"
    assert client.get(url + seen, headers={"HX-Request": "true"}).status_code == 204
    add_hand(match, 0, {1: 10, 2: 5, 3: 7})
    response = client.get(url + seen, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert 'data-testid="total-0">22<' in response.content.decode()
    assert "<form" not in response.content.decode()


def test_help_explains_the_house_rules_the_table_chose(client: Client, make_match):
    match = make_match(target=150, capicu_bonus=0, count_rule="opponents_only")
    html = client.get(f"/help?t={match.table.key}").content.decode()
    assert "The first side to 150 wins." in html
    assert "No bonus for a capicú." in html
    assert "only the pips in the opponents' hands" in html
    assert "How <bdi>Park</bdi> plays" in html
    assert "How <bdi>Park</bdi> plays" not in client.get("/help?t=nope").content.decode()


def test_home_links_each_table_to_its_latest_match(client: Client, make_match, add_hand):
    match = make_match(target=20)
    add_hand(match, 0, {1: 20, 2: 5, 3: 7})
    client.get(f"/t/{match.table.key}/")
    client.post(f"/t/{match.table.key}/rematch")
    add_hand(created(Match).get(table=match.table, number=2), 0, {1: 20, 2: 5, 3: 7})
    client.post(f"/t/{match.table.key}/rematch")
    html = client.get("/").content.decode()
    assert f"/t/{match.table.key}/m/3/" in html
    assert f"/t/{match.table.key}/m/1/" not in html


def test_the_history_shows_twenty_matches_a_page(client: Client, make_match):
    match = make_match()
    for _ in range(24):
        match.table.start_match(match.seat_names(), match.game(), match.preset)
    html = client.get(f"/t/{match.table.key}/").content.decode()
    assert "Match 25" in html and "Match 6 " in html and "Match 5 " not in html
    assert 'href="?before=6"' in html
    older = client.get(f"/t/{match.table.key}/?before=6").content.decode()
    assert "Match 5 " in older and "Match 1 " in older and "Match 6 " not in older
    assert 'href="?before=' not in older


def test_a_form_from_before_an_undo_elsewhere_is_not_saved(client: Client, make_match, add_hand):
    match = make_match()
    add_hand(match, 0, {1: 10, 2: 5, 3: 7})
    stale_form = hand_post(match, 1, {0: 4, 2: 5, 3: 6})  # rendered for hand 2
    match.undo(version=match.version)  # another phone takes hand 1 back
    response = client.post(match_url(match) + "hand", stale_form, follow=True)
    assert "The match changed on another phone" in response.content.decode()
    assert Hand.objects.filter(match=match).count() == 0


def test_the_out_taps_show_the_one_chosen_and_each_tables_names(client, make_match):
    # The taps are kept drawn (outs.html) under what they show: a choice, another table's
    # names, another language each draw their own.
    import re

    def taps(path: str) -> list[tuple[str, str]]:
        page = client.get(path).content.decode()
        start = page.index('<div class="outs')
        box = page[start : page.index("</div>", start)]
        found = re.findall(r'<a class="out[^"]*"[^>]*?(aria-current="true")?>(.*?)</a>', box, re.S)
        return [(re.sub(r"<[^>]+>", "", label), current) for current, label in found]

    alice = make_match()
    others = make_match(names=("Eva", "Finn", "Gus", "Hal"))
    url = f"/t/{alice.table.key}/m/{alice.number}/"
    plain = [("Alice", ""), ("Ben", ""), ("Cara", ""), ("Dev", ""), ("Blocked", "")]
    assert taps(url) == plain
    chosen = [("Alice", ""), ("Ben", 'aria-current="true"'), *plain[2:]]
    assert taps(url + "?out=1") == chosen
    assert taps(url) == plain
    assert [name for name, _ in taps(f"/t/{others.table.key}/m/{others.number}/")] == [
        "Eva",
        "Finn",
        "Gus",
        "Hal",
        "Blocked",
    ]
    client.cookies["django_language"] = "es"
    assert taps(url)[-1] == ("Tranque", "")


# What a hand game's and a round game's match page call their unit: save, entry, undo, say.
UNIT_WORDS = {
    "en": {
        "hand": ("Save hand", "Enter a hand", "Undo last hand", "Say each hand's score"),
        "round": ("Save the round", "Enter a round", "Undo the last round", "Say each round's"),
    },
    "es": {
        "hand": ("Anotar mano", "Anotar una mano", "Borrar la última mano", "cada mano"),
        "round": ("Guardar la ronda", "Anotar una ronda", "Deshacer la última ronda", "cada ronda"),
    },
    "sv": {
        "hand": ("Spara omgången", "Fyll i en omgång", "Ångra senaste omgången", "varje omgång"),
        "round": ("Spara rundan", "Fyll i en runda", "Ångra sista rundan", "varje runda"),
    },
}


def unit_page(client: Client, unit: str, make_match) -> str:
    """The match page of a game of this unit after its first hand or round, its next one's
    form open (the first seat went out)."""
    if unit == "round":
        from tests.web.match.test_rounds import post_round, start

        match = start(client)
        post_round(client, match, "0", {1: 10, 2: 5, 3: 7})
    else:
        match = add_hand(make_match(), 0, {1: 20, 2: 10, 3: 14})
    return client.get(match_url(match) + "?out=0").content.decode()


@pytest.mark.parametrize("unit", ["hand", "round"])
@pytest.mark.parametrize("tongue", ["en", "es", "sv"])
def test_the_match_page_names_the_unit_its_game_plays(
    client: Client, make_match, fresh_catalogues, settings, tongue: str, unit: str
):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = tongue

    page = unit_page(client, unit, make_match)

    other = "round" if unit == "hand" else "hand"
    for said, not_said in zip(UNIT_WORDS[tongue][unit], UNIT_WORDS[tongue][other], strict=True):
        assert said in page
        assert not_said not in page


@pytest.mark.parametrize(("unit", "note"), [("hand", "Hand"), ("round", "Round")])
def test_the_phone_s_queue_notes_keep_their_number_slot(client: Client, make_match, unit, note):
    page = unit_page(client, unit, make_match)

    assert f"No signal. {note} <span data-hand-number></span> is kept on this phone" in page
    assert f"<li><span>{note} <span data-hand-number></span>: <span data-hand-who>" in page
