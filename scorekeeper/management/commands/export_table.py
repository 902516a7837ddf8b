"""Write one table and all its matches as JSON, to stdout or a file."""

import json
from argparse import ArgumentParser

from django.core.management.base import BaseCommand, CommandError

from scorekeeper.backup import export_table
from scorekeeper.models import Table


class Command(BaseCommand):
    help = "Export a table (by its key) and all its matches as JSON."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "key",
            help="The table's key or its link (/t/<key>/). Keys can start with '-': "
            "write such a key after --, or give the link.",
        )
        parser.add_argument("-o", "--output", help="Write to this file instead of stdout.")

    def handle(self, *args, key: str, output: str | None, **options) -> None:
        if "/t/" in key:
            key = key.split("/t/", 1)[1].split("/", 1)[0]
        table = Table.objects.filter(key=key).first()
        if table is None:
            raise CommandError(f"No table with the key {key!r}.")
        text = json.dumps(export_table(table), indent=2, ensure_ascii=False)
        if output:
            with open(output, "w", encoding="utf-8") as file:
                file.write(text + "\n")
        else:
            self.stdout.write(text)
