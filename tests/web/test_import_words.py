"""A refused backup says why in the phone's language, at the field, and restores nothing."""

import html
import json

import pytest
from django.test import Client

from scorekeeper.backup import export_table, load_backup
from scorekeeper.models import Table

from .test_backup import busy_table, wipe
from .test_import_page import upload
from .test_translations import assert_no_english

pytestmark = pytest.mark.django_db


def refusal(client: Client, content: bytes):
    """The page that refused `content`, having restored nothing."""
    response = client.post("/import", upload(content))
    assert response.status_code == 422
    assert not Table.objects.exists()
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
    "es": "El archivo no es JSON: línea 1, columna 11 (",
    "sv": "Filen är inte JSON: rad 1, kolumn 11 (",
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
    "es": "Las cuentas de esta copia no cuadran, así que no se recuperó nada. Copia no válida: "
    "partida 1: el archivo tiene totals [",
    "sv": "Siffrorna i säkerhetskopian går inte ihop, så inget återställdes. Ogiltig "
    "säkerhetskopia: parti 1: filen har totals [",
}
BAD_NUMBER = {
    "es": "Copia no válida: partida 1: hand_count True no es un número entero.",
    "sv": "Ogiltig säkerhetskopia: parti 1: hand_count True är inte ett heltal.",
}


def test_a_file_that_is_not_json_says_where_it_stops_being_json(speaking, language):
    response = refusal(speaking, b'{"format" "scorekeeper.table"}')
    assert NOT_JSON[language] in field_error(response)
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
