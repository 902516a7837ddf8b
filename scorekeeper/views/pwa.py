"""The app around the pages: the manifest, the service worker, the health check and help."""

import hashlib
import re

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language
from django.views.decorators.cache import never_cache
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.csp import csp_override
from django.views.decorators.http import require_safe

from scorekeeper import rules
from scorekeeper.models import (
    KEY_PATTERN,
    Table,
)
from scorekeeper.views.request import HtmxHttpRequest
from scorekeeper.words.explain import (
    preset_summary,
    rules_summary,
)
from scorekeeper.words.labels import offered_presets
from scorekeeper.words.pages import manifest_words


@require_safe
@csp_override({})
@xframe_options_exempt
def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest: what a phone needs to put the app on its home screen. JSON, never
    a document: no Content-Security-Policy or X-Frame-Options (250 bytes on every first visit)."""
    data = {
        **manifest_words(),
        "lang": get_language(),
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": "#f4f1ea",
        "theme_color": "#0b5d3b",
        "icons": [
            {"src": static("icon.svg"), "sizes": "any", "type": "image/svg+xml"},
            {"src": static("icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {
                "src": static("icon-maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response


# The page's script modules (static/js), kept by the service worker for use without signal.
SCRIPTS = sorted(path.name for path in (settings.BASE_DIR / "static" / "js").glob("*.js"))


@require_safe
@never_cache
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, from the root so that it may look after every page."""
    shell = [
        reverse("offline"),
        static("css/app.css"),
        *(static(f"js/{name}") for name in SCRIPTS),
        static("django_htmx/htmx-2.min.js"),
        static("icon.svg"),
    ]
    response = render(
        request,
        "pwa/sw.js",
        {
            "shell": shell,
            "static_prefix": settings.STATIC_URL,
            "version": hashlib.sha256("|".join(shell).encode()).hexdigest()[:12],
        },
        content_type="text/javascript; charset=utf-8",
    )
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
@never_cache
def healthz(request: HtmxHttpRequest) -> HttpResponse:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return HttpResponse("ok", content_type="text/plain")


@require_safe
def help_page(request: HtmxHttpRequest) -> HttpResponse:
    """How scoring works; with ?t=<key>, the house rules that table plays by."""
    key = request.GET.get("t", "")
    table = Table.objects.filter(key=key).first() if re.fullmatch(KEY_PATTERN, key) else None
    rules_of = (table.current_match() or table) if table else None
    context = {"table": table, "rules_of": rules_of, "presets": preset_lines()}
    if rules_of is not None:
        preset = rules.preset_named(rules_of.preset)
        context["rules_line"] = rules_summary(rules_of.house_rules(), preset.scoring)
        context["kind"] = preset.kind  # which of the table's rules the page lists
    return render(request, "help.html", context)


def preset_lines() -> list[tuple[str, str]]:
    """Each way to play with its rules in one line, for the help page."""
    return [(label, preset_summary(key)) for key, label in offered_presets()]
