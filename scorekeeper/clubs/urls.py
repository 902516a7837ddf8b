"""The clubs' addresses, included at the root: a club's pages and a table's way in and out."""

from django.urls import path

from scorekeeper.clubs import views

urlpatterns = [
    path("clubs/new", views.new_club, name="new_club"),
    path("c/<key:key>/", views.club_page, name="club"),
    path("c/<key:key>/player", views.player_page, name="club_player"),
    path("c/<key:key>/seasons", views.new_season, name="new_season"),
    path("c/<key:key>/tournament", views.club_tournament, name="club_tournament"),
    path("c/<key:key>/pairs", views.pairs_page, name="club_pairs"),
    path("c/<key:key>/leaderboard.csv", views.leaderboard_csv, name="club_csv"),
    path("c/<key:key>/ratings.json", views.ratings_json, name="club_json"),
    path("t/<key:key>/club", views.join_club, name="join_club"),
    path("t/<key:key>/club/leave", views.leave_club, name="leave_club"),
]
