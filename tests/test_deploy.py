"""Production settings pass Django's deployment checklist."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

from tests.support.testing import run_in_production

ROOT = Path(__file__).resolve().parents[1]


def run_manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    dropped = {"DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE", "DATABASE_URL"}
    environ = {k: v for k, v in os.environ.items() if k not in dropped}
    environ.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_is_clean_in_production():
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="scores.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    result = run_manage("check", DEBUG="0", SECRET_KEY="", ALLOWED_HOSTS="scores.example.org")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


PRODUCTION_REQUEST = """
import json, django
django.setup()
from django.test import Client
from django.test.utils import setup_test_environment
setup_test_environment()
from django.core.management import call_command
call_command("migrate", verbosity=0)
call_command("collectstatic", interactive=False, verbosity=0)
response = Client().get("/new", secure=True, headers={"host": "scores.example.org"})
cookies = {name: dict(morsel) for name, morsel in response.cookies.items()}
plain = Client().get("/new", headers={"host": "scores.example.org"})
print(json.dumps({"status": response.status_code, "headers": dict(response.headers),
                  "cookies": cookies, "plain": plain.status_code,
                  "location": plain.headers.get("Location")}))
"""


def test_production_sends_the_security_headers_and_secure_cookies(tmp_path):
    seen = run_in_production(PRODUCTION_REQUEST, tmp_path)
    headers = seen["headers"]
    assert seen["status"] == 200
    assert headers["Strict-Transport-Security"].startswith("max-age=31536000")
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["X-Frame-Options"] == "DENY"
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert seen["cookies"]["csrftoken"]["secure"] is True
    assert seen["plain"] == 301
    assert seen["location"].startswith("https://")
