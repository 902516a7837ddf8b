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
    path("t/<key:key>/m/<number:number>/h/<number:hand_number>/", views.hand_page, name="hand"),
    path("w/<key:watch_key>/", views.watch, name="watch"),
    path("p/<key:key>/", views.seat_page, name="seat"),
    path("p/<key:key>/status", views.seat_status, name="seat_status"),
    # The tournaments app: it draws tables and reads their matches; nothing here reads it.
    path("", include("scorekeeper.tournaments.urls")),
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
