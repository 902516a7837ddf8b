"""Restores count toward the tables-per-hour limit by when this server made them, not the file's
dates."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from scorekeeper.models import Table

from .test_backup import busy_table

pytestmark = pytest.mark.django_db


def upload(content: bytes) -> dict:
    return {"backup": SimpleUploadedFile("backup.json", content, "application/json")}


def old_backup(client: Client) -> bytes:
    """A busy table's backup whose table says it was made years ago."""
    table = busy_table()
    data = json.loads(client.get(f"/t/{table.key}/export.json").content)
    data["table"]["created_at"] = "2019-05-01T12:00:00+00:00"
    return json.dumps(data).encode()


def test_restores_of_old_tables_count_toward_the_hour(client: Client, settings):
    settings.TABLES_PER_HOUR = 2
    backup = old_backup(client)

    answers = [client.post("/import", upload(backup)).status_code for _ in range(3)]

    assert answers == [302, 302, 429]


def test_a_restored_table_keeps_its_own_date_and_the_time_it_arrived(client: Client):
    backup = old_backup(client)

    client.post("/import", upload(backup))

    restored = Table.objects.order_by("-pk").first()
    assert restored.created_at.year == 2019
    assert restored.arrived_at.year > 2019
