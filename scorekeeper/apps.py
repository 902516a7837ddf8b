"""The scorekeeper app."""

from django.apps import AppConfig

from scorekeeper.words.pages import APP_NAME


class ScorekeeperConfig(AppConfig):
    name = "scorekeeper"
    verbose_name = APP_NAME
