"""The clubs app: it reads the scorekeeper's tables and matches; they never read it."""

from django.apps import AppConfig

from scorekeeper.clubs.words import APP_NAME


class ClubsConfig(AppConfig):
    name = "scorekeeper.clubs"
    label = "clubs"
    verbose_name = APP_NAME
