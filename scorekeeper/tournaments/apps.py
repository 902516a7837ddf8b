"""The tournaments app: it draws the core's tables and reads their matches; the core never
imports it (it asks a table's drawn board, and sends `result_changed`)."""

from django.apps import AppConfig

from scorekeeper.tournaments.words.tournament import APP_NAME


class TournamentsConfig(AppConfig):
    name = "scorekeeper.tournaments"
    label = "tournaments"
    verbose_name = APP_NAME
