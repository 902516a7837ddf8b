"""Backups: a table as JSON, a match as CSV, and restoring a table from a file."""

from collections.abc import Callable
from typing import Any

from django import forms
from django.conf import settings
from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.http import content_disposition_header
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_http_methods, require_safe

from scorekeeper import backup
from scorekeeper.forms import (
    ImportForm,
)
from scorekeeper.inputs import whole_number
from scorekeeper.models import (
    RateLimited,
    Table,
)
from scorekeeper.views.lookup import get_match, get_table
from scorekeeper.views.request import HtmxHttpRequest, client_id, remember
from scorekeeper.words.pages import table_restored
from scorekeeper.words.refusals import backup_refused, too_large_message, too_many_tables


@require_safe
@never_cache
def export_json(request: HtmxHttpRequest, key: str) -> HttpResponse:
    """The whole table as a JSON backup file to download."""
    table = get_table(key)
    response = JsonResponse(
        backup.export_table(table), json_dumps_params={"indent": 2, "ensure_ascii": False}
    )
    response["Content-Disposition"] = content_disposition_header(
        True, backup.download_name(table, "json")
    )
    return response


@require_safe
@never_cache
def export_csv(request: HtmxHttpRequest, key: str, number: int) -> HttpResponse:
    """A match's score sheet as a CSV file for spreadsheets."""
    match = get_match(key, number)
    table = match.table
    # The byte-order mark makes spreadsheet programs read accented names as UTF-8.
    response = HttpResponse(
        "\ufeff" + backup.match_csv(match), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = content_disposition_header(
        True, backup.download_name(table, "csv", match)
    )
    return response


# Room for the multipart envelope around the file itself.
UPLOAD_OVERHEAD = 64 * 1024


@csrf_exempt
@require_http_methods(["GET", "HEAD", "POST"])
def import_page(request: HttpRequest) -> HttpResponse:
    """Restore a table from a JSON backup: a new table, with new keys if the file's are taken."""
    if request.method == "POST":
        length = whole_number(request.META.get("CONTENT_LENGTH")) or 0
        if length > settings.IMPORT_MAX_BYTES + UPLOAD_OVERHEAD:
            # Refused before the body is read (the CSRF check would read it all to a temp file).
            form = ImportForm({}, {})
            form.is_valid()
            form.errors["backup"] = form.error_class([too_large_message()])
            return render(request, "import.html", {"form": form}, status=413)
    return restore(request)


@csrf_protect
def restore(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST, request.FILES) if request.method == "POST" else ImportForm()

    def restored(table: Table) -> HttpResponse:
        remember(request, table)
        messages.success(request, table_restored())
        return redirect("table", key=table.key)

    return restore_page(request, form, "import.html", backup.import_table, restored)


def restore_page(
    request: HttpRequest,
    form: forms.Form,
    template: str,
    importer: Callable[..., Any],
    restored: Callable[[Any], HttpResponse],
    limit: Callable[[str], None] | None = None,
) -> HttpResponse:
    """A restore form's answer: the posted file read in with new links, counted toward the
    hour's new tables (429 past them), refused at its field (422), or `restored(what_it_made)`."""
    if request.method == "POST" and form.is_valid():
        creator = client_id(request)
        try:
            with transaction.atomic():
                Table.objects.check_rate(creator, settings.TABLES_PER_HOUR)
                if limit is not None:
                    limit(creator)  # what else the file makes (a tournament) has its own
                made = importer(form.cleaned_data["backup"], new_keys=True, creator=creator)
        except RateLimited as limited:
            form.add_error(None, str(limited) or too_many_tables())
            return render(request, template, {"form": form}, status=429)
        except ValueError as problem:
            form.add_error("backup", backup_refused(problem))
        else:
            return restored(made)
    return render(request, template, {"form": form}, status=422 if form.errors else 200)
