"""The web app manifest, the service worker and the page shown with no signal."""

import json
import re
import struct

from django.conf import settings
from django.test import Client

from tests.support.testing import run_in_production


def png_size(path) -> tuple[int, int]:
    with open(path, "rb") as image:
        header = image.read(24)
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", header[16:24])


def test_the_manifest_is_served_as_a_manifest(client: Client, db):
    response = client.get("/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    data = json.loads(response.content)
    assert (data["start_url"], data["scope"], data["display"]) == ("/", "/", "standalone")
    assert data["name"] == "Domino scorekeeper"


def test_the_manifest_names_the_app_in_the_phones_language(client: Client, db):
    data = json.loads(client.get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="es").content)
    assert data["lang"] == "es"
    assert data["name"] != "Domino scorekeeper"


def test_the_manifest_icons_are_pngs_of_the_sizes_they_claim(client: Client, db):
    data = json.loads(client.get("/manifest.webmanifest").content)
    pngs = [icon for icon in data["icons"] if icon["type"] == "image/png"]
    assert {icon["sizes"] for icon in pngs} >= {"192x192", "512x512"}
    assert any(icon.get("purpose") == "maskable" for icon in pngs)
    for icon in pngs:
        path = settings.BASE_DIR / "static" / icon["src"].removeprefix(settings.STATIC_URL)
        width, height = png_size(path)
        assert f"{width}x{height}" == icon["sizes"]


def test_every_page_links_the_manifest(client: Client, db):
    assert '<link rel="manifest" href="/manifest.webmanifest">' in client.get("/").content.decode()


def test_the_service_worker_is_served_from_the_root_for_the_whole_site(client: Client, db):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]


def test_the_service_worker_keeps_the_shell_and_the_no_signal_page(client: Client, db):
    script = client.get("/sw.js").content.decode()
    scripts = (settings.BASE_DIR / "static" / "js").glob("*.js")
    modules = [f"/static/js/{path.name}" for path in scripts]
    assert "/static/js/main.js" in modules
    for url in ("/offline", "/static/css/app.css", *modules, "/static/icon.svg"):
        assert f'"{url}"' in script


def test_the_no_signal_page_says_there_is_no_copy(client: Client, db):
    response = client.get("/offline")
    assert response.status_code == 200
    assert "This page was never opened on this phone" in response.content.decode()


def test_a_page_carries_the_time_it_was_drawn_for_its_kept_copy(client: Client, db):
    html = client.get("/").content.decode()
    assert "data-drawn-at" in html
    assert "Score as of" in html


PRODUCTION_SHELL = """
import json, django
django.setup()
from django.core.management import call_command
from django.test import Client
call_command("collectstatic", interactive=False, verbosity=0)
client = Client(headers={"host": "scores.example.org"})
worker = client.get("/sw.js", secure=True)
manifest = client.get("/manifest.webmanifest", secure=True)
icons = json.loads(manifest.content)["icons"]
print(json.dumps({"worker": worker.status_code, "script": worker.content.decode(),
                  "manifest": manifest.status_code, "icons": icons}))
"""


def test_the_service_worker_and_manifest_name_the_hashed_files_in_production(tmp_path):
    seen = run_in_production(PRODUCTION_SHELL, tmp_path)
    assert (seen["worker"], seen["manifest"]) == (200, 200)
    hashed = r"/static/js/main\.[0-9a-f]{12}\.js"
    assert re.search(hashed, seen["script"])
    for icon in seen["icons"]:
        served = icon["src"].removeprefix("/static/")
        assert (tmp_path / "static" / served).exists(), icon["src"]
