"""The 400, 403, CSRF and 500 pages: ours, in the phone's language, with our headers."""

from contextlib import contextmanager

import pytest
from django.conf import settings as django_settings
from django.core.exceptions import PermissionDenied
from django.db import OperationalError, connection
from django.test import Client, RequestFactory
from django.urls import get_resolver
from django.utils import translation

from scorekeeper.models import Hand
from tests.web.test_translations import english_patterns, shown_text

pytestmark = pytest.mark.django_db

WORDS = {
    "csrf": {
        "es": "Vuelve atrás, recarga la página y toca otra vez.",
        "sv": "Gå tillbaka, ladda om sidan och tryck igen.",
    },
    "kept": {
        "es": "Antes mira que lo que escribiste siga ahí",
        "sv": "Kontrollera först att det du skrev finns kvar",
    },
    "kept-no-more": {"es": "se queda en este teléfono", "sv": "stannar på telefonen"},
    "400": {"es": "No se pudo leer", "sv": "Det gick inte att läsa"},
    "403": {"es": "Aquí no se puede", "sv": "Inte tillåtet här"},
    "500": {"es": "Algo salió mal", "sv": "Något gick fel"},
}


def assert_our_page(response, status: int, language: str, words: str) -> str:
    """Our page: the status, one heading, the language's words and none of our English."""
    page = response.content.decode()
    assert response.status_code == status
    assert f'<html lang="{language}">' in page
    assert page.count("<h1") == 1
    assert words in page
    left = [
        english
        for english, pattern in english_patterns(language).items()
        if any(pattern.search(text) for text in shown_text(page))
    ]
    assert not left, left
    return page


def assert_our_headers(response) -> None:
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    assert "style-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"


@pytest.fixture
def strict(language: str, fresh_catalogues) -> Client:
    """A phone whose CSRF cookie is gone: its forms are checked and fail."""
    client = Client(enforce_csrf_checks=True)
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = language
    return client


def post_hand(client: Client, match, referer: str = ""):
    """A hand posted from the match page (or from `referer`)."""
    url = f"/t/{match.table.key}/m/{match.number}/"
    data = {"out": "0", "number": "1", "token": "7b1a4f3e-0000-4000-8000-000000000001"}
    data.update({"pips_1": "5", "pips_2": "5", "pips_3": "5"})
    return client.post(url + "hand", data, HTTP_REFERER=referer or f"http://testserver{url}")


def test_a_hand_sent_without_the_cookie_says_what_happened_in_the_phones_language(
    strict, language, make_match
):
    response = post_hand(strict, make_match())
    assert_our_page(response, 403, language, WORDS["csrf"][language])
    assert WORDS["kept"][language] in response.content.decode()


def test_a_hand_sent_without_the_cookie_is_not_saved(strict, make_match):
    match = make_match()
    post_hand(strict, match)
    assert not Hand.objects.filter(match=match).exists()


def test_the_csrf_page_links_back_to_the_page_the_form_was_on(strict, make_match):
    match = make_match()
    page = post_hand(strict, match).content.decode()
    assert f'href="http://testserver/t/{match.table.key}/m/1/"' in page


def test_the_language_switch_on_the_csrf_page_goes_back_to_the_page(strict, make_match):
    match = make_match()
    page = post_hand(strict, match).content.decode()
    assert f'name="next" value="http://testserver/t/{match.table.key}/m/1/"' in page


def test_the_csrf_page_never_links_back_to_another_site(strict, make_match):
    page = post_hand(strict, make_match(), "https://elsewhere.example/").content.decode()
    assert "elsewhere.example" not in page
    assert 'class="btn primary" href="/"' in page


def test_the_csrf_page_keeps_our_headers(strict, make_match):
    assert_our_headers(post_hand(strict, make_match()))


def test_a_request_for_another_host_gets_our_400_page(speaking, language):
    response = speaking.get("/", HTTP_HOST="elsewhere.example")
    assert_our_page(response, 400, language, WORDS["400"][language])
    assert_our_headers(response)


def test_the_403_page_is_ours(language, fresh_catalogues):
    request = RequestFactory().get("/")
    with translation.override(language):  # the view Django calls for a PermissionDenied
        response = get_resolver().resolve_error_handler(403)(request, PermissionDenied())
    assert_our_page(response, 403, language, WORDS["403"][language])


@contextmanager
def database_down():
    """Every query fails, as when the database server is gone."""

    def refuse(*_call):
        raise OperationalError("the database is down")

    with connection.execute_wrapper(refuse):
        yield


def server_error_page(client: Client, make_match, settings):
    """A page that fails (every query refused) with DEBUG off: Django answers with handler500."""
    match = make_match()
    settings.DEBUG = False
    client.raise_request_exception = False
    with database_down():
        return client.get(f"/t/{match.table.key}/")


def test_the_500_page_is_drawn_without_the_database(speaking, language, settings, make_match):
    """A query from the page itself would fail it too."""
    response = server_error_page(speaking, make_match, settings)
    page = assert_our_page(response, 500, language, WORDS["500"][language])
    assert 'href="/"' in page
    assert 'action="/language"' not in page  # no form: the 500 page has no CSRF token to give
    assert_our_headers(response)


def test_the_500_page_promises_only_what_holds(speaking, language, settings, make_match):
    """Seen only where a form was not sent by the page's script (a phone without JavaScript, a
    correction): nothing typed there is kept for sure, so it says to check."""
    response = server_error_page(speaking, make_match, settings)
    page = assert_our_page(response, 500, language, WORDS["kept"][language])
    assert WORDS["kept-no-more"][language] not in page
