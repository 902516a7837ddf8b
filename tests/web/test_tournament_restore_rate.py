"""A tournament's restore counts its tables toward the tables-per-hour limit, as a table's does."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scorekeeper.models import Board, Table, Tournament
from scorekeeper.testing import make_tournament, play_out
from scorekeeper.tournament_backup import export_tournament

pytestmark = pytest.mark.django_db


def one_table_backup(client) -> bytes:
    """A tournament of two pairs, one round drawn and played: one table in its file."""
    tournament = make_tournament(["A1 & B1", "A2 & B2"])
    client.post(tournament.draw_url())
    play_out(Board.objects.get(kind="played").match, 1)
    return json.dumps(export_tournament(tournament)).encode()


def restore(client, backup: bytes):
    file = SimpleUploadedFile("event.json", backup, content_type="application/json")
    return client.post(reverse("tournament_import"), {"backup": file})


def test_restores_past_the_hour_s_tables_are_refused(client, settings):
    settings.TABLES_PER_HOUR = 2
    backup = one_table_backup(client)
    before = Tournament.objects.count()

    answers = [restore(client, backup).status_code for _ in range(3)]

    assert answers == [302, 302, 429]
    assert Tournament.objects.count() == before + 2


def test_a_refused_restore_says_why_and_keeps_nothing(client, settings):
    settings.TABLES_PER_HOUR = 1
    backup = one_table_backup(client)
    assert restore(client, backup).status_code == 302
    before = (Tournament.objects.count(), Table.objects.count())

    refused = restore(client, backup)

    assert refused.status_code == 429
    assert "Too many new tables from here this hour" in refused.content.decode()
    assert (Tournament.objects.count(), Table.objects.count()) == before
