"""A restore checks each thing once: the file's shape when it is read, not again when it is
written back (a dict made in code, never read from a file, is still checked)."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from scorekeeper.backup import export_table, import_table, load, restore
from scorekeeper.models import Table

from .test_backup import busy_table, wipe

pytestmark = pytest.mark.django_db


@pytest.fixture
def shape_checks(monkeypatch) -> list:
    """Each check of a file's shape, wherever it is called from."""
    calls = []
    check = load.check_shape

    def counted(data, *depth):
        calls.append(data)
        check(data, *depth)

    monkeypatch.setattr(load, "check_shape", counted)
    monkeypatch.setattr(restore, "check_shape", counted)
    return calls


def test_an_upload_checks_the_file_shape_once(client: Client, shape_checks):
    table = busy_table()
    content = client.get(f"/t/{table.key}/export.json").content
    wipe(table)

    upload = {"backup": SimpleUploadedFile("backup.json", content, "application/json")}
    assert client.post("/import", upload).status_code == 302
    assert Table.objects.count() == 1
    assert len(shape_checks) == 1


def test_a_backup_made_in_code_is_still_checked_for_its_shape(shape_checks):
    data = export_table(busy_table())
    data["matches"][0]["hands"][0]["counts"][0]["pips"] = 2.5

    with pytest.raises(ValueError, match="whole number"):
        import_table(data, new_keys=True)
    assert len(shape_checks) == 1
