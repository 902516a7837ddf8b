"""The photo app: the core's templates name its camera button; nothing in the core reads it."""

from django.apps import AppConfig

from scorekeeper.photo.words import APP_NAME


class PhotoConfig(AppConfig):
    name = "scorekeeper.photo"
    label = "photo"
    verbose_name = APP_NAME
