"""The clubs' screens: a new club, its leaderboard, a player's page, a table joining and
leaving it, a tournament of the club."""

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scorekeeper.clubs import export, pairs, player, ratings, seasons
from scorekeeper.clubs.chart import rating_chart
from scorekeeper.clubs.forms import ClubForm, ClubTournamentForm, JoinForm, SeasonForm
from scorekeeper.clubs.history import player_key
from scorekeeper.clubs.models import Club, Membership, Season
from scorekeeper.clubs.words import (
    WIN_RATE,
    already_in_this_club,
    family_name,
    rating_level,
    too_many_clubs,
)
from scorekeeper.models import NAME_MAX, RateLimited, Table
from scorekeeper.serving import pagecache
from scorekeeper.sharing import qr_svg
from scorekeeper.tournaments.views.tournament import tournament_setup
from scorekeeper.views.request import client_id, made_once


def get_club(key: str) -> Club:
    """The club this key opens, its ratings as kept (re-rated on the write side, see
    receivers); 404 for anything else, so keys cannot be probed."""
    return get_object_or_404(Club, key=key)


def chosen_family(
    request: HttpRequest, families: list[str]
) -> tuple[str | None, list[tuple[str, str]]]:
    """The game family the page shows (?game=, else the one with the most rated players), and
    every family rated, with its name."""
    chosen = request.GET.get("game")
    if chosen not in families:
        chosen = families[0] if families else None
    return chosen, [(family, family_name(family)) for family in families]


def leaderboard(request: HttpRequest, club: Club, season: Season | None) -> dict:
    """The lines the leaderboard shows: the season's, rated from its matches alone, or the
    club's kept ratings over every match."""
    if season is not None:
        by_family = seasons.standings(club, season)
        family, families = chosen_family(request, list(by_family))
        lines = by_family.get(family, [])
    else:
        family, families = chosen_family(request, club.families())
        lines = list(club.ratings.filter(family=family).order_by("provisional", "-rating", "name"))
    ranked = [line for line in lines if not line.provisional]
    for line, (place, level) in zip(
        ranked, ratings.places([line.rating for line in ranked]), strict=True
    ):
        line.place, line.level = place, rating_level(level)
    return {
        "family": family,
        "families": families,
        "ranked": ranked,
        "provisional": [line for line in lines if line.provisional],
    }


@require_POST
def new_club(request: HttpRequest) -> HttpResponse:
    form = ClubForm(request.POST)
    if not form.is_valid():
        return render(request, "clubs/new.html", {"club_form": form}, status=422)
    try:
        return made_once(
            request,
            form,
            lambda: Club.objects.create_limited(
                creator=client_id(request),
                per_hour=settings.CLUBS_PER_HOUR,
                name=form.cleaned_data["name"],
            ),
        )
    except RateLimited:
        form.add_error(None, too_many_clubs())
        return render(request, "clubs/new.html", {"club_form": form}, status=429)


@require_safe
def club_page(request: HttpRequest, key: str) -> HttpResponse:
    """The leaderboard: the ranked players by rating, the provisional below."""
    # Kept whole until the club moves (a re-rating, a season, a table in or out): a read costs
    # the club's id and version. Today's date is in the key, as it chooses the current season.
    version = Club.page_version(key)
    if version is None:
        raise Http404

    def draw(slots: dict) -> HttpResponse:
        club = get_club(key)
        return render_club(request, club, SeasonForm(club=club), slots=slots)

    return pagecache.cached_page(
        request,
        "club",
        (*version, timezone.localdate().isoformat()),
        draw,
        query=("season", "game"),
        absolute=True,  # the club's link and its QR
    )


def render_club(
    request: HttpRequest,
    club: Club,
    season_form: SeasonForm,
    status: int = 200,
    slots: dict | None = None,
) -> HttpResponse:
    all_seasons = list(club.seasons.all())
    season = seasons.chosen_season(request, all_seasons)
    link = request.build_absolute_uri(club.get_absolute_url())
    context = {
        "club": club,
        "club_link": link,
        "club_qr": qr_svg(link),
        "tables": club.tables().order_by("name", "pk"),
        "seasons": all_seasons,
        "season": season,
        "season_form": season_form,
        "player_url": reverse("club_player", args=[club.key]),
        "win_rate_label": WIN_RATE,
        **leaderboard(request, club, season),
        **(slots or {}),
    }
    return render(request, "clubs/club.html", context, status=status)


@require_POST
def new_season(request: HttpRequest, key: str) -> HttpResponse:
    club = get_club(key)
    form = SeasonForm(request.POST, club=club)
    if not form.is_valid():
        return render_club(request, club, form, status=422)
    season = form.save()
    club.moved()
    return redirect(f"{club.get_absolute_url()}?season={season.pk}")


@require_safe
def pairs_page(request: HttpRequest, key: str) -> HttpResponse:
    """Every pair of partners across the club's tables and their record together."""
    club = get_club(key)
    family, families = chosen_family(request, club.families())
    records = pairs.pair_records(club, family) if family else []
    context = {
        "club": club,
        "family": family,
        "families": families,
        "family_name": family_name(family) if family else "",
        "pairs": records,
        "win_rate_label": WIN_RATE,
    }
    return render(request, "clubs/pairs.html", context)


@require_safe
def leaderboard_csv(request: HttpRequest, key: str) -> HttpResponse:
    """The leaderboard the page shows (its season and game) as a spreadsheet."""
    club = get_club(key)
    board = leaderboard(request, club, seasons.chosen_season(request, list(club.seasons.all())))
    text = export.leaderboard_csv(board["ranked"], board["provisional"])
    # The byte-order mark makes spreadsheet programs read accented names as UTF-8.
    response = HttpResponse("\ufeff" + text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="leaderboard.csv"'
    return response


@require_safe
def ratings_json(request: HttpRequest, key: str) -> JsonResponse:
    """Every rating with its history, for whoever keeps the club's records elsewhere."""
    response = JsonResponse(export.ratings_json(get_club(key)))
    response["Content-Disposition"] = 'attachment; filename="ratings.json"'
    return response


@require_safe
def player_page(request: HttpRequest, key: str) -> HttpResponse:
    """A player's rating over time, best partners and hardest opponents, in one family: over
    every match, or one season's (the current one by default, as the leaderboard)."""
    club = get_club(key)
    all_seasons = list(club.seasons.all())
    season = seasons.chosen_season(request, all_seasons)
    family, _families = chosen_family(request, club.families())
    # The name as typed or as the leaderboard links it: one player whatever its case and spacing.
    who = player_key(request.GET.get("p", "")[: 4 * NAME_MAX])
    line = club.ratings.filter(family=family, player=who).first() if family else None
    if line is None:
        raise Http404
    if season is None:
        found = player.story(club, family, who)
    else:
        found = player.season_story(club, season, family, who)
    context = {
        "club": club,
        "family": family,
        "family_name": family_name(family),
        "player": who,
        "seasons": all_seasons,
        "season": season,
        "story": found,
        "name": line.name,
    }
    if found is not None:
        context["rating"] = found.points[-1].rating
        context["chart"] = rating_chart([point.rating for point in found.points])
    return render(request, "clubs/player.html", context)


@require_POST
def join_club(request: HttpRequest, key: str) -> HttpResponse:
    table = get_object_or_404(Table, key=key)
    form = JoinForm(request.POST, table=table)
    if form.is_valid() and form.save() is not None:
        if form.joined_already:
            messages.info(request, already_in_this_club())
        return redirect(table)
    return render(request, "clubs/join_page.html", {"table": table, "join_form": form}, status=422)


@require_POST
def leave_club(request: HttpRequest, key: str) -> HttpResponse:
    table = get_object_or_404(Table, key=key)
    # Leaving twice is leaving once: the table page shows it in no club either way.
    Membership.objects.filter(table=table).delete()
    return redirect(table)


@require_http_methods(["GET", "HEAD", "POST"])
def club_tournament(request: HttpRequest, key: str) -> HttpResponse:
    """A new tournament of the club: the tournaments app's setup, and the choice to seed by
    rating."""
    club = get_object_or_404(Club, key=key)
    posted = request.POST if request.method == "POST" else None
    return tournament_setup(request, ClubTournamentForm(posted, club=club))
