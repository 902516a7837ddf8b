"""The tournaments' addresses, included at the root: a director's pages (d/), the event's
pages for everyone (e/), a side's own link (s/) and a result confirmed at the table."""

from django.urls import path

from scorekeeper.tournaments import views

urlpatterns = [
    path("t/<key:key>/m/<number:number>/confirm", views.confirm_at_table, name="confirm_at_table"),
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
    path("s/<key:key>/", views.side_page, name="side_page"),
    path("d/<key:key>/b/<number:board>/accept", views.director_accept, name="director_accept"),
    path(
        "d/<key:key>/k/<number:board>/accept",
        views.director_accept_bracket,
        name="director_accept_bracket",
    ),
]
