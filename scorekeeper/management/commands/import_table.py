"""Recreate a table from a JSON file written by export_table."""

from argparse import ArgumentParser

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse

from scorekeeper.backup import import_table, load_backup


class Command(BaseCommand):
    help = "Import a table exported by export_table; refuses a key that already exists."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", help="The JSON file to import.")

    def handle(self, *args, file: str, **options) -> None:
        try:
            with open(file, "rb") as opened:
                raw = opened.read(settings.IMPORT_MAX_BYTES + 1)
        except OSError as error:
            raise CommandError(f"Cannot read {file}: {error.strerror}.") from None
        try:
            data = load_backup(raw, settings.IMPORT_MAX_BYTES)
        except ValueError as error:
            raise CommandError(f"{file} is not a JSON file this app wrote: {error}") from None
        try:
            table = import_table(data)
        except ValueError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(reverse("table", args=[table.key]))
