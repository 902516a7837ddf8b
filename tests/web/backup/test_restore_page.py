"""Restoring a backup from the browser: a new table, checked like the command, size-limited,
counted toward the tables-per-hour limit, and refused in the phone's language."""

import html
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from scorekeeper.backup import export_table, load_backup
from scorekeeper.models import Table
from tests.backup.test_backup import busy_table, wipe
from tests.created import created
from tests.web.test_translations import assert_no_english

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
    restored = created(Table).get()
    assert response["Location"] == f"/t/{restored.key}/"
    assert restored.key == json.loads(before)["table"]["key"]
    assert download(client, restored) == before


def test_a_table_still_here_comes_back_as_a_copy_with_new_keys(client: Client):
    table = busy_table()
    before = download(client, table)
    assert client.post("/import", upload(before)).status_code == 302
    copy = created(Table).exclude(pk=table.pk).get()
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
    assert not created(Table).exists()


@pytest.mark.parametrize(
    "content", [b"[" * 50_000, b'{"a": NaN}', b'{"a": 1e400}', b"\xff\xfe", b"", b"null"]
)
def test_a_file_that_is_no_backup_is_refused_without_a_500(client: Client, content):
    response = client.post("/import", upload(content))
    assert response.status_code == 422
    assert 'class="field-error"' in response.content.decode()
    assert not created(Table).exists()


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
    assert created(Table).count() == 1


@pytest.mark.parametrize("moment", ["0001-01-01T00:00:00+00:00", "9999-12-31T23:59:59-12:00"])
def test_a_backup_dated_where_no_clock_shows_it_is_refused_without_a_500(client: Client, moment):
    table = busy_table()
    data = json.loads(download(client, table))
    wipe(table)
    data["table"]["created_at"] = moment
    response = client.post("/import", upload(json.dumps(data).encode()))
    assert response.status_code == 422
    assert "created_at" in response.content.decode()
    assert not created(Table).exists()


def refusal(client: Client, content: bytes):
    """The page that refused `content`, having restored nothing."""
    response = client.post("/import", upload(content))
    assert response.status_code == 422
    assert not created(Table).exists()
    return response


def field_error(response) -> str:
    """The text at the file field."""
    page = response.content.decode()
    start = page.index('<p class="field-error" id="id_backup-error">')
    return html.unescape(page[start : page.index("</p>", start)].split(">", 1)[1])


def a_backup(**damage) -> bytes:
    """A busy table's backup, its table gone again, with a change to its first match."""
    table = busy_table()
    data = export_table(table)
    wipe(table)
    data["matches"][0].update(damage)
    return json.dumps(data).encode()


NOT_JSON = {
    "es": "El archivo no es JSON: deja de serlo en la línea 1, columna 11.",
    "sv": "Filen är inte JSON: den slutar vara det på rad 1, kolumn 11.",
}


NOT_A_NUMBER = {
    "es": "El archivo contiene NaN, que no es un número",
    "sv": "Filen innehåller NaN, som inte är ett tal",
}


NOT_WHOLE = {
    "es": "El archivo contiene 2.5: en una copia todos los números son enteros.",
    "sv": "Filen innehåller 2.5: alla tal i en säkerhetskopia är heltal.",
}


BAD_TOTALS = {
    "es": "No se recuperó nada de esta copia. Copia no válida: "
    "partida 1: el archivo tiene totals [",
    "sv": "Inget återställdes från säkerhetskopian. Ogiltig "
    "säkerhetskopia: parti 1: filen har totals [",
}


BAD_NUMBER = {
    "es": "Copia no válida: partida 1: hand_count True no es un número entero.",
    "sv": "Ogiltig säkerhetskopia: parti 1: hand_count True är inte ett heltal.",
}


def test_a_file_that_is_not_json_says_where_it_stops_being_json(speaking, language):
    response = refusal(speaking, b'{"format" "scorekeeper.table"}')
    assert NOT_JSON[language] in field_error(response)
    assert "Expecting" not in field_error(response)  # the parser's own English
    assert_no_english(response, language)


def test_a_file_holding_nan_says_so(speaking, language):
    response = refusal(speaking, b'{"a": NaN}')
    assert NOT_A_NUMBER[language] in field_error(response)
    assert_no_english(response, language)


def test_a_file_holding_a_fraction_says_so(speaking, language):
    response = refusal(speaking, b'{"a": [2.5]}')
    assert NOT_WHOLE[language] in field_error(response)
    assert_no_english(response, language)


def test_totals_that_do_not_add_up_name_the_match(speaking, language):
    content = a_backup()
    data = json.loads(content)
    data["matches"][0]["totals"][0] += 1
    response = refusal(speaking, json.dumps(data).encode())
    assert BAD_TOTALS[language] in field_error(response)
    assert_no_english(response, language)


def test_a_yes_where_a_number_belongs_names_the_field(speaking, language):
    response = refusal(speaking, a_backup(hand_count=True))
    assert BAD_NUMBER[language] in field_error(response)
    assert_no_english(response, language)


def test_an_unknown_format_is_refused_in_the_phones_language(speaking, language):
    data = json.loads(a_backup())
    data["version"] = 99
    response = refusal(speaking, json.dumps(data).encode())
    expected = {"es": "versión 99: se esperaba", "sv": "version 99: väntade"}[language]
    assert expected in field_error(response)
    assert_no_english(response, language)


def test_a_file_too_large_says_how_large_in_bytes():
    with pytest.raises(ValueError, match="larger than 10 bytes"):
        load_backup(b"[" + b" " * 20 + b"]", 10)


def test_a_hand_the_rules_refuse_says_why_in_words(speaking, language):
    # A blocked hand with a capicú: the rules refuse it by a code, which the page puts in words.
    data = json.loads(a_backup())
    blocked = next(hand for hand in data["matches"][0]["hands"] if hand["ending"] == "blocked")
    blocked["capicu"] = True
    response = refusal(speaking, json.dumps(data).encode())
    shown = field_error(response)
    assert "capicu_on_blocked" not in shown
    expected = {
        "es": "mano 3: las reglas no aceptan esta mano",
        "sv": "omgång 3: reglerna godtar inte omgången (En låst omgång kan inte bli capicú).",
    }
    assert expected[language] in shown
    assert_no_english(response, language)


def test_rules_the_app_cannot_play_are_named_in_words(speaking, language):
    response = refusal(speaking, a_backup(target=0))
    shown = field_error(response)
    assert "positive number" not in shown
    assert_no_english(response, language)


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

    restored = created(Table).order_by("-pk").first()
    assert restored.created_at.year == 2019
    assert restored.arrived_at.year > 2019


def test_a_hand_s_reason_that_does_not_add_up_names_the_one_value_not_the_whole_reason(
    speaking, language
):
    # Before: the reason's every key and value, twice ("el archivo tiene reason {'code': ...").
    data = json.loads(a_backup())
    data["matches"][0]["hands"][0]["reason"]["capicu_bonus"] += 1
    response = refusal(speaking, json.dumps(data).encode())
    said = field_error(response)
    assert "reason.capicu_bonus 26" in said
    assert "{" not in said and "count_rule" not in said
    assert said.startswith({"es": "No se recuperó nada", "sv": "Inget återställdes"}[language])
    assert_no_english(response, language)


def test_a_name_too_long_is_refused_in_the_app_s_words(speaking, language):
    # Not Django's usted "Asegúrese de que este valor tenga menos de 30 caracteres".
    data = json.loads(a_backup())
    data["players"][0] = "A" * 50
    for match in data["matches"]:
        match["seats"] = [
            {**seat, "name": "A" * 50} if seat.get("name") == "Alice" else seat
            for seat in match["seats"]
        ]
    response = refusal(speaking, json.dumps(data).encode())
    said = field_error(response)
    assert {"es": "como mucho 30 caracteres (tiene 50)", "sv": "högst 30 tecken (den har 50)"}[
        language
    ] in said
    assert "Asegúrese" not in said and "Se till" not in said
    assert_no_english(response, language)
