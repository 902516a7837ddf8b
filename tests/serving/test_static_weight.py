"""What a first visit downloads besides the page: our script modules and stylesheet minified,
each module under its hashed name in the imports that name it, no header a static file has no
use for, a small icon (issue 16: the first visit's budget; issue 24: the script in modules)."""

import re
from pathlib import Path

import django_htmx
import pytest
from django.conf import settings
from django.test import Client

from tests.support.testing import run_in_production

STATIC = settings.BASE_DIR / "static"

COLLECTED = """
import json, django
django.setup()
from django.core.management import call_command
from django.contrib.staticfiles.storage import staticfiles_storage
from django.test import Client
call_command("collectstatic", interactive=False, verbosity=0)
client = Client(headers={"host": "scores.example.org"})
from pathlib import Path
from django.conf import settings
modules = sorted("js/" + path.name for path in (settings.BASE_DIR / "static" / "js").glob("*.js"))
names = {name: staticfiles_storage.url(name) for name in
         (*modules, "css/app.css", "django_htmx/htmx-2.min.js", "icon-192.png")}
static = client.get(names["js/main.js"], secure=True)
page = client.get("/", secure=True)
print(json.dumps({"names": names, "modules": modules, "static": dict(static.headers),
                  "page": dict(page.headers)}))
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
    assert "js/main.js" in production["modules"]
    for name in (*production["modules"], "css/app.css"):
        source = (STATIC / name).read_text()
        served = served_file(production, names[name])
        # Each module opens with a comment saying what it does.
        comment = "/*" if name.endswith(".css") else source.splitlines()[0]
        assert comment.startswith(("/*", "// ")), name
        assert comment not in served, name
        assert len(served) < 0.85 * len(source), name


# An import of another module: static (`import ... from "./x.js";`) or dynamic (`import("./x.js")`).
IMPORTED = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(?\s*)["']\./([\w.-]+\.js)["']""")


def test_each_collected_module_imports_the_others_by_their_hashed_names(production):
    """A deploy cannot pair a new main.js with old modules kept by a phone: the hashed main.js
    names the hashed modules (the storage's support_js_module_import_aggregation), each of
    which is collected under that name."""
    names = production["names"]
    main = served_file(production, names["js/main.js"])
    imported = IMPORTED.findall(main)
    assert "offline.js" not in " ".join(imported)  # hashed, not the source's name
    hashed = {name: names[name].rsplit("/", 1)[1] for name in production["modules"]}
    for name in production["modules"]:
        source = IMPORTED.findall((STATIC / name).read_text())
        served = IMPORTED.findall(served_file(production, names[name]))
        assert served == [hashed["js/" + module] for module in source], name
        for module in served:
            assert (production["root"] / "static" / "js" / module).is_file()
    asked = set(IMPORTED.findall((STATIC / "js/main.js").read_text()))
    assert asked >= {"saves.js", "speak.js", "offline.js"}


def test_no_script_module_is_over_300_lines():
    scripts = (STATIC / "js").glob("*.js")
    lengths = {path.name: len(path.read_text().splitlines()) for path in scripts}
    assert "main.js" in lengths
    assert {name: lines for name, lines in lengths.items() if lines > 300} == {}


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
