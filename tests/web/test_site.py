"""The project answers: home page, health check, security headers, languages."""

import re

from django.test import Client


def test_home_page_renders(client: Client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"Keep the score at your table" in response.content


def test_healthz_answers_when_the_database_does(client: Client, db):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok"


def test_strict_content_security_policy_is_sent(client: Client):
    policy = client.get("/").headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "style-src 'self'" in policy
    assert "unsafe-inline" not in policy


def test_home_page_has_no_inline_script_or_style(client: Client):
    html = client.get("/").content.decode()
    assert "<style" not in html
    assert " style=" not in html
    for chunk in html.split("<script")[1:]:
        assert chunk.lstrip().startswith("src="), chunk[:80]


def test_spanish_browser_gets_spanish_language_tag(client: Client):
    html = client.get("/", headers={"Accept-Language": "es"}).content.decode()
    assert '<html lang="es">' in html


def test_language_switch_is_remembered(client: Client):
    response = client.post("/language", {"language": "sv", "next": "/"})
    assert response.status_code == 302
    assert '<html lang="sv">' in client.get("/").content.decode()


def test_database_is_the_one_database_url_names(db):
    import os

    from django.db import connection

    expected = (
        "postgresql" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "sqlite"
    )
    assert connection.vendor == expected


def test_pages_are_sent_compressed_to_phones_that_accept_it(client: Client):
    response = client.get("/", headers={"Accept-Encoding": "gzip"})
    assert response["Content-Encoding"] == "gzip"


def test_the_page_for_a_host_not_ours_has_the_same_policy_and_frame_refusal(client: Client):
    response = client.get("/", headers={"Host": "evil.example"})
    assert response.status_code == 400
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    assert response.headers["X-Frame-Options"] == "DENY"


def test_a_link_that_opens_nothing_says_so_in_the_phones_language(
    client: Client, db, fresh_catalogues
):
    response = client.get("/t/AAAAAAAAAAAAAAAAAAAAAA/", headers={"Accept-Language": "sv"})
    assert response.status_code == 404
    html = response.content.decode()
    assert '<html lang="sv">' in html
    assert "Här finns inget" in html
    assert 'href="/"' in html


def test_every_route_answers_its_own_paths_whatever_their_order():
    # urls.py puts the most read routes first: no route may then take another's paths.
    from django.urls import get_resolver, resolve, reverse

    from scorekeeper.models import new_key

    key = new_key()
    values = {"key": key, "watch_key": key, "number": 3, "hand_number": 2, "entrant": 4}
    values["board"] = 5
    checked = 0

    def routes(patterns):
        # An app's routes included at the root (the clubs') are routes of the site too.
        for pattern in patterns:
            yield from (
                routes(pattern.url_patterns) if hasattr(pattern, "url_patterns") else [pattern]
            )

    for pattern in routes(get_resolver("scorekeeper.urls").url_patterns):
        if not pattern.name:
            continue
        kwargs = {name: values[name] for name in pattern.pattern.converters}
        path = reverse(pattern.name, kwargs=kwargs)
        assert resolve(path).url_name == pattern.name, path
        checked += 1
    assert checked > 30


def test_the_language_buttons_mark_the_language_of_each_page(client: Client):
    # The buttons are kept drawn once a language (base.html): each marks its own.
    def current(page) -> list[str]:
        return re.findall(r'value="(\w+)" lang="\w+" aria-current="true"', page.content.decode())

    assert current(client.get("/")) == ["en"]
    client.cookies["django_language"] = "sv"
    assert current(client.get("/")) == ["sv"]
    client.cookies["django_language"] = "es"
    assert current(client.get("/help")) == ["es"]


def test_no_script_carries_a_nonce_the_policy_does_not_ask_for(client: Client):
    page = client.get("/")
    assert "nonce" not in page["Content-Security-Policy"]
    scripts = re.findall(r"<script[^>]*>", page.content.decode())
    assert len(scripts) >= 2
    assert not [script for script in scripts if "nonce" in script]
