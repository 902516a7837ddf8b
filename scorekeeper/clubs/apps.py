"""The clubs app: it reads the scorekeeper's tables and matches; they never read it."""

from django.apps import AppConfig

from scorekeeper.clubs.words import APP_NAME


class ClubsConfig(AppConfig):
    name = "scorekeeper.clubs"
    label = "clubs"
    verbose_name = APP_NAME

    def ready(self) -> None:
        # The core's draw asks its registered seeders: a club's tournament seeds by rating.
        from scorekeeper.clubs import receivers  # noqa: F401  (connects the re-rating)
        from scorekeeper.clubs.seeding import club_ratings
        from scorekeeper.tournaments import seeding

        seeding.register("club_rating", club_ratings)
        # A club's tournament keeps its club in its backup, and is linked again on restore.
        from scorekeeper.clubs.models import SeededTournament
        from scorekeeper.tournaments import backup

        backup.register_link("club", SeededTournament.backup_link, SeededTournament.restore_link)
