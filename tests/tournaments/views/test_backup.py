"""A whole tournament as JSON, restored exactly; a bad file refused naming its first problem,
with nothing stored."""

import copy
import json
from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scorekeeper.models import Match, Table
from scorekeeper.tournaments.backup import export_tournament, import_tournament
from scorekeeper.tournaments.models import Board, Round, Tournament
from tests.created import created
from tests.support.testing import add_hand, make_tournament, play_out, win_hand

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(client) -> Tournament:
    """Five pairs: round 1 played (a forfeit, a bye); round 2 on the clock, one match ended by
    it, one still in play."""
    tournament = make_tournament([f"P{n} & Q{n}" for n in range(5)], time_cap=30)
    client.post(tournament.draw_url())
    first, second = created(Board).filter(round__number=1, kind="played").select_related("match")
    play_out(first.match, 1)
    client.post(reverse("tournament_forfeit", args=[tournament.key, second.pk]), {"present": "0"})
    tournament.entrants.filter(name="P4").update(withdrawn=True)
    client.post(tournament.draw_url())
    client.post(reverse("tournament_clock", args=[tournament.key, 2]))
    clocked, playing = created(Board).filter(round__number=2, kind="played").select_related("match")
    round = created(Round).get(number=2)
    round.started_at -= timedelta(minutes=31)
    round.save()
    Match.objects.filter(pk=clocked.match_id).update(ends_at=round.ends_at())
    add_hand(created(Match).get(pk=clocked.match_id), 0, {1: 5, 2: 0, 3: 5})
    win_hand(playing.match, 1, pips=5)
    return tournament


def forget(tournament: Tournament) -> None:
    Table.objects.filter(board__round__tournament=tournament).delete()
    tournament.delete()


def stored() -> tuple[int, ...]:
    return tuple(created(model).count() for model in (Tournament, Round, Board, Table, Match))


def test_a_tournament_comes_back_exactly(played):
    data = export_tournament(played)
    assert Match.objects.filter(ends_at__isnull=False, winner_side__isnull=False).exists()
    standings = [(s.place, s.wins, s.efectividad) for s in played.standings()]
    forget(played)
    restored = import_tournament(json.loads(json.dumps(data)))
    assert export_tournament(restored) == data
    assert [(s.place, s.wins, s.efectividad) for s in restored.standings()] == standings


def test_a_copy_beside_the_original_gets_new_links(played, client):
    data = export_tournament(played)
    before = stored()
    copy_ = import_tournament(data, new_keys=True)
    assert copy_.key != played.key and copy_.watch_key != played.watch_key
    assert stored() == tuple(2 * n for n in before)
    mine = export_tournament(copy_)
    assert [e["name"] for e in mine["entrants"]] == [e["name"] for e in data["entrants"]]
    assert client.get(copy_.get_absolute_url()).status_code == 200


def broken(data: dict, change) -> dict:
    data = copy.deepcopy(data)
    change(data)
    return data


def seat_twice(data):
    """The round's bye given to a pair already at a table."""
    boards = data["rounds"][0]["boards"]
    bye = next(board for board in boards if board["kind"] == "bye")
    bye["sides"][0] = list(boards[0]["sides"][0])


def change_a_total(data):
    table = next(b["table"] for b in data["rounds"][0]["boards"] if b["kind"] == "played")
    table["matches"][0]["totals"][1] += 5


def swap_sides(data):
    """The draw says the other side sat first at the table: its match's seats disagree."""
    board = data["rounds"][0]["boards"][0]
    board["sides"].reverse()


BAD = {
    "seats": (swap_sides, "round 1, table 1: its match seats"),
    "format": (lambda d: d.update(format="scorekeeper.table"), "Unknown backup format"),
    "seated twice": (seat_twice, "is seated twice in the round"),
    "a total": (change_a_total, "the hands make it"),
    "a round missing": (lambda d: d["rounds"].pop(0), "round 1 is missing"),
    "a kind": (lambda d: d["rounds"][0]["boards"][0].update(kind="lost"), "Invalid backup"),
    "an entrant": (lambda d: d["entrants"][0].update(name=7), "Invalid backup"),
}


@pytest.mark.parametrize("name", BAD)
def test_a_bad_file_is_refused_with_nothing_stored(played, name):
    change, words = BAD[name]
    data = broken(export_tournament(played), change)
    forget(played)
    before = stored()
    with pytest.raises(ValueError, match=words):
        import_tournament(data)
    assert stored() == before


def upload(client, data) -> object:
    text = json.dumps(data).encode()
    file = SimpleUploadedFile("event.json", text, content_type="application/json")
    return client.post(reverse("tournament_import"), {"backup": file})


def test_the_director_downloads_and_restores_it(client, played):
    response = client.get(reverse("tournament_export", args=[played.key]))
    assert response["Content-Disposition"].startswith("attachment")
    data = json.loads(response.content)
    assert data == export_tournament(played)
    forget(played)
    bad = upload(client, broken(data, seat_twice))
    assert bad.status_code == 422 and "Nothing was restored" in bad.content.decode()
    assert not created(Tournament).exists()
    good = upload(client, data)
    assert good.status_code == 302 and good.url == created(Tournament).get().get_absolute_url()


# --- A restore counts its tables toward the hour's new tables, as a table's does ---


def one_table_backup(client) -> bytes:
    """A tournament of two pairs, one round drawn and played: one table in its file."""
    tournament = make_tournament(["A1 & B1", "A2 & B2"])
    client.post(tournament.draw_url())
    play_out(created(Board).get(kind="played").match, 1)
    return json.dumps(export_tournament(tournament)).encode()


def restore_file(client, backup: bytes):
    file = SimpleUploadedFile("event.json", backup, content_type="application/json")
    return client.post(reverse("tournament_import"), {"backup": file})


def test_restores_past_the_hour_s_tables_are_refused(client, settings):
    settings.TABLES_PER_HOUR = 2
    backup = one_table_backup(client)
    before = created(Tournament).count()

    answers = [restore_file(client, backup).status_code for _ in range(3)]

    assert answers == [302, 302, 429]
    assert created(Tournament).count() == before + 2


def test_a_refused_restore_says_why_and_keeps_nothing(client, settings):
    settings.TABLES_PER_HOUR = 1
    backup = one_table_backup(client)
    assert restore_file(client, backup).status_code == 302
    before = (created(Tournament).count(), created(Table).count())

    refused = restore_file(client, backup)

    assert refused.status_code == 429
    assert "Too many new tables from here this hour" in refused.content.decode()
    assert (created(Tournament).count(), created(Table).count()) == before


def test_a_mexican_train_event_comes_back_with_its_tables_and_table_size(client):
    players = [f"Player {n}" for n in range(1, 8)]
    tournament = make_tournament(players, format="round_game", preset="mexican_train", table_size=3)
    client.post(tournament.draw_url())
    board = Board.objects.filter(round__tournament=tournament).first()
    add_hand(board.match, 0, {1: 20, 2: 7, 3: 12})  # table 1 seats four: its first round
    data = export_tournament(tournament)
    forget(tournament)
    restored = import_tournament(json.loads(json.dumps(data)))
    assert restored.table_size == 3
    assert [len(b["sides"]) for b in data["rounds"][0]["boards"]] == [4, 3]
    assert export_tournament(restored) == data


def test_the_number_of_rounds_comes_back(client):
    tournament = make_tournament(["Ana & Ben", "Cris & Dani"], round_count=5)
    data = export_tournament(tournament)
    assert import_tournament(data, new_keys=True).round_count == 5
    del data["tournament"]["round_count"]  # a file from before it was kept: an open event
    assert import_tournament(data, new_keys=True).round_count is None


def test_restores_past_the_hour_s_tournaments_are_refused(client, settings):
    settings.TOURNAMENTS_PER_HOUR = 2
    backup = json.dumps(export_tournament(make_tournament(["Ana & Ben", "Cris & Dani"])))
    answers = [restore_file(client, backup.encode()) for _ in range(3)]
    assert [answer.status_code for answer in answers] == [302, 302, 429]
    assert "Too many new tournaments from here this hour" in answers[2].content.decode()
