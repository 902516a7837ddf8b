"""Everything a match has keeps working for Mexican Train: corrections and the change log,
undo, the watch link, the backup and the CSV, and the statistics."""

import json
import re
import uuid

import pytest
from django.test import Client

from scorekeeper.backup import export_table, import_table
from scorekeeper.models import Match, Table
from tests.web.test_mexican_train_rounds import play_short_game, post_round, start, text

pytestmark = pytest.mark.django_db

SHARED = [("0", {1: 10}), ("1", {0: 4}), ("blocked", {0: 6, 1: 0})]


def test_a_round_is_corrected_and_the_log_says_so(client: Client):
    match = start(client, double_blank_counts="50")
    post_round(client, match, "0", {1: 23, 2: 7, 3: 41})
    url = match.hands.get().get_absolute_url()

    page = client.get(url)
    assert page.status_code == 200
    data = {"out": "0", "number": "1", "token": str(match.hands.get().token), "entry": "each"}
    data |= {"pips_1": "23", "pips_2": "7", "pips_3": "41", "double_blank": "3"}
    data["version"] = str(match.version)
    response = client.post(url, data)

    assert response.status_code in (200, 302)
    match.refresh_from_db()
    assert match.totals == [0, 23, 7, 91]
    assert match.log.count() == 3  # started, saved, edited


def test_a_correction_of_the_last_round_changes_the_winner(client: Client):
    match = play_short_game(client, SHARED)
    hand = match.hands.get(number=3)
    data = {"out": "blocked", "number": "3", "token": str(hand.token), "entry": "each"}
    data |= {"pips_0": "5", "pips_1": "0", "version": str(match.version)}

    client.post(hand.get_absolute_url(), data)

    match.refresh_from_db()
    assert match.totals == [9, 10] and match.winner_sides() == [0]


def test_undo_takes_back_the_last_round_and_reopens_the_game(client: Client):
    match = play_short_game(client, SHARED)

    client.post(match.undo_url(), {"version": str(match.version)})

    match.refresh_from_db()
    assert (match.hand_count, match.finished, match.co_winners) == (2, False, [])
    assert "Round 3 of 3" in text(client.get(match.get_absolute_url()))


def test_the_watch_link_shows_the_rounds_and_the_shared_win(client: Client):
    match = play_short_game(client, SHARED)

    page = text(client.get(match.table.watch_url()))

    assert "Ann & Bo share the win!" in page


def test_the_backup_gives_back_the_game_and_its_rules():
    client = Client()
    match = play_short_game(client, SHARED, double_blank_counts="25")
    exported = json.loads(json.dumps(export_table(match.table)))
    Match.objects.all().delete()
    Table.objects.all().delete()

    imported = import_table(exported)

    restored = imported.matches.get()
    assert restored.double_blank_counts == 25 and restored.first_engine == 2
    assert restored.winner_sides() == [0, 1]
    assert export_table(Table.objects.get(pk=imported.pk)) == exported


def test_the_csv_has_a_row_per_round(client: Client):
    match = play_short_game(client, SHARED)

    csv = client.get(match.csv_url()).content.decode()

    assert len(csv.strip().splitlines()) >= 4


def test_the_statistics_page_opens(client: Client):
    match = play_short_game(client, SHARED)

    assert client.get(match.table.stats_url()).status_code == 200


def test_a_rounds_page_and_the_preview_say_what_each_scored(client: Client):
    match = start(client, double_blank_counts="50")
    post_round(client, match, "0", {1: 23, 2: 7, 3: 41}, double_blank="3")

    page = text(client.get(match.hands.get().get_absolute_url()))
    data = {"out": "blocked", "number": "2", "token": "a" * 32, "entry": "each"}
    data |= {"pips_0": "1", "pips_1": "2", "pips_2": "3", "pips_3": "4"}
    preview = text(client.post(match.preview_url(), data))

    assert "Ann went out and scores 0; the others score the pips left in their hands: " in page
    assert "Bo 23, Cy 7, Dee 41. Dee was left holding the double blank: +50." in page
    assert "Blocked: every player scores the pips left in their hand: Ann 1, Bo 2" in preview


def test_the_words_say_round_not_hand(client: Client):
    match = start(client)
    saved = client.post(
        match.save_hand_url(),
        {"out": "0", "number": "1", "token": str(uuid.uuid4()), "entry": "each"}
        | {"pips_1": "23", "pips_2": "7", "pips_3": "41"},
        follow=True,
    )
    assert "Round 1 saved." in text(saved)
    page = match.get_absolute_url()
    drawn = client.get(page).text
    waiting = re.search(r"<template data-waiting-line>(.*?)</template>", drawn, re.S)
    assert re.sub(r"<[^>]+>", "", waiting.group(1)).startswith("Round :")
    assert "No signal. Round" in text(client.get(page))

    match.refresh_from_db()
    hand = match.hands.get()
    assert text(client.get(hand.get_absolute_url())).count("Round 1") >= 2  # title and heading
    data = {"out": "0", "number": "1", "token": str(hand.token), "entry": "each"}
    data |= {"pips_1": "20", "pips_2": "7", "pips_3": "41", "version": str(match.version)}
    assert "Round 1 corrected." in text(client.post(hand.get_absolute_url(), data, follow=True))

    asked = text(client.get(match.undo_url()))
    assert "Undo the last round" in asked and "Undo round 1?" in asked
    assert "hand" not in asked.lower().replace("hands", "")
    match.refresh_from_db()
    undone = client.post(match.undo_url(), {"version": str(match.version)}, follow=True)
    assert "Round 1 undone." in text(undone)


def test_the_help_page_explains_mexican_train(client: Client):
    page = text(client.get("/help"))

    section = page[page.index("Mexican Train") :]
    assert "lowest total" in section
    assert "engine" in section
    assert "25 or 50" in section
    assert "share the win" in section and "went out in more rounds" in section
    assert "their own phone" in section
