"""The Jamaican set through its pages: the setup offers it, the hand form takes who went out (on
a key) or each seat's count, names what the hand is worth before it is saved, and the sheet
marks bruk, one-all, tie and key, who poses, and the six-love."""

import re
import uuid
from dataclasses import asdict

from django.test import Client

from scorekeeper import rules
from scorekeeper.models import Match
from tests.created import created

PARTNER = ("Alice", "Ben", "Cara", "Dev")


def url(match: Match, end="") -> str:
    return f"/t/{match.table.key}/m/{match.number}/{end}"


def jamaican(make_match, preset="jamaican_partner", names=PARTNER, **house) -> Match:
    rules_of = {**asdict(rules.ALL_PRESETS[preset].rules), **house}
    return make_match(names=names, preset=preset, **rules_of)


def hand_data(match: Match, out, pips=None, **taps) -> dict[str, str]:
    data = {"out": str(out), "number": str(match.hand_count + 1), "token": str(uuid.uuid4())}
    data["confirm_end"] = "1"
    data.update({f"pips_{seat}": str(value) for seat, value in (pips or {}).items()})
    data.update({name: "on" for name, value in taps.items() if value})
    return data


def post(client: Client, match: Match, out, pips=None, **taps):
    response = client.post(url(match, "hand"), hand_data(match, out, pips, **taps))
    match.refresh_from_db()
    return response


def page(client: Client, match: Match) -> str:
    return client.get(url(match)).content.decode()


def test_the_setup_offers_the_three_jamaican_presets_and_their_switches(client: Client):
    setup = client.get("/new").content.decode()

    for label in ("Jamaican partner", "Jamaican cut-throat", "Straight six (Jamaican)"):
        assert label in setup
    for name in ("set_format", "tie_replay", "one_all_play_two", "key_counts_two"):
        assert f'name="{name}"' in setup


# The set each for themselves, in the words of each language (no English "cut-throat").
CUT_THROAT = {"es": "Jamaiquino individual", "sv": "Jamaicanskt var för sig"}


def test_the_set_each_for_themselves_is_named_in_the_phones_language(
    speaking: Client, language, db
):
    """/new and /help said "Jamaiquino cut-throat" and "Jamaicanskt cut-throat"."""
    for address in ("/new", "/help"):
        shown = re.sub(r"<[^>]*>", " ", speaking.get(address).content.decode())
        assert CUT_THROAT[language] in shown
        assert "cut-throat" not in shown.lower()


def test_a_partner_set_through_bruk_one_all_tie_and_key_to_six_love(client: Client, make_match):
    match = jamaican(make_match)

    post(client, match, 0)  # Alice out: 1-0
    assert match.totals == [1, 0]
    assert "Alice &amp; Cara pose" in page(client, match)
    post(client, match, 3)  # Dev out at 1-0: one-all, play two
    assert match.totals == [1, 1]
    shown = page(client, match)
    assert 'data-mark="one_all"' in shown
    assert "Double six poses" in shown and "played for 2" in shown
    post(client, match, 1)  # Ben out in the one-all hand: 0-2
    assert match.totals == [0, 2]
    post(client, match, 0)  # Alice out from love against 2: a bruk, love all
    assert match.totals == [0, 0]
    assert 'data-mark="bruk"' in page(client, match)
    post(client, match, 2)  # Cara: 1-0
    post(client, match, "blocked", {0: 8, 1: 8, 2: 15, 3: 20})  # a tie: replay for 2
    assert match.totals == [1, 0]
    assert "Tie: replay for 2" in page(client, match)
    post(client, match, 2, key=True)  # Cara on a key in the replay: worth 2
    assert match.totals == [3, 0]
    assert 'data-mark="key"' in page(client, match)
    assert match.winner_side is None


def test_a_bruk_and_a_six_love_named_on_the_banner(client: Client, make_match):
    match = jamaican(make_match)
    for seat in (0, 2, 0):
        post(client, match, seat)
    post(client, match, 1)  # the last side on love wins: bruk
    assert match.totals == [0, 0]
    assert 'data-mark="bruk"' in page(client, match)
    for seat in (0, 2, 0, 2, 0):
        post(client, match, seat)
    post(client, match, 2, key=True)  # at 5-0 a key makes 7-0 and wins
    assert match.totals == [7, 0]
    assert match.winner_side == 0
    shown = page(client, match)
    assert "Six-love! Given to Ben &amp; Dev." in shown


def short_line(client: Client, match: Match, out) -> str:
    """The preview's short line, in the bar that stays above Save."""
    preview = client.post(url(match, "preview"), hand_data(match, out)).content.decode()
    return re.search(r'id="preview-short"[^>]*>(.*?)</p>', preview, re.S)[1]


def test_the_bar_above_save_says_a_bruk_in_the_sets_words_not_minus_two(client: Client, make_match):
    match = jamaican(make_match)
    for seat in (0, 2):
        post(client, match, seat)
    assert "1 game to Alice &amp; Cara" in short_line(client, match, 0)
    # Ben out against 2-0 on love: a bruk. Before, the bar read "-2 for Alice & Cara".
    line = short_line(client, match, 1)
    assert "Bruk: love all" in line and "-2" not in line
    post(client, match, 0)  # 3-0
    post(client, match, 1)  # a bruk: love all
    post(client, match, 2)  # 1-0
    assert "One-all: play for 2" in short_line(client, match, 3)


def test_the_form_names_the_hands_worth_before_it_is_saved(client: Client, make_match):
    match = jamaican(make_match)
    post(client, match, 0)

    preview = client.post(url(match, "preview"), hand_data(match, 3)).content.decode()

    assert "Dev went out. For 1: one-all: the next hand is played for 2." in preview
    assert match.hand_count == 1


def drawn_preview(html: str) -> tuple[str, str]:
    """The preview line and the bar above Save as the page draws them, before any script."""
    line = re.search(r'<output id="preview"[^>]*>(.*?)</output>', html, re.S)[1]
    return line, re.search(r'id="preview-short"[^>]*>(.*?)</p>', html, re.S)[1]


def test_a_page_without_javascript_names_the_hands_worth_as_it_draws_the_form(
    client: Client, make_match
):
    """Who went out is all a hand of games won needs: the form, drawn, says what it is worth
    (without a script nothing asks for the preview), never to fill in pips it has not."""
    match = jamaican(make_match)
    post(client, match, 0)

    line, short = drawn_preview(client.get(url(match) + "?out=3").content.decode())
    assert "Dev went out. For 1: one-all: the next hand is played for 2." in line
    assert "One-all: play for 2" in short
    # The part htmx draws when a name is tapped says it too, and asks for no preview on load.
    part = client.get(url(match) + "?part=entry&out=3", headers={"HX-Request": "true"})
    assert "one-all: the next hand is played for 2" in drawn_preview(part.content.decode())[0]
    assert 'hx-trigger="input from' in part.content.decode()
    # A blocked hand has its counts to fill in first.
    line, short = drawn_preview(client.get(url(match) + "?out=blocked").content.decode())
    assert "Fill in the pips to see the score." in line and not short.strip()
    assert match.hand_count == 1


def test_a_form_drawn_again_after_a_refusal_keeps_its_preview(client: Client, make_match):
    match = jamaican(make_match)

    refused = post(client, match, "blocked", {0: 70, 1: 9, 2: 27, 3: 11})

    line, _ = drawn_preview(refused.content.decode())
    # What is wrong with the count it has, not to fill in pips that are there.
    assert "No hand of 7 tiles can hold more than 69 pips." in line
    assert match.hand_count == 0


def test_refusals_shown_at_their_fields_change_nothing(client: Client, make_match):
    match = jamaican(make_match)

    keyed = post(client, match, "blocked", {0: 4, 1: 9, 2: 27, 3: 11}, key=True)
    too_many = post(client, match, "blocked", {0: 70, 1: 9, 2: 27, 3: 11})
    missing = post(client, match, "blocked", {0: 4, 1: 9, 2: 27})

    assert keyed.status_code == too_many.status_code == missing.status_code == 422
    assert keyed.context["form"].errors["key"] == ["A blocked hand can't be a key."]
    assert "A blocked hand can&#x27;t be a key." in keyed.content.decode()
    assert "pips_0" in too_many.context["form"].errors
    assert "pips_3" in missing.context["form"].errors
    assert match.hand_count == 0


def test_a_key_is_not_asked_where_the_table_does_not_count_it(client: Client, make_match):
    match = jamaican(make_match, key_counts_two=False)

    shown = client.get(url(match) + "?out=2").content.decode()
    refused = post(client, match, 2, key=True)

    assert 'name="key"' not in shown
    assert refused.status_code == 422
    assert refused.context["form"].errors["key"] == ["This table does not count a key."]
    assert match.hand_count == 0


def test_a_correction_and_an_undo_replay_the_set(client: Client, make_match):
    match = jamaican(make_match, preset="jamaican_cut_throat", names=("Ann", "Bo", "Cy"))
    post(client, match, 0)
    post(client, match, 1)
    post(client, match, 2)  # Cy, the last on love, with the others on one: one-all
    assert match.totals == [1, 1, 1]

    corrected = {**hand_data(match, 1), "number": "1", "version": str(match.version)}
    response = client.post(url(match, "h/1/"), corrected)
    match.refresh_from_db()
    assert response.status_code in (200, 302), response.content.decode()[:400]
    assert match.totals == [0, 2, 1]

    undo = client.post(url(match, "undo"), {"version": str(match.version)})
    match.refresh_from_db()
    assert undo.status_code in (200, 302)
    assert match.hand_count == 2 and match.totals == [0, 2, 0]


def test_the_setup_shows_a_jamaican_set_only_its_own_rules_and_keeps_them(client: Client, db):
    shown = client.post(
        "/new", {"preset": "jamaican_partner", "refresh": "1", "rules_of": "caribbean"}
    ).content.decode()
    names = {f"player_{seat}": name for seat, name in enumerate(PARTNER, start=1)}
    posted = {
        **names,
        "preset": "jamaican_partner",
        "rules_of": "jamaican_partner",
        "partnership": "on",
        "pairing": "13",
        "target": "",
        "target_other": "10",
        "capicu_bonus": "0",
        "count_rule": "all_other_hands",
        "blocked_rule": "lightest_hand",
        "lead_rule": "winner_leads",
        "set_format": "first_to_six",
        "tie_replay": "no_premium",
        "partners_level": "replay",
        "key_counts_two": "on",
        "series_first_to": "0",
    }

    client.post("/new", posted)

    assert re.search(r'<div class="pip-rules"[^>]*hidden>', shown)
    match = created(Match).get()
    house = match.house_rules()
    assert (house.target, house.set_format, house.tie_replay) == (10, "first_to_six", "no_premium")
    assert house.partners_level == "replay" and house.key_counts_two
    assert not house.one_all_play_two and not house.double_six_every_hand


SETUP_OF_THREE = {
    "player_1": "Ann",
    "player_2": "Bo",
    "player_3": "Cy",
    "target": "",
    "target_other": "6",
    "capicu_bonus": "0",
    "count_rule": "all_other_hands",
    "blocked_rule": "lightest_hand",
    "lead_rule": "winner_leads",
    "series_first_to": "0",
}


def test_the_setup_refuses_a_partner_set_of_three_and_a_target_of_nought(client: Client, db):
    partner = {**SETUP_OF_THREE, "preset": "jamaican_partner", "rules_of": "jamaican_partner"}
    nought = {
        **SETUP_OF_THREE,
        "preset": "jamaican_cut_throat",
        "rules_of": "jamaican_cut_throat",
        "target_other": "0",
    }

    refused = [client.post("/new", data) for data in (partner, nought)]

    assert [response.status_code for response in refused] == [422, 422]
    assert "This game is for four players." in refused[0].content.decode()
    assert "The target must be at least 1." in refused[1].content.decode()
    assert not created(Match).exists()


def test_a_cut_throat_set_of_four_is_each_for_themselves_whatever_the_partners_switch(
    client: Client, db
):
    # Found on a phone: "Jamaican cut-throat" with four names started a partner set, two pairs,
    # for the partners switch stayed ticked from the default game. Posted as a page without
    # JavaScript posts it, the switch still on.
    setup = jamaican_setup("jamaican_cut_throat", partnership="on")

    response = client.post("/new", setup)

    assert response.status_code == 302, response.content.decode()[:400]
    match = created(Match).get()
    assert not match.partnership
    assert match.side_names() == list(PARTNER)
    assert match.totals == [0, 0, 0, 0]


def test_a_cut_throat_set_shows_no_partners_and_a_partner_set_no_switch(client: Client, db):
    """The preset is the seating: cut-throat asks for no partners, the partner set for who sits
    with whom but not whether in pairs; a straight six, either way, keeps the switch."""
    drawn = {
        preset: client.post("/new", {**jamaican_setup(preset), "refresh": "1"}).content.decode()
        for preset in ("jamaican_cut_throat", "jamaican_partner", "straight_six")
    }

    def partners(html: str) -> str:
        return re.search(r'<fieldset class="partners"[^>]*>', html)[0]

    def switch(html: str) -> str:
        return re.search(r'<label class="switch"[^>]*>\s*<input[^>]*name="partnership"', html)[0]

    assert " hidden" in partners(drawn["jamaican_cut_throat"])
    assert " hidden" not in partners(drawn["jamaican_partner"])
    assert " hidden" in switch(drawn["jamaican_partner"])
    assert " hidden" not in partners(drawn["straight_six"])
    assert " hidden" not in switch(drawn["straight_six"])


def test_a_partner_set_of_four_is_in_pairs_whatever_the_partners_switch(client: Client, db):
    setup = jamaican_setup("jamaican_partner")
    del setup["partnership"]  # the switch left off: the partner set still seats two pairs

    response = client.post("/new", setup)

    assert response.status_code == 302, response.content.decode()[:400]
    match = created(Match).get()
    assert match.partnership and match.side_names() == ["Alice & Cara", "Ben & Dev"]


def test_a_straight_six_of_four_takes_the_partners_switch(client: Client, db):
    setup = jamaican_setup("straight_six")
    del setup["partnership"]

    assert client.post("/new", setup).status_code == 302
    assert not created(Match).get().partnership


def facts(html: str) -> dict[str, str]:
    """The match summary's facts, by their label."""
    summary = html[
        html.index('class="summary"') : html.index("</section>", html.index('class="summary"'))
    ]
    return {
        re.sub(r"<[^>]+>", "", label).strip(): re.sub(r"<[^>]+>", "", value).strip()
        for label, value in re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", summary, re.S)
    }


def test_the_summary_of_a_set_counts_its_marks_not_leads_or_points(client: Client, make_match):
    """A set's summary said "Led most hands" and "Biggest hand" (points), words for pip games."""
    match = jamaican(make_match)
    post(client, match, 0)  # 1-0
    post(client, match, 3)  # one-all, play two
    post(client, match, 1)  # 0-2
    post(client, match, 0)  # a bruk
    post(client, match, "blocked", {0: 8, 1: 8, 2: 15, 3: 20})  # a tie
    post(client, match, 2, key=True)  # the replay, on a key: 2-0
    for seat in (0, 2, 0, 2):
        post(client, match, seat)
    assert match.winner_side == 0 and match.totals == [6, 0]

    shown = facts(page(client, match))
    assert shown["Hands played"] == "10"
    assert shown["Bruks (back to love all)"] == "1"
    assert shown["One-all hands (played for two)"] == "1"
    assert shown["Hands tied"] == "1"
    assert shown["Keys"] == "1"
    assert "Led most hands" not in shown and "Biggest hand" not in shown
    assert "Capicús" not in shown


def test_the_summary_leaves_out_the_marks_the_sets_rules_cannot_make(client: Client, make_match):
    """A straight six has no bruk and no one-all, yet its summary counted "Bruks: 0" and
    "One-all hands: 0"; likewise keys where the table does not count them."""
    straight = jamaican(make_match, preset="straight_six")
    for seat in (0, 1, 0, 2, 0, 2, 0):
        post(client, straight, seat)
    assert straight.winner_side == 0 and straight.totals == [6, 1]

    shown = facts(page(client, straight))
    assert "Bruks (back to love all)" not in shown
    assert "One-all hands (played for two)" not in shown
    assert (shown["Hands tied"], shown["Keys"]) == ("0", "0")

    plain = jamaican(make_match, one_all_play_two=False, key_counts_two=False)
    for seat in (0, 2, 0, 2, 0, 2):
        post(client, plain, seat)
    shown = facts(page(client, plain))
    assert shown["Bruks (back to love all)"] == "0"
    assert "One-all hands (played for two)" not in shown and "Keys" not in shown


def test_a_finished_sets_page_and_statistics_are_in_the_phones_language(
    speaking: Client, language, make_match
):
    from tests.web.test_translations import assert_no_english

    match = jamaican(make_match)
    post(speaking, match, "blocked", {0: 8, 1: 8, 2: 15, 3: 20})  # a tie
    post(speaking, match, 2, key=True)
    for seat in (0, 2, 0, 2):
        post(speaking, match, seat)
    assert match.winner_side == 0

    assert_no_english(speaking.get(url(match)), language)
    # The statistics page's own words ("Series ganadas" reads as the English "Series" there).
    stats = speaking.get(match.table.stats_url()).content.decode()
    keys, tied = {"es": ("Llaves", "Manos empatadas"), "sv": ("Nycklar", "Oavgjorda omgångar")}[
        language
    ]
    assert keys in stats and tied in stats and "Hands tied" not in stats


def jamaican_setup(preset: str, **changes) -> dict[str, str]:
    """The setup form as the page fills it in for a Jamaican preset's defaults."""
    names = {f"player_{seat}": name for seat, name in enumerate(PARTNER, start=1)}
    switches = rules.ALL_PRESETS[preset].rules
    return {
        **names,
        "preset": preset,
        "rules_of": preset,
        "partnership": "on",
        "pairing": "13",
        "target": "",
        "target_other": "6",
        "capicu_bonus": "0",
        "count_rule": "all_other_hands",
        "blocked_rule": "lightest_hand",
        "lead_rule": "winner_leads",
        "set_format": str(switches.set_format),
        "tie_replay": str(switches.tie_replay),
        "partners_level": str(switches.partners_level),
        "key_counts_two": "on",
        "series_first_to": "2",
        **changes,
    }


def test_a_six_love_set_offers_no_double_shutout_and_ignores_one_posted(client: Client, db):
    """RULES.md: 'a shutout counts double' is not offered with six-love (every partner set is
    one); a straight six offers it."""
    setup = jamaican_setup("jamaican_partner", one_all_play_two="on")
    shown = client.post("/new", {**setup, "refresh": "1"}).content.decode()
    switch = re.search(r'<label class="switch" data-for-presets="([^"]*)"([^>]*)>', shown)
    assert "jamaican_partner" not in switch[1].split() and "straight_six" in switch[1].split()
    assert "hidden" in switch[2]

    response = client.post("/new", {**setup, "shutout_counts_double": "on"})
    assert response.status_code == 302, response.content.decode()
    match = created(Match).get()
    assert match.house_rules().set_format is rules.SetFormat.SIX_LOVE
    assert not match.table.shutout_counts_double
    assert not match.series.shutout_counts_double


def test_a_straight_six_keeps_a_double_shutout(client: Client, db):
    setup = jamaican_setup("straight_six", shutout_counts_double="on")
    response = client.post("/new", setup)
    assert response.status_code == 302, response.content.decode()
    assert created(Match).get().table.shutout_counts_double


def legend(html: str) -> list[tuple[str, str]]:
    """The sheet's legend as read: each mark with what it means."""
    found = re.search(r'<dl class="sheet-legend".*?</dl>', html, re.S)
    pairs = re.findall(r"<dt>(.*?)</dt>\s*<dd>(.*?)</dd>", found[0] if found else "", re.S)
    return [(re.sub(r"<[^>]+>", "", mark), meaning) for mark, meaning in pairs]


def test_the_legend_explains_only_the_marks_on_the_set_and_a_tie_keeps_its_own(
    client: Client, make_match
):
    match = jamaican(make_match)

    post(client, match, 0)  # Alice out: 1-0, nothing marked
    assert 'class="sheet-legend"' not in page(client, match)
    post(client, match, 3)  # one-all
    assert legend(page(client, match)) == [("1-1", "One-all: the next hand is played for two")]
    post(client, match, "blocked", {0: 8, 1: 8, 2: 15, 3: 20})  # a tie: replayed
    shown = page(client, match)

    # The tie's row says it in words ("Tie: replay for 2"): no mark to explain.
    assert legend(shown) == [("1-1", "One-all: the next hand is played for two")]
    # The tie is the set's own mark: not the blocked mark of a sheet of points.
    sheet = re.search(r'<section class="sheet".*?</section>', shown, re.S)[0]
    tie_row = re.search(r'<tr data-hand="3".*?</tr>', sheet, re.S)[0]
    assert "<abbr" not in tie_row and "Blocked" not in sheet


def test_a_tie_says_itself_in_words_and_the_legend_explains_no_mark_the_sheet_lacks(
    client: Client, make_match
):
    # Before, the legend explained "Tie", a mark no cell drew (a tie has no winner's cell).
    match = jamaican(make_match)
    post(client, match, "blocked", {0: 8, 1: 8, 2: 15, 3: 20})  # a tie: replayed

    shown = page(client, match)
    note = re.search(r'<tr class="void-note" data-hand="1">.*?</tr>', shown, re.S)[0]
    assert "Tie: replay for 2" in note
    assert 'class="sheet-legend"' not in shown


def test_the_legend_says_what_a_hand_won_was_played_for(client: Client, make_match):
    match = jamaican(make_match)
    post(client, match, 0)  # 1-0
    post(client, match, 3)  # one-all: the next for two
    assert "Played for" not in str(legend(page(client, match)))
    post(client, match, 1)  # Ben out, for two: 0-2

    shown = page(client, match)
    assert match.totals == [0, 2]
    times_two = "\u00d72"  # the sheet's mark beside the hand's games
    assert f">{times_two}</abbr>" in shown
    assert legend(shown)[-1] == (times_two, "Played for 2")


# The button beside "Rematch" that opens the next match's setup, by whether the set had pairs.
CHANGE_SEATS = {
    "es": {False: "Cambiar de asientos", True: "Cambiar parejas"},
    "sv": {False: "Byt platser", True: "Byt platser"},
}


def test_a_finished_cut_throat_set_offers_to_change_seats_not_partners(
    speaking: Client, language, make_match
):
    """A three-player cut-throat set said "Cambiar parejas" though nobody had a partner."""
    match = jamaican(make_match, "jamaican_cut_throat", ("Alice", "Ben", "Cara"))
    for _hand in range(6):
        post(speaking, match, 0)
    assert match.finished

    shown = page(speaking, match)
    assert CHANGE_SEATS[language][False] in shown
    assert "Cambiar parejas" not in shown


def test_a_finished_partner_set_still_offers_to_change_partners(
    speaking: Client, language, make_match
):
    match = jamaican(make_match)
    for _hand in range(6):
        post(speaking, match, 0)
    assert match.finished

    assert CHANGE_SEATS[language][True] in page(speaking, match)


def test_the_summary_names_one_all_as_the_sheet_does(speaking: Client, language, make_match):
    """The sheet's legend says "Uno a uno" and "Ett-ett" (an en dash); the summary said
    "Manos de uno igual" and "Ett lika-omgångar", words a table would not know for the hand."""
    match = jamaican(make_match)
    post(speaking, match, 0)
    post(speaking, match, 3)  # one-all, play two
    html = page(speaking, match)
    for _ in range(5):  # 2, 3, 4, 5, 6: six-love
        post(speaking, match, 1)
    assert match.winner_side == 1

    one_all = {"es": "Uno a uno", "sv": "Ett\u2013ett"}[language]
    assert one_all in html  # the sheet's own legend, while the set is played
    label = [label for label in facts(page(speaking, match)) if one_all.lower() in label.lower()]
    assert len(label) == 1, facts(page(speaking, match))


def test_the_preview_carries_the_hand_without_its_worth_for_while_hands_wait(
    client: Client, make_match
):
    match = jamaican(make_match)
    went_out = client.post(url(match, "preview"), hand_data(match, 0)).content.decode()
    tie = client.post(
        url(match, "preview"), hand_data(match, "blocked", {0: 8, 1: 8, 2: 15, 3: 20})
    ).content.decode()

    said = "What it is worth is said once the hands before it are sent."
    assert f'data-outcome="{PARTNER[0]} went out. {said}"' in went_out
    assert "a tie. What the replay is worth is said once the hands before it are sent." in tie
