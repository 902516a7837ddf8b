"""Mexican Train at the table by one phone: the round's engine, who went out or Blocked, a count
for each other player, the double blank when asked, and the sheet to the last round; and
everything a match has (corrections, the change log, undo) kept working for it."""

import csv
import html
import io
import json
import re
import uuid

import pytest
from django.test import Client

from scorekeeper.backup import export_table, import_table
from scorekeeper.models import Match, Table
from tests.created import created
from tests.web.table.test_setup import NAMES, mexican_train

pytestmark = pytest.mark.django_db


def start(client: Client, players: int = 4, **changes) -> Match:
    client.post("/new", mexican_train(NAMES[:players], **changes))
    return created(Match).get()


def post_round(client: Client, match: Match, out: str, counts: dict, **extra):
    data = {"out": out, "number": str(match.hand_count + 1), "token": str(uuid.uuid4())}
    data["entry"] = "each"
    data.update({f"pips_{seat}": str(pips) for seat, pips in counts.items()})
    data.update({"confirm_end": "1", **extra})
    response = client.post(match.save_hand_url(), data)
    match.refresh_from_db()
    return response


def errors(response) -> list[str]:
    """The messages at the fields, as read (names lose their isolating marks)."""
    found = re.findall(r'class="field-error"[^>]*>(.*?)</p>', response.content.decode())
    return [re.sub(r"<[^>]+>", "", message) for message in found]


def text(response) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", response.content.decode()))


def test_the_round_page_shows_the_engine_of_round_one(client: Client):
    match = start(client)

    page = client.get(match.get_absolute_url()).content.decode()

    assert "Round 1 of 13" in page
    assert "Engine: the double 12" in page
    assert 'class="half p12"' in page


def test_the_worked_example_scores_each_player_their_count(client: Client):
    match = start(client)

    response = post_round(client, match, "0", {1: 23, 2: 7, 3: 41})

    assert response.status_code == 302
    assert match.totals == [0, 23, 7, 41]
    page = client.get(match.get_absolute_url()).content.decode()
    assert "Round 2 of 13" in page and "Engine: the double 11" in page
    assert 'data-testid="lowest-0"' in page


def test_the_double_blank_at_fifty_is_asked_and_paid(client: Client):
    match = start(client, double_blank_counts="50")
    form = client.get(match.get_absolute_url() + "?out=0").content.decode()
    assert "Who was left holding the double blank?" in form

    post_round(client, match, "0", {1: 23, 2: 7, 3: 41}, double_blank="3")

    assert match.totals == [0, 23, 7, 91]


def test_the_double_blank_is_not_asked_at_its_own_pips(client: Client):
    match = start(client)

    form = client.get(match.get_absolute_url() + "?out=0").content.decode()

    assert "Who was left holding the double blank?" not in form


def test_a_blocked_round_counts_everyone(client: Client):
    match = start(client)

    post_round(client, match, "blocked", {0: 5, 1: 9, 2: 0, 3: 12})

    assert match.totals == [5, 9, 0, 12]
    page = client.get(match.get_absolute_url()).content.decode()
    assert 'data-testid="lowest-2"' in page


def test_a_missing_count_is_refused_at_its_field(client: Client):
    match = start(client)

    response = post_round(client, match, "0", {1: 23, 2: 7})

    assert match.hand_count == 0
    assert "How many pips did Dee have left?" in errors(response)


def test_the_holder_of_the_double_blank_cannot_have_gone_out(client: Client):
    match = start(client, double_blank_counts="25")

    form = client.get(f"{match.get_absolute_url()}?out=0").content.decode()
    response = post_round(client, match, "0", {1: 23, 2: 7, 3: 41}, double_blank="0")

    # Not offered (a phone walk chose her, and was refused only at the save).
    holders = re.findall(r'name="double_blank" value="(\d*)"', form)
    assert holders == ["", "1", "2", "3"]
    assert match.hand_count == 0
    refused = "Pick who holds the double blank from the list: who went out holds no tile."
    assert refused in errors(response)


def play_short_game(client: Client, counts: list[dict], **changes) -> Match:
    """A double-nine game of two from the double 2: three rounds."""
    match = start(client, players=2, preset="mexican_train_nine", first_engine="2", **changes)
    for out, pips in counts:
        post_round(client, match, out, pips)
    return match


def test_a_retried_save_of_the_last_round_is_answered_as_saved(client: Client):
    match = play_short_game(client, [("0", {1: 10}), ("1", {0: 4})])
    data = {"out": "0", "number": "3", "token": str(uuid.uuid4()), "entry": "each"}
    data.update({"pips_1": "5", "confirm_end": "1"})
    client.post(match.save_hand_url(), data)

    retried = client.post(match.save_hand_url(), data, headers={"HX-Request": "true"})

    assert retried.headers["X-Hand"] == "saved"
    assert "Round 3 saved (it had arrived before, and counts once)." in text(retried)
    match.refresh_from_db()
    assert match.hand_count == 3


def test_a_stale_round_number_on_the_last_round_asks_nothing(client: Client):
    match = play_short_game(client, [("0", {1: 10}), ("1", {0: 4})])
    # A page still at round 2 saves it again, not knowing another phone did.
    data = {"out": "0", "number": "2", "token": str(uuid.uuid4()), "entry": "each", "pips_1": "5"}

    response = client.post(match.save_hand_url(), data, headers={"HX-Request": "true"})

    assert "This round ends the game" not in text(response)
    assert "Round 2 was already entered" in text(response)
    match.refresh_from_db()
    assert (match.hand_count, match.totals) == (2, [4, 10])


def test_the_lowest_total_wins_after_the_last_round(client: Client):
    match = play_short_game(client, [("0", {1: 10}), ("1", {0: 4}), ("blocked", {0: 3, 1: 2})])

    assert match.finished and match.totals == [7, 12]
    page = text(client.get(match.get_absolute_url()))
    assert "Ann wins the game!" in page
    assert "Rematch" in page
    assert "Round 4" not in page


def test_level_lowest_totals_share_the_win(client: Client):
    match = play_short_game(client, [("0", {1: 10}), ("1", {0: 4}), ("blocked", {0: 6, 1: 0})])

    assert match.totals == [10, 10]
    assert match.winner_sides() == [0, 1]
    assert "Ann and Bo share the win!" in text(client.get(match.get_absolute_url()))


def test_level_totals_go_to_who_went_out_most_under_that_rule(client: Client):
    match = play_short_game(
        client,
        [("0", {1: 10}), ("0", {1: 0}), ("blocked", {0: 10, 1: 0})],
        ties_to_most_outs="on",
    )

    assert match.totals == [10, 10]
    assert match.winner_sides() == [0]


def test_nothing_is_saved_after_the_last_round(client: Client):
    match = play_short_game(client, [("0", {1: 10}), ("1", {0: 4}), ("blocked", {0: 3, 1: 2})])

    post_round(client, match, "0", {1: 1})

    assert match.hand_count == 3


def test_the_last_round_asks_before_it_ends_the_game(client: Client):
    match = play_short_game(client, [("0", {1: 10}), ("1", {0: 4})])
    data = {"out": "blocked", "number": "3", "token": str(uuid.uuid4()), "entry": "each"}

    response = client.post(match.save_hand_url(), {**data, "pips_0": "3", "pips_1": "2"})

    assert "The last round: Ann wins with 7." in text(response)
    assert created(Match).get().hand_count == 2


def test_the_sheet_shows_each_round_with_its_engine(client: Client):
    match = play_short_game(client, [("0", {1: 10}), ("1", {0: 4})])

    page = client.get(match.get_absolute_url()).content.decode()

    assert '<tr data-round="1">' in page and "2|2" in page and "1|1" in page


def test_a_round_has_no_scores_during_play(client: Client):
    match = start(client)

    page = client.get(match.get_absolute_url()).content.decode()

    assert 'id="strip"' not in page
    assert not match.game().scores_plays


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

    assert "Ann and Bo share the win!" in page


def test_a_shared_win_is_each_ones_on_the_table_page_and_in_the_series(client: Client):
    # The table page read "won by Ann" and the series "Ann 1, Bo 0".
    match = play_short_game(client, SHARED)
    page = text(client.get(match.table.get_absolute_url()))

    assert "won by Ann and Bo" in page
    assert re.search(r"Ann\s*1\s*\N{EN DASH}\s*Bo\s*1", page)
    assert match.series.state().wins == (1, 1)


def test_three_who_share_the_win_are_listed_as_a_sentence_lists_them(client: Client):
    match = start(client, players=3, preset="mexican_train_nine", first_engine="1")
    for out, pips in [("0", {1: 5, 2: 5}), ("1", {0: 5, 2: 0})]:
        post_round(client, match, out, pips)

    assert match.totals == [5, 5, 5]
    assert "Ann, Bo and Cy share the win!" in text(client.get(match.get_absolute_url()))
    assert "won by Ann, Bo and Cy" in text(client.get(match.table.get_absolute_url()))


def test_the_backup_gives_back_the_game_and_its_rules():
    client = Client()
    match = play_short_game(client, SHARED, double_blank_counts="25")
    exported = json.loads(json.dumps(export_table(match.table)))
    created(Match).all().delete()
    created(Table).all().delete()

    imported = import_table(exported)

    restored = imported.matches.get()
    assert restored.double_blank_counts == 25 and restored.first_engine == 2
    assert restored.winner_sides() == [0, 1]
    assert export_table(created(Table).get(pk=imported.pk)) == exported


def test_the_csv_has_a_row_per_round(client: Client):
    match = play_short_game(client, SHARED)

    csv = client.get(match.csv_url()).content.decode()

    assert len(csv.strip().splitlines()) >= 4


def test_the_chart_of_a_round_game_draws_no_line_to_race_to(client: Client):
    match = start(client)
    for _ in range(3):
        post_round(client, match, "0", {1: 23, 2: 7, 3: 41})

    page = client.get(match.get_absolute_url()).content.decode()

    chart = page[page.index('id="race"') :]
    assert "Totals round by round" in chart
    assert "Race to the line" not in chart
    assert 'class="race-target"' not in chart
    assert "The line is at" not in chart and "the dashed line" not in chart
    assert "Rounds along the bottom; the lowest total wins." in chart


def legend(page: str) -> dict[str, str]:
    """The sheet's legend as read: each mark and what it means."""
    found = re.search(r'<dl class="sheet-legend".*?</dl>', page, re.S)
    assert found, "no legend under the sheet"
    pairs = re.findall(r"<dt>(.*?)</dt>\s*<dd>(.*?)</dd>", found.group(0), re.S)
    return {re.sub(r"<[^>]+>", "", mark): meaning for mark, meaning in pairs}


def test_the_sheet_says_what_its_marks_mean_without_a_tooltip(client: Client):
    match = start(client, double_blank_counts="50")
    post_round(client, match, "0", {1: 23, 2: 7, 3: 41}, double_blank="3")

    page = client.get(match.get_absolute_url()).content.decode()

    # No round blocked: no B to explain.
    assert legend(page) == {"Out": "Went out", "0|0": "Double blank", "12|12": "Engine"}


def test_the_legend_explains_only_the_marks_on_the_rounds(client: Client):
    match = start(client, double_blank_counts="50")
    post_round(client, match, "blocked", {0: 5, 1: 9, 2: 0, 3: 12})

    page = client.get(match.get_absolute_url()).content.decode()

    assert legend(page) == {"B": "Blocked", "12|12": "Engine"}
    post_round(client, match, "1", {0: 5, 2: 3, 3: 12})
    page = client.get(match.get_absolute_url()).content.decode()
    assert legend(page) == {"Out": "Went out", "B": "Blocked", "12|12": "Engine"}


def summary_facts(page: str) -> dict[str, str]:
    found = re.search(r'<section class="summary".*?</section>', page, re.S).group(0)
    pairs = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", found, re.S)
    return {term: html.unescape(re.sub(r"<[^>]+>", "", fact)) for term, fact in pairs}


def test_the_summary_of_a_finished_game_counts_rounds_and_the_lowest(client: Client):
    # Bo is ahead on the table's usual reading (the highest total) after every round, Ann
    # lowest after every round: in Mexican Train the lowest is the one ahead.
    match = play_short_game(client, [("0", {1: 10}), ("0", {1: 4}), ("blocked", {0: 3, 1: 2})])

    facts = summary_facts(client.get(match.get_absolute_url()).content.decode())

    assert facts == {
        "Rounds played": "3",
        "Biggest count": "10 for Bo (round 1)",
        "Blocked rounds": "1",
        "Lowest the longest": "Ann (lowest after 3 rounds)",
    }


def csv_rows(client: Client, match: Match) -> list[list[str]]:
    text = client.get(match.csv_url()).content.decode().lstrip("\ufeff")
    return [
        [cell.replace("\u2068", "").replace("\u2069", "") for cell in row]
        for row in csv.reader(io.StringIO(text))
    ]


def test_the_csv_names_rounds_with_their_engine_and_no_capicu(client: Client):
    match = play_short_game(client, [("0", {1: 10}), ("1", {0: 4}), ("blocked", {0: 3, 1: 2})])

    rows = csv_rows(client, match)

    assert rows[0] == [
        "Round",
        "Engine",
        "Ann points",
        "Ann total",
        "Bo points",
        "Bo total",
        "Ending",
        "Went out",
    ]
    assert rows[1:4] == [
        ["1", "2", "0", "0", "10", "10", "Went out", "Ann"],
        ["2", "1", "4", "4", "0", "10", "Went out", "Bo"],
        ["3", "0", "3", "7", "2", "12", "Blocked", ""],
    ]  # fmt: skip


def test_the_csv_of_a_finished_game_names_its_winner(client: Client):
    match = play_short_game(client, [("0", {1: 10}), ("1", {0: 4}), ("blocked", {0: 3, 1: 2})])

    rows = csv_rows(client, match)

    assert rows[-1] == ["Winner", "Ann"]


def test_the_csv_of_a_shared_win_names_every_winner(client: Client):
    match = play_short_game(client, SHARED)

    assert csv_rows(client, match)[-1] == ["Winner", "Ann and Bo"]


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


def test_a_mexican_train_tables_help_says_its_own_rules_not_a_block_games(client: Client):
    match = start(client)
    this_table = text(client.get(f"/help?t={match.table.key}")).split("A hand ends when")[0]
    assert "After the last round, the lowest total wins." in this_table
    for block_game in ("The first side to", "capicú", "Lightest hand"):
        assert block_game not in this_table
