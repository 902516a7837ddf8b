"""Restoring a backup from the browser: a new table, checked like the command, size-limited."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from scorekeeper.models import Table

from .test_backup import busy_table, wipe

pytestmark = pytest.mark.django_db


def upload(content: bytes) -> dict:
    return {"backup": SimpleUploadedFile("backup.json", content, "application/json")}


def download(client: Client, table: Table) -> bytes:
    return client.get(f"/t/{table.key}/export.json").content


def test_export_import_export_gives_the_same_bytes(client: Client):
    table = busy_table()
    before = download(client, table)
    wipe(table)
    response = client.post("/import", upload(before))
    restored = Table.objects.get()
    assert response["Location"] == f"/t/{restored.key}/"
    assert restored.key == json.loads(before)["table"]["key"]
    assert download(client, restored) == before


def test_a_table_still_here_comes_back_as_a_copy_with_new_keys(client: Client):
    table = busy_table()
    before = download(client, table)
    assert client.post("/import", upload(before)).status_code == 302
    copy = Table.objects.exclude(pk=table.pk).get()
    assert {copy.key, copy.watch_key}.isdisjoint({table.key, table.watch_key})
    after = download(client, copy)
    same_keys = after.replace(copy.key.encode(), table.key.encode()).replace(
        copy.watch_key.encode(), table.watch_key.encode()
    )
    assert same_keys == before


def test_the_restored_table_is_on_this_phones_home_page(client: Client):
    table = busy_table()
    before = download(client, table)
    wipe(table)
    client.post("/import", upload(before))
    assert "Café Zoë" in client.get("/").content.decode()


def test_a_backup_that_does_not_add_up_is_refused_at_the_field(client: Client):
    table = busy_table()
    data = json.loads(download(client, table))
    wipe(table)
    data["matches"][0]["totals"][0] += 1
    response = client.post("/import", upload(json.dumps(data).encode()))
    assert response.status_code == 422
    page = response.content.decode()
    assert 'class="field-error"' in page
    assert "match 1" in page
    assert not Table.objects.exists()


@pytest.mark.parametrize(
    "content", [b"[" * 50_000, b'{"a": NaN}', b'{"a": 1e400}', b"\xff\xfe", b"", b"null"]
)
def test_a_file_that_is_no_backup_is_refused_without_a_500(client: Client, content):
    response = client.post("/import", upload(content))
    assert response.status_code == 422
    assert 'class="field-error"' in response.content.decode()
    assert not Table.objects.exists()


def test_a_post_without_a_file_asks_for_one(client: Client):
    response = client.post("/import", {})
    assert response.status_code == 422
    assert "Choose the backup file to restore." in response.content.decode()


def test_a_file_over_the_limit_is_refused(client: Client, settings):
    settings.IMPORT_MAX_BYTES = 1000
    response = client.post("/import", upload(b" " * 1001))
    assert response.status_code == 422
    assert "too large" in response.content.decode()


def test_a_huge_upload_is_refused_before_it_is_read(client: Client, settings):
    settings.IMPORT_MAX_BYTES = 1000
    response = client.post("/import", upload(b" " * 200_000))
    assert response.status_code == 413
    assert "too large" in response.content.decode()


def test_the_import_page_needs_the_csrf_token(db):
    client = Client(enforce_csrf_checks=True)
    assert client.post("/import", upload(b"{}")).status_code == 403


def test_home_and_table_pages_link_to_the_import_page(client: Client, make_match):
    match = make_match()
    assert 'href="/import"' in client.get("/").content.decode()
    assert 'href="/import"' in client.get(f"/t/{match.table.key}/").content.decode()


def test_imports_count_toward_new_tables_per_hour(client: Client, settings):
    settings.TABLES_PER_HOUR = 0
    table = busy_table()
    response = client.post("/import", upload(download(client, table)))
    assert response.status_code == 429
    assert Table.objects.count() == 1


@pytest.mark.parametrize("moment", ["0001-01-01T00:00:00+00:00", "9999-12-31T23:59:59-12:00"])
def test_a_backup_dated_where_no_clock_shows_it_is_refused_without_a_500(client: Client, moment):
    table = busy_table()
    data = json.loads(download(client, table))
    wipe(table)
    data["table"]["created_at"] = moment
    response = client.post("/import", upload(json.dumps(data).encode()))
    assert response.status_code == 422
    assert "created_at" in response.content.decode()
    assert not Table.objects.exists()
