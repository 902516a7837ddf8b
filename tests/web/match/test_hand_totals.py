"""Counts typed as totals: one number for a hand somebody went out of, and a blocked hand under
`lighter pair` given as each pair's pips together."""

import re
import uuid

from django.test import Client

from scorekeeper import backup
from scorekeeper.models import EntryMode, Hand, Table
from tests.created import created
from tests.support.testing import SPANISH


def page(match) -> str:
    return f"/t/{match.table.key}/m/{match.number}/"


def pairs_post(match, first, second, **extra) -> dict:
    return {
        "out": "blocked",
        "number": str(match.hand_count + 1),
        "token": str(uuid.uuid4()),
        "entry": "total",
        "pair_0": str(first),
        "pair_1": str(second),
        **extra,
    }


def test_a_blocked_hand_asks_one_number_per_pair(client: Client, make_match):
    html = client.get(page(make_match(**SPANISH)), {"out": "blocked", "entry": "total"})
    html = html.content.decode()
    assert 'name="pair_0"' in html and 'name="pair_1"' in html
    assert 'name="pips_0"' not in html


def test_the_pair_fields_open_the_number_pad(client: Client, make_match):
    html = client.get(page(make_match(**SPANISH)), {"out": "blocked", "entry": "total"})
    html = html.content.decode()
    assert 'inputmode="numeric"' in html and 'enterkeyhint="done"' in html


def test_pair_totals_save_both_pairs_to_the_lighter_pair(client: Client, make_match):
    match = make_match(**SPANISH)
    client.post(page(match) + "hand", pairs_post(match, 31, 20))
    match.refresh_from_db()
    assert match.totals == [0, 51]
    hand = created(Hand).get()
    assert (hand.pair_pips_by_side(), hand.pips()) == ({0: 31, 1: 20}, {})


def test_level_pair_totals_score_nothing(client: Client, make_match):
    match = make_match(**SPANISH)
    client.post(page(match) + "hand", pairs_post(match, 20, 20))
    match.refresh_from_db()
    assert (match.totals, match.hand_count) == ([0, 0], 1)


def test_opponents_only_pays_the_other_pairs_pips(client: Client, make_match):
    match = make_match(**{**SPANISH, "count_rule": "opponents_only"})
    client.post(page(match) + "hand", pairs_post(match, 31, 20))
    match.refresh_from_db()
    assert match.totals == [0, 31]


def test_a_pair_total_too_large_is_refused_at_its_field(client: Client, make_match):
    match = make_match(**SPANISH)
    html = client.post(page(match) + "hand", pairs_post(match, 10, 119)).content.decode()
    assert "Two hands can hold at most 118 pips together." in html
    assert 'id="id_pair_1_error"' in html
    assert created(Hand).count() == 0


def test_a_missing_pair_total_is_asked_for(client: Client, make_match):
    match = make_match(**SPANISH)
    html = client.post(page(match) + "hand", pairs_post(match, 10, "")).content.decode()
    assert "How many pips did this pair hold together?" in html
    assert created(Hand).count() == 0


def test_a_pair_total_that_is_not_a_number_changes_nothing(client: Client, make_match):
    match = make_match(**SPANISH)
    html = client.post(page(match) + "hand", pairs_post(match, "ten", 12)).content.decode()
    assert "Type a whole number of pips, like 12." in html
    match.refresh_from_db()
    assert (match.totals, created(Hand).count()) == ([0, 0], 0)


def test_all_other_hands_asks_each_hand_and_says_why(client: Client, make_match):
    match = make_match(**{**SPANISH, "count_rule": "all_other_hands"})
    html = client.get(page(match), {"out": "blocked", "entry": "total"}).content.decode()
    assert 'name="pips_0"' in html and 'name="pair_0"' not in html
    assert "the winner&#x27;s own hand is left out of the count" in html


def test_pair_totals_posted_where_they_are_not_enough_are_refused(client: Client, make_match):
    match = make_match(**{**SPANISH, "count_rule": "all_other_hands"})
    client.post(page(match) + "hand", pairs_post(match, 31, 20))
    assert created(Hand).count() == 0


def test_the_hand_page_shows_and_corrects_pair_totals(client: Client, make_match):
    match = make_match(**SPANISH)
    client.post(page(match) + "hand", pairs_post(match, 31, 20))
    html = client.get(page(match) + "h/1/").content.decode()
    assert 'name="pair_0"' in html and 'value="31"' in html
    assert "counted together" in html
    client.post(
        page(match) + "h/1/",
        {**pairs_post(match, 12, 30), "number": "1", "version": str(match.version + 1)},
    )
    match.refresh_from_db()
    assert match.totals == [42, 0]


def test_the_explanation_adds_up_the_pairs(client: Client, make_match):
    match = make_match(**SPANISH)
    client.post(page(match) + "hand", pairs_post(match, 31, 20))
    html = client.get(page(match) + "h/1/").content.decode()
    assert "51 for Ben &amp; Dev" in html and "31 + 20" in html


def test_a_backup_keeps_pair_totals_and_scores_them_again(client: Client, make_match):
    match = make_match(**SPANISH)
    client.post(page(match) + "hand", pairs_post(match, 31, 20))
    data = backup.export_table(created(Table).get())
    assert data["matches"][0]["hands"][0]["pair_pips"] == {"0": 31, "1": 20}
    restored = backup.import_table(data, new_keys=True).matches.get()
    assert restored.totals == [0, 51]
    assert restored.hands.get().pair_pips_by_side() == {0: 31, 1: 20}


def test_a_version_4_backup_without_pair_totals_still_imports(client: Client, make_match):
    match = make_match(**SPANISH)
    client.post(
        page(match) + "hand",
        pairs_post(match, "", "", entry="each", pips_0="9", pips_1="12", pips_2="10", pips_3="3"),
    )
    data = backup.export_table(created(Table).get())
    data["version"] = 4
    for hand in data["matches"][0]["hands"]:
        del hand["pair_pips"]
    restored = backup.import_table(data, new_keys=True).matches.get()
    assert restored.totals == [0, 34]


def test_a_backup_with_bad_pair_totals_is_refused(client: Client, make_match):
    match = make_match(**SPANISH)
    client.post(page(match) + "hand", pairs_post(match, 31, 20))
    data = backup.export_table(created(Table).get())
    data["matches"][0]["hands"][0]["pair_pips"] = {"0": 31, "1": 300}
    try:
        backup.import_table(data, new_keys=True)
    except ValueError as error:
        assert "refuse" in str(error)
    else:
        raise AssertionError("a pair total of 300 was imported")


def test_undo_takes_back_a_hand_given_per_pair(client: Client, make_match):
    match = make_match(**SPANISH)
    client.post(page(match) + "hand", pairs_post(match, 31, 20))
    match.refresh_from_db()
    client.post(page(match) + "undo", {"version": match.version})
    match.refresh_from_db()
    assert (match.totals, match.hand_count) == ([0, 0], 0)


def test_the_change_log_reads_a_hand_given_per_pair(client: Client, make_match):
    match = make_match(**SPANISH)
    client.post(page(match) + "hand", pairs_post(match, 31, 20))
    html = client.get(page(match) + "?part=log", headers={"HX-Request": "true"}).content.decode()
    assert "Hand 1: blocked, 51 for Ben &amp; Dev" in html


def test_the_spreadsheet_names_the_winning_pair(client: Client, make_match):
    match = make_match(**SPANISH)
    client.post(page(match) + "hand", pairs_post(match, 31, 20))
    rows = client.get(page(match) + "sheet.csv").content.decode().splitlines()
    assert rows[1].startswith("1,0,0,51,51,Blocked,Ben & Dev,")


def test_the_preview_of_pair_totals_says_what_they_score(client: Client, make_match):
    match = make_match(**SPANISH)
    html = client.post(
        page(match) + "preview", pairs_post(match, 31, 20), headers={"HX-Request": "true"}
    ).content.decode()
    assert "51 for Ben &amp; Dev" in html


def test_per_hand_stays_available_for_a_blocked_hand(client: Client, make_match):
    html = client.get(page(make_match(**SPANISH)), {"out": "blocked", "entry": "each"})
    html = html.content.decode()
    assert 'name="pips_3"' in html and 'name="pair_0"' not in html
    assert "Per pair" in html


def total_post(match, total, out="3", **extra) -> dict:
    return {
        "out": out,
        "number": str(match.hand_count + 1),
        "token": str(uuid.uuid4()),
        "entry": "total",
        "pooled": str(total),
        **extra,
    }


def test_total_entry_offers_one_field_for_the_hands_that_count(client: Client, make_match):
    html = client.get(page(make_match()), {"out": "3", "entry": "total"}).content.decode()
    assert 'name="pooled"' in html
    assert 'name="pips_0"' not in html


def test_a_total_saves_the_hand_with_its_points(client: Client, make_match):
    match = make_match()
    client.post(page(match) + "hand", total_post(match, 31, capicu="on"))
    match.refresh_from_db()
    assert match.totals == [0, 56]
    hand = created(Hand).get()
    assert (hand.pooled, hand.pips()) == (31, {})


def test_the_table_keeps_counting_in_totals_after_one(client: Client, make_match):
    match = make_match()
    client.post(page(match) + "hand", total_post(match, 31))
    assert created(Table).get().entry_mode == EntryMode.TOTAL
    html = client.get(page(match), {"out": "1"}).content.decode()
    assert 'name="pooled"' in html


def test_per_hand_stays_available_beside_the_total(client: Client, make_match):
    match = make_match()
    client.post(page(match) + "hand", total_post(match, 31))
    html = client.get(page(match), {"out": "1", "entry": "each"}).content.decode()
    assert 'name="pips_0"' in html
    assert 'name="tiles_0"' in html


def test_a_blocked_hand_still_asks_each_hand_in_total_mode(client: Client, make_match):
    html = client.get(page(make_match()), {"out": "blocked", "entry": "total"}).content.decode()
    assert [f'name="pips_{seat}"' in html for seat in range(4)] == [True] * 4
    assert 'name="pooled"' not in html


def test_a_total_more_than_the_hands_can_hold_is_refused_at_its_field(client: Client, make_match):
    match = make_match()
    html = client.post(page(match) + "hand", total_post(match, 154)).content.decode()
    assert "The hands that count can hold at most 153 pips together." in html
    assert created(Hand).count() == 0


def test_a_missing_total_is_asked_for(client: Client, make_match):
    match = make_match()
    html = client.post(page(match) + "hand", total_post(match, "")).content.decode()
    assert "How many pips are left in the hands that count?" in html
    assert created(Hand).count() == 0


def test_the_hand_page_corrects_a_total(client: Client, make_match):
    match = make_match()
    client.post(page(match) + "hand", total_post(match, 31))
    html = client.get(page(match) + "h/1/").content.decode()
    assert 'name="pooled"' in html and 'value="31"' in html
    client.post(
        page(match) + "h/1/",
        {
            **total_post(match, 40),
            "number": "1",
            "version": str(created(Table).get().matches.get().version),
        },
    )
    match.refresh_from_db()
    assert match.totals == [0, 40]


def test_a_backup_keeps_the_total_and_scores_it_again(client: Client, make_match):
    match = make_match()
    client.post(page(match) + "hand", total_post(match, 31))
    data = backup.export_table(created(Table).get())
    copy = backup.import_table(data, new_keys=True)
    restored = copy.matches.get()
    assert restored.totals == [0, 31]
    assert restored.hands.get().pooled == 31
    assert copy.entry_mode == EntryMode.TOTAL


def test_a_backup_keeps_a_hands_total(client: Client, make_match):
    match = make_match()
    client.post(page(match) + "hand", total_post(match, 31))
    data = backup.export_table(created(Table).get())
    # Totals came in version 4: a file of this version or later has them.
    assert data["version"] == backup.FORMAT_VERSION >= 4
    assert data["matches"][0]["hands"][0]["pooled"] == 31


def test_a_version_3_backup_from_before_totals_still_imports(client: Client, make_match):
    match = make_match()
    client.post(
        page(match) + "hand",
        total_post(match, 31, entry="each", pooled="", pips_0="9", pips_1="12", pips_2="10"),
    )
    data = backup.export_table(created(Table).get())
    data["version"] = 3
    del data["table"]["entry_mode"]
    for hand in data["matches"][0]["hands"]:
        del hand["pooled"]
    copy = backup.import_table(data, new_keys=True)
    assert (copy.entry_mode, copy.matches.get().totals) == (EntryMode.EACH, [0, 31])
    assert copy.matches.get().hands.get().pooled is None


def test_the_preview_of_a_total_says_what_it_scores(client: Client, make_match):
    match = make_match()
    html = client.post(
        page(match) + "preview", total_post(match, 31, capicu="on"), headers={"HX-Request": "true"}
    ).content.decode()
    assert "56 for Ben &amp; Dev" in html


def test_the_change_log_reads_a_total_like_any_hand(client: Client, make_match):
    match = make_match()
    client.post(page(match) + "hand", total_post(match, 31))
    html = client.get(page(match) + "?part=log", headers={"HX-Request": "true"}).content.decode()
    assert "Hand 1: Dev went out, 31 for Ben &amp; Dev" in html


def test_counts_over_the_whole_set_are_refused_over_the_counts_and_mark_each(
    client: Client, make_match
):
    # Before, the refusal stood above the form, away from the counts, which looked accepted.
    match = make_match()
    data = {
        "out": "blocked",
        "number": "1",
        "token": str(uuid.uuid4()),
        "entry": "each",
        **{f"pips_{seat}": "60" for seat in range(3)},
        "pips_3": "0",
    }

    html = client.post(page(match) + "hand", data).content.decode()

    start = html.index('<form class="hand-form"')
    form = html[start : html.index("</form>", start)]
    counts = form[: form.index("</div>", form.index("data-pips"))]
    message = "Together the hands hold more pips than the whole set (168)."
    assert 'class="form-errors"' not in form  # nothing above the form
    said = counts.index('<div class="counts-error" id="refused" role="alert">')
    assert counts.index(message) > said and counts.index("data-pips") > said
    assert message in form[form.index("data-preview") :]  # and the preview says it too
    for seat in range(4):
        field = re.search(rf'<input [^>]*name="pips_{seat}"[^>]*>', form).group()
        assert 'aria-invalid="true"' in field and 'aria-describedby="id_counts_error"' in field
    assert created(Hand).count() == 0
