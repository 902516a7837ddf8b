"""What a first visit downloads besides the page: our script and stylesheet minified, no header
a static file has no use for, a small icon (issue 16: the first visit's budget)."""

import re
from pathlib import Path

import django_htmx
import pytest
from django.conf import settings
from django.test import Client

from scorekeeper.testing import run_in_production

STATIC = settings.BASE_DIR / "static"

COLLECTED = """
import json, django
django.setup()
from django.core.management import call_command
from django.contrib.staticfiles.storage import staticfiles_storage
from django.test import Client
call_command("collectstatic", interactive=False, verbosity=0)
client = Client(headers={"host": "scores.example.org"})
names = {name: staticfiles_storage.url(name) for name in
         ("js/app.js", "css/app.css", "django_htmx/htmx-2.min.js", "icon-192.png")}
static = client.get(names["js/app.js"], secure=True)
page = client.get("/", secure=True)
print(json.dumps({"names": names, "static": dict(static.headers), "page": dict(page.headers)}))
"""


@pytest.fixture(scope="module")
def production(tmp_path_factory) -> dict:
    """The static files collected under the production settings, one file and one page asked
    for over HTTPS (collecting takes seconds: once for this module)."""
    root = tmp_path_factory.mktemp("production")
    return run_in_production(COLLECTED, root) | {"root": root}


def served_file(production: dict, url: str) -> str:
    return (production["root"] / "static" / url.removeprefix("/static/")).read_text()


def test_production_serves_our_script_and_stylesheet_without_comments(production):
    names = production["names"]
    for name, comment in (("js/app.js", "// === 2."), ("css/app.css", "/*")):
        source = (STATIC / name).read_text()
        served = served_file(production, names[name])
        assert comment in source
        assert comment not in served
        assert len(served) < 0.85 * len(source)


def test_production_leaves_htmx_as_it_comes(production):
    names = production["names"]
    shipped = Path(django_htmx.__file__).parent / "static" / "django_htmx" / "htmx-2.min.js"
    assert served_file(production, names["django_htmx/htmx-2.min.js"]) == shipped.read_text()


def test_a_static_file_goes_without_the_headers_only_a_page_needs(production):
    static, page = production["static"], production["page"]
    assert static["X-Content-Type-Options"] == "nosniff"
    assert static["Strict-Transport-Security"].startswith("max-age=")
    for header in ("Referrer-Policy", "Cross-Origin-Opener-Policy", "Access-Control-Allow-Origin"):
        assert header not in static
    assert page["Referrer-Policy"] == "same-origin"
    assert page["Cross-Origin-Opener-Policy"] == "same-origin"


def test_the_manifest_is_not_a_document_and_carries_no_page_policy(client: Client, db):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert "Content-Security-Policy" not in response
    assert "X-Frame-Options" not in response
    assert "Content-Security-Policy" in client.get("/")


def test_the_icon_every_first_visit_fetches_is_under_a_kilobyte():
    html = (settings.BASE_DIR / "templates" / "base.html").read_text()
    linked = re.findall(r"""rel="apple-touch-icon" href="\{% static '([^']+)' %\}""", html)
    assert linked == ["icon-192.png"]
    assert (STATIC / "icon-192.png").stat().st_size < 1000
