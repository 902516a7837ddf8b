"""The clubs app: it reads the scorekeeper's tables and matches; they never read it."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ClubsConfig(AppConfig):
    name = "scorekeeper.clubs"
    label = "clubs"
    verbose_name = _("Clubs")
