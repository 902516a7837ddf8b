"""One number for a hand somebody went out of: the total entry, stored, shown and corrected."""

import uuid

from django.test import Client

from scorekeeper import backup
from scorekeeper.models import EntryMode, Hand, Table


def page(match) -> str:
    return f"/t/{match.table.key}/m/{match.number}/"


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
    hand = Hand.objects.get()
    assert (hand.pooled, hand.pips()) == (31, {})


def test_the_table_keeps_counting_in_totals_after_one(client: Client, make_match):
    match = make_match()
    client.post(page(match) + "hand", total_post(match, 31))
    assert Table.objects.get().entry_mode == EntryMode.TOTAL
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
    assert Hand.objects.count() == 0


def test_a_missing_total_is_asked_for(client: Client, make_match):
    match = make_match()
    html = client.post(page(match) + "hand", total_post(match, "")).content.decode()
    assert "How many pips are left in the hands that count?" in html
    assert Hand.objects.count() == 0


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
            "version": str(Table.objects.get().matches.get().version),
        },
    )
    match.refresh_from_db()
    assert match.totals == [0, 40]


def test_a_backup_keeps_the_total_and_scores_it_again(client: Client, make_match):
    match = make_match()
    client.post(page(match) + "hand", total_post(match, 31))
    data = backup.export_table(Table.objects.get())
    copy = backup.import_table(data, new_keys=True)
    restored = copy.matches.get()
    assert restored.totals == [0, 31]
    assert restored.hands.get().pooled == 31
    assert copy.entry_mode == EntryMode.TOTAL


def test_a_backup_keeps_a_hands_total(client: Client, make_match):
    match = make_match()
    client.post(page(match) + "hand", total_post(match, 31))
    data = backup.export_table(Table.objects.get())
    # Totals came in version 4: a file of this version or later has them.
    assert data["version"] == backup.FORMAT_VERSION >= 4
    assert data["matches"][0]["hands"][0]["pooled"] == 31


def test_a_version_3_backup_from_before_totals_still_imports(client: Client, make_match):
    match = make_match()
    client.post(
        page(match) + "hand",
        total_post(match, 31, entry="each", pooled="", pips_0="9", pips_1="12", pips_2="10"),
    )
    data = backup.export_table(Table.objects.get())
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
