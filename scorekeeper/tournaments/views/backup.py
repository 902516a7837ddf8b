"""A tournament's backup: the whole event as JSON for its director, and restored from it."""

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.utils.http import content_disposition_header
from django.utils.text import slugify
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe

from scorekeeper.models import RateLimited
from scorekeeper.tournaments import backup as tournament_backup
from scorekeeper.tournaments.forms.tournament import TournamentImportForm
from scorekeeper.tournaments.models import Tournament
from scorekeeper.tournaments.views.tournament import get_tournament
from scorekeeper.tournaments.words.tournament import tournament_restored
from scorekeeper.views.backup import restore_page
from scorekeeper.words.refusals import too_many_tournaments


@require_safe
@never_cache
def tournament_export(request: HttpRequest, key: str) -> HttpResponse:
    """The whole tournament as a JSON backup (the director's: it holds every link)."""
    tournament = get_tournament(key)
    response = JsonResponse(
        tournament_backup.export_tournament(tournament),
        json_dumps_params={"indent": 2, "ensure_ascii": False},
    )
    name = slugify(tournament.name) or "tournament"
    response["Content-Disposition"] = content_disposition_header(True, f"{name}.json")
    return response


@require_http_methods(["GET", "HEAD", "POST"])
def tournament_import(request: HttpRequest) -> HttpResponse:
    """Restore a tournament from its JSON backup: new links if its own are taken; its tables
    count toward the hour's new tables, as a table's restore does."""
    posted = request.method == "POST"
    form = TournamentImportForm(request.POST, request.FILES) if posted else TournamentImportForm()
    # What the file links the tournament to that this server cannot (a club not here).
    notes: list[str] = []

    def restore(data, **options) -> Tournament:
        return tournament_backup.import_tournament(data, notes=notes, **options)

    def restored(tournament: Tournament) -> HttpResponse:
        messages.success(request, tournament_restored())
        for note in notes:
            messages.warning(request, note)
        return redirect(tournament)

    def limit(creator: str) -> None:
        try:
            Tournament.objects.check_rate(creator, settings.TOURNAMENTS_PER_HOUR)
        except RateLimited:
            raise RateLimited(too_many_tournaments()) from None

    return restore_page(
        request,
        form,
        "tournament_import.html",
        restore,
        restored,
        limit,
    )
