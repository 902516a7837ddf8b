"""URL routes: a flat list of named paths."""

from django.urls import include, path, register_converter
from django.views.i18n import set_language

from scorekeeper import views
from scorekeeper.models import KEY_PATTERN
from scorekeeper.serving import errors


class KeyConverter:
    """A table or watch key: URL-safe base64. Anything else is a 404 before the database."""

    regex = KEY_PATTERN

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class NumberConverter:
    """A match or hand number: at most nine digits, so one too big for the database is a 404."""

    regex = "[0-9]{1,9}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(KeyConverter, "key")
register_converter(NumberConverter, "number")

urlpatterns = [
    # The most asked first (Django tries the patterns in order, and no two match one path):
    # every phone at a table reads its scoreboard, a watching phone asks its board every few
    # seconds, and each hand is a save.
    path("t/<key:key>/m/<number:number>/", views.match_page, name="match"),
    path("w/<key:watch_key>/board", views.watch_board, name="watch_board"),
    path("t/<key:key>/m/<number:number>/hand", views.save_hand, name="save_hand"),
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("language", set_language, name="set_language"),
    path("help", views.help_page, name="help"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("sw.js", views.service_worker, name="service_worker"),
    path("offline", errors.offline, name="offline"),
    path("new", views.new_table, name="new_table"),
    path("import", views.import_page, name="import_table"),
    path("t/<key:key>/", views.table_page, name="table"),
    path("t/<key:key>/new", views.new_match, name="new_match"),
    path("t/<key:key>/stats", views.stats_page, name="stats"),
    path("t/<key:key>/versus", views.versus_page, name="versus"),
    path("t/<key:key>/rematch", views.rematch, name="rematch"),
    path("t/<key:key>/export.json", views.export_json, name="export_json"),
    path("t/<key:key>/m/<number:number>/sheet.csv", views.export_csv, name="export_csv"),
    path("t/<key:key>/m/<number:number>/play", views.save_play, name="save_play"),
    path("t/<key:key>/m/<number:number>/preview", views.preview_hand, name="preview_hand"),
    path("t/<key:key>/m/<number:number>/undo", views.undo_hand, name="undo_hand"),
    path("t/<key:key>/m/<number:number>/confirm", views.confirm_at_table, name="confirm_at_table"),
    path("t/<key:key>/m/<number:number>/h/<number:hand_number>/", views.hand_page, name="hand"),
    path("tournament/new", views.new_tournament, name="new_tournament"),
    path("tournament/import", views.tournament_import, name="tournament_import"),
    path("d/<key:key>/export.json", views.tournament_export, name="tournament_export"),
    path("d/<key:key>/", views.tournament_page, name="tournament"),
    path("d/<key:key>/entrants", views.tournament_entrants, name="tournament_entrants"),
    path("d/<key:key>/e/<number:entrant>", views.tournament_entrant, name="tournament_entrant"),
    path("d/<key:key>/e/<number:entrant>/name", views.tournament_rename, name="tournament_rename"),
    path("d/<key:key>/draw", views.tournament_draw, name="tournament_draw"),
    path("d/<key:key>/bracket", views.bracket_draw, name="bracket_draw"),
    path("d/<key:key>/bracket/cards", views.bracket_cards, name="bracket_cards"),
    path(
        "d/<key:key>/bracket/<number:board>/forfeit",
        views.bracket_forfeit,
        name="bracket_forfeit",
    ),
    path("e/<key:watch_key>/bracket/print", views.bracket_print, name="bracket_print"),
    path(
        "d/<key:key>/b/<number:board>/forfeit", views.tournament_forfeit, name="tournament_forfeit"
    ),
    path("d/<key:key>/r/<number:number>/cards", views.tournament_cards, name="tournament_cards"),
    path("d/<key:key>/r/<number:number>/sheets", views.tournament_sheets, name="tournament_sheets"),
    path("d/<key:key>/r/<number:number>/clock", views.tournament_clock, name="tournament_clock"),
    path(
        "e/<key:watch_key>/p/<number:entrant>",
        views.tournament_entrant_page,
        name="tournament_entrant_page",
    ),
    path("e/<key:watch_key>/standings.csv", views.tournament_csv, name="tournament_csv"),
    path("e/<key:watch_key>/", views.tournament_watch, name="tournament_watch"),
    path("e/<key:watch_key>/screen", views.tournament_screen, name="tournament_screen"),
    path(
        "e/<key:watch_key>/standings/print",
        views.tournament_standings_print,
        name="tournament_standings_print",
    ),
    path("w/<key:watch_key>/", views.watch, name="watch"),
    path("p/<key:key>/", views.seat_page, name="seat"),
    path("s/<key:key>/", views.side_page, name="side_page"),
    path("d/<key:key>/b/<number:board>/accept", views.director_accept, name="director_accept"),
    path(
        "d/<key:key>/k/<number:board>/accept",
        views.director_accept_bracket,
        name="director_accept_bracket",
    ),
    path("p/<key:key>/status", views.seat_status, name="seat_status"),
    # The clubs app: it reads the tables; nothing here reads it.
    path("", include("scorekeeper.clubs.urls")),
    # The photo count: the hand form and a seat page show its button; nothing here reads it.
    path("", include("scorekeeper.photo.urls")),
]

# Our pages for what goes wrong, in the phone's language (scorekeeper/serving/errors.py).
handler400 = "scorekeeper.serving.errors.bad_request"
handler403 = "scorekeeper.serving.errors.permission_denied"
handler404 = "scorekeeper.serving.errors.page_not_found"
handler500 = "scorekeeper.serving.errors.server_error"
